import { sendAtom, shortenAddress, type PorticoViewProps } from '@portico/shared-state';
import { TransactionStatus } from '@portico/ui';
import { useAtomValue } from 'jotai';

/** The transfer once it left the form: wallet prompt, pending, unconfirmed, failed or sent. */
export function SendStatus({ portico }: PorticoViewProps) {
  const send = useAtomValue(sendAtom);
  switch (send.status) {
    case 'awaiting-signature':
      return <TransactionStatus phase="wallet" title="Confirm the transaction in your wallet" />;
    case 'pending':
      return (
        <TransactionStatus
          phase="pending"
          title="Sending…"
          detail="Waiting for the network to confirm the transaction."
          hash={send.pendingHash}
        />
      );
    case 'unconfirmed':
      // The wallet sent it: the only way on is to read its receipt again, never a second send.
      return (
        <TransactionStatus
          phase="unconfirmed"
          title="Transaction sent, not yet confirmed"
          detail={send.error}
          hash={send.pendingHash}
          onCheckAgain={() => void portico.send.checkAgain()}
        />
      );
    case 'failed':
      return (
        <TransactionStatus
          phase="failed"
          title="Transaction failed"
          detail={send.error}
          onTryAgain={() => void portico.send.preview()}
          onEdit={() => portico.send.edit()}
        />
      );
    default: {
      const sent = send.lastTransaction;
      const done = () => {
        portico.send.reset();
        portico.router.goBack();
      };
      return (
        <TransactionStatus phase="success" title="Sent" explorerUrl={sent?.explorerUrl} actions={[{ label: 'Done', onClick: done }]}>
          {sent && (
            <>
              {sent.amount} {sent.symbol} to <span title={sent.receiver}>{shortenAddress(sent.receiver)}</span>
            </>
          )}
        </TransactionStatus>
      );
    }
  }
}
