import { sendAtom, shortenAddress, type PorticoViewProps } from '@portico/shared-state';
import { TransactionStatus, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { formatDecimal } from '../decimal';
import { useOnRampMessages } from '../messages';

/**
 * The payment once the person confirmed it, on either namespace: wallet prompt, pending until the chain confirms it,
 * unconfirmed, failed or sent, each with its hash (a transaction hash or a Solana signature) and explorer link once
 * known.
 */
export function PaymentStatus({ portico, onTryAgain }: PorticoViewProps & { onTryAgain(): void }) {
  const send = useAtomValue(sendAtom);
  const t = useOnRampMessages();
  const { locale } = useLocale();
  const proof = { hash: send.pendingHash, explorerUrl: send.explorerUrl, portico };
  switch (send.status) {
    case 'awaiting-signature':
      return <TransactionStatus phase="wallet" title={t('status.confirmInWallet')} />;
    case 'pending':
      return <TransactionStatus phase="pending" title={t('status.paying')} detail={t('status.awaitingNetwork')} {...proof} />;
    case 'unconfirmed':
      // The wallet sent it: the only way on is to read its receipt again, never a second payment.
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
      return <TransactionStatus phase="failed" title={t('status.failed', { reason: send.error ?? '' })} {...proof} onTryAgain={onTryAgain} />;
    default: {
      const sent = send.lastTransaction;
      return (
        <TransactionStatus
          phase="success"
          title={t('status.sent')}
          hash={sent?.hash}
          explorerUrl={sent?.explorerUrl}
          portico={portico}
          actions={[{ label: t('status.done'), onClick: () => portico.router.goBack() }]}
        >
          {sent && t('status.sentTo', { amount: formatDecimal(sent.amount, locale), symbol: sent.symbol, receiver: shortenAddress(sent.receiver) })}
        </TransactionStatus>
      );
    }
  }
}
