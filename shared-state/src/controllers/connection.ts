import type { Store } from 'jotai/vanilla';
import type { ChainAdapter, ConnectedAccount, Connector } from '../adapters/types';
import {
  accountsAtom,
  activeNamespaceAtom,
  activeNetworkAtom,
  announcementAtom,
  connectAttemptAtom,
  connectorsAtom,
  disconnectedAccount,
  initializedAtom,
  modalFlagsAtom,
  type AccountState,
} from '../atoms';
import { toCaipAddress, toCaipNetworkId } from '../caip';
import { withProvider } from '../connectors';
import { CONNECTOR_IDS, TOKEN_BALANCE_RETRY_COOLDOWN_MS, type ChainNamespace } from '../constants';
import {
  ChainAdapterNotFoundError,
  DisconnectError,
  NamespaceNotConfiguredError,
  errorText,
  isUserRejection,
} from '../errors';
import type { EventBus } from '../events';
import { addressExplorerUrl, findNetwork, type CaipNetwork } from '../network';
import type { PorticoOptions } from '../options';
import type { PorticoStorage } from '../storage';
import { nativeBalanceCache } from '../caches';
import { logs } from '../log-buffer';
import type { ToastController } from './toast';

export interface ConnectionController {
  /** Starts wallet discovery and silently restores the sessions stored before a reload; then sets initializedAtom. */
  start(): Promise<void>;
  /**
   * Connects a wallet; the outcome lands in connectAttemptAtom and accountsAtom. Resolves true on
   * success. `method` is how the person connected, for the CONNECT_SUCCESS event.
   */
  connect(connectorId: string, options?: { method?: ConnectMethod }): Promise<boolean>;
  disconnect(namespace?: ChainNamespace): Promise<void>;
  switchNetwork(network: CaipNetwork): Promise<void>;
  /**
   * Makes `namespace` active on its network, asking no wallet (AppKit's open({ namespace })): the connected account's
   * network there, else the active network when it is in `namespace`, else the namespace's first configured network.
   * @throws {NamespaceNotConfiguredError} no configured network is in `namespace`
   */
  selectNamespace(namespace: ChainNamespace): void;
  refreshBalance(namespace?: ChainNamespace, options?: { force?: boolean }): Promise<void>;
  getProvider(namespace?: ChainNamespace): unknown;
  /**
   * Signs `message` with the wallet connected for `address`, in that address's namespace (personal_sign on eip155,
   * ed25519 on solana, BIP-322 on bip122): what a host's sign-in needs to list or revoke its sessions.
   * @throws {Error} 'No ConnectionController client found' when no connected wallet holds `address` or can sign.
   */
  signMessage(address: string, message: string): Promise<string>;
  stop(): void;
}

export type ConnectMethod = 'browser' | 'qrcode' | 'mobile';

export interface ConnectionDeps {
  store: Store;
  options: PorticoOptions;
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>;
  storage: PorticoStorage;
  events: EventBus;
  toast: ToastController;
  /** Called when the wallet sits on a chain the host did not configure (opens UnsupportedChain). */
  onUnsupportedChain(): void;
  now?: () => number;
}

