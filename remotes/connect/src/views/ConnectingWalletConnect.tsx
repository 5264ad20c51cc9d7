import {
  CONNECTOR_IDS,
  connectorsAtom,
  isPairingExpired,
  registryAtom,
  routerAtom,
  walletConnectAtom,
  walletDeepLink,
  type PorticoCore,
  type PorticoViewProps,
  type RegistryWallet,
  type ViewName,
} from '@portico/shared-state';
import { mobileWalletLink } from '@portico/shared-state/wallet-list';
import { CopyButton, ErrorPanel, QrCode, QrPlaceholder, StatusLine, WalletIcon, preloadQrCode } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { ConnectingLogo } from '../components/ConnectingLogo';
import { GetWalletLink } from '../components/GetWalletLink';
import { MobileWallets } from '../components/MobileWallets';
import { WalletName } from '../components/WalletName';
import { isTelegram } from '../environment';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/** How often the view checks that the URI on screen is still usable (spec: default retry gap 1 s). */
const EXPIRY_CHECK_MS = 1_000;
const QR_SIZE = 280;

/** The views that show this pairing (ConnectingWalletConnectBasic shows it with All Wallets below). */
const PAIRING_VIEWS: readonly ViewName[] = ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'];

/**
 * Keeps a usable pairing on screen. A live pairing is reused (a scan in progress never breaks);
 * when the wallet approves a pairing this view started, the modal moves on as after connectWalletConnect (`modal.connected`).
 */
function pair(portico: PorticoCore, wallet: RegistryWallet | undefined) {
  void portico.walletConnect.ensurePairing({ wallet, isMobile: portico.environment.isMobile }).then((connected) => {
    if (connected && PAIRING_VIEWS.includes(portico.router.current().view)) portico.modal.connected();
  });
}

/**
 * WalletConnect pairing. Desktop: a QR code of the `wc:` URI and Copy link, and for a picked wallet its store links
 * (GetWallet). Mobile with a picked wallet: a deep link into that wallet (Telegram rules from the spec), its logo in
 * a turning ring, and Cancel; mobile without one: the registry's mobile wallets, each a deep link. Leaving the view
 * keeps the pairing alive, so coming back shows the same QR while it has more than 10 s left.
 */
export default function ConnectingWalletConnect({ portico }: PorticoViewProps) {
  const t = useConnectMessages();
  const wallet = useAtomValue(routerAtom).data?.wallet;
  const state = useAtomValue(walletConnectAtom);
  const registry = useAtomValue(registryAtom);
  const walletName = wallet?.name ?? 'WalletConnect';
  // No wallet picked: WalletConnect's own logo.
  const walletConnectIcon = useAtomValue(connectorsAtom).find((connector) => connector.id === CONNECTOR_IDS.walletConnect)?.imageUrl;
  const icon = wallet?.image_url ?? walletConnectIcon;

  useEffect(() => {
    // The QR encoder loads while the pairing is prepared: the code draws in the frame the URI arrives.
    void preloadQrCode().catch(() => undefined);
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

  // announce={false}: the toast (itself a status) is the one "Link copied" text on the page.
  const copyLink = (
    <CopyButton
      portico={portico}
      value={() => portico.store.get(walletConnectAtom).wcUri}
      label={t('copy.link')}
      copiedMessage={t('copy.copied')}
      failedMessage={t('copy.failed')}
      announce={false}
    />
  );

  if (state.wcError) {
    // The controller's words are English; the one this view knows is shown in the locale.
    const declined = state.errorMessage === 'Connection declined';
    return (
      <div className="portico-center">
        <ConnectingLogo src={icon} state="failed" />
        <ErrorPanel
          message={declined ? t('connection.declined') : (state.errorMessage ?? t('connection.failed'))}
          detail={declined ? t('connection.declinedDetail') : undefined}
          onRetry={() => pair(portico, wallet)}
          retryLabel={t('tryAgain')}
        />
      </div>
    );
  }

  const uri = state.status === 'pairing' && !state.buffering ? state.wcUri : undefined;
  const mobileLink = portico.environment.isMobile && wallet ? mobileWalletLink(wallet) : undefined;
  const mobileWallets = portico.environment.isMobile && !wallet ? [...registry.featured, ...registry.recommended].filter((entry) => mobileWalletLink(entry)) : [];

  if (mobileWallets.length > 0) {
    return (
      <div className="portico-stack">
        <MobileWallets portico={portico} wallets={mobileWallets} uri={uri} />
        {uri ? copyLink : <StatusLine>{t('wc.preparing')}</StatusLine>}
      </div>
    );
  }

  if (mobileLink && wallet) {
    const deepLink = uri ? walletDeepLink(mobileLink, uri, { isTelegram: isTelegram() }) : undefined;
    return (
      <div className="portico-center">
        <ConnectingLogo src={wallet.image_url} state="waiting" />
        <p className="portico-title">
          <WalletName name={wallet.name} within={(name) => t('connection.continueIn', { name })} />
        </p>
        {deepLink ? (
          <>
            <p className="portico-muted">{t('connection.accept')}</p>
            <a
              className="portico-button"
              href={deepLink.href}
              target={deepLink.target}
              rel="noopener noreferrer"
              // Remembers the choice (wcLinking) so the next pairing opens the same wallet.
              onClick={() => void portico.walletConnect.openDeepLink(wallet, { isTelegram: isTelegram() })}
            >
              {t('wc.open', { name: wallet.name })}
            </a>
            {copyLink}
          </>
        ) : (
          <StatusLine>{t('wc.preparing')}</StatusLine>
        )}
        <button type="button" className="portico-button portico-button-secondary" onClick={() => portico.router.goBack()}>
          {t('connecting.cancel')}
        </button>
      </div>
    );
  }

  return (
    <div className="portico-center">
      {uri ? <QrCode value={uri} label={t('wc.qrLabel', { name: walletName })} size={QR_SIZE} /> : <QrPlaceholder size={QR_SIZE} />}
      <div className="portico-row">
        {icon && <WalletIcon src={icon} />}
        <p className="portico-title">
          {wallet ? <WalletName name={wallet.name} within={(name) => t('wc.scanWith', { name })} /> : t('wc.scanWithPhone')}
        </p>
      </div>
      {uri ? (
        <>
          <p className="portico-muted">{t('wc.scanHint')}</p>
          {copyLink}
        </>
      ) : (
        <StatusLine>{t('qr.preparing')}</StatusLine>
      )}
      {wallet && !portico.environment.isMobile && <GetWalletLink portico={portico} wallet={wallet} />}
    </div>
  );
}
