import type { EmbeddedUser, EmbeddedWallet, PorticoCore, Social } from '@portico/shared-state';
import { SOCIAL_PROVIDER_NAMES } from '@portico/shared-state/socials';
import { useEmbeddedWallet, useStoreSnapshot } from '@portico/ui';
import { useAccountMessages } from '../messages';
import { AccountType } from './AccountType';
import { CallBatchReports } from './CallBatchReports';
import { ExportKeyButton } from './ExportKeyButton';

/**
 * Who is signed in to the embedded wallet: the username and "Signed in with GitHub" after a social login ("Signed
 * in with Farcaster" after a Farcaster one), else the email and "Edit email"; then the account type and its switch
 * when the user has a smart account, the batches that stopped short (issue 29), and "Export private key" (the secure
 * site's own screen). Rendered only for an ID_AUTH connection, so other wallets never load the embedded wallet's code.
 */
export function EmbeddedLogin({ portico }: { portico: PorticoCore }) {
  const embedded = useEmbeddedWallet(portico);
  // Loading or unavailable: the account works without this line; the connection itself is the proof of login.
  if (embedded.status !== 'ready') return null;
  return (
    <>
      <LoginLine portico={portico} wallet={embedded.wallet} />
      <AccountType accountType={embedded.wallet.accountType} />
      <CallBatchReports callBatches={embedded.wallet.callBatches} />
      <ExportKeyButton approval={embedded.wallet.approval} />
    </>
  );
}

function LoginLine({ portico, wallet }: { portico: PorticoCore; wallet: EmbeddedWallet }) {
  const t = useAccountMessages();
  const social = useStoreSnapshot(wallet.social);
  const farcaster = useStoreSnapshot(wallet.farcaster);
  const { email, user } = useStoreSnapshot(wallet.login);
  if (social.step === 'connected' && social.user && social.provider) return <SocialAccount user={social.user} provider={social.provider} />;
  if (farcaster.step === 'connected' && farcaster.user) return <SocialAccount user={farcaster.user} provider="farcaster" />;
  const shown = email ?? user?.email;
  return (
    <div className="portico-row portico-account-detail-row">
      {shown && <p className="portico-muted portico-ellipsis">{shown}</p>}
      <button type="button" className="portico-button portico-button-secondary" onClick={() => portico.router.push('UpdateEmail')}>
        {t('embedded.editEmail')}
      </button>
    </div>
  );
}

/** A social or Farcaster login's username (the email when the provider gave none) and the provider. */
function SocialAccount({ user, provider }: { user: EmbeddedUser; provider: Social }) {
  const t = useAccountMessages();
  const name = user.userName ?? user.email;
  return (
    <div className="portico-account-details">
      {name && <p className="portico-account-username portico-ellipsis">{name}</p>}
      <p className="portico-muted">{t('embedded.signedInWith', { provider: SOCIAL_PROVIDER_NAMES[provider] })}</p>
    </div>
  );
}
