import { portfolioAtom, sendAtom, shortenAddress, type BalanceItem, type CaipNetwork, type PorticoViewProps } from '@portico/shared-state';
import type { Payment } from '@portico/shared-state/pay';
import { DetailList, useLocale, type DetailRow } from '@portico/ui';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { formatDecimal } from '../decimal';
import { useOnRampMessages } from '../messages';

/**
 * The fixed payment before the wallet sees it: amount, recipient, the network it goes to (when one of the host's
 * fits), any further `rows` (the fee once estimated), then what can be done (`children`).
 */
export function PayReview({ pay, network, rows = [], children }: { pay: Payment; network?: CaipNetwork; rows?: DetailRow[]; children: ReactNode }) {
  const t = useOnRampMessages();
  const { locale } = useLocale();
  const details: DetailRow[] = [
    { term: t('field.amount'), detail: `${formatDecimal(pay.amount, locale)} ${pay.symbol}` },
    { term: t('pay.to'), detail: shortenAddress(pay.recipient), exact: pay.recipient },
    ...(network ? [{ term: t('pay.network'), detail: network.name }] : []),
    ...rows,
  ];
  return (
    <div className="portico-stack">
      <p className="portico-muted">{t('pay.review')}</p>
      <DetailList rows={details} />
      {children}
    </div>
  );
}

/** On the payment's network: the balance it is paid from, the send path's error, then Pay and Confirm payment. */
export function PayActions({
  portico,
  pay,
  network,
  token,
  started,
  onPay,
}: PorticoViewProps & { pay: Payment; network: CaipNetwork | undefined; token: BalanceItem | undefined; started: boolean; onPay(): void }) {
  const portfolio = useAtomValue(portfolioAtom);
  const send = useAtomValue(sendAtom);
  const t = useOnRampMessages();
  const { locale } = useLocale();
  const noBalance = network ? t('pay.noBalanceOn', { symbol: pay.symbol, network: network.name }) : t('pay.noBalanceHere', { symbol: pay.symbol });
  return (
    <>
      {!token && (
        <p role="alert" className="portico-error-text">
          {portfolio.loading ? t('pay.loadingBalances') : noBalance}
        </p>
      )}
      {started && send.error && (
        <p role="alert" className="portico-error-text">
          {send.error}
        </p>
      )}
      {started && send.status === 'preview' ? (
        <button type="button" className="portico-button portico-button-block" onClick={() => void portico.send.send()}>
          {t('pay.confirm')}
        </button>
      ) : (
        <button type="button" className="portico-button portico-button-block" disabled={!token || send.status === 'estimating'} onClick={onPay}>
          {send.status === 'estimating' ? t('pay.estimating') : t('pay.pay', { amount: formatDecimal(pay.amount, locale), symbol: pay.symbol })}
        </button>
      )}
    </>
  );
}
