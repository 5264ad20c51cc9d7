import type { CallBatchReport, CallBatchStore } from '@portico/shared-state';
import { useStoreSnapshot } from '@portico/ui';
import { useEffect, useId } from 'react';
import { useAccountMessages } from '../messages';

/**
 * The EIP-5792 batches of the embedded wallet that stopped short (issue 29): a page reloaded midway, or a call that
 * reverted, leaves calls that were never sent, and the person learns which here. Each report is a status region
 * named by its title ('Batch stopped after 1 of 3 calls') with what was not sent and Dismiss. The wallet is asked
 * each time Account shows; nothing shows while no batch stopped short.
 */
export function CallBatchReports({ callBatches }: { callBatches: CallBatchStore }) {
  const { reports } = useStoreSnapshot(callBatches);
  useEffect(() => {
    void callBatches.refresh();
  }, [callBatches]);
  return reports.map((report) => <Report key={report.id} report={report} onDismiss={() => callBatches.dismiss(report.id)} />);
}

function Report({ report: { calls, landed, failedCall }, onDismiss }: { report: CallBatchReport; onDismiss: () => void }) {
  const t = useAccountMessages();
  const titleId = useId();
  const notSent = calls - landed;
  return (
    <div className="portico-batch-report" role="status" aria-labelledby={titleId}>
      <p id={titleId} className="portico-error-text">
        {failedCall ? t('callBatch.failed', { failedCall, calls }) : t('callBatch.stopped', { landed, calls })}
      </p>
      <p className="portico-muted">{failedCall ? t('callBatch.failedDetail', { failedCall, notSent }) : t('callBatch.notSent', { notSent })}</p>
      <button type="button" className="portico-button portico-button-secondary" onClick={onDismiss}>
        {t('callBatch.dismiss')}
      </button>
    </div>
  );
}
