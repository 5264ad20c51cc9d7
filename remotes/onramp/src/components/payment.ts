import type { BalanceItem, CaipNetwork } from '@portico/shared-state';

/** The balance to pay with: the token of that symbol, or the native currency from the account's own balance. */
export function payToken(
  symbol: string,
  balances: BalanceItem[],
  balance: string | undefined,
  balanceSymbol: string | undefined,
  network: CaipNetwork | undefined,
): BalanceItem | undefined {
  const listed = balances.find((b) => b.symbol === symbol && (!network || b.chainId === network.caipNetworkId));
  if (listed) return listed;
  if (!network || balance === undefined || symbol !== (balanceSymbol ?? network.nativeCurrency.symbol)) return undefined;
  return {
    name: network.nativeCurrency.name,
    symbol,
    chainId: network.caipNetworkId,
    quantity: { decimals: String(network.nativeCurrency.decimals), numeric: balance },
  };
}
