import { createStore, type Store } from 'jotai/vanilla';
import type { Eip1193Provider } from './adapters/eip155/discovery';
import { createEip155Adapter } from './adapters/eip155/adapter';
import { lazyBip122Adapter } from './adapters/bip122/lazy';
import { lazySolanaAdapter } from './adapters/solana/lazy';
import { lazyWalletConnectOnlyAdapter, WALLET_CONNECT_ONLY_NAMESPACES } from './adapters/walletconnect/lazy';
import type { ChainAdapter } from './adapters/types';
import { accountsAtom, activeNamespaceAtom, alertAtom, optionsAtom, themeAtom } from './atoms';
import { projectIdNotConfiguredAlert } from './alerts';
import { CONNECTOR_IDS, type ChainNamespace } from './constants';
import type { AccountDataController } from './controllers/account-data';
import { createConnectionController, type ConnectionController } from './controllers/connection';
import type { SendController } from './controllers/send-form';
import type { NamesController } from './controllers/names-form';
import type { SwapController } from './controllers/swap-form';
import type { RegistryController } from './controllers/registry';
import type { SignInController } from './controllers/siwx';
import { createWalletConnectController, type WalletConnectController } from './controllers/walletconnect';
import { createWalletConnectSource } from './walletconnect/source';
import { createModalController, type ModalController } from './controllers/modal';
import type { OnRampController } from './controllers/onramp';
import { createRouterController, type RouterController } from './controllers/router';
import { createToastController, type ToastController } from './controllers/toast';
import { createEventBus, type EventBus } from './events';
import { parseOptions, type PorticoOptions } from './options';
import { alertOnOriginRefusal } from './api/origin-guard';
import { lazyAsync, lazyController, lazyModule, type LazyControllerLoad } from './lazy';
import { createEmbeddedHandle, type EmbeddedWalletHandle } from './embedded-wallet';
import { connectorImageUrl } from './images';
import type { FrameContainer } from './controllers/embedded';
import { createPorticoStorage, recentWallets, type KeyValueStorage, type PorticoStorage } from './storage';
import type { ViewName } from './views';

// The forms of the send, swap and names views (their inputs' setters) load with those views, once per page.
const sendForm = lazyModule(() => import('./controllers/send-form').then(({ createSendForm }) => createSendForm));
const swapForm = lazyModule(() => import('./controllers/swap-form').then(({ createSwapForm }) => createSwapForm));
const namesForm = lazyModule(() => import('./controllers/names-form').then(({ createNamesForm }) => createNamesForm));
// Each flow's async methods: loaded by lazyAsync, and queued by lazyController behind its form's setters.
const SEND_FLOW_METHODS = ['checkReceiver', 'preview', 'send', 'checkAgain', 'preselectToken'] as const;
const NAMES_FLOW_METHODS = ['checkAvailability', 'register', 'namesForAddress'] as const;
const SWAP_FLOW_METHODS = ['loadTokens', 'fetchQuote', 'approve', 'swap', 'checkAgain'] as const;

/** What Portico needs from the page it runs in; tests pass fakes, the shell passes `window`. */
export interface PorticoEnvironment {
  storage: KeyValueStorage;
  /** Target of EIP-6963 events (the page's window). */
  eventTarget: EventTarget;
  /** `window.ethereum`, if present. */
  legacyProvider?: Eip1193Provider;
  isMobile: boolean;
  /** The origin of the page this one is framed in (absent in a top-level page): the Safe connector's check. */
  parentOrigin?: string;
  /** Where the embedded wallet's hidden iframe goes (the shell: its shadow root). */
  frameContainer?: () => FrameContainer | undefined;
  /** Adapters to use instead of the built-in ones (tests, future namespaces). */
  adapters?: Partial<Record<ChainNamespace, ChainAdapter>>;
}

/**
 * One Portico instance's state and controllers. The shell creates it; every view (in any remote)
 * receives it as a prop and reads its atoms through the same jotai store.
 */
