import { swapAtom } from '@portico/shared-state';
import { StepIndicator, type Step } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useSwapMessages } from '../messages';

const APPROVING = ['awaiting-approval', 'approving'];
const SWAPPING = ['awaiting-signature', 'pending'];

/** Where an approve-then-swap stands: whether it is busy, what the submit button says and what the steps say. */
export function useSwapProgress() {
  const swap = useAtomValue(swapAtom);
  const t = useSwapMessages();
  const symbol = swap.sourceToken?.symbol ?? '';
  const approving = APPROVING.includes(swap.status);
  const swapping = SWAPPING.includes(swap.status);
  const status = {
    'awaiting-approval': t('status.approveInWallet', { symbol }),
    approving: t('status.awaitingApproval'),
    'awaiting-signature': t('status.confirmInWallet'),
    pending: t('status.awaitingSwap'),
  }[swap.status as string];
  let buttonLabel = swap.needsApproval ? t('form.approve', { symbol }) : t('form.swap');
  if (approving) buttonLabel = t('status.approving', { symbol });
  if (swapping) buttonLabel = t('status.swapping');
  return { busy: approving || swapping, approving, status, buttonLabel };
}

/**
 * Approve → Swap as two steps under the quote while an approval is part of the swap; it stays in place as they
 * advance. A swap without an approval says what it waits for in a status line instead.
 */
export function SwapSteps() {
  const swap = useAtomValue(swapAtom);
  const t = useSwapMessages();
  const { approving, status } = useSwapProgress();
  const twoSteps = swap.needsApproval || swap.approvalDone || approving;
  if (!twoSteps) {
    return (
      <p role="status" className="portico-muted portico-steps-status">
        {status}
      </p>
    );
  }
  const approved = Boolean(swap.approvalDone) && !approving;
  const steps: Step[] = [
    { label: t('steps.approve', { symbol: swap.sourceToken?.symbol ?? '' }), state: approved ? 'done' : 'current' },
    { label: t('steps.swap'), state: approved ? 'current' : 'upcoming' },
  ];
  return <StepIndicator label={t('steps.label')} steps={steps} status={status} />;
}
