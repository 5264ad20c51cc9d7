import type { OnRampMoney, OnRampQuote } from '@portico/shared-state';
import { DetailList } from '@portico/ui';

const money = (value: OnRampMoney) => `${value.amount} ${value.currency}`;

/** A quote's fee, network fee, subtotal, total and what the person receives, and the way on to the provider. */
export function QuoteDetails({
  quote,
  sample,
  providerLabel,
  openError,
  onContinue,
}: {
  quote: OnRampQuote;
  /** The quote is the canned sample (the quote service failed). */
  sample?: boolean;
  providerLabel: string;
  openError?: string;
  onContinue(): void;
}) {
  return (
    <section aria-label="Quote" className="portico-stack">
      {sample && (
        <p className="portico-muted" role="note">
          Sample quote: the quote service could not be reached. The provider shows the final price.
        </p>
      )}
      <DetailList
        rows={[
          { term: 'Fee', detail: money(quote.coinbaseFee) },
          { term: 'Network fee', detail: money(quote.networkFee) },
          { term: 'Subtotal', detail: money(quote.paymentSubtotal) },
          { term: 'Total', detail: money(quote.paymentTotal) },
          { term: 'You receive', detail: quote.purchaseAmount.amount ? money(quote.purchaseAmount) : 'Shown by the provider' },
        ]}
      />
      <button type="button" className="portico-button portico-button-block" onClick={onContinue}>
        Continue to {providerLabel}
      </button>
      {openError && (
        <p role="alert" className="portico-error-text">
          {openError}
        </p>
      )}
      <p className="portico-muted">The purchase appears in Activity when it is done.</p>
    </section>
  );
}
