import { CONNECTOR_IDS } from '../../constants';
import { ConnectorNotFoundError, UserRejectedRequestError } from '../../errors';
import { logs } from '../../log-buffer';
import type { CaipNetwork } from '../../network';
import type { WalletConnectSource } from '../../walletconnect/source';
import type { EmbeddedSource } from '../../embedded-wallet';
import type { ChainAdapter, ConnectedAccount, Connector, WalletEventHandlers } from '../types';
import { walletRequest } from '../wallet-request';
import { COINBASE_RDNS, coinbaseConnector, createCoinbaseProvider, type CoinbaseSettings } from './coinbase';
import { normalizeConnectorName } from '../../connectors';
import { watchAnnouncedWallets, type Eip1193Provider } from './discovery';
import type { SafeSettings } from './safe';

export interface Eip155AdapterEnvironment {
  /** Where EIP-6963 events fly: the host page's window. */
  eventTarget: EventTarget;
  /** The legacy injected provider (`window.ethereum`), if any. */
  legacyProvider?: Eip1193Provider;
  /**
   * WalletConnect pairing, when the host configured a relay; `onUri` shows each new pairing URI; `imageUrl` is its
   * connector's logo (served by the API: the eager shell carries no artwork).
   */
  walletConnect?: { source: WalletConnectSource; onUri(uri: string | undefined): void; imageUrl?: string };
  /** The embedded wallet (AUTH connector `ID_AUTH`), when the host configured it; its views log in before `connect`. */
  embedded?: EmbeddedSource;
  /** The Coinbase Wallet SDK connector (EXTERNAL), unless the host turned it off. */
  coinbase?: CoinbaseSettings;
  /** The page is framed by one of the host's Safe origins: the Safe connector, listed once the Safe answers. */
  safe?: SafeSettings;
}

/** A session kept by a source (WalletConnect, the embedded wallet); the embedded wallet switches itself (`switchAuth`). */
type SessionSource = Omit<EmbeddedSource, 'switchNetwork'>;

/** How long a silent reconnect waits for the stored wallet to announce itself after a reload. */
const RECONNECT_ANNOUNCE_WAIT_MS = 1_000;

const toChainReference = (hexOrNumber: unknown): string => String(Number(hexOrNumber));

/**
 * Spec section 4: the AUTH connector switches by reconnecting on the target network (GET_USER on its chain); when that
 * fails for any reason but a decline, the frame's own switch (SWITCH_NETWORK) is asked. Every network reaching this
 * adapter is eip155, a namespace the embedded wallet supports.
 */
async function switchAuth(embedded: EmbeddedSource, network: CaipNetwork): Promise<void> {
  try {
    await walletRequest(() => embedded.connect(network));
  } catch (error) {
    if (error instanceof UserRejectedRequestError) throw error;
    logs.debug(`eip155: reconnecting the embedded wallet on ${network.caipNetworkId} failed; switching through the frame`, error);
    await walletRequest(() => embedded.switchNetwork(network));
  }
}

