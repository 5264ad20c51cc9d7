import { swapAtom, type SwapQuote, type SwapToken } from '@portico/shared-state';
import { formatBalance, formatHuman, formatTokenAmount, minimumReceived, priceImpactLevel, quoteRate } from '@portico/shared-state/amounts';
import { DetailList, useLocale, type DetailRow } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useSwapMessages, type SwapMessages } from '../messages';
import { formatPercent } from '../percent';

/**
 * The live quote under the amounts, in a polite status region: "Fetching the best price…" while it loads, then
 * the rate, minimum received (at the chosen slippage), fee and price impact (in the warning colour, and said,
 * from PRICE_IMPACT_WARNING_PERCENT).
 */
export function QuoteDetails() {
  const { quote, quoteLoading, slippage, sourceToken, toToken } = useAtomValue(swapAtom);
  const t = useSwapMessages();
  const { locale } = useLocale();
  return (
    <div role="status" aria-live="polite" className="portico-quote">
      {quoteLoading && (
        <p className="portico-quote-loading">
          <span className="portico-spinner" aria-hidden="true" />
          {t('quote.fetching')}
        </p>
      )}
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
  const rate = quoteRate(quote, from.decimals, to.decimals);
  const smallestImpact = 0.01;
  const impact = quote.priceImpact < smallestImpact ? `< ${formatPercent(smallestImpact, locale, 2)}` : formatPercent(quote.priceImpact, locale, 2);
  const high = priceImpactLevel(quote.priceImpact) === 'high';
  return [
    ...(rate ? [{ term: t('quote.rate'), detail: t('quote.rateValue', { from: from.symbol, rate: formatHuman(rate, locale), to: to.symbol }), exact: rate }] : []),
    { term: t('quote.minimum'), detail: `${formatBalance(minimum, locale)} ${to.symbol}`, exact: minimum },
    { term: t('quote.fee'), detail: `${formatHuman(quote.feeText, locale)} ${from.symbol}`, exact: quote.feeText },
    {
      term: t('quote.impact'),
      detail: high ? <span className="portico-impact-high">{t('quote.impactHigh', { impact })}</span> : impact,
    },
  ];
}
