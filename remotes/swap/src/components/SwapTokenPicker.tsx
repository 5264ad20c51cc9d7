import { portfolioAtom, swapAtom, type SwapToken } from '@portico/shared-state';
import { formatBalance, swapTokenBalance } from '@portico/shared-state/amounts';
import { TokenPicker, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useSwapMessages } from '../messages';

/** The swappable tokens with the person's balances, filtered by the search text (symbol or name). */
export function useSwapTokens(search: string): SwapToken[] {
  const { tokens } = useAtomValue(swapAtom);
  const { balances } = useAtomValue(portfolioAtom);
  return useMemo(() => {
    const query = search.trim().toLowerCase();
    const withBalance = tokens.map((token) => ({ ...token, balance: swapTokenBalance(token, balances) }));
    return withBalance.filter((t) => !query || t.symbol.toLowerCase().includes(query) || t.name.toLowerCase().includes(query));
  }, [tokens, balances, search]);
}

const tokenKey = (token: SwapToken) => token.address.toLowerCase();
const held = (token: SwapToken) => Number(token.balance ?? 0) > 0;

/**
 * One side of the swap ("From" or "To") as the kit's token picker, in spec section 9's two lists:
 * Suggested (what the person holds) first, then Popular (every other token the exchange trades here).
 */
export function SwapTokenPicker(props: {
  /** "From" or "To", in the modal's locale. */
  label: string;
  name: string;
  tokens: SwapToken[];
  selected?: SwapToken;
  onSelect(token: SwapToken): void;
}) {
  const { label, name, tokens, selected, onSelect } = props;
  const t = useSwapMessages();
  const { locale } = useLocale();
  const ordered = [...tokens.filter(held), ...tokens.filter((token) => !held(token))];
  return (
    <TokenPicker
      label={label}
      name={name}
      selectedKey={selected && tokenKey(selected)}
      onSelect={onSelect}
      options={ordered.map((token) => ({
        key: tokenKey(token),
        symbol: token.symbol,
        balance: token.balance !== undefined ? formatBalance(token.balance, locale) : '0',
        iconUrl: token.logoUri,
        section: held(token) ? t('picker.suggested') : t('picker.popular'),
        value: token,
      }))}
    />
  );
}
