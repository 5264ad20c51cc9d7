import type { OnRampMoney, OnRampQuote } from '@portico/shared-state';
import { DetailList, useLocale } from '@portico/ui';
import { formatDecimal } from '../decimal';
import { useOnRampMessages } from '../messages';

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
  const t = useOnRampMessages();
  const { locale } = useLocale();
  const money = (value: OnRampMoney) => `${formatDecimal(value.amount, locale)} ${value.currency}`;
  return (
    <section aria-label={t('quote.label')} className="portico-stack">
      {sample && (
        <p className="portico-muted" role="note">
          {t('quote.sample')}
        </p>
      )}
      <DetailList
        rows={[
          { term: t('quote.fee'), detail: money(quote.coinbaseFee) },
          { term: t('field.networkFee'), detail: money(quote.networkFee) },
          { term: t('quote.subtotal'), detail: money(quote.paymentSubtotal) },
          { term: t('quote.total'), detail: money(quote.paymentTotal) },
          { term: t('quote.receive'), detail: quote.purchaseAmount.amount ? money(quote.purchaseAmount) : t('quote.receiveLater') },
        ]}
      />
      <button type="button" className="portico-button portico-button-block" onClick={onContinue}>
        {t('quote.continue', { provider: providerLabel })}
      </button>
      {openError && (
        <p role="alert" className="portico-error-text">
          {openError}
        </p>
      )}
      <p className="portico-muted">{t('quote.appearsInActivity')}</p>
    </section>
  );
}
