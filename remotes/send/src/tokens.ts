import type { AccountState, BalanceItem, CaipNetwork } from '@portico/shared-state';

/** One token per chain and contract; the native token has no contract address. */
export const tokenKey = (token: BalanceItem) => `${token.chainId}:${token.address ?? 'native'}`;

/**
 * The native token built from the account's own balance, for when the blockchain API gave no
 * balances (no `apiUrl`, or the fetch failed): sending the native token still works.
 */
export function nativeToken(account: AccountState, network: CaipNetwork | undefined): BalanceItem | undefined {
  if (!network || account.balance === undefined) return undefined;
  return {
    name: network.nativeCurrency.name,
    symbol: account.balanceSymbol ?? network.nativeCurrency.symbol,
    chainId: network.caipNetworkId,
    quantity: { decimals: String(network.nativeCurrency.decimals), numeric: account.balance },
  };
}

/** A network fee as short decimal text: up to 6 decimals, `< 0.000001` below that. */
export function formatFee(fee: string): string {
  const value = Number(fee);
  if (!Number.isFinite(value)) return fee;
  if (value === 0) return '0';
  if (value < 0.000001) return '< 0.000001';
  return String(Number(value.toFixed(6)));
}
