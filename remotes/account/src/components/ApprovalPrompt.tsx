import type { ApprovalStore } from '@portico/shared-state';
import { useStoreSnapshot } from '@portico/ui';
import { useAccountMessages } from '../messages';
import { ApprovalDetails } from './ApprovalDetails';

/**
 * The request waiting for the person's decision and the two answers. Deciding is all this does: the
 * embedded controller moves the modal on once the request is approved or rejected.
 */
export function ApprovalPrompt({ approval }: { approval: ApprovalStore }) {
  const t = useAccountMessages();
  const pending = useStoreSnapshot(approval);
  if (!pending) return <NothingToApprove />;
  return (
    // Keyed by the request: a new request never inherits the last one's scroll position or focus.
    <div key={pending.id} className="portico-stack portico-full-width portico-approval">
      <ApprovalDetails approval={pending} />
      <button type="button" className="portico-button portico-button-block" onClick={() => approval.approve()}>
        {t('approval.approve')}
      </button>
      <button type="button" className="portico-button portico-button-secondary portico-button-block" onClick={() => approval.reject()}>
        {t('approval.reject')}
      </button>
    </div>
  );
}

/** Opened with no request waiting (reached by history, or the request was decided elsewhere). */
export function NothingToApprove() {
  const t = useAccountMessages();
  return <p className="portico-muted">{t('approval.none')}</p>;
}
