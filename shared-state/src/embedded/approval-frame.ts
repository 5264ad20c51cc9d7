/**
 * The approval gate as the modal sees it (issue 28; spec section 6): the secure site draws the approval screen in its
 * own frame and decides there, after a trusted click on its own button. The modal only learns that a screen is up
 * (APPROVAL_SHOWN, with its height) or gone (APPROVAL_HIDDEN), shows the frame over ApproveTransaction's body, and
 * may ask the frame to reject (CANCEL_APPROVAL) when the person leaves the view. Nothing here can approve. The key
 * export screen (SHOW_EXPORT) is the frame's too, shown the same way: nothing here sees its code or the key.
 */
import type { ApprovalFrame, ShownApproval } from '../embedded-wallet';
import type { FrameChannel, FrameNotification } from './channel-types';
import type { FrameHost } from './frame-host';

export interface ApprovalFrameStore extends ApprovalFrame {
  /** Pass the frame's APPROVAL_SHOWN / APPROVAL_HIDDEN notifications here; others are ignored. */
  handleNotification(notification: FrameNotification): void;
}

/**
 * @example
 * const approval = createApprovalFrame({ channel, frameHost });
 * createFrameChannel({ …, onNotification: (n) => approval.handleNotification(n) });
 * const hide = approval.show(slotElement); // ApproveTransaction's placeholder, while the view is up
 */
export function createApprovalFrame(deps: { channel: Pick<FrameChannel, 'request'>; frameHost: Pick<FrameHost, 'reveal'>; onCancelFailed?: (error: unknown) => void }): ApprovalFrameStore {
  let shown: ShownApproval | undefined;
  const listeners = new Set<() => void>();
  const set = (next: ShownApproval | undefined) => {
    shown = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot: () => shown,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    handleNotification(notification) {
      if (notification.name === 'APPROVAL_SHOWN') {
        const { height, screen = 'approval' } = notification.payload;
        if (shown?.height !== height || shown.screen !== screen) set({ height, screen });
      } else if (notification.name === 'APPROVAL_HIDDEN' && shown) set(undefined);
    },
    show: (slot) => deps.frameHost.reveal(slot),
    reject() {
      if (!shown) return;
      // The frame answers with APPROVAL_HIDDEN and the waiting request fails with 4001.
      deps.channel.request('CANCEL_APPROVAL', {}).catch((error: unknown) => deps.onCancelFailed?.(error));
    },
    async showKeyExport() {
      await deps.channel.request('SHOW_EXPORT', {});
    },
  };
}
