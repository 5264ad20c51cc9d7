import { formatFiat } from '@portico/shared-state/onramp-rules';
import type { OnRampMoney, OnRampState } from '@portico/shared-state';
import { DetailList, useLocale } from '@portico/ui';
import { useOnRampMessages } from '../messages';

/**
 * The live quote under the amounts, in a polite status region: "Getting quote…" while the typing settles and the
 * API answers, then fee, network fee, subtotal and total in the payment currency (the locale's money format).
 * A problem with the amount is shown at the amount field, not here.
 */
export function QuoteDetails({ quote }: { quote: OnRampState['quote'] }) {
  const t = useOnRampMessages();
  const { locale } = useLocale();
  const money = (value: OnRampMoney) => formatFiat(value.amount, value.currency, locale);
  const data = quote?.status === 'ready' ? quote.data : undefined;
  return (
    <div role="status" aria-live="polite" className="portico-quote">
      {(quote?.status === 'pending' || quote?.status === 'loading') && (
        <p className="portico-quote-loading">
          <span className="portico-spinner" aria-hidden="true" />
          {t('buy.gettingQuote')}
        </p>
      )}
      {data && (
        <div className="portico-stack">
          {quote?.sample && (
            <p className="portico-muted" role="note">
              {t('quote.sample')}
            </p>
          )}
          <DetailList
            label={t('quote.label')}
            rows={[
              { term: t('quote.fee'), detail: money(data.coinbaseFee), exact: data.coinbaseFee.amount },
              { term: t('field.networkFee'), detail: money(data.networkFee), exact: data.networkFee.amount },
              { term: t('quote.subtotal'), detail: money(data.paymentSubtotal) },
              { term: t('quote.total'), detail: money(data.paymentTotal) },
            ]}
          />
        </div>
      )}
    </div>
  );
}
