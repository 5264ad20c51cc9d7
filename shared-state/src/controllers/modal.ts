import { atom, type Atom, type Store } from 'jotai/vanilla';
import { activeNamespaceAtom, modalFlagsAtom, routerAtom, type ModalFlags } from '../atoms';
import { SHAKE_RESET_MS, type ChainNamespace } from '../constants';
import type { EventBus } from '../events';
import type { ViewName } from '../views';
import type { RouterController } from './router';

export interface OpenOptions {
  view?: ViewName;
  /** AppKit's option: this namespace and its network become the active ones, and Connect lists only its wallets. */
  namespace?: ChainNamespace;
}

export interface ModalController {
  /**
   * Shows the first view at once; never waits on the network.
   * @throws {NamespaceNotConfiguredError} `namespace` is not the namespace of a configured network
   */
  open(options?: OpenOptions): void;
  /**
   * Connect, listing only `namespace`'s wallets, pushed on the open modal's history (Back returns to where the
   * person was; no MODAL_OPEN): Choose Network's "Connect a wallet for Solana". `namespace` becomes active as with
   * `open({ namespace })`, and the filter holds until the next `open`. Left without a wallet connected there (Back,
   * or the modal closed), the namespace active before is active again, on its account's network: the page is not
   * left on a network without a wallet.
   * `comeBack`: once a wallet connects there, the modal returns to the view that asked (Pay), not to Account.
   * @throws {NamespaceNotConfiguredError} `namespace` is not the namespace of a configured network
   */
  showConnectFor(namespace: ChainNamespace, options?: { comeBack?: boolean }): void;
  /** A wallet connected from Connect: back to the view that asked with `showConnectFor(…, { comeBack })`, else Account. */
  connected(): void;
  /** The namespace the last `open` or `showConnectFor` asked for (undefined: every namespace): the wallet lists show only its wallets. */
  readonly namespaceFilter: Atom<ChainNamespace | undefined>;
  /** Closes unless the view forbids it (ApproveTransaction), in which case the modal shakes. */
  close(force?: boolean): boolean;
  setLoading(loading: boolean): void;
  shake(): void;
  /**
   * Installs the check `close` asks first: true keeps the modal open, whatever `force` says (required
   * sign-in installs one, which also says why). One guard at a time.
   */
  guardClose(guard: () => boolean): void;
}

/**
 * The view an `open()` without a view shows (spec §2): Account when connected, else Connect; a site whose networks
 * are all in namespaces only WalletConnect reaches (AppKit: no adapters) opens on All Wallets on a phone and on
 * ConnectingWalletConnectBasic (the QR code, All Wallets below) elsewhere.
 */
export function openingView(page: { connected: boolean; walletConnectOnly: boolean; isMobile: boolean }): ViewName {
  if (page.connected) return 'Account';
  if (!page.walletConnectOnly) return 'Connect';
  return page.isMobile ? 'AllWallets' : 'ConnectingWalletConnectBasic';
}

/** Views that may not be closed without `force` (spec section 2). */
const CLOSE_BLOCKING_VIEWS: readonly ViewName[] = ['ApproveTransaction'];

export function createModalController(
  store: Store,
  deps: {
    router: () => RouterController;
    isConnected: () => boolean;
    /** Every configured network is in a namespace only WalletConnect reaches (`openingView`; default false). */
    walletConnectOnly?: boolean;
    isMobile?: boolean;
    events: EventBus;
    /** The connection's `selectNamespace`: the namespace and its network become active, or it throws (unconfigured). */
    selectNamespace(namespace: ChainNamespace): void;
  },
): ModalController {
  let shakeTimer: ReturnType<typeof setTimeout> | undefined;
  let closeGuard: (() => boolean) | undefined;
  const namespaceFilter = atom<ChainNamespace | undefined>(undefined);
  /**
   * While Connect pushed by `showConnectFor` is in the history: the namespace to return to, that Connect's depth, and
   * whether a connection goes back to the view below it.
   */
  let returnTo: { namespace: ChainNamespace; depth: number; comeBack: boolean } | undefined;
  const settleReturn = () => {
    const { namespace } = returnTo!;
    returnTo = undefined;
    if (!deps.isConnected()) deps.selectNamespace(namespace);
  };
  store.sub(routerAtom, () => {
    if (returnTo && store.get(routerAtom).history.length < returnTo.depth) settleReturn();
  });
  const setFlags = (patch: Partial<ModalFlags>) =>
    store.set(modalFlagsAtom, { ...store.get(modalFlagsAtom), ...patch });

  const controller: ModalController = {
    namespaceFilter,
    open(options = {}) {
      returnTo = undefined;
      const { namespace } = options;
      if (namespace) deps.selectNamespace(namespace);
      // Each open decides the filter, so a plain open() after open({ namespace }) lists every wallet again.
      store.set(namespaceFilter, namespace);
      const connected = deps.isConnected();
      deps.router().reset(options.view ?? openingView({ connected, walletConnectOnly: deps.walletConnectOnly ?? false, isMobile: deps.isMobile ?? false }));
      setFlags({ open: true });
      deps.events.track('MODAL_OPEN', { connected });
    },
    showConnectFor(namespace, options = {}) {
      const from = store.get(activeNamespaceAtom);
      deps.selectNamespace(namespace);
      store.set(namespaceFilter, namespace);
      deps.router().push('Connect');
      returnTo = { namespace: from, depth: store.get(routerAtom).history.length, comeBack: options.comeBack ?? false };
    },
    connected() {
      if (returnTo?.comeBack) deps.router().backTo(returnTo.depth - 1);
      else deps.router().reset('Account');
    },
    close(force = false) {
      if (!store.get(modalFlagsAtom).open) return true;
      if (closeGuard?.()) {
        controller.shake();
        return false;
      }
      if (!force && CLOSE_BLOCKING_VIEWS.includes(deps.router().current().view)) {
        controller.shake();
        return false;
      }
      setFlags({ open: false, loading: false });
      if (returnTo) settleReturn();
      deps.events.track('MODAL_CLOSE', { connected: deps.isConnected() });
      return true;
    },
    guardClose(guard) {
      closeGuard = guard;
    },
    setLoading(loading) {
      setFlags({ loading });
    },
    shake() {
      clearTimeout(shakeTimer);
      setFlags({ shake: true });
      shakeTimer = setTimeout(() => setFlags({ shake: false }), SHAKE_RESET_MS);
    },
  };
  return controller;
}
