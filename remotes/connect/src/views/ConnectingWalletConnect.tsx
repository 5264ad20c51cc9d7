import {
  isPairingExpired,
  routerAtom,
  walletConnectAtom,
  walletDeepLink,
  type PorticoCore,
  type PorticoViewProps,
  type RegistryWallet,
} from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { QrCode } from '../components/QrCode';
import { WalletIcon } from '../components/WalletIcon';
import { isTelegram } from '../environment';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** How often the view checks that the URI on screen is still usable (spec: default retry gap 1 s). */
const EXPIRY_CHECK_MS = 1_000;

/**
 * Keeps a usable pairing on screen. A live pairing is reused (a scan in progress never breaks);
 * when the wallet approves a pairing this view started, it shows Account as connectWalletConnect does.
 */
function pair(portico: PorticoCore, wallet: RegistryWallet | undefined) {
  void portico.walletConnect.ensurePairing({ wallet, isMobile: portico.environment.isMobile }).then((connected) => {
    if (connected && portico.router.current().view === 'ConnectingWalletConnect') portico.router.reset('Account');
  });
}

/**
 * WalletConnect pairing. Desktop: a QR code of the `wc:` URI and Copy link. Mobile with a picked
 * wallet: a deep link into that wallet (Telegram rules from the spec). Leaving the view keeps the
 * pairing alive, so coming back shows the same QR while it has more than 10 s left.
 */
export default function ConnectingWalletConnect({ portico }: PorticoViewProps) {
  const wallet = useAtomValue(routerAtom).data?.wallet;
  const state = useAtomValue(walletConnectAtom);
  const walletName = wallet?.name ?? 'WalletConnect';

  useEffect(() => {
    // An error stays on screen until the person asks to try again.
    if (portico.store.get(walletConnectAtom).status !== 'error') pair(portico, wallet);
    const timer = setInterval(() => {
      const current = portico.store.get(walletConnectAtom);
      if (current.status === 'pairing' && !current.buffering && isPairingExpired(current.wcPairingExpiry, Date.now())) {
        pair(portico, wallet); // the URI is about to expire: a fresh one replaces it
      }
    }, EXPIRY_CHECK_MS);
    return () => clearInterval(timer);
    // The picked wallet is fixed for the life of the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [portico]);

  const copyLink = async () => {
    const uri = portico.store.get(walletConnectAtom).wcUri;
    if (!uri) return;
    try {
      await navigator.clipboard.writeText(uri);
      portico.toast.show('success', 'Link copied');
    } catch {
      portico.toast.show('error', 'Could not copy the link');
    }
  };

  if (state.wcError) {
    return (
      <div className="portico-center">
        <WalletIcon src={wallet?.image_url} large />
        <div role="alert" className="portico-stack">
          <p className="portico-error-text">{state.errorMessage ?? 'Connection failed'}</p>
          {state.errorMessage === 'Connection declined' && (
            <p className="portico-muted">Connection can be declined if a previous request is still active</p>
          )}
        </div>
        <button type="button" className="portico-button" onClick={() => pair(portico, wallet)}>
          Try again
        </button>
      </div>
    );
  }

  const uri = state.status === 'pairing' && !state.buffering ? state.wcUri : undefined;
  const mobileLink = portico.environment.isMobile && wallet ? (wallet.mobile_link ?? wallet.webapp_link) : undefined;

  if (mobileLink && wallet) {
    const deepLink = uri ? walletDeepLink(mobileLink, uri, { isTelegram: isTelegram() }) : undefined;
    return (
      <div className="portico-center">
        <WalletIcon src={wallet.image_url} large />
        <p className="portico-title">Continue in {wallet.name}</p>
        {deepLink ? (
          <>
            <p className="portico-muted">Accept the connection request in the wallet</p>
            <a
              className="portico-button"
              href={deepLink.href}
              target={deepLink.target}
              rel="noopener noreferrer"
              style={{ textDecoration: 'none' }}
              // Remembers the choice (wcLinking) so the next pairing opens the same wallet.
              onClick={() => void portico.walletConnect.openDeepLink(wallet, { isTelegram: isTelegram() })}
            >
              Open {wallet.name}
            </a>
            <button type="button" className="portico-button portico-button-secondary" onClick={() => void copyLink()}>
              Copy link
            </button>
          </>
        ) : (
          <Preparing text="Preparing the connection…" />
        )}
      </div>
    );
  }

  return (
    <div className="portico-center">
      {uri ? (
        <QrCode value={uri} label={`QR code for ${walletName}`} />
      ) : (
        <div
          aria-hidden="true"
          style={{ width: 280, height: 280, maxWidth: '100%', borderRadius: 'var(--portico-radius)', background: 'var(--portico-surface)' }}
        />
      )}
      <div className="portico-row">
        {wallet && <WalletIcon src={wallet.image_url} />}
        <p className="portico-title">{wallet ? `Scan with ${wallet.name}` : 'Scan with your phone'}</p>
      </div>
      {uri ? (
        <>
          <p className="portico-muted">Scan this QR code with a WalletConnect wallet, or copy the link into it.</p>
          <button type="button" className="portico-button portico-button-secondary" onClick={() => void copyLink()}>
            Copy link
          </button>
        </>
      ) : (
        <Preparing text="Preparing QR code…" />
      )}
    </div>
  );
}

function Preparing({ text }: { text: string }) {
  return (
    <p className="portico-row portico-muted" role="status">
      <span className="portico-spinner" aria-hidden="true" />
      {text}
    </p>
  );
}
