import { swapAtom, type PorticoViewProps } from '@portico/shared-state';
import { formatBalance, formatExact } from '@portico/shared-state/amounts';
import { TransactionStatus, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useSwapMessages } from '../messages';

/** The result once the swap left the form: swapped, failed, or sent but not yet confirmed — with its hash and explorer link. */
export function SwapStatus({ portico }: PorticoViewProps) {
  const swap = useAtomValue(swapAtom);
  const t = useSwapMessages();
  const { locale } = useLocale();
  const proof = { hash: swap.pendingHash, explorerUrl: swap.explorerUrl, portico };
  switch (swap.status) {
    case 'unconfirmed':
      // The wallet sent it: the only way on is to read its receipt again, never a second send.
      return (
        <TransactionStatus
          phase="unconfirmed"
          title={swap.unconfirmedStep === 'approve' ? t('status.approvalUnconfirmed') : t('status.swapUnconfirmed')}
          detail={swap.error}
          {...proof}
          onCheckAgain={() => void portico.swap.checkAgain()}
        />
      );
    case 'failed':
      return (
        <TransactionStatus
          phase="failed"
          title={t('status.failed')}
          amount={`${formatExact(swap.sourceTokenAmount || '0', locale)} ${swap.sourceToken?.symbol ?? ''}`.trim()}
          detail={swap.error}
          {...proof}
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
          amount={swapped && `${formatBalance(swapped.toAmount, locale)} ${swapped.toSymbol}`}
          hash={swapped?.hash}
          explorerUrl={swapped?.explorerUrl}
          portico={portico}
          actions={[
            { label: t('status.swapAgain'), onClick: () => portico.swap.reset() },
            { label: t('status.done'), onClick: done, secondary: true },
          ]}
        >
          {swapped && t('status.swappedAmounts', { fromAmount: formatExact(swapped.fromAmount, locale), fromSymbol: swapped.fromSymbol, toAmount: formatBalance(swapped.toAmount, locale), toSymbol: swapped.toSymbol })}
        </TransactionStatus>
      );
    }
  }
}
