import { sendAtom, shortenAddress, type PorticoViewProps } from '@portico/shared-state';
import { TransactionStatus, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { formatDecimal } from '../decimal';
import { useOnRampMessages } from '../messages';

/** The payment once the person confirmed it: wallet prompt, pending, unconfirmed, failed or sent. */
export function PaymentStatus({ portico, onTryAgain }: PorticoViewProps & { onTryAgain(): void }) {
  const send = useAtomValue(sendAtom);
  const t = useOnRampMessages();
  const { locale } = useLocale();
  switch (send.status) {
    case 'awaiting-signature':
      return <TransactionStatus phase="wallet" title={t('status.confirmInWallet')} />;
    case 'pending':
      return <TransactionStatus phase="pending" title={t('status.paying')} hash={send.pendingHash} />;
    case 'unconfirmed':
      // The wallet sent it: the only way on is to read its receipt again, never a second payment.
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
      return <TransactionStatus phase="failed" title={t('status.failed', { reason: send.error ?? '' })} onTryAgain={onTryAgain} />;
    default: {
      const sent = send.lastTransaction;
      return (
        <TransactionStatus
          phase="success"
          title={t('status.sent')}
          explorerUrl={sent?.explorerUrl}
          actions={[{ label: t('status.done'), onClick: () => portico.router.goBack() }]}
        >
          {sent && t('status.sentTo', { amount: formatDecimal(sent.amount, locale), symbol: sent.symbol, receiver: shortenAddress(sent.receiver) })}
        </TransactionStatus>
      );
    }
  }
}
