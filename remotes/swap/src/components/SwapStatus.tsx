import { swapAtom, type PorticoViewProps } from '@portico/shared-state';
import { formatBalance } from '@portico/shared-state/amounts';
import { TransactionStatus } from '@portico/ui';
import { useAtomValue } from 'jotai';

/** The approval and the swap once they left the form: wallet prompts, pending, unconfirmed, failed or swapped. */
export function SwapStatus({ portico }: PorticoViewProps) {
  const swap = useAtomValue(swapAtom);
  const from = swap.sourceToken?.symbol ?? '';
  switch (swap.status) {
    case 'awaiting-approval':
      return <TransactionStatus phase="wallet" title={`Approve ${from} in your wallet`} detail={`This lets the exchange spend your ${from}.`} />;
    case 'approving':
      return (
        <TransactionStatus
          phase="pending"
          title={`Approving ${from}…`}
          detail="Waiting for the network to confirm the approval."
          hash={swap.pendingHash}
        />
      );
    case 'awaiting-signature':
      return <TransactionStatus phase="wallet" title="Confirm the swap in your wallet" />;
    case 'pending':
      return <TransactionStatus phase="pending" title="Swapping…" detail="Waiting for the network to confirm the swap." hash={swap.pendingHash} />;
    case 'unconfirmed':
      // The wallet sent it: the only way on is to read its receipt again, never a second send.
      return (
        <TransactionStatus
          phase="unconfirmed"
          title={swap.unconfirmedStep === 'approve' ? 'Approval sent, not yet confirmed' : 'Swap sent, not yet confirmed'}
          detail={swap.error}
          hash={swap.pendingHash}
          onCheckAgain={() => void portico.swap.checkAgain()}
        />
      );
    case 'failed':
      return (
        <TransactionStatus
          phase="failed"
          title="Swap failed"
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
          title="Swapped"
          explorerUrl={swapped?.explorerUrl}
          actions={[
            { label: 'Swap again', onClick: () => portico.swap.reset() },
            { label: 'Done', onClick: done, secondary: true },
          ]}
        >
          {swapped && `${swapped.fromAmount} ${swapped.fromSymbol} for ${formatBalance(swapped.toAmount)} ${swapped.toSymbol}`}
        </TransactionStatus>
      );
    }
  }
}
