import { sendAtom, shortenAddress, type PorticoViewProps } from '@portico/shared-state';
import { TransactionStatus } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useSendMessages } from '../messages';

/** The transfer once it left the form: wallet prompt, pending, unconfirmed, failed or sent. */
export function SendStatus({ portico }: PorticoViewProps) {
  const send = useAtomValue(sendAtom);
  const t = useSendMessages();
  switch (send.status) {
    case 'awaiting-signature':
      return <TransactionStatus phase="wallet" title={t('status.confirmInWallet')} />;
    case 'pending':
      return (
        <TransactionStatus
          phase="pending"
          title={t('status.sending')}
          detail={t('status.awaitingNetwork')}
          hash={send.pendingHash}
        />
      );
    case 'unconfirmed':
      // The wallet sent it: the only way on is to read its receipt again, never a second send.
      return (
        <TransactionStatus
          phase="unconfirmed"
          title={t('status.unconfirmed')}
          detail={send.error}
          hash={send.pendingHash}
          onCheckAgain={() => void portico.send.checkAgain()}
        />
      );
    case 'failed':
      return (
        <TransactionStatus
          phase="failed"
          title={t('status.failed')}
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
        <TransactionStatus phase="success" title={t('status.sent')} explorerUrl={sent?.explorerUrl} actions={[{ label: t('status.done'), onClick: done }]}>
          {sent && (
            <span title={sent.receiver}>
              {t('status.sentTo', { amount: sent.amount, symbol: sent.symbol, receiver: shortenAddress(sent.receiver) })}
            </span>
          )}
        </TransactionStatus>
      );
    }
  }
}
