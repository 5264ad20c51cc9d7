import type { ChainNamespace } from './constants';

const EIP155_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** Spec section 5: eip155 is an optional 0x plus 40 hex; solana is 32–44 base58 characters. */
export function isValidAddress(namespace: ChainNamespace, address: unknown): boolean {
  if (typeof address !== 'string') return false;
  if (namespace === 'eip155') return EIP155_ADDRESS.test(address);
  if (namespace === 'solana') return SOLANA_ADDRESS.test(address);
  return address.length > 0;
}

/** `0xf39F…2266`: the first 6 and last 4 characters, as wallets show addresses. */
export function shortenAddress(address: string): string {
  return address.length <= 13 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}
