import { activeNetworkAtom, sendAtom, shortenAddress, type PorticoViewProps } from '@portico/shared-state';
import { DetailList } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { formatFee } from '../tokens';

/** What will be sent (token, amount, receiver, network, network fee) before the wallet is asked. */
export function SendPreview({ portico }: PorticoViewProps) {
  const network = useAtomValue(activeNetworkAtom);
  const send = useAtomValue(sendAtom);
  const receiver = send.receiverAddress.trim();
  const symbol = send.token?.symbol ?? network?.nativeCurrency.symbol ?? '';
  const feeSymbol = network?.nativeCurrency.symbol ?? '';
  return (
    <div className="portico-stack">
      <p className="portico-muted">Review the transfer</p>
      <DetailList
        rows={[
          { term: 'Token', detail: symbol },
          { term: 'Amount', detail: `${send.sendTokenAmount} ${symbol}` },
          { term: 'To', detail: shortenAddress(receiver), exact: receiver },
          { term: 'Network', detail: network?.name ?? '' },
          { term: 'Network fee', detail: send.fee !== undefined ? `${formatFee(send.fee)} ${feeSymbol}`.trim() : '—' },
        ]}
      />
      <button type="button" className="portico-button portico-button-block" onClick={() => void portico.send.send()}>
        Send
      </button>
      <button type="button" className="portico-button portico-button-secondary portico-button-block" onClick={() => portico.send.edit()}>
        Edit
      </button>
    </div>
  );
}
