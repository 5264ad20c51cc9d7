import { swapAtom, type PorticoViewProps } from '@portico/shared-state';
import { formatBalance } from '@portico/shared-state/amounts';
import { TransactionStatus, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useSwapMessages } from '../messages';

/** The approval and the swap once they left the form: wallet prompts, pending, unconfirmed, failed or swapped. */
export function SwapStatus({ portico }: PorticoViewProps) {
  const swap = useAtomValue(swapAtom);
  const t = useSwapMessages();
  const { locale } = useLocale();
  const symbol = swap.sourceToken?.symbol ?? '';
  switch (swap.status) {
    case 'awaiting-approval':
      return <TransactionStatus phase="wallet" title={t('status.approveInWallet', { symbol })} detail={t('status.approveExplain', { symbol })} />;
    case 'approving':
      return (
        <TransactionStatus
          phase="pending"
          title={t('status.approving', { symbol })}
          detail={t('status.awaitingApproval')}
          hash={swap.pendingHash}
        />
      );
    case 'awaiting-signature':
      return <TransactionStatus phase="wallet" title={t('status.confirmInWallet')} />;
    case 'pending':
      return <TransactionStatus phase="pending" title={t('status.swapping')} detail={t('status.awaitingSwap')} hash={swap.pendingHash} />;
    case 'unconfirmed':
      // The wallet sent it: the only way on is to read its receipt again, never a second send.
      return (
        <TransactionStatus
          phase="unconfirmed"
          title={swap.unconfirmedStep === 'approve' ? t('status.approvalUnconfirmed') : t('status.swapUnconfirmed')}
          detail={swap.error}
          hash={swap.pendingHash}
          onCheckAgain={() => void portico.swap.checkAgain()}
        />
      );
    case 'failed':
      return (
        <TransactionStatus
          phase="failed"
          title={t('status.failed')}
          detail={swap.error}
          onTryAgain={() => void portico.swap.swap()}
          onEdit={() => portico.swap.setAmount(swap.sourceTokenAmount)}
        />
      );
    default: {
      const swapped = swap.lastSwap;
      const done = () => {
        portico.swap.reset();
        portico.router.goBack();
      };
      return (
        <TransactionStatus
          phase="success"
          title={t('status.swapped')}
          explorerUrl={swapped?.explorerUrl}
          actions={[
            { label: t('status.swapAgain'), onClick: () => portico.swap.reset() },
            { label: t('status.done'), onClick: done, secondary: true },
          ]}
        >
          {swapped &&
            t('status.swappedAmounts', {
              fromAmount: swapped.fromAmount,
              fromSymbol: swapped.fromSymbol,
              toAmount: formatBalance(swapped.toAmount, locale),
              toSymbol: swapped.toSymbol,
            })}
        </TransactionStatus>
      );
    }
  }
}
