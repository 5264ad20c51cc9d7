import {
  accountsAtom,
  activeNamespaceAtom,
  alertAtom,
  activeNetworkAtom,
  connectorsAtom,
  disconnectedAccount,
  findNetwork,
  initializedAtom,
  logs,
  modalStateAtom,
  NetworkNotFoundError,
  networkNotFoundAlert,
  porticoOptionsSchema,
  signInAtom,
  themeAtom,
  toCaipNetwork,
  type AccountState,
  type CaipNetwork,
  type EmbeddedAccountUser,
  type ChainNamespace,
  type ConnectorType,
  type ListedAccount,
  type NetworkInput,
  type PorticoCore,
  type PorticoEvent,
  type SIWXSession,
  type ThemeMode,
  type ThemeVariables,
  type ViewName,
} from '@portico/shared-state';
import { resolveLocale, type SupportedLocale } from '@portico/shared-state/locales';
import type { Atom } from 'jotai/vanilla';
import { keepCore } from './current-instance';

/** AppKit's `useAppKitAccount` shape, so hosts port by changing imports. */
export interface PorticoAccount {
  /** Every account the wallet granted in this namespace, `address` first; empty when not connected. */
  allAccounts: ListedAccount[];
  address?: string;
  /** CAIP-10, e.g. `eip155:1:0xabc…`. */
  caipAddress?: string;
  isConnected: boolean;
  status: AccountState['status'];
  /** The connected wallet's name and icon (AppKit's `useWalletInfo`). */
  walletInfo?: AccountState['connectedWalletInfo'];
  /** AppKit's: who is logged in to the embedded wallet, when it holds the account. */
  embeddedWalletInfo?: EmbeddedWalletInfo;
}

/** AppKit's `embeddedWalletInfo` of `useAppKitAccount`. */
export interface EmbeddedWalletInfo {
  user: { email?: string; username?: string };
  /** 'email', a social provider ('google', 'x', …) or 'farcaster'. */
  authProvider: string;
  accountType: 'eoa' | 'smartAccount';
  isSmartAccountDeployed: boolean;
}

/** The native balance the modal shows: exact decimal text (e.g. `'0.5'`) and its symbol. */
export interface PorticoBalance {
  balance: string;
  symbol: string;
}

/** The modal's theme, as `subscribeTheme` reports it. */
export interface PorticoTheme {
  themeMode: ThemeMode;
  themeVariables: ThemeVariables;
}

/** AppKit's `useAppKitState` shape. */
export interface PorticoState {
  open: boolean;
  loading: boolean;
  /** CAIP-2 id of the active network, e.g. `eip155:1`. */
  selectedNetworkId?: string;
  activeChain: ChainNamespace;
  /** False until the session stored before a reload has been restored (or found gone): before that, "not connected" may not be final. */
  initialized: boolean;
}

/**
 * What `createPortico(options)` returns: the host's handle on one modal. Every `get*` returns the
 * same object until what it reports changes, so it can feed React's `useSyncExternalStore`; every
 * `subscribe*` returns its unsubscribe function.
 */
