import type { ApprovalFrame } from '@portico/shared-state';
import { useState } from 'react';
import { useAccountMessages } from '../messages';

/**
 * "Export private key" (issue 28): asks the secure site for its export screen. The modal only asks: the secure site
 * mails the fresh code and draws the screen in its own frame (ApproveTransaction shows it), and the code, the typed
 * confirmation and the key stay there. A refusal (no email on the account, a code asked for too soon) shows here in
 * the secure site's words, which are the API's English.
 */
export function ExportKeyButton({ approval }: { approval: ApprovalFrame }) {
  const t = useAccountMessages();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const ask = () => {
    setBusy(true);
    setError(undefined);
    approval.showKeyExport().then(
      () => setBusy(false),
      (refused: unknown) => {
        setBusy(false);
        setError(refused instanceof Error ? refused.message : String(refused));
      },
    );
  };
  return (
    <div className="portico-account-details">
      <button type="button" className="portico-button portico-button-secondary" disabled={busy} aria-busy={busy} onClick={ask}>
        {t('embedded.exportKey')}
      </button>
      {error && (
        <p className="portico-error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
