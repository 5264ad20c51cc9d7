import type { EmbeddedWallet, PorticoViewProps, SocialProvider } from '@portico/shared-state';
import { SOCIAL_PROVIDER_NAMES } from '@portico/shared-state/socials';
import { EmbeddedWalletGate, ErrorPanel, StatusLine, useStoreSnapshot } from '@portico/ui';
import { SocialIcon } from '../components/SocialIcon';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * A social login under way (spec section 2): the controller opens this view when the provider's popup opens,
 * goes to Account after the login, and cancels the sign-in (closing the popup) when the person goes back.
 * While the popup is open the person is told to finish there; then "Signing in…"; an error (the window closed
 * early, consent denied, an expired sign-in) in the secure site's words with Try again, which opens a new popup
 * from that click.
 */
export default function ConnectingSocial({ portico }: PorticoViewProps) {
  const t = useConnectMessages();
  return (
    <EmbeddedWalletGate portico={portico} off={<ErrorPanel message={t('social.off')} />}>
      {(wallet) => <SocialProgress social={wallet.social} />}
    </EmbeddedWalletGate>
  );
}

function SocialProgress({ social }: { social: EmbeddedWallet['social'] }) {
  const t = useConnectMessages();
  const state = useStoreSnapshot(social);
  const { provider } = state;
  if (!provider) return <ErrorPanel message={t('social.none')} />;
  // After the frame's answer the controller still connects the account before it moves to Account.
  const connecting = state.step === 'connecting' || state.step === 'connected';

  return (
    <div className="portico-center" aria-busy={connecting || undefined}>
      <SocialIcon provider={provider} large />
      {state.error ? (
        <ErrorPanel message={state.error} onRetry={() => social.start(provider)} retryLabel={t('tryAgain')} />
      ) : connecting ? (
        <StatusLine>{t('social.signingIn')}</StatusLine>
      ) : (
        <WaitingForWindow provider={provider} />
      )}
    </div>
  );
}

function WaitingForWindow({ provider }: { provider: SocialProvider }) {
  const t = useConnectMessages();
  const name = SOCIAL_PROVIDER_NAMES[provider];
  return (
    <div className="portico-stack">
      <h3 className="portico-title">{t('social.continueInWindow', { provider: name })}</h3>
      <p className="portico-muted">{t('social.windowHint', { provider: name })}</p>
    </div>
  );
}
