import { activeNetworkAtom, portfolioAtom, sendAtom, shortenAddress, type BalanceItem, type PorticoViewProps } from '@portico/shared-state';
import { DetailList, type DetailRow } from '@portico/ui';
import { useAtomValue } from 'jotai';
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
  const rows: DetailRow[] = [
    { term: 'Amount', detail: `${pay.amount} ${pay.symbol}` },
    { term: 'To', detail: shortenAddress(pay.recipient), exact: pay.recipient },
    { term: 'Network', detail: network?.name ?? '' },
    ...(started && send.fee !== undefined ? [{ term: 'Network fee', detail: `${send.fee} ${network?.nativeCurrency.symbol ?? ''}` }] : []),
  ];

  return (
    <div className="portico-stack">
      <p className="portico-muted">Review the payment</p>
      <DetailList rows={rows} />
      {!token && (
        <p role="alert" className="portico-error-text">
          {portfolio.loading ? 'Loading balances…' : `No ${pay.symbol} balance on ${network?.name ?? 'this network'}`}
        </p>
      )}
      {started && send.error && (
        <p role="alert" className="portico-error-text">
          {send.error}
        </p>
      )}
      {started && send.status === 'preview' ? (
        <button type="button" className="portico-button portico-button-block" onClick={() => void portico.send.send()}>
          Confirm payment
        </button>
      ) : (
        <button type="button" className="portico-button portico-button-block" disabled={!token || send.status === 'estimating'} onClick={onPay}>
          {send.status === 'estimating' ? 'Estimating fee…' : `Pay ${pay.amount} ${pay.symbol}`}
        </button>
      )}
    </div>
  );
}
