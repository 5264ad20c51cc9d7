import {
  accountsAtom,
  activeNamespaceAtom,
  activeNetworkAtom,
  disconnectedAccount,
  findNetwork,
  isChainNamespace,
  modalStateAtom,
  NamespaceNotConfiguredError,
  NetworkNotFoundError,
  porticoOptionsSchema,
  themeAtom,
  toCaipNetwork,
  type AccountState,
  type CaipNetwork,
  type ChainNamespace,
  type NetworkInput,
  type PorticoCore,
  type PorticoEvent,
  type ThemeMode,
  type ThemeVariables,
  type ViewName,
} from '@portico/shared-state';
import type { Atom } from 'jotai/vanilla';

/** AppKit's `useAppKitAccount` shape, so hosts port by changing imports. */
export interface PorticoAccount {
  allAccounts: Array<{ namespace: ChainNamespace; address: string; type: 'eoa' }>;
  address?: string;
  caipAddress?: string;
  isConnected: boolean;
  status: AccountState['status'];
}

export interface PorticoState {
  open: boolean;
  loading: boolean;
  selectedNetworkId?: string;
  activeChain: ChainNamespace;
  initialized: boolean;
}

export interface PorticoInstance {
  open(options?: { view?: ViewName; namespace?: ChainNamespace }): Promise<void>;
  close(force?: boolean): Promise<void>;
  getState(): PorticoState;
  subscribeState(callback: (state: PorticoState) => void): () => void;
  getAccount(namespace?: ChainNamespace): PorticoAccount;
  subscribeAccount(callback: (account: PorticoAccount) => void, namespace?: ChainNamespace): () => void;
  getCaipNetwork(): CaipNetwork | undefined;
  subscribeNetwork(callback: (network: CaipNetwork | undefined) => void): () => void;
  switchNetwork(network: NetworkInput): Promise<void>;
  disconnect(namespace?: ChainNamespace): Promise<void>;
  getThemeMode(): ThemeMode;
  setThemeMode(mode: ThemeMode): void;
  getThemeVariables(): ThemeVariables;
  setThemeVariables(variables: ThemeVariables): void;
  subscribeEvents(callback: (event: PorticoEvent) => void): () => void;
  getProvider(namespace?: ChainNamespace): unknown;
  /** Removes the element and stops listening to wallets. */
  destroy(): void;
}

/**
 * Memoises a snapshot derived from atoms, so `get*()` returns the same object until the atoms
 * change (what React's useSyncExternalStore needs).
 */
function snapshot<T>(core: PorticoCore, atoms: Atom<unknown>[], derive: () => T): () => T {
  let inputs: unknown[] | undefined;
  let value: T;
  return () => {
    const next = atoms.map((atom) => core.store.get(atom));
    if (!inputs || next.some((input, index) => input !== inputs![index])) {
      inputs = next;
      value = derive();
    }
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

export function createInstance(core: PorticoCore, destroy: () => void): PorticoInstance {
  const { store, options } = core;

  const accountFor = (namespace?: ChainNamespace) =>
    snapshot(core, [accountsAtom, activeNamespaceAtom], (): PorticoAccount => {
      const accounts = store.get(accountsAtom);
      const account = accounts[namespace ?? store.get(activeNamespaceAtom)] ?? disconnectedAccount;
      return {
        allAccounts: Object.entries(accounts).flatMap(([ns, state]) =>
          state?.address ? [{ namespace: ns as ChainNamespace, address: state.address, type: 'eoa' as const }] : [],
        ),
        address: account.address,
        caipAddress: account.caipAddress,
        isConnected: account.status === 'connected',
        status: account.status,
      };
    });
  // One memoised reader per namespace: a new reader per call would hand useSyncExternalStore a new
  // object on every read (usePorticoAccount({ namespace }) re-rendering forever).
  const accountReaders = new Map<ChainNamespace | undefined, () => PorticoAccount>();
  const accountReader = (namespace?: ChainNamespace) => {
    let read = accountReaders.get(namespace);
    if (!read) accountReaders.set(namespace, (read = accountFor(namespace)));
    return read;
  };

  const stateAtoms = [modalStateAtom, activeNetworkAtom, activeNamespaceAtom];
  const getState = snapshot(core, stateAtoms, (): PorticoState => {
    const modalState = store.get(modalStateAtom);
    return {
      open: modalState !== 'closed',
      loading: modalState === 'loading',
      selectedNetworkId: store.get(activeNetworkAtom)?.caipNetworkId,
      activeChain: store.get(activeNamespaceAtom),
      initialized: true,
    };
  });
  const getNetwork = () => store.get(activeNetworkAtom);

  return {
    async open({ view, namespace } = {}) {
      if (namespace) {
        if (!isChainNamespace(namespace) || !options.networks.some((n) => n.chainNamespace === namespace)) {
          throw new NamespaceNotConfiguredError(String(namespace));
        }
        store.set(activeNamespaceAtom, namespace);
      }
      core.modal.open({ view });
    },
    async close(force) {
      core.modal.close(force);
    },
    getState,
    subscribeState: (callback) => subscribeTo(core, stateAtoms, getState, callback),
    getAccount: (namespace) => accountReader(namespace)(),
    subscribeAccount(callback, namespace) {
      const read = accountReader(namespace);
      return subscribeTo(core, [accountsAtom, activeNamespaceAtom], read, callback);
    },
    getCaipNetwork: getNetwork,
    subscribeNetwork: (callback) => subscribeTo(core, [activeNetworkAtom], getNetwork, callback),
    async switchNetwork(input) {
      const requested = toCaipNetwork(input);
      const network = findNetwork(options.networks, requested.caipNetworkId);
      if (!network) throw new NetworkNotFoundError(requested.caipNetworkId);
      await core.connection.switchNetwork(network);
    },
    disconnect: (namespace) => core.connection.disconnect(namespace),
    getThemeMode: () => store.get(themeAtom).themeMode,
    setThemeMode(mode) {
      const themeMode = porticoOptionsSchema.shape.themeMode.parse(mode) ?? 'dark';
      store.set(themeAtom, { ...store.get(themeAtom), themeMode });
    },
    getThemeVariables: () => store.get(themeAtom).themeVariables,
    setThemeVariables(variables) {
      const parsed = porticoOptionsSchema.shape.themeVariables.parse(variables) ?? {};
      const theme = store.get(themeAtom);
      store.set(themeAtom, { ...theme, themeVariables: { ...theme.themeVariables, ...parsed } });
    },
    subscribeEvents: (callback) => core.events.subscribe(callback),
    getProvider: (namespace) => core.connection.getProvider(namespace),
    destroy,
  };
}
