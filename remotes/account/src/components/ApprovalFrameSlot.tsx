import type { ApprovalFrame } from '@portico/shared-state';
import { useStoreSnapshot } from '@portico/ui';
import { useLayoutEffect, useRef } from 'react';
import { useAccountMessages } from '../messages';

/**
 * Where the secure site's approval screen appears (issue 28): a placeholder of the height the frame asked for, with
 * the frame shown over it while the view is up. What is signed, and the Approve and Reject buttons, are the frame's
 * own: nothing in the modal (the host page) can approve.
 */
export function ApprovalFrameSlot({ approval }: { approval: ApprovalFrame }) {
  const shown = useStoreSnapshot(approval);
  const slot = useRef<HTMLDivElement>(null);
  const visible = shown !== undefined;
  useLayoutEffect(() => {
    if (!visible || !slot.current) return;
    return approval.show(slot.current);
  }, [approval, visible]);
  if (!shown) return <NothingToApprove />;
  return <div ref={slot} className="portico-approval-frame" style={{ height: shown.height }} />;
}

/** Opened with no request waiting (reached by history, or the request was decided elsewhere). */
export function NothingToApprove() {
  const t = useAccountMessages();
  return <p className="portico-muted">{t('approval.none')}</p>;
}
