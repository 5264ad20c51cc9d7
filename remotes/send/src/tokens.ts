import type { AccountState, BalanceItem, CaipNetwork } from '@portico/shared-state';
import { numberFormat } from '@portico/shared-state/formatters';

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

const FEE_FRACTION_DIGITS = 6;

/** A network fee as short decimal text in the locale: up to 6 decimals, `< 0.000001` below that. */
export function formatFee(fee: string, locale: string): string {
  const value = Number(fee);
  if (!Number.isFinite(value)) return fee;
  const format = numberFormat(locale, { maximumFractionDigits: FEE_FRACTION_DIGITS });
  const smallest = 10 ** -FEE_FRACTION_DIGITS;
  return value > 0 && value < smallest ? `< ${format.format(smallest)}` : format.format(value);
}
