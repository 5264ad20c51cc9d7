import { swapAtom, type SwapQuote, type SwapToken } from '@portico/shared-state';
import { formatBalance, formatTokenAmount, minimumReceived } from '@portico/shared-state/amounts';
import { DetailList, useLocale, type DetailRow } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useSwapMessages, type SwapMessages } from '../messages';
import { formatPercent } from '../percent';

/**
 * The live quote in a polite status region: "Fetching the best price…" while it loads, then you
 * receive, minimum received (at the chosen slippage), price impact and fee.
 */
export function QuoteDetails() {
  const { quote, quoteLoading, slippage, sourceToken, toToken } = useAtomValue(swapAtom);
  const t = useSwapMessages();
  const { locale } = useLocale();
  return (
    <div role="status" aria-live="polite" className="portico-stack">
      {quoteLoading && <p className="portico-muted">{t('quote.fetching')}</p>}
      {!quoteLoading && quote && sourceToken && toToken && (
        <DetailList label={t('quote.label')} rows={quoteRows({ quote, slippage, from: sourceToken, to: toToken }, t, locale)} />
      )}
    </div>
  );
}

/** A quote's rows; the exact amount stays readable (as the row's title) where the text is rounded. */
function quoteRows(
  { quote, slippage, from, to }: { quote: SwapQuote; slippage: number; from: SwapToken; to: SwapToken },
  t: SwapMessages,
  locale: string,
): DetailRow[] {
  const minimum = formatTokenAmount(minimumReceived(quote.toAmount, slippage), to.decimals);
  const smallestImpact = 0.01;
  const impact = quote.priceImpact < smallestImpact ? `< ${formatPercent(smallestImpact, locale, 2)}` : formatPercent(quote.priceImpact, locale, 2);
  return [
    { term: t('quote.receive'), detail: `${formatBalance(quote.toAmountText, locale)} ${to.symbol}`, exact: quote.toAmountText },
    { term: t('quote.minimum'), detail: `${formatBalance(minimum, locale)} ${to.symbol}`, exact: minimum },
    { term: t('quote.impact'), detail: impact },
    { term: t('quote.fee'), detail: `${formatBalance(quote.feeText, locale)} ${from.symbol}`, exact: quote.feeText },
  ];
}
