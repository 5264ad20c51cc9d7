import type { Store } from 'jotai/vanilla';
import type { RegistryWallet } from '../api/wallets';
import { connectAttemptAtom, walletConnectAtom, type WalletConnectState } from '../atoms';
import { CONNECTOR_IDS } from '../constants';
import { isPairingExpired, pairingExpiresAt, walletDeepLink } from '../pairing';
import type { PorticoStorage } from '../storage';
import type { ConnectionController } from './connection';

export interface WalletConnectController {
  /**
   * Makes sure a usable pairing URI is (or will be) on screen. A pairing in flight whose URI has
   * more than 10 s left is reused, so reopening the view never breaks a scan in progress;
   * otherwise a new pairing starts. Resolves true when the wallet approved.
   */
  ensurePairing(options?: { wallet?: RegistryWallet; isMobile?: boolean }): Promise<boolean>;
  /** Warms the WalletConnect client while the person looks at the wallet list. */
  preload(): void;
  /** Called with each pairing URI the relay hands out; undefined withdraws a URI that can no longer work. */
  receiveUri(uri: string | undefined): void;
  /** The deep link for the picked wallet, remembered as the person's choice (mobile). */
  openDeepLink(wallet: RegistryWallet, context: { isTelegram: boolean }): { href: string; target: string } | undefined;
  /** Spec section 4, Reset: clears URI, expiry, linking, recent wallet and the stored deep link. */
  reset(): void;
}

export function createWalletConnectController(deps: {
  store: Store;
  connection: ConnectionController;
  storage: PorticoStorage;
  preload(): void;
  now?: () => number;
}): WalletConnectController {
  const { store, connection, storage } = deps;
  const now = deps.now ?? Date.now;
  let inFlight: Promise<boolean> | undefined;
  let attempt = 0;

  const patch = (next: Partial<WalletConnectState>) => store.set(walletConnectAtom, { ...store.get(walletConnectAtom), ...next });

  function startPairing(method: 'qrcode' | 'mobile'): Promise<boolean> {
    const thisAttempt = ++attempt;
    patch({ status: 'pairing', wcUri: undefined, wcPairingExpiry: undefined, wcError: false, errorMessage: undefined, buffering: true });
    const pairing = connection.connect(CONNECTOR_IDS.walletConnect, { method }).then((connected) => {
      if (thisAttempt !== attempt) return connected; // a newer pairing replaced this one
      inFlight = undefined;
      if (connected) {
        finalize();
      } else {
        const failure = store.get(connectAttemptAtom);
        patch({
          status: 'error',
          wcError: true,
          buffering: false,
          errorMessage: failure.status === 'rejected' ? 'Connection declined' : failure.errorMessage,
        });
      }
      return connected;
    });
    inFlight = pairing;
    return pairing;
  }

  /** Spec section 4, Finalize: stores the deep link and the recent wallet. */
  function finalize() {
    const { recentWallet, wcLinking } = store.get(walletConnectAtom);
    if (wcLinking) storage.set('walletConnectDeepLink', wcLinking);
    if (recentWallet) storage.addRecentWallet({ id: recentWallet.id, name: recentWallet.name });
    patch({ status: 'connected', wcUri: undefined, wcPairingExpiry: undefined, buffering: false });
  }

  return {
    ensurePairing({ wallet, isMobile = false } = {}) {
      if (wallet) patch({ recentWallet: wallet });
      const state = store.get(walletConnectAtom);
      const live = state.status === 'pairing' && (state.buffering || !isPairingExpired(state.wcPairingExpiry, now()));
      if (inFlight && live) return inFlight;
      return startPairing(isMobile ? 'mobile' : 'qrcode');
    },
    preload: deps.preload,
    receiveUri(uri) {
      if (uri === undefined) patch({ wcUri: undefined, wcPairingExpiry: undefined, buffering: true });
      else patch({ wcUri: uri, wcPairingExpiry: pairingExpiresAt(now()), buffering: false });
    },
    openDeepLink(wallet, context) {
      const { wcUri } = store.get(walletConnectAtom);
      const link = wallet.mobile_link ?? wallet.webapp_link;
      if (!wcUri || !link) return undefined;
      const deepLink = walletDeepLink(link, wcUri, context);
      patch({ wcLinking: { name: wallet.name, href: link } });
      return deepLink;
    },
    reset() {
      attempt++;
      inFlight = undefined;
      store.set(walletConnectAtom, { status: 'idle', wcError: false, buffering: false });
      storage.remove('walletConnectDeepLink');
    },
  };
}
