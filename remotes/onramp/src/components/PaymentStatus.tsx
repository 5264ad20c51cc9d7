import { sendAtom, shortenAddress, type PorticoViewProps } from '@portico/shared-state';
import { TransactionStatus } from '@portico/ui';
import { useAtomValue } from 'jotai';

/** The payment once the person confirmed it: wallet prompt, pending, unconfirmed, failed or sent. */
export function PaymentStatus({ portico, onTryAgain }: PorticoViewProps & { onTryAgain(): void }) {
  const send = useAtomValue(sendAtom);
  switch (send.status) {
    case 'awaiting-signature':
      return <TransactionStatus phase="wallet" title="Confirm the payment in your wallet" />;
    case 'pending':
      return <TransactionStatus phase="pending" title="Paying…" hash={send.pendingHash} />;
    case 'unconfirmed':
      // The wallet sent it: the only way on is to read its receipt again, never a second payment.
      return (
        <TransactionStatus
          phase="unconfirmed"
          title="Payment sent, not yet confirmed"
          detail={send.error}
          hash={send.pendingHash}
          onCheckAgain={() => void portico.send.checkAgain()}
        />
      );
    case 'failed':
      return <TransactionStatus phase="failed" title={`Payment failed: ${send.error}`} onTryAgain={onTryAgain} />;
    default: {
      const sent = send.lastTransaction;
      return (
        <TransactionStatus
          phase="success"
          title="Payment sent"
          explorerUrl={sent?.explorerUrl}
          actions={[{ label: 'Done', onClick: () => portico.router.goBack() }]}
        >
          {sent && `${sent.amount} ${sent.symbol} to ${shortenAddress(sent.receiver)}`}
        </TransactionStatus>
      );
    }
  }
}
