/**
 * The embedded wallet in the modal (issues 11 and 12; spec sections 2, 4, 6, 8): mounts the secure site's hidden
 * iframe, opens the frame channel, and ties the email, social and Farcaster login stores, the approval gate and the
 * AUTH connector to the router and the connection. Loaded on first use through `portico.embedded` (never with the page).
 *
 * Navigation lives here, not in the views: a login step moves the router (verify device → verify code →
 * Account; the social popup → ConnectingSocial → Account; Farcaster's approval → Account), leaving ConnectingSocial
 * drops the social sign-in, leaving ConnectingFarcaster unconnected cancels Farcaster's (and reloads the frame),
 * the secure site's approval screen (APPROVAL_SHOWN, whoever sent the request) opens ApproveTransaction, which shows
 * the frame, and its end (APPROVAL_HIDDEN) returns; leaving that view or closing the modal (forced) asks the frame to
 * reject (CANCEL_APPROVAL). The decision itself is only ever the frame's (issue 28).
 *
 * Smart accounts: the connection's `allAccounts` are the user's accounts with their types (the connected one
 * first; they follow a switch and GET_USER after a network switch); the chains with smart accounts are asked
 * once per connection; a send approved from the undeployed smart account reads INIT_SMART_ACCOUNT afterwards.
 */
import type { Store } from 'jotai/vanilla';
import type { ConnectedAccount, WalletEventHandlers } from '../adapters/types';
import { alertAtom, modalFlagsAtom, routerAtom, themeAtom } from '../atoms';
import { CONNECTOR_IDS, SECURE_SITE_SDK_VERSION } from '../constants';
import type { EmbeddedSource, EmbeddedWallet } from '../embedded-wallet';
import { createAccountTypeStore } from '../embedded/account-type';
import { createApprovalFrame } from '../embedded/approval-frame';
import { createCallBatchStore } from '../embedded/call-batches';
import { createFrameChannel } from '../embedded/app-channel';
import { syncHostWithFrame } from '../embedded/host-sync';
import { ACTION_NOT_ALLOWED_DELAY_MS, ACTION_NOT_ALLOWED_UI_MESSAGE, EMBEDDED_ALERTS } from '../embedded/constants';
import { EMBEDDED_STORAGE_KEYS, SIGNED_OUT_KEYS } from '../embedded/email-login';
import { createEmbeddedLogins } from '../embedded/logins';
import { isSocialProvider } from '../embedded/social-login';
import { openSocialWindowInPage, type OpenSocialWindow } from '../embedded/social-window';
import { SOCIAL_PROVIDER_NAMES } from '../embedded/socials';
import type { EmbeddedUser } from '../embedded/fields';
import { createDomFrameHost, secureSiteUrl, type FrameHost } from '../embedded/frame-host';
import { createEmbeddedProvider } from '../embedded/provider';
import type { ListenTarget } from '../embedded/wire';
import type { EventBus } from '../events';
import type { CaipNetwork } from '../network';
import type { PorticoEnvironment } from '../core';
import type { PorticoOptions } from '../options';
import type { ViewName } from '../views';
import type { KeyValueStorage } from '../storage';
import type { ConnectionController } from './connection';
import type { ModalController } from './modal';
import type { RouterController } from './router';
import type { ToastController } from './toast';
import { logs } from '../log-buffer';

/** Where the hidden iframe goes: the shell's shadow root. */
export type FrameContainer = Parameters<typeof createDomFrameHost>[0];

export interface EmbeddedWalletDeps {
  store: Store;
  options: PorticoOptions & { embeddedWallet: { url: string }; projectId: string };
  storage: KeyValueStorage;
  router: RouterController;
  modal: ModalController;
  toast: ToastController;
  events: Pick<EventBus, 'track'>;
  connection: () => ConnectionController;
  /** The page's window: where the frame's replies arrive. */
  listenTarget: ListenTarget;
  /** Mounts the secure site's iframe (the shell: `createDomFrameHost(shadowRoot)`; tests: a fake window pair). */
  frameHost: FrameHost;
  /** The page's origin, passed to the secure site for browsers without `location.ancestorOrigins`. */
  parentOrigin?: string;
  /** Opens the social login's blank popup (the page: `openSocialWindowInPage`; tests: a fake window). */
  openWindow: OpenSocialWindow;
}

/**
 * The wallet in a real page: its iframe in the shell's container (`environment.frameContainer`), replies
 * on the page's window. The core calls this when `portico.embedded` first loads.
 * @throws when the modal has no container on the page yet
 */
