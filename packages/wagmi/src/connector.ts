import { ChainNotConfiguredError, ConnectorNotConnectedError, ProviderNotFoundError, createConnector, type CreateConnectorFn } from '@wagmi/core';
import { SwitchChainError, UserRejectedRequestError, getAddress, type Address, type Chain, type EIP1193Provider } from 'viem';
import type { PorticoLike, PorticoLikeAccount, PorticoLikeNetwork, PorticoLikeNetworkInput, PorticoLikeState } from './portico-like.js';

/** A Portico instance, a promise of one, or a function giving either (called once, at the first use). */
export type PorticoSource = PorticoLike | Promise<PorticoLike> | (() => PorticoLike | Promise<PorticoLike>);

export interface PorticoParameters {
  /** The Portico instance whose eip155 connection this connector is (`createPortico(...)` / `createAppKit(...)`). */
  instance: PorticoSource;
}

const EIP155 = 'eip155';

const eip155ChainId = (network: PorticoLikeNetwork | undefined) =>
  network?.chainNamespace === EIP155 ? Number(network.id) : undefined;

/** Portico's eip155 accounts as wagmi wants them: checksummed, the selected one first, each once. */
function accountsOf(account: PorticoLikeAccount): Address[] {
  if (!account.isConnected) return [];
  const addresses = [account.address, ...account.allAccounts.map((listed) => listed.address)]
    .filter((address): address is string => !!address)
    .map((address) => getAddress(address));
  return [...new Set(addresses)];
}

const sameAccounts = (a: readonly Address[], b: readonly Address[]) => a.length === b.length && a.every((address, i) => address === b[i]);

/**
 * Subscribes with `subscribe` until `listener` returns true. The listener may be called from inside
 * `subscribe` (an instance that tells a new subscriber the current value, as `@portico/js`'s does once
 * the shell has loaded), so nothing here relies on the unsubscribe function being there yet.
 */
function until<T>(subscribe: (callback: (value: T) => void) => () => void, listener: (value: T) => boolean): () => void {
  let done = false;
  let stop: (() => void) | undefined;
  stop = subscribe((value) => {
    if (done || !listener(value)) return;
    done = true;
    stop?.();
  });
  if (done) stop();
  return () => {
    done = true;
    stop?.();
  };
}

/** Resolves once Portico has restored (or found gone) the session stored before a reload. */
function whenInitialized(portico: PorticoLike): Promise<void> {
  if (portico.getState().initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = until<PorticoLikeState>((callback) => portico.subscribeState(callback), (state) => {
      if (state.initialized) resolve();
      return state.initialized;
    });
    // It may have finished between the check and the subscription.
    if (portico.getState().initialized) {
      stop();
      resolve();
    }
  });
}

/**
 * Opens Portico's modal on eip155 and resolves when an eip155 wallet is connected; rejects with
 * viem's UserRejectedRequestError when the modal, once open, closes with none.
 */
