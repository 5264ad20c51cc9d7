import type { FarcasterLogin, PorticoCore, PorticoViewProps } from '@portico/shared-state';
import { CopyButton, EmbeddedWalletGate, ErrorPanel, QrCode, QrPlaceholder, StatusLine, preloadQrCode, useStoreSnapshot } from '@portico/ui';
import { useEffect } from 'react';
import { SocialIcon } from '../components/SocialIcon';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

const QR_SIZE = 280;

/**
 * Sign In With Farcaster (spec section 2): Connect's "Continue with Farcaster" opens this view, which starts the
 * sign-in when it finds none under way (not over an error: that waits for Try again). While the relay waits for
 * the Farcaster app: the QR code of the sign-in URL for a phone's camera, "Open Farcaster" (the same URL, for a
 * phone with the app) and Copy link. After the app approved: "Signing in…" while the controller connects the
 * account; it then resets to Account, and cancels the sign-in when the person leaves the view unconnected.
 */
export default function ConnectingFarcaster({ portico }: PorticoViewProps) {
  const t = useConnectMessages();
  return (
    <EmbeddedWalletGate portico={portico} off={<ErrorPanel message={t('farcaster.off')} />}>
      {(wallet) => <FarcasterProgress portico={portico} farcaster={wallet.farcaster} />}
    </EmbeddedWalletGate>
  );
}

function FarcasterProgress({ portico, farcaster }: { portico: PorticoCore; farcaster: FarcasterLogin }) {
  const t = useConnectMessages();
  const state = useStoreSnapshot(farcaster);

  useEffect(() => {
    // The QR encoder loads while the secure site asks the relay for a channel: the code draws when the URL arrives.
    void preloadQrCode().catch(() => undefined);
    const { step, error } = farcaster.getSnapshot();
    if (step === 'idle' && error === undefined) farcaster.start();
  }, [farcaster]);

  if (state.error !== undefined) {
    return (
      <div className="portico-center">
        <SocialIcon provider="farcaster" large />
        <ErrorPanel message={state.error} onRetry={() => farcaster.start()} retryLabel={t('tryAgain')} />
      </div>
    );
  }
  // The app approved and the secure site verified the message: the controller connects the account, then shows Account.
  if (state.step === 'connected') {
    return (
      <div className="portico-center" aria-busy="true">
        <SocialIcon provider="farcaster" large />
        <StatusLine>{t('social.signingIn')}</StatusLine>
      </div>
    );
  }
  // 'waiting' for the app with the url on screen; before it ('connecting': the relay's channel is being opened) the QR's place.
  return (
    <div className="portico-center">
      {state.url ? <QrCode value={state.url} label={t('farcaster.qrLabel')} size={QR_SIZE} /> : <QrPlaceholder size={QR_SIZE} />}
      {state.url ? <WaitingForApp portico={portico} farcaster={farcaster} url={state.url} /> : <StatusLine>{t('qr.preparing')}</StatusLine>}
    </div>
  );
}

function WaitingForApp({ portico, farcaster, url }: { portico: PorticoCore; farcaster: FarcasterLogin; url: string }) {
  const t = useConnectMessages();
  return (
    <>
      <p className="portico-muted">{t('farcaster.scanHint')}</p>
      {/* On a phone with the app, the same URL opens it directly. */}
      <a className="portico-button" href={url} rel="noopener noreferrer">
        {t('farcaster.open')}
      </a>
      {/* announce={false}: the toast (itself a status) is the one "Link copied" text on the page. */}
      <CopyButton
        portico={portico}
        value={() => farcaster.getSnapshot().url}
        label={t('copy.link')}
        copiedMessage={t('copy.copied')}
        failedMessage={t('copy.failed')}
        announce={false}
      />
    </>
  );
}
