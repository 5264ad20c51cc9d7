// Loaded lazily: @walletconnect/universal-provider is the largest dependency Portico has.
import UniversalProvider from '@walletconnect/universal-provider';
import type { Eip1193Provider } from '../adapters/eip155/discovery';
import type { WalletEventHandlers } from '../adapters/types';
import { firstEip155Account, type WalletConnectSettings, type WalletConnectSource } from './source';

const EIP155_METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
];
const EIP155_EVENTS = ['accountsChanged', 'chainChanged'];

export async function createUniversalSource(settings: WalletConnectSettings): Promise<Omit<WalletConnectSource, 'preload'>> {
  const provider = await UniversalProvider.init({
    projectId: settings.projectId,
    relayUrl: settings.relayUrl,
    metadata: settings.metadata,
    telemetryEnabled: settings.telemetry,
    customStoragePrefix: 'portico',
  });
  if (!settings.verify) {
    // The verify API is an iframe on a hosted domain; offline it costs 5 s per step (see README).
    (provider.client.core.verify as { register: (...args: unknown[]) => Promise<string> }).register = async () => '';
  }

  const evmNetworks = settings.networks.filter((network) => network.chainNamespace === 'eip155');
  const namespaces = {
    eip155: {
      chains: evmNetworks.map((network) => network.caipNetworkId),
      methods: EIP155_METHODS,
      events: EIP155_EVENTS,
      rpcMap: Object.fromEntries(
        evmNetworks.map((network) => [String(network.id), network.rpcUrls.default.http[0]!]),
      ),
    },
  };

  const sessionAccount = () => firstEip155Account(provider.session?.namespaces.eip155?.accounts);

  return {
    async connect(onUri) {
      const showUri = (uri: string) => onUri(uri);
      provider.on('display_uri', showUri);
      try {
        await provider.connect({ optionalNamespaces: namespaces });
      } finally {
        provider.removeListener?.('display_uri', showUri);
      }
      const account = sessionAccount();
      if (!account) throw new Error('The wallet approved a session without an eip155 account.');
      return account;
    },
    async restore() {
      return provider.session ? sessionAccount() : undefined;
    },
    async disconnect() {
      if (provider.session) await provider.disconnect();
    },
    provider: () => provider as unknown as Eip1193Provider,
    watch(handlers: WalletEventHandlers) {
      const onAccounts = (accounts: string[]) =>
        handlers.accountsChanged(accounts.map((account) => account.split(':').pop() ?? account));
      const onChain = (chainId: number | string) => handlers.chainChanged(String(chainId).split(':').pop()!);
      const onDelete = () => handlers.disconnect();
      provider.on('accountsChanged', onAccounts);
      provider.on('chainChanged', onChain);
      provider.on('session_delete', onDelete);
      provider.on('disconnect', onDelete);
      return () => {
        provider.removeListener?.('accountsChanged', onAccounts);
        provider.removeListener?.('chainChanged', onChain);
        provider.removeListener?.('session_delete', onDelete);
        provider.removeListener?.('disconnect', onDelete);
      };
    },
  };
}