export interface PorticoInstance {
  /**
   * Opens the modal. The view shows at once (Account when connected, else Connect, or the one
   * asked for); a remote view then loads inside the modal, never before this resolves.
   *
   * @param options.view - The view to show, e.g. `'Networks'`. A view whose feature is off shows an error inside the modal.
   * @param options.namespace - Makes this chain namespace the active one first, and Connect lists only its wallets
   *   (until the next `open`).
   * @throws {NamespaceNotConfiguredError} `namespace` is not one of the configured networks' namespaces.
   *
   * @example
   * await portico.open();
   * await portico.open({ view: 'Networks' });
   */
  open(options?: { view?: ViewName; namespace?: ChainNamespace }): Promise<void>;
  /**
   * Closes the modal. A view that may not be left unconfirmed (ApproveTransaction) shakes instead,
   * unless `force` is true.
   *
   * @example
   * await portico.close();
   */
  close(force?: boolean): Promise<void>;
  /**
   * The modal's state.
   *
   * @returns Open, loading, the active network and namespace, and whether the stored session has been restored.
   *
   * @example
   * const { open, selectedNetworkId } = portico.getState();
   */
  getState(): PorticoState;
  /**
   * Calls `callback` with the new state each time it changes.
   *
   * @returns Unsubscribe.
   *
   * @example
   * const unsubscribe = portico.subscribeState((state) => console.log(state.open));
   */
  subscribeState(callback: (state: PorticoState) => void): () => void;
  /**
   * The account of a namespace.
   *
   * @param namespace - Chain namespace; the active one when absent.
   * @returns Address, CAIP-10 address, status and every account the wallet granted.
   *
   * @example
   * const { isConnected, address } = portico.getAccount();
   * const evm = portico.getAccount('eip155');
   */
  getAccount(namespace?: ChainNamespace): PorticoAccount;
  /**
   * Calls `callback` with the account each time it changes (a balance refresh is not a change).
   *
   * @param namespace - Chain namespace to follow; the active one when absent (it follows a namespace switch).
   * @returns Unsubscribe.
   *
   * @example
   * const unsubscribe = portico.subscribeAccount((account) => render(account.address));
   */
  subscribeAccount(callback: (account: PorticoAccount) => void, namespace?: ChainNamespace): () => void;
  /**
   * The connected account's native balance as the modal shows it (read on connect, on a network switch and after a
   * send or swap; no network call here). `fetchBalance` reads it again.
   *
   * @returns Undefined while not connected, before the first read, or in a namespace without balances.
   *
   * @example
   * const shown = portico.getBalance(); // { balance: '0.5', symbol: 'ETH' }
   */
  getBalance(namespace?: ChainNamespace): PorticoBalance | undefined;
  /**
   * Calls `callback` each time the shown balance changes (the account's other fields: `subscribeAccount`).
   *
   * @returns A function that stops the calls.
   */
  subscribeBalance(callback: (balance: PorticoBalance | undefined) => void, namespace?: ChainNamespace): () => void;
  /**
   * The active network.
   *
   * @returns The network as configured (with `caipNetworkId` and `chainNamespace`); undefined before the first one is set.
   *
   * @example
   * const chainId = portico.getCaipNetwork()?.id;
   */
  getCaipNetwork(): CaipNetwork | undefined;
  /**
   * The locale the modal speaks now: the `locale` option, else the page's `lang` (read at each call), else English.
   *
   * @example
   * portico.getLocale(); // 'de' on a page with <html lang="de-AT"> and no `locale` option
   */
  getLocale(): SupportedLocale;
  /**
   * Calls `callback` with the active network each time it changes.
   *
   * @returns Unsubscribe.
   *
   * @example
   * const unsubscribe = portico.subscribeNetwork((network) => console.log(network?.name));
   */
  subscribeNetwork(callback: (network: CaipNetwork | undefined) => void): () => void;
  /**
   * Makes a configured network the active one; a connected wallet is asked to switch first (and to
   * add the chain when it does not know it).
   *
   * @param network - One of the networks given to `createPortico` (matched by its CAIP-2 id).
   * @throws {NetworkNotFoundError} The network is not one of the configured networks; the modal also shows spec §8's Network Not Found alert.
   * @throws {SwitchChainError} The wallet declined or could not switch; the active network stays. Its `walk()` reaches the wallet's error.
   * @throws {ConnectorNotFoundError} The connected wallet is no longer in the page.
   *
   * @example
   * await portico.switchNetwork(sepolia);
   */
  switchNetwork(network: NetworkInput): Promise<void>;
  /**
   * Disconnects the wallet of one namespace, or of every namespace.
   *
   * @param namespace - Chain namespace; every connected one when absent.
   * @throws {DisconnectError} The wallet failed to disconnect; the cause is the wallet's error.
   *
   * @example
   * await portico.disconnect();
   */
  disconnect(namespace?: ChainNamespace): Promise<void>;
  /**
   * @returns `'light'` or `'dark'`.
   *
   * @example
   * const mode = portico.getThemeMode();
   */
  getThemeMode(): ThemeMode;
  /**
   * Switches the modal between light and dark.
   *
   * @throws A zod validation error when `mode` is neither `'light'` nor `'dark'`.
   *
   * @example
   * portico.setThemeMode('light');
   */
  setThemeMode(mode: ThemeMode): void;
  /**
   * @returns The theme variables set so far (`--portico-*`).
   *
   * @example
   * const accent = portico.getThemeVariables()['--portico-accent'];
   */
  getThemeVariables(): ThemeVariables;
  /**
   * Merges theme variables into the ones set so far.
   *
   * @throws A zod validation error when a variable is not a known `--portico-*` name or its value is not a string.
   *
   * @example
   * portico.setThemeVariables({ '--portico-accent': '#3b82f6' });
   */
  setThemeVariables(variables: ThemeVariables): void;
  /**
   * Calls `callback` with the theme each time its mode or variables change (AppKit's `subscribeTheme`).
   *
   * @returns A function that stops the calls.
   *
   * @example
   * const unsubscribe = portico.subscribeTheme(({ themeMode }) => document.body.classList.toggle('dark', themeMode === 'dark'));
   */
  subscribeTheme(callback: (theme: PorticoTheme) => void): () => void;
  /**
   * Calls `callback` with every analytics event (AppKit's shape: `{ timestamp, data: { type: 'track', event, properties } }`).
   * A callback that throws is logged and does not break the modal.
   *
   * @returns Unsubscribe.
   *
   * @example
   * portico.subscribeEvents(({ data }) => console.log(data.event)); // 'MODAL_OPEN', 'CONNECT_SUCCESS', …
   */
  subscribeEvents(callback: (event: PorticoEvent) => void): () => void;
  /**
   * The connected wallet's provider, for signing through it (EIP-1193 on eip155: pass it to viem's `custom()` transport).
   *
   * @param namespace - Chain namespace; the active one when absent.
   * @returns The provider, or undefined when no wallet is connected there.
   *
   * @example
   * const client = createWalletClient({ transport: custom(portico.getProvider('eip155') as EIP1193Provider) });
   */
  getProvider(namespace?: ChainNamespace): unknown;
  /**
   * Reads the connected account's native balance again from its network (what the Account view shows).
   *
   * @param namespace - Chain namespace; the active one when absent.
   * @returns Exact decimal text and the symbol, e.g. `{ balance: '10000', symbol: 'ETH' }`; undefined when no account
   *   is connected there, the namespace has no balances, or the network did not answer.
   *
   * @example
   * const { balance, symbol } = (await portico.fetchBalance()) ?? {};
   */
  fetchBalance(namespace?: ChainNamespace): Promise<{ balance: string; symbol: string } | undefined>;
  /**
   * How the connected wallet is reached (AppKit's `walletProviderType`).
   *
   * @param namespace - Chain namespace; the active one when absent.
   * @returns `'WALLET_CONNECT'` for a WalletConnect session, `'ANNOUNCED'` for an EIP-6963 wallet,
   *   `'INJECTED'` for the legacy `window.ethereum`; undefined when no wallet is connected there.
   *
   * @example
   * if (portico.getProviderType() === 'WALLET_CONNECT') showPhoneHint();
   */
  getProviderType(namespace?: ChainNamespace): ConnectorType | undefined;
  /**
   * The sign-in session of the connected account (when the host enabled `siwx`): the signed message's
   * data (`data.accountAddress`, `data.chainId`, `data.expirationTime`), its text and signature.
   *
   * @returns The session, or undefined while not signed in (or before the sessions have been read).
   *
   * @example
   * const signedIn = portico.getSession()?.data.accountAddress;
   */
  getSession(): SIWXSession | undefined;
  /**
   * Calls `callback` with the session each time it changes (signed in, out, another account).
   *
   * @returns Unsubscribe.
   *
   * @example
   * const unsubscribe = portico.subscribeSession((session) => render(session?.data.accountAddress));
   */
  subscribeSession(callback: (session: SIWXSession | undefined) => void): () => void;
  /**
   * The modal's log, for a support request: its last ~1,024,000 bytes of entries (the oldest go first), every level
   * (only errors also reach the console). One log per page, which every instance on it shares.
   *
   * @returns The entries, oldest first, each a line of JSON: `{ timestamp, level, message, details? }`.
   *
   * @example
   * const report = new Blob([portico.getLogs().join('\n')], { type: 'application/x-ndjson' });
   */
  getLogs(): string[];
  /**
   * Removes the element and stops listening to wallets. The instance is unusable afterwards.
   *
   * @example
   * portico.destroy();
   */
  destroy(): void;
}