export interface PorticoCore {
  store: Store;
  options: PorticoOptions;
  environment: PorticoEnvironment;
  router: RouterController;
  modal: ModalController;
  toast: ToastController;
  connection: ConnectionController;
  events: EventBus;
  storage: PorticoStorage;
  walletConnect: WalletConnectController;
  /** Tokens, NFTs, activity and identity of the active account, from the blockchain API. */
  accountData: AccountDataController;
  send: SendController;
  /** Name registration (RegisterAccountName): availability, suggestions, sign and register. */
  names: NamesController;
  /** Token swaps through the API's exchange (remotes/swap). */
  swap: SwapController;
  /** On-ramp providers, options, quotes and the provider hand-off (spec sections 3, 7, 8). */
  onramp: OnRampController;
  /**
   * Sign in with the wallet; present when the host set `siwx` or `siweConfig`. Its code loads on the
   * first call (`start()`, which the shell makes after `connection.start()`); the state is `signInAtom`.
   */
  siwx?: SignInController;
  /**
   * The embedded wallet (email and social login, approval gate); present when the host set `embeddedWallet` and
   * the `email` feature is on or `socials` names a provider. Its code and the secure site's iframe load on `load()`.
   */
  embedded?: EmbeddedWalletHandle;
  /** The wallet registry; absent when the host set no `apiUrl`. */
  registry?: RegistryController;
  /**
   * Loads the code a view's inputs run on (the send form for WalletSend and Pay, the swap form for Swap, the names
   * form for RegisterAccountName and its success view; nothing for other views). The outlet shows the view once it
   * has arrived, so its inputs update synchronously; a call on `send`, `swap` or `names` before that waits for it.
   */
  prepareView(view: ViewName): Promise<void>;
  /** Whether `prepareView(view)` has nothing left to load (the outlet then shows a view that has arrived at once). */
  viewPrepared(view: ViewName): boolean;
  /** Opens ConnectingExternal for a wallet and connects; on success shows Account. */
  connectExternal(connectorId: string): Promise<boolean>;
  /** Shows the pairing (QR or deep link) for WalletConnect, optionally for a picked registry wallet. */
  connectWalletConnect(wallet?: import('./api/wallets').RegistryWallet): Promise<boolean>;
}

