import { sendAtom, shortenAddress, type PorticoViewProps } from '@portico/shared-state';
import { formatExact } from '@portico/shared-state/amounts';
import { TransactionStatus, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useSendMessages } from '../messages';

/** The transfer once it left the form: wallet prompt, pending, unconfirmed, failed or sent, each with its hash and explorer link once known. */
export function SendStatus({ portico }: PorticoViewProps) {
  const send = useAtomValue(sendAtom);
  const t = useSendMessages();
  const { locale } = useLocale();
  const proof = { hash: send.pendingHash, explorerUrl: send.explorerUrl, portico };
  const amount = `${formatExact(send.sendTokenAmount || '0', locale)} ${send.token?.symbol ?? ''}`.trim();
  switch (send.status) {
    case 'awaiting-signature':
      return <TransactionStatus phase="wallet" title={t('status.confirmInWallet')} />;
    case 'pending':
      return <TransactionStatus phase="pending" title={t('status.sending')} detail={t('status.awaitingNetwork')} {...proof} />;
    case 'unconfirmed':
      // The wallet sent it: the only way on is to read its receipt again, never a second send.
      return (
        <TransactionStatus
          phase="unconfirmed"
          title={t('status.unconfirmed')}
          detail={send.error}
          {...proof}
          onCheckAgain={() => void portico.send.checkAgain()}
        />
      );
    case 'failed':
      return (
        <TransactionStatus
          phase="failed"
          title={t('status.failed')}
          amount={amount}
          detail={send.error}
          {...proof}
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
        <TransactionStatus
          phase="success"
          title={t('status.sent')}
          amount={sent && `${formatExact(sent.amount, locale)} ${sent.symbol}`}
          hash={sent?.hash}
          explorerUrl={sent?.explorerUrl}
          portico={portico}
          actions={[{ label: t('status.done'), onClick: done }]}
        >
          {sent && <span title={sent.receiver}>{t('status.sentTo', { receiver: sent.receiverName ?? shortenAddress(sent.receiver) })}</span>}
        </TransactionStatus>
      );
    }
  }
}