export function embeddedWalletInPage(
  parts: Omit<EmbeddedWalletDeps, 'storage' | 'listenTarget' | 'frameHost' | 'parentOrigin' | 'openWindow'> & { environment: PorticoEnvironment },
): LoadedEmbeddedWallet {
  const { environment, ...deps } = parts;
  const container = environment.frameContainer?.();
  if (!container) throw new Error('The embedded wallet needs the modal on the page');
  return createEmbeddedWallet({
    ...deps,
    storage: environment.storage,
    listenTarget: environment.eventTarget as unknown as ListenTarget,
    frameHost: createDomFrameHost(container),
    parentOrigin: globalThis.location?.origin,
    openWindow: () => openSocialWindowInPage(),
  });
}

/** The loaded wallet plus the AUTH connector's side (the eager handle forwards the adapter's calls to it). */
export type LoadedEmbeddedWallet = EmbeddedWallet & { source: Omit<EmbeddedSource, 'provider'> };

/**
 * @example
 * const wallet = createEmbeddedWallet({ store, options, storage, router, modal, toast, events, connection: () => connection,
 *   listenTarget: window, frameHost: createDomFrameHost(element.shadowRoot) });
 * await wallet.login.submitEmail('ada@example.com'); // the router shows EmailVerifyOtp
 */
