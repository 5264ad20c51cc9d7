import { CONNECTOR_IDS } from '../../constants';
import { ConnectorNotFoundError, SwitchChainError, UserRejectedRequestError, isUserRejection } from '../../errors';
import type { CaipNetwork } from '../../network';
import type { WalletConnectSource } from '../../walletconnect/source';
import type { ChainAdapter, ConnectedAccount, Connector, WalletEventHandlers } from '../types';
import {
  normalizeConnectorName,
  safeWalletIcon,
  watchAnnouncedWallets,
  type Eip1193Provider,
} from './discovery';

export interface Eip155AdapterEnvironment {
  /** Where EIP-6963 events fly: the host page's window. */
  eventTarget: EventTarget;
  /** The legacy injected provider (`window.ethereum`), if any. */
  legacyProvider?: Eip1193Provider;
  /** WalletConnect pairing, when the host configured a relay; `onUri` shows each new pairing URI. */
  walletConnect?: { source: WalletConnectSource; onUri(uri: string | undefined): void };
}

/** How long a silent reconnect waits for the stored wallet to announce itself after a reload. */
const RECONNECT_ANNOUNCE_WAIT_MS = 1_000;

const toChainReference = (hexOrNumber: unknown): string => String(Number(hexOrNumber));

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

  /** The WalletConnect pairing when `connectorId` names it (and the host configured it). */
  const walletConnectFor = (connectorId: string) =>
    connectorId === CONNECTOR_IDS.walletConnect ? environment.walletConnect : undefined;
  if (environment.walletConnect) {
    connectors.set(CONNECTOR_IDS.walletConnect, {
      id: CONNECTOR_IDS.walletConnect,
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      chain: 'eip155',
      installed: false,
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

  function providerFor(connectorId: string): Eip1193Provider {
    const provider = walletConnectFor(connectorId)?.source.provider() ?? providers.get(connectorId);
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
    return { address: addresses[0], chainReference } satisfies ConnectedAccount;
  }

  return {
    namespace: 'eip155',

    watchConnectors(onChange) {
      const emit = () => onChange([...connectors.values()]);
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
          imageUrl: safeWalletIcon(info.icon),
          info: { rdns: info.rdns },
          installed: true,
        });
        // The legacy provider is usually one of the announced wallets: list it once.
        if (provider === environment.legacyProvider) connectors.delete(CONNECTOR_IDS.injected);
        for (const waiter of connectorWaiters) waiter();
        emit();
      });
      emit();
      return stop;
    },

    async connect(connectorId) {
      try {
        const walletConnect = walletConnectFor(connectorId);
        if (walletConnect) return await walletConnect.source.connect(walletConnect.onUri);
        const account = await readAccount(providerFor(connectorId), 'eth_requestAccounts');
        if (!account) throw new UserRejectedRequestError();
        return account;
      } catch (error) {
        if (isUserRejection(error)) throw new UserRejectedRequestError(error);
        throw error;
      }
    },

    async reconnect(connectorId) {
      const walletConnect = walletConnectFor(connectorId);
      if (walletConnect) return walletConnect.source.restore();
      if (!(await waitForConnector(connectorId))) return undefined;
      return readAccount(providerFor(connectorId), 'eth_accounts');
    },

    async disconnect(connectorId) {
      const walletConnect = walletConnectFor(connectorId);
      if (walletConnect) return walletConnect.source.disconnect();
      const provider = providers.get(connectorId);
      // Wallets that support it forget the site's permission; the rest ignore the call.
      await provider
        ?.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
        .catch(() => undefined);
    },

    async switchNetwork(connectorId, network: CaipNetwork) {
      const provider = providerFor(connectorId);
      const chainId = `0x${Number(network.id).toString(16)}`;
      try {
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
      } catch (error) {
        if ((error as { code?: number })?.code !== 4902) throw new SwitchChainError(network.id, error);
        try {
          await provider.request({
            method: 'wallet_addEthereumChain',
            params: [
              {
                chainId,
                chainName: network.name,
                nativeCurrency: network.nativeCurrency,
                rpcUrls: network.rpcUrls.default.http,
                blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : undefined,
              },
            ],
          });
          // Some wallets switch on add, others only add: ask once more (a no-op when already there).
          await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
        } catch (addError) {
          throw new SwitchChainError(network.id, addError);
        }
      }
    },

    watchWallet(connectorId, handlers: WalletEventHandlers) {
      const walletConnect = walletConnectFor(connectorId);
      if (walletConnect) return walletConnect.source.watch(handlers);
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
      const { transferTransaction, toHexQuantity } = await rpc();
      const transaction = transferTransaction(transfer);
      try {
        const hash = await providerFor(connectorId).request({
          method: 'eth_sendTransaction',
          params: [
            {
              from: transaction.from,
              to: transaction.to,
              value: toHexQuantity(transaction.value),
              ...(transaction.data ? { data: transaction.data } : {}),
              chainId: `0x${Number(network.id).toString(16)}`,
            },
          ],
        });
        if (typeof hash !== 'string') throw new Error('The wallet returned no transaction hash.');
        return hash;
      } catch (error) {
        if (isUserRejection(error)) throw new UserRejectedRequestError(error);
        throw error;
      }
    },

    async waitForTransaction(hash, network) {
      return (await rpc()).waitForTransaction(hash, network);
    },

    async sendTransaction(connectorId, call, network) {
      const hex = (decimal: string | undefined) => `0x${BigInt(decimal || '0').toString(16)}`;
      try {
        const hash = await providerFor(connectorId).request({
          method: 'eth_sendTransaction',
          params: [
            {
              from: call.from,
              to: call.to,
              value: hex(call.value),
              ...(call.data ? { data: call.data } : {}),
              ...(call.gas ? { gas: hex(call.gas) } : {}),
              chainId: `0x${Number(network.id).toString(16)}`,
            },
          ],
        });
        if (typeof hash !== 'string') throw new Error('The wallet returned no transaction hash.');
        return hash;
      } catch (error) {
        if (isUserRejection(error)) throw new UserRejectedRequestError(error);
        throw error;
      }
    },

    async signMessage(connectorId, address, message) {
      // personal_sign takes the message as hex-encoded UTF-8 (what viem and most wallets send).
      const hex = `0x${Array.from(new TextEncoder().encode(message), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
      try {
        const signature = await providerFor(connectorId).request({ method: 'personal_sign', params: [hex, address] });
        if (typeof signature !== 'string') throw new Error('The wallet returned no signature.');
        return signature;
      } catch (error) {
        if (isUserRejection(error)) throw new UserRejectedRequestError(error);
        throw error;
      }
    },

    getProvider(connectorId) {
      return walletConnectFor(connectorId)?.source.provider() ?? providers.get(connectorId);
    },
  };
}
