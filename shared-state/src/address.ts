/** `0xf39F…2266`: the first 6 and last 4 characters, as wallets show addresses. */
export function shortenAddress(address: string): string {
  return address.length <= 13 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}