export function createPorticoCore(optionsInput: unknown, environment: PorticoEnvironment): PorticoCore {
  const options = parseOptions(optionsInput);
  const store = createStore();
  store.set(optionsAtom, options);
  store.set(themeAtom, { themeMode: options.themeMode, themeVariables: options.themeVariables });

  const events = createEventBus();
  const storage = createPorticoStorage(environment.storage);
  const toast = createToastController(store);
  const isConnected = () => store.get(accountsAtom)[store.get(activeNamespaceAtom)]?.status === 'connected';

  let router: RouterController;
  const modal: ModalController = createModalController(store, {
    router: () => router,
    isConnected,
    walletConnectOnly: options.networks.every((network) => (WALLET_CONNECT_ONLY_NAMESPACES as readonly string[]).includes(network.chainNamespace)),
    isMobile: environment.isMobile,
    events,
    selectNamespace: (namespace) => connection.selectNamespace(namespace),
  });
  router = createRouterController(store, { close: () => modal.close() });

  let walletConnect: WalletConnectController;
  let connection: ConnectionController;
  const siwx: SignInController | undefined =
    options.siwx || options.siweConfig
      ? lazyAsync(
          () =>
            import('./controllers/siwx').then(({ createSignIn }) =>
              createSignIn({ store, options, adapters, connection, modal, router, events, toast }),
            ),
          ['start', 'signIn', 'cancel', 'config'],
        )
      : undefined;
  const { embeddedWallet, projectId } = options;
  // No project: spec §8's alert in the modal, and what needs the project (the API, the embedded wallet) stays off.
  if (!projectId) store.set(alertAtom, projectIdNotConfiguredAlert());
  const walletConnectSource = createWalletConnectSource({
    // A relay that needs a project refuses the pairing, which the WalletConnect view shows; Portico's relay does not.
    projectId: projectId ?? '',
    metadata: options.metadata,
    networks: options.networks,
    ...options.walletConnect,
    siwx: siwx?.config,
  });
  const embedded =
    embeddedWallet && projectId && (options.features.email || options.socials.length)
      ? createEmbeddedHandle(() =>
          import('./controllers/embedded').then(({ embeddedWalletInPage }) =>
            embeddedWalletInPage({ store, options: { ...options, embeddedWallet, projectId }, environment, router, modal, toast, events, connection: () => connection }),
          ),
        )
      : undefined;
  // One WalletConnect session serves every namespace: each adapter reaches it through this.
  const walletConnectAccess = { source: walletConnectSource, onUri: (uri: string | undefined) => walletConnect.receiveUri(uri) };
  const configured = (namespace: ChainNamespace) => options.networks.some((network) => network.chainNamespace === namespace);
  const adapters = environment.adapters ?? {
    eip155: createEip155Adapter({
      eventTarget: environment.eventTarget,
      legacyProvider: environment.legacyProvider,
      walletConnect: { ...walletConnectAccess, imageUrl: connectorImageUrl(options.apiUrl, 'walletConnect') },
      embedded,
      coinbase:
        options.enableCoinbase && configured('eip155')
          ? {
              appName: options.metadata.name,
              appLogoUrl: options.metadata.icons[0],
              appChainIds: options.networks.filter((network) => network.chainNamespace === 'eip155').map((network) => Number(network.id)),
              imageUrl: connectorImageUrl(options.apiUrl, CONNECTOR_IDS.coinbaseWalletSDK),
            }
          : undefined,
      safe:
        environment.parentOrigin && options.safeAppOrigins.includes(environment.parentOrigin) && configured('eip155')
          ? { parentOrigin: environment.parentOrigin, imageUrl: connectorImageUrl(options.apiUrl, CONNECTOR_IDS.safe) }
          : undefined,
    }),
    // Only pages with networks in a namespace hold its (lazy) adapter.
    ...(configured('solana') && { solana: lazySolanaAdapter(store, walletConnectAccess) }),
    // bip122 wallets are injected (Wallet Standard) or paired; its adapter hands the WalletConnect connector's calls on.
    ...(configured('bip122') && { bip122: lazyBip122Adapter(store, lazyWalletConnectOnlyAdapter('bip122', walletConnectAccess)) }),
    ...Object.fromEntries(
      WALLET_CONNECT_ONLY_NAMESPACES.filter(configured).map((namespace) => [namespace, lazyWalletConnectOnlyAdapter(namespace, walletConnectAccess)]),
    ),
  };
  connection = createConnectionController({
    store,
    options,
    adapters,
    storage,
    events,
    toast,
    onUnsupportedChain: () => modal.open({ view: 'UnsupportedChain' }),
  });

  walletConnect = createWalletConnectController({
    store,
    connection,
    storage,
    // Only the built-in adapter pairs through this source; injected test adapters need no warm-up.
    preload: () => {
      if (!environment.adapters) walletConnectSource.preload();
    },
  });
  const api = options.apiUrl && projectId ? { apiUrl: options.apiUrl, projectId, fetch: alertOnOriginRefusal(store) } : undefined;
  const accountData: AccountDataController = lazyAsync(
    () =>
      import('./controllers/account-data').then(({ createAccountDataController }) =>
        createAccountDataController({ store, api, storage, toast }),
      ),
    ['refreshTokens', 'refreshNfts', 'loadMoreTransactions', 'reloadTransactions', 'syncIdentity'],
  );
  /** After a send or swap lands: the balance, tokens and activity it changed, read again. */
  const refreshAfterTransaction = () => {
    void connection.refreshBalance(undefined, { force: true });
    void accountData.refreshTokens({ force: true });
    void accountData.reloadTransactions();
  };
  const sendFlow = lazyAsync(
    () =>
      import('./controllers/send').then(({ createSendFlow }) =>
        createSendFlow({
          store,
          api,
          adapters,
          events,
          onSent: refreshAfterTransaction,
        }),
      ),
    SEND_FLOW_METHODS,
  );
  const send: SendController & LazyControllerLoad = lazyController(sendForm, [store, sendFlow], {
    sync: ['setToken', 'setAmount', 'setMax', 'setReceiver', 'edit', 'reset'],
    async: SEND_FLOW_METHODS,
  });
  const onramp: OnRampController = lazyAsync(
    () =>
      import('./controllers/onramp').then(({ createOnRampController }) =>
        createOnRampController({ store, api, networks: options.networks }),
      ),
    ['load', 'quote', 'openProvider'],
  );
  const namesFlow = lazyAsync(
    () =>
      import('./controllers/names').then(({ createNamesFlow }) =>
        createNamesFlow({ store, api, adapters, router, accountData, storage }),
      ),
    NAMES_FLOW_METHODS,
  );
  const names: NamesController & LazyControllerLoad = lazyController(namesForm, [store, namesFlow], {
    sync: ['setLabel', 'chooseSuggestion', 'reset'],
    async: NAMES_FLOW_METHODS,
  });
  const swapFlow = lazyAsync(
    () =>
      import('./controllers/swap').then(({ createSwapFlow }) =>
        createSwapFlow({
          store,
          api,
          adapters,
          swapRouters: options.swapRouters,
          onSwapped: refreshAfterTransaction,
        }),
      ),
    SWAP_FLOW_METHODS,
  );
  const swap: SwapController & LazyControllerLoad = lazyController(swapForm, [store, swapFlow], {
    sync: ['setSourceToken', 'setToToken', 'setAmount', 'setMax', 'setSlippage', 'switchTokens', 'setUnlimitedApproval', 'reset'],
    async: SWAP_FLOW_METHODS,
  });
  const formOf: Partial<Record<ViewName, LazyControllerLoad>> = {
    WalletSend: send,
    Pay: send,
    Swap: swap,
    RegisterAccountName: names,
    RegisterAccountNameSuccess: names,
  };
  const registryOptions = {
    featuredWalletIds: options.featuredWalletIds,
    includeWalletIds: options.includeWalletIds,
    excludeWalletIds: options.excludeWalletIds,
    // Registries list mainnets; filtering by a local or test chain would hide every wallet.
    chains: options.networks.filter((network) => !network.testnet).map((network) => network.caipNetworkId),
  };
  const registry: RegistryController | undefined = api
    ? {
        ...lazyAsync(
          () =>
            import('./controllers/registry').then(({ createRegistryController }) =>
              createRegistryController({ store, storage, api, options: registryOptions }),
            ),
          ['loadConnectViewWallets', 'loadNextPage', 'search'],
        ),
        recentWallets: () => recentWallets(storage, registryOptions.excludeWalletIds),
      }
    : undefined;

  return {
    store,
    options,
    environment,
    router,
    modal,
    toast,
    connection,
    events,
    storage,
    walletConnect,
    accountData,
    send,
    onramp,
    names,
    swap,
    registry,
    siwx,
    embedded,
    prepareView: async (view) => formOf[view]?.load(),
    viewPrepared: (view) => formOf[view]?.loaded() ?? true,
    async connectWalletConnect(wallet) {
      router.push('ConnectingWalletConnect', { wallet });
      const connected = await walletConnect.ensurePairing({ wallet, isMobile: environment.isMobile });
      if (connected && router.current().view === 'ConnectingWalletConnect') modal.connected();
      return connected;
    },
    async connectExternal(connectorId) {
      router.push('ConnectingExternal', { connectorId });
      const connected = await connection.connect(connectorId);
      if (connected && router.current().view === 'ConnectingExternal') modal.connected();
      return connected;
    },
  };
}
