import type { PorticoCore } from '@portico/shared-state';
import { useState } from 'react';
import { useAccountMessages } from '../messages';

/**
 * Ends the connection and closes the modal. The embedded wallet calls it "Sign out": its connector signs
 * out of the secure site on disconnect. Busy while its own disconnect runs (which also sets the modal's loading
 * state, spec §4); not while the modal loads anything else, such as a view's module.
 */
export function DisconnectButton({ portico, embedded }: { portico: PorticoCore; embedded: boolean }) {
  const t = useAccountMessages();
  const [busy, setBusy] = useState(false);
  const disconnect = () => {
    setBusy(true);
    void portico.connection
      .disconnect()
      .then(() => portico.modal.close(true))
      .catch(() => portico.toast.show('error', t('disconnect.failed')))
      .finally(() => setBusy(false));
  };
  return (
    <div className="portico-stack portico-full-width">
      <button type="button" className="portico-list-item" disabled={busy} aria-busy={busy} onClick={disconnect}>
        {embedded ? t('signOut') : t('disconnect')}
      </button>
    </div>
  );
}
