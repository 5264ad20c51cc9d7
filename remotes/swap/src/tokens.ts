import { portfolioAtom, swapAtom, type SwapToken } from '@portico/shared-state';
import { formatBalance, swapTokenBalance } from '@portico/shared-state/amounts';
import { tokenImageUrl } from '@portico/shared-state/images';
import type { TokenOption } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';

/** A swappable token with what the account holds of it and its dollar price (from the account's balances). */
export type HeldSwapToken = SwapToken & { price?: number };

/** The exchange's tokens with the person's balances and prices. */
export function useSwapTokens(): HeldSwapToken[] {
  const { tokens } = useAtomValue(swapAtom);
  const { balances } = useAtomValue(portfolioAtom);
  return useMemo(
    () =>
      tokens.map((token) => {
        const held = balances.find((b) => swapTokenBalance(token, [b]) !== undefined);
        return { ...token, balance: swapTokenBalance(token, balances), price: held?.price };
      }),
    [tokens, balances],
  );
}

export const tokenKey = (token: SwapToken) => token.address.toLowerCase();
export const tokenIcon = (token: SwapToken, apiUrl: string | undefined) => token.logoUri ?? tokenImageUrl(apiUrl, token.symbol);
const held = (token: SwapToken) => Number(token.balance ?? 0) > 0;

/**
 * The token sheet's rows in spec section 9's two lists: Suggested (what the person holds) first, then
 * Popular (every other token the exchange trades here).
 */
export function swapTokenOptions(
  tokens: readonly HeldSwapToken[],
  words: { suggested: string; popular: string },
  apiUrl: string | undefined,
  locale: string,
): TokenOption<SwapToken>[] {
  const ordered = [...tokens.filter(held), ...tokens.filter((token) => !held(token))];
  return ordered.map((token) => ({
    key: tokenKey(token),
    symbol: token.symbol,
    name: token.name,
    balance: token.balance !== undefined ? formatBalance(token.balance, locale) : '0',
    iconUrl: tokenIcon(token, apiUrl),
    section: held(token) ? words.suggested : words.popular,
    value: token,
  }));
}