export function createEmbeddedWallet(deps: EmbeddedWalletDeps): LoadedEmbeddedWallet {
  const { store, options, storage, router, modal } = deps;
  const eip155Networks = options.networks.filter((network) => network.chainNamespace === 'eip155');
  const storedChain = Number(storage.getItem(EMBEDDED_STORAGE_KEYS.lastChain));
  let chainId = eip155Networks.some((network) => Number(network.id) === storedChain) ? storedChain : Number(options.defaultNetwork.id);

  const frame = deps.frameHost.mount(
    secureSiteUrl(options.embeddedWallet.url, {
      projectId: options.projectId,
      chainId,
      version: SECURE_SITE_SDK_VERSION,
      enableLogger: false,
      ...(deps.parentOrigin ? { parentOrigin: deps.parentOrigin } : {}),
    }),
  );
  const channel = createFrameChannel({
    ...frame,
    listenTarget: deps.listenTarget,
    onIgnored: (ignored) => logs.debug('embedded wallet: ignored a message', ignored),
    onAlert: (title) => store.set(alertAtom, { title, message: alertMessage(title) }),
    onNotification: (notification) => {
      if (notification.name === 'CHAIN_CHANGED' && typeof notification.payload.chainId === 'number') rememberChain(notification.payload.chainId);
      approval.handleNotification(notification);
      provider.handleNotification(notification);
    },
  });
  // The secure site's screens take the host's theme and name the dapp (spec §7's theme and dapp data sync), the theme
  // again on every change.
  syncHostWithFrame({
    channel,
    options,
    theme: () => store.get(themeAtom),
    subscribeTheme: (listener) => store.sub(themeAtom, listener),
    onFailed: (event, error) => logs.debug(`embedded wallet: ${event} failed`, error),
  });
  // One sign-out for both stores: Account's "Sign out" is the AUTH connector's disconnect (login.signOut).
  const { login, social, farcaster, user: loggedInUser } = createEmbeddedLogins({
    channel,
    storage,
    openWindow: deps.openWindow,
    onReloadFailed: (error) => logs.debug('embedded wallet: RELOAD after leaving Farcaster failed', error),
  });
  const approval = createApprovalFrame({
    channel,
    frameHost: deps.frameHost,
    onCancelFailed: (error) => logs.debug('embedded wallet: CANCEL_APPROVAL failed', error),
  });
  followApprovalScreen();
  // A switch moves the connection as the frame's own accountsChanged would (it sends one too; applying twice is
  // harmless), and is tracked (spec section 4).
  const accountType = createAccountTypeStore({
    channel,
    storage,
    defaultType: options.defaultAccountTypes.eip155,
    onSwitched(address, type) {
      provider.handleNotification({ name: 'ACCOUNTS_CHANGED', payload: { accounts: [address] } });
      deps.events.track('SET_PREFERRED_ACCOUNT_TYPE', { accountType: type, network: `eip155:${chainId}` });
    },
  });
  const provider = createEmbeddedProvider({
    channel,
    account: () => accountType.address() ?? loggedInUser()?.address,
    chainId: () => chainId,
    onApproved: afterApproved,
    onNotAllowed: () =>
      setTimeout(() => {
        if (!store.get(modalFlagsAtom).open) modal.open();
        deps.toast.show('error', ACTION_NOT_ALLOWED_UI_MESSAGE);
      }, ACTION_NOT_ALLOWED_DELAY_MS),
  });

  // The batches a wallet_sendCalls sent: Account asks how they ended (a reload may have stopped one midway).
  const callBatches = createCallBatchStore({ request: (args) => provider.request(args), storage });

  function rememberChain(id: number) {
    chainId = id;
    storage.setItem(EMBEDDED_STORAGE_KEYS.lastChain, String(id));
    accountType.setChain(id);
  }

  // Smart accounts exist on the secure site's bundler chains only (GET_SMART_ACCOUNT_ENABLED_NETWORKS, asked once
  // per connection: `connection` counts sign-outs, so a late answer cannot reach the next session).
  let connection = 0;
  let smartAccountNetworks: Promise<readonly (number | string)[] | undefined> | undefined;
  /** A send from the undeployed smart account succeeded: Account reads INIT_SMART_ACCOUNT until it says deployed. */
  let deploymentPending = false;

  function loadSmartAccountNetworks() {
    const asked = connection;
    smartAccountNetworks ??= channel.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {}).then(
      ({ smartAccountEnabledNetworks }) => {
        if (asked === connection) accountType.setSmartAccountNetworks(smartAccountEnabledNetworks);
        return smartAccountEnabledNetworks;
      },
      (error) => {
        if (asked === connection) smartAccountNetworks = undefined; // asked again next time
        logs.debug('embedded wallet: reading the smart-account networks failed', error);
        return undefined;
      },
    );
    return smartAccountNetworks;
  }

  /**
   * A wallet_sendCalls answered is followed. The smart account deploys with its first user operation.
   * eth_sendTransaction answers once it is mined (the secure site waits for the receipt): read at once.
   * wallet_sendCalls answers before: read when Account opens next.
   */
  function afterApproved(method: string, params: unknown, result: unknown) {
    if (method === 'wallet_sendCalls') callBatches.follow(params, result);
    const { active, smartAccountDeployed } = accountType.getSnapshot();
    if (active !== 'smartAccount' || smartAccountDeployed || !['eth_sendTransaction', 'wallet_sendCalls'].includes(method)) return;
    deploymentPending = true;
    if (method === 'eth_sendTransaction') void readDeployment();
  }

  /**
   * INIT_SMART_ACCOUNT on a chain with smart accounts, one read at a time; a failure keeps what Account shows
   * (it is read again when Account shows next).
   */
  let deploymentRead: Promise<void> | undefined;
  function readDeployment() {
    const asked = connection;
    deploymentRead ??= (async () => {
      if (!(await loadSmartAccountNetworks())?.includes(chainId)) return;
      const smartAccount = await channel.request('INIT_SMART_ACCOUNT', {});
      if (asked !== connection) return;
      accountType.setDeployed(smartAccount);
      if (smartAccount.isDeployed) deploymentPending = false;
    })()
      .catch((error) => logs.debug('embedded wallet: reading whether the smart account is deployed failed', error))
      .finally(() => (deploymentRead = undefined));
    return deploymentRead;
  }

  /**
   * ApproveTransaction (or ExportPrivateKey, for the key export) follows the frame's screen: shown → the view (opening
   * the modal for it when closed), hidden → back where the person was. Leaving the view or closing the modal (forced)
   * while it shows asks the frame to reject.
   */
  function followApprovalScreen() {
    let openedForIt = false;
    /** The screen is up and its view has shown it: leaving the view from now on rejects. */
    let reached = false;
    let screenView: ViewName = 'ApproveTransaction';
    const onView = () => store.get(modalFlagsAtom).open && router.current().view === screenView;
    approval.subscribe(() => {
      const snapshot = approval.getSnapshot();
      const shown = snapshot !== undefined;
      if (shown && !reached) screenView = snapshot.screen === 'keyExport' ? 'ExportPrivateKey' : 'ApproveTransaction';
      if (shown && !reached && !onView()) {
        openedForIt = !store.get(modalFlagsAtom).open;
        if (openedForIt) modal.open({ view: screenView });
        else router.push(screenView);
      } else if (!shown && reached) {
        reached = false;
        if (!onView()) return;
        if (openedForIt) modal.close(true);
        else router.goBack();
      }
      if (shown && onView()) reached = true;
    });
    const rejectWhenLeft = () => {
      if (!reached || onView()) return;
      reached = false;
      approval.reject();
    };
    store.sub(routerAtom, rejectWhenLeft);
    store.sub(modalFlagsAtom, rejectWhenLeft);
  }

  // The login steps move the router; a code that logs in connects the AUTH connector.
  let previousStep = login.getSnapshot().step;
  login.subscribe(() => {
    const state = login.getSnapshot();
    const from = previousStep;
    previousStep = state.step;
    if (state.busy) return;
    const view = router.current().view;
    if (state.step === 'verify-device' && view !== 'EmailVerifyDevice') router.push('EmailVerifyDevice');
    else if (state.step === 'verify-otp' && view !== 'EmailVerifyOtp') {
      if (view === 'EmailVerifyDevice') router.replace('EmailVerifyOtp');
      else router.push('EmailVerifyOtp');
    } else if (state.step === 'connected' && from === 'verify-otp') void connectLoggedIn();
  });

  // The social sign-in shows ConnectingSocial while the popup is open; its user connects like the email login's.
  let previousSocialStep = social.getSnapshot().step;
  social.subscribe(() => {
    const { step, provider: socialProvider } = social.getSnapshot();
    const from = previousSocialStep;
    previousSocialStep = step;
    const { view, data } = router.current();
    if (step === 'waiting' && socialProvider) {
      const socialProviderName = SOCIAL_PROVIDER_NAMES[socialProvider];
      if (view !== 'ConnectingSocial') router.push('ConnectingSocial', { socialProviderName });
      else if (data?.socialProviderName !== socialProviderName) router.replace('ConnectingSocial', { socialProviderName });
    } else if (step === 'connected' && from === 'connecting') void connectLoggedIn();
  });
  // ConnectingFarcaster (pushed by Connect's button; the view starts the sign-in) shows the QR code until the
  // person approves in the Farcaster app; its user connects like the others.
  let previousFarcasterStep = farcaster.getSnapshot().step;
  farcaster.subscribe(() => {
    const { step } = farcaster.getSnapshot();
    const from = previousFarcasterStep;
    previousFarcasterStep = step;
    if (step === 'connected' && from === 'waiting') void connectLoggedIn();
  });
  // Leaving ConnectingSocial (back, another view) while the popup is open or its outcome is out drops the sign-in;
  // leaving ConnectingFarcaster while not connected clears its url and reloads the frame after 100 ms (spec section 2).
  let previousView = router.current().view;
  store.sub(routerAtom, () => {
    const { view } = router.current();
    const left = (name: ViewName) => previousView === name && view !== name;
    const leftSocial = left('ConnectingSocial');
    const leftFarcaster = left('ConnectingFarcaster');
    // Every showing of Account (an open resets the router) while a send's deployment is unconfirmed reads it.
    if (view === 'Account' && deploymentPending) void readDeployment();
    previousView = view;
    const { step } = social.getSnapshot();
    if (leftSocial && (step === 'waiting' || step === 'connecting')) social.cancel();
    if (leftFarcaster && farcaster.getSnapshot().step !== 'connected') farcaster.cancel();
  });

  async function connectLoggedIn() {
    if (await deps.connection().connect(CONNECTOR_IDS.auth)) deps.modal.connected();
    else deps.toast.show('error', 'The embedded wallet could not connect. Try again.');
  }

  /** The user's accounts with their types, `first` (default: the connected one) first: the connection's allAccounts. */
  const listedAccounts = (first?: string): Pick<ConnectedAccount, 'addresses' | 'accountTypes'> => {
    const accounts = accountType.accounts(first);
    return { addresses: accounts.map((account) => account.address), accountTypes: accounts.map((account) => account.type) };
  };

  const accountOf = (user: EmbeddedUser): ConnectedAccount => {
    // GET_USER on another chain (a reconnect that switches) sends no CHAIN_CHANGED: the watchers are told here, as the
    // frame's switch tells them, the chain first and then the user's accounts on it.
    const moved = user.chainId !== chainId;
    rememberChain(user.chainId as number);
    if (moved) provider.handleNotification({ name: 'CHAIN_CHANGED', payload: { chainId: user.chainId } });
    accountType.update(user);
    void loadSmartAccountNetworks();
    return {
      address: user.address,
      chainReference: String(user.chainId),
      ...listedAccounts(),
      user: { email: user.email, username: user.userName, authProvider: user.authProvider ?? 'email', smartAccountDeployed: user.smartAccountDeployed ?? false },
    };
  };

  const source: LoadedEmbeddedWallet['source'] = {
    // Asked after every login (not the login's own reply): GET_USER connects the preferred account type, on the
    // current chain or, to switch (spec section 4), on `network`'s.
    connect: async (network?: CaipNetwork) =>
      accountOf(await channel.request('GET_USER', { chainId: network ? Number(network.id) : chainId, preferredAccountType: accountType.preferred() })),
    async restore() {
      if (storage.getItem(EMBEDDED_STORAGE_KEYS.loginCached) !== 'true') return undefined;
      const { isConnected } = await channel.request('IS_CONNECTED', {});
      if (!isConnected) {
        // Spec section 4: not connected clears the login cache.
        for (const key of SIGNED_OUT_KEYS) storage.removeItem(EMBEDDED_STORAGE_KEYS[key]);
        return undefined;
      }
      const user = await channel.request('GET_USER', { chainId, preferredAccountType: accountType.preferred() });
      // A social or Farcaster user restores its store (Account shows its username); the email store stays at its field.
      if (isSocialProvider(user.authProvider)) social.restore(user);
      else if (user.authProvider === 'farcaster') farcaster.restore(user);
      else login.restore(user);
      return accountOf(user);
    },
    async disconnect() {
      await login.signOut();
      connection += 1;
      smartAccountNetworks = undefined;
      deploymentPending = false;
      accountType.reset();
      callBatches.reset();
    },
    async switchNetwork(network: CaipNetwork) {
      const reply = await channel.request('SWITCH_NETWORK', { chainId: Number(network.id) });
      if (typeof reply.chainId === 'number') rememberChain(reply.chainId);
      // Smart accounts exist on some chains only: the frame's accountsChanged moves the connection; the account
      // type (and the address eth_accounts answers) is read again. A failed read does not undo the switch.
      if (accountType.address() === undefined) return;
      try {
        accountOf(await channel.request('GET_USER', { chainId, preferredAccountType: accountType.preferred() }));
      } catch (error) {
        logs.debug('embedded wallet: reading the account after a network switch failed', error);
      }
    },
    watch(handlers: WalletEventHandlers) {
      // The frame names the connected address; the list and the types come from GET_USER (the store), and a new
      // list (a switch, GET_USER after a network switch) is told once, however many of those report it. The store
      // tells only when its own list changed: its other changes (busy, the chain) must not bring back an address
      // the frame already moved away from.
      let told = JSON.stringify(listedAccounts());
      let stored = told;
      const tell = (first: string | undefined) => {
        if (!first) return handlers.accountsChanged([]);
        const listed = listedAccounts(first);
        if (JSON.stringify(listed) === told) return;
        told = JSON.stringify(listed);
        // The accounts of the frame's chain: after a reconnect on another chain, both change as one.
        handlers.accountsChanged(listed.addresses!, listed.accountTypes, String(chainId));
      };
      const onAccounts = (accounts: unknown) => tell(Array.isArray(accounts) && accounts[0] !== undefined ? String(accounts[0]) : undefined);
      const onChain = (chain: unknown) => handlers.chainChanged(String(Number(chain)));
      const onDisconnect = () => handlers.disconnect();
      const stopAccountType = accountType.subscribe(() => {
        const listed = JSON.stringify(listedAccounts());
        if (listed === stored) return;
        stored = listed;
        tell(accountType.address());
      });
      provider.on('accountsChanged', onAccounts);
      provider.on('chainChanged', onChain);
      provider.on('disconnect', onDisconnect);
      return () => {
        stopAccountType();
        provider.removeListener('accountsChanged', onAccounts);
        provider.removeListener('chainChanged', onChain);
        provider.removeListener('disconnect', onDisconnect);
      };
    },
  };
  return { login, social, farcaster, approval, accountType, callBatches, provider, source };
}

/** The alert's line under the title (spec section 8 names the titles only). */
function alertMessage(title: string): string {
  if (title === EMBEDDED_ALERTS.loadFailed) return 'The email login is unavailable right now. Other ways to connect still work.';
  if (title === EMBEDDED_ALERTS.sessionExpired) return 'Log in with your email again.';
  return 'The embedded wallet did not answer in time. Try again.';
}