function connectThroughModal(portico: PorticoLike): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let opened = false;
    const stops: Array<() => void> = [];
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      stops.forEach((stop) => stop());
      if (error) reject(error);
      else resolve();
    };
    const onClosed = () => {
      if (portico.getAccount(EIP155).isConnected) settle();
      else settle(new UserRejectedRequestError(new Error('The Portico modal was closed before a wallet connected.')));
    };
    stops.push(
      until<PorticoLikeAccount>(
        (callback) => portico.subscribeAccount(callback, EIP155),
        (account) => {
          if (account.isConnected) settle();
          return settled;
        },
      ),
      until<PorticoLikeState>((callback) => portico.subscribeState(callback), (state) => {
        // A closed state heard before the modal opened (the value a new subscriber is told) is no close.
        if (state.open) opened = true;
        else if (opened) onClosed();
        return settled;
      }),
    );
    if (settled) stops.forEach((stop) => stop());
    portico.open({ namespace: EIP155 }).then(
      () => {
        if (portico.getState().open) opened = true;
        else onClosed();
      },
      (error: unknown) => settle(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

/** A wagmi chain as Portico's `switchNetwork` takes it (Portico matches it by CAIP-2 id). */
function toPorticoNetwork(chain: Chain): PorticoLikeNetworkInput {
  const explorer = chain.blockExplorers?.default;
  return {
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: chain.rpcUrls.default.http } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    chainNamespace: EIP155,
    caipNetworkId: `eip155:${chain.id}`,
    testnet: chain.testnet ?? false,
  };
}

/** What the portico connector has beyond wagmi's connector API. */
export type PorticoConnectorProperties = {
  /** The Portico instance, once it is there. */
  getPortico(): Promise<PorticoLike>;
};

/**
 * A wagmi connector whose connection is Portico's eip155 connection: `connect` opens Portico's modal,
 * and whatever happens in Portico (a wallet connected from Portico's own button, another account or
 * chain, a disconnect, a session restored after a reload) reaches wagmi's state. Events come from
 * Portico, not from the wallet's EIP-1193 events, so wallets that emit none, WalletConnect and the
 * embedded wallet behave alike.
 *
 * @example
 * const config = createConfig({
 *   chains: [mainnet, sepolia],
 *   connectors: [portico({ instance: createPortico({ networks: [mainnet, sepolia], ... }) })],
 *   transports: { [mainnet.id]: http(), [sepolia.id]: http() },
 *   multiInjectedProviderDiscovery: false,
 * });
 */
export function portico(parameters: PorticoParameters): CreateConnectorFn<EIP1193Provider, PorticoConnectorProperties> {
  return createConnector<EIP1193Provider, PorticoConnectorProperties>((config) => {
    let instance: Promise<PorticoLike> | undefined;
    /** What Portico last reported, so each of its updates becomes the one wagmi event it means. */
    let connected = false;
    let knownAccounts: readonly Address[] = [];
    let knownChainId: number | undefined;
    /** Our own connect/disconnect is under way: its result, not an event, tells wagmi. */
    let connecting = false;
    let disconnecting = false;

    const chainIdOf = (portico: PorticoLike) =>
      eip155ChainId(portico.getCaipNetwork()) ?? knownChainId ?? config.chains[0].id;

    function onAccount(portico: PorticoLike, account: PorticoLikeAccount) {
      const accounts = accountsOf(account);
      const wasConnected = connected;
      connected = accounts.length > 0;
      const changed = !sameAccounts(knownAccounts, accounts);
      knownAccounts = accounts;
      if (!wasConnected && connected) {
        // Portico connected by itself (its own button, a restored session): createConfig listens for
        // 'connect' on every connector that is not connected and records the connection.
        if (!connecting) config.emitter.emit('connect', { accounts, chainId: chainIdOf(portico) });
      } else if (wasConnected && !connected) {
        if (!disconnecting) config.emitter.emit('disconnect');
      } else if (connected && changed) {
        config.emitter.emit('change', { accounts });
      }
    }

    function onNetwork(network: PorticoLikeNetwork | undefined) {
      const chainId = eip155ChainId(network);
      if (chainId === undefined || chainId === knownChainId) return;
      knownChainId = chainId;
      if (connected) config.emitter.emit('change', { chainId });
    }

    /** Follows Portico's eip155 account and network, from now on. */
    function bridge(portico: PorticoLike) {
      knownChainId = eip155ChainId(portico.getCaipNetwork());
      portico.subscribeNetwork(onNetwork);
      portico.subscribeAccount((account) => onAccount(portico, account), EIP155);
      onAccount(portico, portico.getAccount(EIP155));
    }

    function getPortico(): Promise<PorticoLike> {
      instance ??= (async () => {
        const source = parameters.instance;
        const portico = await (typeof source === 'function' ? source() : source);
        bridge(portico);
        return portico;
      })();
      return instance;
    }

    async function switchChain({ chainId }: { chainId: number }): Promise<Chain> {
      const chain = config.chains.find((candidate) => candidate.id === chainId);
      if (!chain) throw new ChainNotConfiguredError();
      const portico = await getPortico();
      try {
        await portico.switchNetwork(toPorticoNetwork(chain));
      } catch (error) {
        if ((error as { name?: unknown } | undefined)?.name === 'NetworkNotFoundError') throw new ChainNotConfiguredError();
        throw new SwitchChainError(error as Error);
      }
      // Portico's network subscription has usually said so already.
      onNetwork({ id: chainId, chainNamespace: EIP155, caipNetworkId: `eip155:${chainId}` });
      return chain;
    }

    return {
      id: 'portico',
      name: 'Portico',
      type: portico.type,

      async setup() {
        // Subscribe as soon as the instance is there, so a connection made in Portico reaches wagmi.
        await getPortico().catch((error: unknown) => {
          config.emitter.emit('error', { error: error instanceof Error ? error : new Error(String(error)) });
        });
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        const portico = await getPortico();
        if (isReconnecting) {
          await whenInitialized(portico);
          if (!portico.getAccount(EIP155).isConnected) throw new ConnectorNotConnectedError();
        } else if (!portico.getAccount(EIP155).isConnected) {
          connecting = true;
          try {
            await connectThroughModal(portico);
          } finally {
            connecting = false;
          }
        }
        const accounts = accountsOf(portico.getAccount(EIP155));
        let currentChainId = chainIdOf(portico);
        if (chainId !== undefined && chainId !== currentChainId) {
          // As wagmi's injected connector: a decline fails the connect, any other failure keeps the wallet's chain.
          const chain = await switchChain({ chainId }).catch((error: SwitchChainError | ChainNotConfiguredError) => {
            const declined = error.walk((cause) => (cause as { code?: unknown } | null)?.code === UserRejectedRequestError.code);
            if (declined) throw new UserRejectedRequestError(error);
            return undefined;
          });
          currentChainId = chain?.id ?? currentChainId;
        }
        return {
          accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
          chainId: currentChainId,
        };
      },

      async disconnect() {
        const portico = await getPortico();
        disconnecting = true;
        try {
          await portico.disconnect(EIP155);
        } finally {
          disconnecting = false;
        }
      },

      async getAccounts() {
        return accountsOf((await getPortico()).getAccount(EIP155));
      },

      async getChainId() {
        return chainIdOf(await getPortico());
      },

      async getProvider() {
        const portico = await getPortico();
        // After a reload the wallet is there only once Portico has restored its session.
        await whenInitialized(portico);
        const provider = portico.getProvider(EIP155);
        if (!provider) throw new ProviderNotFoundError();
        return provider as EIP1193Provider;
      },

      async isAuthorized() {
        const portico = await getPortico();
        await whenInitialized(portico);
        return portico.getAccount(EIP155).isConnected;
      },

      switchChain,
      getPortico,

      // Wallet-event hooks of wagmi's connector API. Nothing binds them to the wallet's provider:
      // Portico's subscriptions (above) drive wagmi, whatever the wallet emits.
      onAccountsChanged(accounts) {
        if (accounts.length === 0) config.emitter.emit('disconnect');
        else config.emitter.emit('change', { accounts: accounts.map((address) => getAddress(address)) });
      },
      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) });
      },
      onDisconnect() {
        config.emitter.emit('disconnect');
      },
    };
  });
}

portico.type = 'portico' as const;
