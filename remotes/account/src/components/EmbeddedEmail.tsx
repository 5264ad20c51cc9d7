import type { EmailLogin, PorticoCore } from '@portico/shared-state';
import { useEmbeddedWallet, useStoreSnapshot } from '@portico/ui';

/**
 * The embedded wallet's signed-in email and "Edit email". Rendered only for an ID_AUTH connection, so other
 * wallets never load the embedded wallet's code.
 */
export function EmbeddedEmail({ portico }: { portico: PorticoCore }) {
  const embedded = useEmbeddedWallet(portico);
  // Loading or unavailable: the account works without the email line; the connection itself is the proof of login.
  if (embedded.status !== 'ready') return null;
  return <EmailLine portico={portico} login={embedded.wallet.login} />;
}

function EmailLine({ portico, login }: { portico: PorticoCore; login: EmailLogin }) {
  const { email, user } = useStoreSnapshot(login);
  const shown = email ?? user?.email;
  return (
    <div className="portico-row portico-account-email">
      {shown && <p className="portico-muted portico-ellipsis">{shown}</p>}
      <button type="button" className="portico-button portico-button-secondary" onClick={() => portico.router.push('UpdateEmail')}>
        Edit email
      </button>
    </div>
  );
}