function asAddresses(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * eip155 over injected wallets: EIP-6963 announced wallets plus legacy `window.ethereum` as the
 * generic Browser Wallet. viem is loaded lazily, only for chain reads and checksums.
 */
export function createEip155Adapter(environment: Eip155AdapterEnvironment): ChainAdapter {
  const providers = new Map<string, Eip1193Provider>();
  const connectors = new Map<string, Connector>();
  const connectorWaiters = new Set<() => void>();
  const rpc = () => import('./rpc');
  const walletActions = () => import('./wallet-actions');

  /**
   * Connectors whose session lives in a lazily loaded source rather than an injected provider: WalletConnect
   * (when the host configured a relay) and the embedded wallet (not listed: Connect shows its email field).
   */
  const { walletConnect, embedded } = environment;
  const sources = new Map<string, SessionSource | undefined>([
    [CONNECTOR_IDS.walletConnect, walletConnect && { ...walletConnect.source, connect: () => walletConnect.source.connect(walletConnect.onUri) }],
    [CONNECTOR_IDS.auth, embedded],
  ]);
  const sourceFor = (connectorId: string) => sources.get(connectorId);
  if (walletConnect) {
    connectors.set(CONNECTOR_IDS.walletConnect, {
      id: CONNECTOR_IDS.walletConnect,
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      chain: 'eip155',
      installed: false,
      ...(walletConnect.imageUrl && { imageUrl: walletConnect.imageUrl }),
    });
  }

  if (environment.legacyProvider) {
    providers.set(CONNECTOR_IDS.injected, environment.legacyProvider);
    connectors.set(CONNECTOR_IDS.injected, {
      id: CONNECTOR_IDS.injected,
      name: 'Browser Wallet',
      type: 'INJECTED',
      chain: 'eip155',
      installed: true,
    });
  }

  const { coinbase } = environment;
  if (coinbase) connectors.set(CONNECTOR_IDS.coinbaseWalletSDK, coinbaseConnector(coinbase));
  let coinbaseLoad: Promise<void> | undefined;
  /** The SDK's provider joins the others once loaded: from then on it is reached like an injected wallet. */
  async function loadCoinbase(connectorId: string) {
    if (connectorId !== CONNECTOR_IDS.coinbaseWalletSDK || !coinbase || providers.has(connectorId)) return;
    coinbaseLoad ??= createCoinbaseProvider(coinbase)
      .then((provider) => void providers.set(connectorId, provider))
      .finally(() => (coinbaseLoad = undefined));
    await coinbaseLoad;
  }

  const { safe } = environment;
  let safeDetection: Promise<void> | undefined;
  const safeWatchers = new Set<() => void>();
  /** Asks the parent frame for its Safe once; a Safe that answers joins the installed wallets. Returns the unwatch. */
  function watchSafe(emit: () => void): () => void {
    if (!safe) return () => undefined;
    safeWatchers.add(emit);
    // Its own chunk: only a page framed by one of the host's Safe origins asks.
    safeDetection ??= import('./safe')
      .then(async ({ detectSafe, safeConnector }) => {
        const provider = await detectSafe(safe);
        if (!provider) return;
        providers.set(CONNECTOR_IDS.safe, provider);
        connectors.set(CONNECTOR_IDS.safe, safeConnector(safe));
        for (const waiter of connectorWaiters) waiter();
        for (const watcher of safeWatchers) watcher();
      })
      .catch((error: unknown) => logs.debug('eip155: the Safe connector could not load', error));
    return () => void safeWatchers.delete(emit);
  }

  const getProvider = (connectorId: string): Eip1193Provider | undefined => sourceFor(connectorId)?.provider() ?? providers.get(connectorId);

  function providerFor(connectorId: string): Eip1193Provider {
    const provider = getProvider(connectorId);
    if (!provider) throw new ConnectorNotFoundError(connectorId);
    return provider;
  }

  async function waitForConnector(connectorId: string): Promise<boolean> {
    if (providers.has(connectorId)) return true;
    return new Promise((resolve) => {
      const check = () => {
        if (!providers.has(connectorId)) return;
        cleanup();
        resolve(true);
      };
      const timer = setTimeout(() => {
        cleanup();
        resolve(false);
      }, RECONNECT_ANNOUNCE_WAIT_MS);
      const cleanup = () => {
        clearTimeout(timer);
        connectorWaiters.delete(check);
      };
      connectorWaiters.add(check);
    });
  }

  async function readAccount(provider: Eip1193Provider, method: 'eth_requestAccounts' | 'eth_accounts') {
    const addresses = asAddresses(await provider.request({ method }));
    if (!addresses[0]) return undefined;
    const chainReference = toChainReference(await provider.request({ method: 'eth_chainId' }));
    // One address is the common case: `addresses` then stays absent (ConnectedAccount).
    return { address: addresses[0], chainReference, ...(addresses[1] ? { addresses } : {}) } satisfies ConnectedAccount;
  }

  return {
    namespace: 'eip155',

    watchConnectors(onChange) {
      const emit = () => onChange([...connectors.values()]);
      const stopSafe = watchSafe(emit);
      const stop = watchAnnouncedWallets(environment.eventTarget, ({ info, provider }) => {
        // EIP-6963 wallets re-announce on every request; the rdns is their stable id. The first
        // provider for an rdns stays: a later script announcing the same rdns cannot take its place.
        if (providers.has(info.rdns)) return;
        providers.set(info.rdns, provider);
        connectors.set(info.rdns, {
          id: info.rdns,
          name: normalizeConnectorName(info.name),
          type: 'ANNOUNCED',
          chain: 'eip155',
          // Already checked: the announcement's icon is safeWalletIcon's answer (discovery.ts).
          imageUrl: info.icon,
          info: { rdns: info.rdns },
          installed: true,
        });
        // The legacy provider is usually one of the announced wallets: list it once. Coinbase's extension stands in
        // for its SDK's connector.
        if (provider === environment.legacyProvider) connectors.delete(CONNECTOR_IDS.injected);
        if (info.rdns === COINBASE_RDNS) connectors.delete(CONNECTOR_IDS.coinbaseWalletSDK);
        for (const waiter of connectorWaiters) waiter();
        emit();
      });
      emit();
      return () => {
        stop();
        stopSafe();
      };
    },

    async connect(connectorId) {
      const source = sourceFor(connectorId);
      await loadCoinbase(connectorId);
      const account = await walletRequest(() => (source ? source.connect() : readAccount(providerFor(connectorId), 'eth_requestAccounts')));
      // A wallet that grants no account has declined too.
      if (!account) throw new UserRejectedRequestError();
      return account;
    },

    async reconnect(connectorId) {
      const source = sourceFor(connectorId);
      if (source) return source.restore();
      await loadCoinbase(connectorId);
      if (!(await waitForConnector(connectorId))) return undefined;
      return readAccount(providerFor(connectorId), 'eth_accounts');
    },

    async disconnect(connectorId) {
      const source = sourceFor(connectorId);
      if (source) return source.disconnect();
      const provider = providers.get(connectorId);
      // Coinbase's SDK ends its own session; wallets that support it forget the site's permission, the rest ignore it.
      if (connectorId === CONNECTOR_IDS.coinbaseWalletSDK) return void (await (provider as { disconnect?(): Promise<void> } | undefined)?.disconnect?.());
      await provider
        ?.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
        .catch(() => undefined);
    },

    async switchNetwork(connectorId, network: CaipNetwork) {
      if (connectorId === CONNECTOR_IDS.auth && embedded) return switchAuth(embedded, network);
      return (await walletActions()).switchChain(providerFor(connectorId), network);
    },

    watchWallet(connectorId, handlers: WalletEventHandlers) {
      const source = sourceFor(connectorId);
      if (source) return source.watch(handlers);
      const provider = providers.get(connectorId);
      if (!provider?.on) return () => undefined;
      const onAccounts = (accounts: unknown) => handlers.accountsChanged(asAddresses(accounts));
      const onChain = (chainId: unknown) => handlers.chainChanged(toChainReference(chainId));
      const onDisconnect = () => handlers.disconnect();
      provider.on('accountsChanged', onAccounts);
      provider.on('chainChanged', onChain);
      provider.on('disconnect', onDisconnect);
      return () => {
        provider.removeListener?.('accountsChanged', onAccounts);
        provider.removeListener?.('chainChanged', onChain);
        provider.removeListener?.('disconnect', onDisconnect);
      };
    },

    async normalizeAddress(address) {
      return (await rpc()).checksumAddress(address);
    },

    async getNativeBalance(address, network) {
      return (await rpc()).getNativeBalance(address, network);
    },

    async estimateTransferFee(transfer, network) {
      return (await rpc()).estimateTransferFee(transfer, network);
    },

    async sendTransfer(connectorId, transfer, network) {
      return (await walletActions()).sendTransfer(providerFor(connectorId), transfer, network);
    },

    async waitForTransaction(hash, network) {
      return (await rpc()).waitForTransaction(hash, network);
    },

    async sendTransaction(connectorId, call, network) {
      return (await walletActions()).sendCall(providerFor(connectorId), call, network);
    },

    async signMessage(connectorId, address, message) {
      return (await walletActions()).signPersonalMessage(providerFor(connectorId), address, message);
    },

    getProvider,
  };
}