const NO_ACCOUNTS: ListedAccount[] = [];

/**
 * Memoises a snapshot, so `get*()` returns the same object until what it reports changes (what
 * React's useSyncExternalStore needs): a derived value equal field by field to the last one is the
 * last one. Deriving is a few atom reads, cheaper than a render.
 */
function snapshot<T extends object>(derive: () => T): () => T {
  let value: T | undefined;
  return () => {
    const next = derive();
    if (!value || Object.keys(next).some((key) => next[key as keyof T] !== value![key as keyof T])) value = next;
    return value;
  };
}

function subscribeTo<T>(core: PorticoCore, atoms: Atom<unknown>[], read: () => T, callback: (value: T) => void) {
  let last = read();
  const onChange = () => {
    const next = read();
    if (next !== last) {
      last = next;
      callback(next);
    }
  };
  const unsubscribers = atoms.map((atom) => core.store.sub(atom, onChange));
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

/** The host API over one core; `destroy` tears the element down. */
export function createInstance(core: PorticoCore, destroy: () => void): PorticoInstance {
  const { store, options } = core;

  const accountOf = (namespace?: ChainNamespace) => store.get(accountsAtom)[namespace ?? store.get(activeNamespaceAtom)] ?? disconnectedAccount;
  const accountAtoms = [accountsAtom, activeNamespaceAtom];
  const accountFor = (namespace?: ChainNamespace) => {
    // One object per user and account type, so the snapshot stays the same object while they do.
    let described: { user?: EmbeddedAccountUser; type?: string; info?: EmbeddedWalletInfo } = {};
    const embeddedInfo = ({ user, allAccounts }: AccountState) => {
      const type: EmbeddedWalletInfo['accountType'] = allAccounts?.[0]?.type === 'smartAccount' ? 'smartAccount' : 'eoa';
      if (described.user !== user || described.type !== type) {
        const info = user && {
          user: { email: user.email, username: user.username },
          authProvider: user.authProvider,
          accountType: type,
          isSmartAccountDeployed: user.smartAccountDeployed,
        };
        described = { user, type, info };
      }
      return described.info;
    };
    return snapshot((): PorticoAccount => {
      const account = accountOf(namespace);
      return {
        allAccounts: account.allAccounts ?? NO_ACCOUNTS,
        address: account.address,
        caipAddress: account.caipAddress,
        isConnected: account.status === 'connected',
        status: account.status,
        walletInfo: account.connectedWalletInfo,
        embeddedWalletInfo: embeddedInfo(account),
      };
    });
  };
  // One memoised reader per namespace: a new reader per call would hand useSyncExternalStore a new
  // object on every read (usePorticoAccount({ namespace }) re-rendering forever).
  const accountReaders = new Map<ChainNamespace | undefined, () => PorticoAccount>();
  const accountReader = (namespace?: ChainNamespace) => {
    let read = accountReaders.get(namespace);
    if (!read) accountReaders.set(namespace, (read = accountFor(namespace)));
    return read;
  };

  const stateAtoms = [modalStateAtom, activeNetworkAtom, activeNamespaceAtom, initializedAtom];
  const getState = snapshot((): PorticoState => {
    const modalState = store.get(modalStateAtom);
    return {
      open: modalState !== 'closed',
      loading: modalState === 'loading',
      selectedNetworkId: store.get(activeNetworkAtom)?.caipNetworkId,
      activeChain: store.get(activeNamespaceAtom),
      initialized: store.get(initializedAtom),
    };
  });
  const getNetwork = () => store.get(activeNetworkAtom);
  const getSession = () => store.get(signInAtom).session;
  const balanceReaders = new Map<ChainNamespace | undefined, () => PorticoBalance | undefined>();
  const balanceReader = (namespace?: ChainNamespace) => {
    let read = balanceReaders.get(namespace);
    if (!read) {
      let last: PorticoBalance | undefined;
      read = () => {
        const { status, balance, balanceSymbol = '' } = accountOf(namespace);
        const next = status === 'connected' && balance !== undefined ? { balance, symbol: balanceSymbol } : undefined;
        if (next?.balance !== last?.balance || next?.symbol !== last?.symbol) last = next;
        return last;
      };
      balanceReaders.set(namespace, read);
    }
    return read;
  };
  const getTheme = (): PorticoTheme => store.get(themeAtom);

  const instance: PorticoInstance = {
    async open(openOptions) {
      core.modal.open(openOptions);
    },
    async close(force) {
      core.modal.close(force);
    },
    getState,
    subscribeState: (callback) => subscribeTo(core, stateAtoms, getState, callback),
    getAccount: (namespace) => accountReader(namespace)(),
    subscribeAccount: (callback, namespace) => subscribeTo(core, accountAtoms, accountReader(namespace), callback),
    getBalance: (namespace) => balanceReader(namespace)(),
    subscribeBalance: (callback, namespace) => subscribeTo(core, accountAtoms, balanceReader(namespace), callback),
    getCaipNetwork: getNetwork,
    getLocale: () => resolveLocale(options.locale, document.documentElement.lang),
    subscribeNetwork: (callback) => subscribeTo(core, [activeNetworkAtom], getNetwork, callback),
    async switchNetwork(input) {
      const requested = toCaipNetwork(input);
      const network = findNetwork(options.networks, requested.caipNetworkId);
      if (!network) {
        // The site's own mistake: the modal says so (spec §8) and the host's call still learns it did not happen.
        core.store.set(alertAtom, networkNotFoundAlert(requested.caipNetworkId));
        throw new NetworkNotFoundError(requested.caipNetworkId);
      }
      await core.connection.switchNetwork(network);
    },
    disconnect: (namespace) => core.connection.disconnect(namespace),
    getThemeMode: () => store.get(themeAtom).themeMode,
    setThemeMode(mode) {
      const themeMode = porticoOptionsSchema().shape.themeMode.parse(mode) ?? 'dark';
      store.set(themeAtom, { ...store.get(themeAtom), themeMode });
    },
    getThemeVariables: () => store.get(themeAtom).themeVariables,
    setThemeVariables(variables) {
      const parsed = porticoOptionsSchema().shape.themeVariables.parse(variables) ?? {};
      const theme = store.get(themeAtom);
      store.set(themeAtom, { ...theme, themeVariables: { ...theme.themeVariables, ...parsed } });
    },
    subscribeTheme: (callback) => subscribeTo(core, [themeAtom], getTheme, callback),
    subscribeEvents: (callback) => core.events.subscribe(callback),
    getProvider: (namespace) => core.connection.getProvider(namespace),
    async fetchBalance(namespace = store.get(activeNamespaceAtom)) {
      if (accountOf(namespace).status !== 'connected') return undefined;
      await core.connection.refreshBalance(namespace, { force: true });
      // A failed read keeps the last balance on screen but marks the account (`lastRetry`): not an answer.
      const { balance, balanceSymbol, lastRetry } = accountOf(namespace);
      return balance === undefined || lastRetry !== undefined ? undefined : { balance, symbol: balanceSymbol ?? '' };
    },
    getProviderType(namespace) {
      const { connectorId } = accountOf(namespace);
      return connectorId ? store.get(connectorsAtom).find((connector) => connector.id === connectorId)?.type : undefined;
    },
    getSession,
    subscribeSession: (callback) => subscribeTo(core, [signInAtom], getSession, callback),
    getLogs: () => logs.getLogs(),
    destroy,
  };
  keepCore(instance, core);
  return instance;
}
