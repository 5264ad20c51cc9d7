import type { PorticoCore } from '@portico/shared-state';

/**
 * Ends the connection and closes the modal. The embedded wallet calls it "Sign out": its connector signs
 * out of the secure site on disconnect.
 */
export function DisconnectButton({ portico, label }: { portico: PorticoCore; label: 'Disconnect' | 'Sign out' }) {
  const disconnect = () =>
    void portico.connection
      .disconnect()
      .then(() => portico.modal.close(true))
      .catch(() => portico.toast.show('error', 'Failed to disconnect'));
  return (
    <div className="portico-stack portico-full-width">
      <button type="button" className="portico-list-item" onClick={disconnect}>
        {label}
      </button>
    </div>
  );
}
