import { activeNetworkAtom, portfolioAtom, sendAtom, shortenAddress, type BalanceItem, type PorticoViewProps } from '@portico/shared-state';
import { formatHuman } from '@portico/shared-state/amounts';
import { DetailList, useLocale, type DetailRow } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { formatDecimal } from '../decimal';
import { useOnRampMessages } from '../messages';
import type { Payment } from './payment';

/** The fixed payment before the wallet sees it: amount, recipient, network, then the fee once estimated. */
export function PayReview({
  portico,
  pay,
  token,
  started,
  onPay,
}: PorticoViewProps & { pay: Payment; token: BalanceItem | undefined; started: boolean; onPay(): void }) {
  const network = useAtomValue(activeNetworkAtom);
  const portfolio = useAtomValue(portfolioAtom);
  const send = useAtomValue(sendAtom);
  const t = useOnRampMessages();
  const { locale } = useLocale();
  const amount = formatDecimal(pay.amount, locale);
  // A fee in human precision (a gas fee has 18 decimals of dust); the exact one is the row's title.
  const fee = send.fee !== undefined ? `${formatHuman(send.fee, locale)} ${network?.nativeCurrency.symbol ?? ''}` : undefined;
  const rows: DetailRow[] = [
    { term: t('field.amount'), detail: `${amount} ${pay.symbol}` },
    { term: t('pay.to'), detail: shortenAddress(pay.recipient), exact: pay.recipient },
    { term: t('pay.network'), detail: network?.name ?? '' },
    ...(started && fee !== undefined ? [{ term: t('field.networkFee'), detail: fee, exact: send.fee }] : []),
  ];
  const noBalance = network ? t('pay.noBalanceOn', { symbol: pay.symbol, network: network.name }) : t('pay.noBalanceHere', { symbol: pay.symbol });

  return (
    <div className="portico-stack">
      <p className="portico-muted">{t('pay.review')}</p>
      <DetailList rows={rows} />
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
          {send.status === 'estimating' ? t('pay.estimating') : t('pay.pay', { amount, symbol: pay.symbol })}
        </button>
      )}
    </div>
  );
}
