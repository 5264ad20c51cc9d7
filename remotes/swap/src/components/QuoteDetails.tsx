import { swapAtom, type SwapQuote, type SwapToken } from '@portico/shared-state';
import { formatBalance, formatTokenAmount, minimumReceived } from '@portico/shared-state/amounts';
import { DetailList, type DetailRow } from '@portico/ui';
import { useAtomValue } from 'jotai';

/**
 * The live quote in a polite status region: "Fetching the best price…" while it loads, then you
 * receive, minimum received (at the chosen slippage), price impact and fee.
 */
export function QuoteDetails() {
  const { quote, quoteLoading, slippage, sourceToken, toToken } = useAtomValue(swapAtom);
  return (
    <div role="status" aria-live="polite" className="portico-stack">
      {quoteLoading && <p className="portico-muted">Fetching the best price…</p>}
      {!quoteLoading && quote && sourceToken && toToken && <DetailList label="Quote" rows={quoteRows(quote, slippage, sourceToken, toToken)} />}
    </div>
  );
}

/** A quote's rows; the exact amount stays readable (as the row's title) where the text is rounded. */
function quoteRows(quote: SwapQuote, slippage: number, from: SwapToken, to: SwapToken): DetailRow[] {
  const minimum = formatTokenAmount(minimumReceived(quote.toAmount, slippage), to.decimals);
  return [
    { term: 'You receive', detail: `${formatBalance(quote.toAmountText)} ${to.symbol}`, exact: quote.toAmountText },
    { term: 'Minimum received', detail: `${formatBalance(minimum)} ${to.symbol}`, exact: minimum },
    { term: 'Price impact', detail: `${quote.priceImpact < 0.01 ? '< 0.01' : quote.priceImpact.toFixed(2)}%` },
    { term: 'Fee', detail: `${formatBalance(quote.feeText)} ${from.symbol}`, exact: quote.feeText },
  ];
}