/** Namespace-neutral connection logic: every chain detail goes through the namespace's adapter. */
export function createConnectionController(deps: ConnectionDeps): ConnectionController {
  const { store, options, storage, events } = deps;
  const now = deps.now ?? Date.now;
  const nativeBalances = nativeBalanceCache(storage, now);
  const stopWatching: Array<() => void> = [];
  const walletUnsubscribers = new Map<ChainNamespace, () => void>();
  const connectorsByNamespace = new Map<ChainNamespace, Connector[]>();

  function adapterFor(namespace: ChainNamespace): ChainAdapter {
    const adapter = deps.adapters[namespace];
    if (!adapter) throw new ChainAdapterNotFoundError(namespace);
    return adapter;
  }

  const account = (namespace: ChainNamespace): AccountState => store.get(accountsAtom)[namespace] ?? disconnectedAccount;

  function setAccount(namespace: ChainNamespace, next: AccountState) {
    store.set(accountsAtom, { ...store.get(accountsAtom), [namespace]: next });
  }

  function patchAccount(namespace: ChainNamespace, patch: Partial<AccountState>) {
    setAccount(namespace, { ...account(namespace), ...patch });
  }

  function activeNetwork(namespace: ChainNamespace): CaipNetwork {
    const active = store.get(activeNetworkAtom);
    if (active?.chainNamespace === namespace) return active;
    const configured = options.networks.find((network) => network.chainNamespace === namespace);
    if (!configured) throw new NamespaceNotConfiguredError(namespace);
    return configured;
  }

  function setActiveNetwork(network: CaipNetwork) {
    store.set(activeNetworkAtom, network);
    store.set(activeNamespaceAtom, network.chainNamespace);
    storage.set('activeCaipNetworkId', network.caipNetworkId);
  }

  const setModalLoading = (loading: boolean) => store.set(modalFlagsAtom, { ...store.get(modalFlagsAtom), loading });

  function rememberConnector(namespace: ChainNamespace, connectorId: string | undefined) {
    const stored = { ...storage.get('connectedConnectorIds') };
    if (connectorId) stored[namespace] = connectorId;
    else delete stored[namespace];
    storage.set('connectedConnectorIds', stored);
    storage.set('connectedNamespaces', Object.keys(stored));
    storage.set('connectionStatus', Object.keys(stored).length ? 'connected' : 'disconnected');
  }

  /** Applies an address the wallet reported on a chain it reported. */
  async function applyAccount(namespace: ChainNamespace, connectorId: string, connected: ConnectedAccount) {
    const adapter = adapterFor(namespace);
    const addresses = await Promise.all((connected.addresses ?? [connected.address]).map((granted) => adapter.normalizeAddress(granted)));
    const address = addresses[0]!;
    const walletNetwork = findNetwork(options.networks, toCaipNetworkId(namespace, connected.chainReference));
    const network = walletNetwork ?? activeNetwork(namespace);
    if (walletNetwork) setActiveNetwork(walletNetwork);
    const connector = store.get(connectorsAtom).find((candidate) => candidate.id === connectorId);
    const previous = account(namespace);
    setAccount(namespace, {
      ...disconnectedAccount,
      status: 'connected',
      address,
      caipAddress: toCaipAddress(toCaipNetworkId(namespace, connected.chainReference), address),
      // External wallets hold plain key pairs (EOAs); the embedded wallet says which of its accounts is a smart account.
      allAccounts: addresses.map((granted, index) => ({ namespace, address: granted, type: connected.accountTypes?.[index] ?? 'eoa' })),
      connectorId,
      connectedWalletInfo: connector ? { name: connector.name, icon: connector.imageUrl } : previous.connectedWalletInfo,
      // An accountsChanged names addresses only: the embedded user stays until another connector takes the namespace.
      user: connected.user ?? (previous.connectorId === connectorId ? previous.user : undefined),
      addressExplorerUrl: addressExplorerUrl(network, address),
      // Keep the balance on screen while a fresh one loads for the same address.
      ...(previous.address === address ? { balance: previous.balance, balanceSymbol: previous.balanceSymbol } : {}),
    });
    if (!walletNetwork && !options.allowUnsupportedChain) deps.onUnsupportedChain();
    void controller.refreshBalance(namespace, { force: true });
  }

  function watchWallet(namespace: ChainNamespace, connectorId: string) {
    walletUnsubscribers.get(namespace)?.();
    const unsubscribe = adapterFor(namespace).watchWallet(connectorId, {
      accountsChanged: (addresses, accountTypes, chainReference = account(namespace).caipAddress?.split(':')[1]) => {
        if (!addresses[0] || !chainReference) void controller.disconnect(namespace);
        else void applyAccount(namespace, connectorId, { address: addresses[0], chainReference, addresses, accountTypes });
      },
      chainChanged: (chainReference) => {
        const { address, allAccounts } = account(namespace);
        const accountTypes = allAccounts?.map((listed) => listed.type);
        if (address) void applyAccount(namespace, connectorId, { address, chainReference, addresses: allAccounts?.map((listed) => listed.address), accountTypes });
      },
      disconnect: () => void controller.disconnect(namespace),
    });
    walletUnsubscribers.set(namespace, unsubscribe);
  }

  const controller: ConnectionController = {
    async start() {
      const storedNetwork = storage.get('activeCaipNetworkId');
      setActiveNetwork(
        (storedNetwork && findNetwork(options.networks, storedNetwork)) || options.defaultNetwork,
      );
      for (const adapter of Object.values(deps.adapters)) {
        stopWatching.push(
          adapter.watchConnectors((connectors) => {
            connectorsByNamespace.set(adapter.namespace, connectors.map((connector) => withProvider(connector, (id) => adapter.getProvider(id))));
            store.set(connectorsAtom, [...connectorsByNamespace.values()].flat());
          }),
        );
      }
      const stored = storage.get('connectedConnectorIds') ?? {};
      // Each restore settles on its own (a failure leaves that namespace disconnected), so this always resolves.
      await Promise.all(
        Object.entries(stored).map(async ([namespace, connectorId]) => {
          const adapter = deps.adapters[namespace as ChainNamespace];
          if (!adapter) return;
          const ns = adapter.namespace;
          patchAccount(ns, { status: 'connecting' });
          try {
            const restored = await adapter.reconnect(connectorId);
            if (!restored) {
              setAccount(ns, disconnectedAccount);
              rememberConnector(ns, undefined);
              return;
            }
            await applyAccount(ns, connectorId, restored);
            watchWallet(ns, connectorId);
          } catch {
            setAccount(ns, disconnectedAccount);
          }
        }),
      );
      store.set(initializedAtom, true);
    },

    async connect(connectorId, { method = 'browser' } = {}) {
      const connector = store.get(connectorsAtom).find((candidate) => candidate.id === connectorId);
      const namespace = connector?.chain ?? store.get(activeNamespaceAtom);
      store.set(connectAttemptAtom, { connectorId, status: 'pending' });
      patchAccount(namespace, { status: 'connecting' });
      events.track('SELECT_WALLET', { name: connector?.name, platform: 'browser' });
      try {
        const adapter = adapterFor(namespace);
        const connected = await adapter.connect(connectorId);
        const primary = connected.namespace ?? namespace;
        const granted: Partial<Record<ChainNamespace, ConnectedAccount>> = { ...connected.otherNamespaces, [primary]: connected };
        if (!granted[namespace]) setAccount(namespace, disconnectedAccount);
        // Every namespace the connection grants (one WalletConnect session spans several) connects with the
        // same connector; the namespace that was active, else the primary, is applied last and stays active.
        const active = store.get(activeNamespaceAtom);
        const last = granted[active] ? active : primary;
        const order = (Object.keys(granted) as ChainNamespace[])
          .filter((ns) => deps.adapters[ns])
          .sort((a, b) => Number(a === last) - Number(b === last));
        for (const ns of order) {
          await applyAccount(ns, connectorId, granted[ns]!);
          watchWallet(ns, connectorId);
          rememberConnector(ns, connectorId);
        }
        store.set(connectAttemptAtom, { connectorId, status: 'idle' });
        store.set(announcementAtom, `Connected to ${connector?.name ?? 'your wallet'}`);
        events.track('CONNECT_SUCCESS', { method, name: connector?.name });
        return true;
      } catch (error) {
        const rejected = isUserRejection(error);
        setAccount(namespace, disconnectedAccount);
        store.set(connectAttemptAtom, {
          connectorId,
          status: rejected ? 'rejected' : 'failed',
          errorMessage: rejected ? undefined : errorText(error),
        });
        events.track('CONNECT_ERROR', { message: errorText(error) });
        return false;
      }
    },

    async disconnect(namespace) {
      const connected = Object.keys(store.get(accountsAtom)) as ChainNamespace[];
      const shared = namespace && account(namespace).connectorId === CONNECTOR_IDS.walletConnect;
      // One WalletConnect session spans namespaces: as in AppKit, disconnecting any of them ends the session, so
      // every namespace it connected disconnects with it.
      const namespaces = !namespace
        ? connected
        : shared
          ? connected.filter((ns) => account(ns).connectorId === CONNECTOR_IDS.walletConnect)
          : [namespace];
      // Spec §4: the modal is loading while the wallet lets go (Disconnect shows itself busy).
      setModalLoading(true);
      try {
        for (const ns of namespaces) {
          const { connectorId } = account(ns);
          walletUnsubscribers.get(ns)?.();
          walletUnsubscribers.delete(ns);
          if (connectorId) await adapterFor(ns).disconnect(connectorId);
          setAccount(ns, disconnectedAccount);
          rememberConnector(ns, undefined);
        }
        store.set(announcementAtom, 'Disconnected');
        events.track('DISCONNECT_SUCCESS');
      } catch (error) {
        events.track('DISCONNECT_ERROR', { message: errorText(error) });
        throw new DisconnectError(error);
      } finally {
        setModalLoading(false);
      }
    },

    async switchNetwork(network) {
      const { connectorId, status } = account(network.chainNamespace);
      if (status === 'connected' && connectorId) {
        await adapterFor(network.chainNamespace).switchNetwork(connectorId, network);
      }
      setActiveNetwork(network);
      events.track('SWITCH_NETWORK', { network: network.caipNetworkId });
      void controller.refreshBalance(network.chainNamespace, { force: true });
    },

    selectNamespace(namespace) {
      const walletNetwork = account(namespace).caipAddress?.split(':', 2).join(':');
      setActiveNetwork((walletNetwork && findNetwork(options.networks, walletNetwork)) || activeNetwork(namespace));
    },

    async refreshBalance(namespace = store.get(activeNamespaceAtom), { force = false } = {}) {
      const current = account(namespace);
      if (current.status !== 'connected' || !current.address) return;
      // Spec section 4: after a failure, retry is blocked for 30 s.
      if (!force && current.lastRetry && now() - current.lastRetry < TOKEN_BALANCE_RETRY_COOLDOWN_MS) return;
      const address = current.address;
      patchAccount(namespace, { balanceLoading: true });
      try {
        const network = activeNetwork(namespace);
        const caipAddress = toCaipAddress(network.caipNetworkId, address);
        // Spec section 9: a balance read less than 30 s ago is shown without asking the network again.
        const cached = force ? undefined : nativeBalances.get(caipAddress);
        if (cached) return patchAccount(namespace, { balance: cached.decimalText, balanceSymbol: cached.symbol, balanceLoading: false, lastRetry: undefined });
        const balance = await adapterFor(namespace).getNativeBalance(address, network);
        if (account(namespace).address !== address) return; // the account changed meanwhile
        // A namespace without balances (spec section 5) shows none, and no error.
        if (!balance) return patchAccount(namespace, { balanceLoading: false });
        nativeBalances.set(caipAddress, { decimalText: balance.decimalText, symbol: balance.symbol });
        patchAccount(namespace, {
          balance: balance.decimalText,
          balanceSymbol: balance.symbol,
          balanceLoading: false,
          lastRetry: undefined,
        });
      } catch (error) {
        logs.warn('the native balance could not be read', error);
        patchAccount(namespace, { balanceLoading: false, lastRetry: now() });
        deps.toast.show('error', 'Token Balance Unavailable');
      }
    },

    getProvider(namespace = store.get(activeNamespaceAtom)) {
      const { connectorId } = account(namespace);
      return connectorId ? deps.adapters[namespace]?.getProvider(connectorId) : undefined;
    },

    async signMessage(address, message) {
      // eip155 addresses compare without their checksum's case; the others are case-sensitive (base58) or lower case (bech32).
      const same = (candidate: string) => candidate === address || (address.startsWith('0x') && candidate.toLowerCase() === address.toLowerCase());
      const [namespace, holder] =
        (Object.entries(store.get(accountsAtom)) as [ChainNamespace, AccountState][]).find(
          ([, state]) => state.status === 'connected' && (same(state.address ?? '') || state.allAccounts?.some((listed) => same(listed.address))),
        ) ?? [];
      const adapter = namespace && deps.adapters[namespace];
      // The sign-in controller's words (spec section 5) for the same missing client.
      if (!adapter?.signMessage || !holder?.connectorId) throw new Error('No ConnectionController client found');
      return adapter.signMessage(holder.connectorId, address, message);
    },

    stop() {
      for (const stop of stopWatching.splice(0)) stop();
      for (const unsubscribe of walletUnsubscribers.values()) unsubscribe();
      walletUnsubscribers.clear();
    },
  };
  return controller;
}
