import type { AccountState, BalanceItem, CaipNetwork } from '@portico/shared-state';
import { formatBalance } from '@portico/shared-state/amounts';
import { formatUsd } from '@portico/shared-state/formatters';
import { tokenImageUrl } from '@portico/shared-state/images';
import type { TokenOption } from '@portico/ui';

/** One token per chain and contract; the native token has no contract address. */
export const tokenKey = (token: BalanceItem) => `${token.chainId}:${token.address ?? 'native'}`;

/** The token's artwork: the balance's own icon, else the API's image for its symbol. */
export const tokenIcon = (token: BalanceItem, apiUrl: string | undefined) => token.iconUrl ?? tokenImageUrl(apiUrl, token.symbol);

/** A balance as a row of the token sheet: icon, symbol, name, balance and its dollar value. */
export function tokenOption(token: BalanceItem, apiUrl: string | undefined, locale: string): TokenOption<BalanceItem> {
  return {
    key: tokenKey(token),
    symbol: token.symbol,
    name: token.name,
    balance: formatBalance(token.quantity.numeric, locale),
    fiat: token.value !== undefined ? formatUsd(token.value, locale) : undefined,
    iconUrl: tokenIcon(token, apiUrl),
    value: token,
  };
}

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
