import type { PorticoCore } from '@portico/shared-state';
import { useAccountMessages } from '../messages';

/**
 * Ends the connection and closes the modal. The embedded wallet calls it "Sign out": its connector signs
 * out of the secure site on disconnect.
 */
export function DisconnectButton({ portico, embedded }: { portico: PorticoCore; embedded: boolean }) {
  const t = useAccountMessages();
  const disconnect = () =>
    void portico.connection
      .disconnect()
      .then(() => portico.modal.close(true))
      .catch(() => portico.toast.show('error', t('disconnect.failed')));
  return (
    <div className="portico-stack portico-full-width">
      <button type="button" className="portico-list-item" onClick={disconnect}>
        {embedded ? t('signOut') : t('disconnect')}
      </button>
    </div>
  );
}
