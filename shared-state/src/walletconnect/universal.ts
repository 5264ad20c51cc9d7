// Loaded lazily: @walletconnect/universal-provider is the largest dependency Portico has.
import UniversalProvider from '@walletconnect/universal-provider';
import type { Eip1193Provider } from '../adapters/eip155/discovery';
import type { ConnectedAccount, WalletEventHandlers } from '../adapters/types';
import { PAIRING_LIFETIME_MS } from '../constants';
import type { WalletConnectSettings, WalletConnectSource } from './source';

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

/**
 * The first eip155 account of a session namespace list like `eip155:31337:0xabc`, with every
 * address the session grants on that chain (`addresses`, the first one first).
 */
export function firstEip155Account(accounts: readonly string[] | undefined): ConnectedAccount | undefined {
  const eip155 = (accounts ?? []).map((account) => account.split(':')).filter(([namespace, reference, address]) => namespace === 'eip155' && reference && address);
  const chainReference = eip155[0]?.[1];
  if (!chainReference) return undefined;
  const addresses = [...new Set(eip155.filter(([, reference]) => reference === chainReference).map(([, , address]) => address!))];
  return { address: addresses[0]!, chainReference, addresses };
}

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
        await pairSurvivingRelayLoss(provider, namespaces, onUri);
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

/** The parts of UniversalProvider that pairing uses (a narrow type, so tests can drive it). */
type PairingProvider = Pick<UniversalProvider, 'on' | 'removeListener' | 'connect'> & {
  client: { core: { relayer: Pick<UniversalProvider['client']['core']['relayer'], 'on' | 'off'> } };
};

/** Spec section 9: the default retry gap. */
const RELAY_RETRY_GAP_MS = 1000;
/** How long to keep trying to reach a lost relay for a fresh pairing (the pairing lifetime). */
const RELAY_RETRY_WINDOW_MS = PAIRING_LIFETIME_MS;

/**
 * Pairs, and starts over with a fresh URI when the relay connection drops before the wallet
 * answered: the session proposal sits in the relay's mailbox, and a relay that restarted may have
 * lost it, so the URI on screen would connect nothing. The old URI is withdrawn at once.
 */
export async function pairSurvivingRelayLoss(
  provider: PairingProvider,
  namespaces: Parameters<UniversalProvider['connect']>[0]['optionalNamespaces'],
  onUri: (uri: string | undefined) => void,
): Promise<void> {
  const relayer = provider.client.core.relayer;
  const giveUpAt = Date.now() + RELAY_RETRY_WINDOW_MS;
  for (;;) {
    let shownUri = false;
    const markShown = () => (shownUri = true);
    let onRelayLost = () => {};
    const relayLost = new Promise<'relay-lost'>((resolve) => (onRelayLost = () => resolve('relay-lost')));
    provider.on('display_uri', markShown);
    relayer.on('relayer_disconnect', onRelayLost);
    const approval = provider.connect({ optionalNamespaces: namespaces });
    try {
      if ((await Promise.race([approval.then(() => 'approved' as const), relayLost])) === 'approved') return;
      approval.catch(() => undefined); // the abandoned proposal expires on its own
      onUri(undefined);
    } catch (error) {
      // Before a URI was shown, a failure is the relay being unreachable: try again shortly.
      // After it, it is the wallet's answer (declined, expired), which the caller shows.
      if (shownUri || Date.now() > giveUpAt) throw error;
    } finally {
      provider.removeListener?.('display_uri', markShown);
      relayer.off('relayer_disconnect', onRelayLost);
    }
    await new Promise((resolve) => setTimeout(resolve, RELAY_RETRY_GAP_MS));
  }
}
