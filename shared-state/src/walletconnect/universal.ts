// Loaded lazily: @walletconnect/universal-provider is the largest dependency Portico has.
import UniversalProvider from '@walletconnect/universal-provider';
import type { Eip1193Provider } from '../adapters/eip155/discovery';
import type { ConnectedAccount, WalletEventHandlers } from '../adapters/types';
import { PAIRING_LIFETIME_MS } from '../constants';
import { UserRejectedRequestError } from '../errors';
import { cacaoSession, ONE_CLICK_PLACEHOLDER_ADDRESS, oneClickChains, oneClickRequest, pickCacao } from '../siwx/one-click';
import type { SIWXConfig } from '../siwx/types';
import { proposalNamespaces, sessionAccounts, sessionConnection, WALLET_CONNECT_METHODS } from './namespaces';
import type { WalletConnectSettings, WalletConnectSource } from './source';

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

  // Every namespace the host configured networks in, each with its methods, chains and rpcMap.
  const namespaces = proposalNamespaces(settings.networks);
  const accounts = () => sessionAccounts(provider.session?.namespaces, settings.networks);

  /**
   * Spec sections 5, 7: with the host's sign-in on and every requested chain eip155, the pairing
   * also asks the wallet to sign the host's message (wc_sessionAuthenticate), so one approval
   * connects and signs in. Undefined: a plain connect.
   */
  async function prepareOneClick(): Promise<{ siwx: SIWXConfig; request: AuthenticateRequest } | undefined> {
    const chains = oneClickChains(settings.networks);
    if (!chains || !settings.siwx) return undefined;
    try {
      const siwx = await settings.siwx();
      if (!siwx) return undefined;
      const message = await siwx.createMessage({ chainId: chains[0]!, accountAddress: ONE_CLICK_PLACEHOLDER_ADDRESS });
      // optionalNamespaces is not in the SDK's type but is read (as by connect): it carries the rpcMap.
      const request = { ...oneClickRequest(message, chains, [...WALLET_CONNECT_METHODS.eip155]), optionalNamespaces: namespaces };
      return { siwx, request };
    } catch {
      // No message to sign (the nonce could not be fetched): connect only; the core's sign-in
      // check runs after connecting and shows its own sign view or error.
      return undefined;
    }
  }

  /** The wallet's answer to a one-click request: the session, and the signed CACAOs unless it fell back to a plain proposal. */
  async function authenticate(request: AuthenticateRequest) {
    try {
      const answer = await provider.authenticate(request);
      // connect() keeps the optional namespaces with the session, authenticate() does not (2.25.0):
      // a restored session would lose the rpcMap and send its reads to the hosted rpc.walletconnect.org.
      if (answer.session) await (provider as unknown as KeepsNamespaces).persist('optionalNamespaces', namespaces);
      return answer;
    } catch (error) {
      // The SDK rejects with the bare message of the wallet's error answer (its code is lost):
      // the wallet refused the sign-in request, which is the person declining.
      throw typeof error === 'string' ? new UserRejectedRequestError(error) : error;
    }
  }

  /**
   * Keeps the session the wallet signed for, before the connection is reported: the core's sign-in
   * check runs when the account becomes connected and must find it, so there is no second prompt.
   */
  async function keepSession(siwx: SIWXConfig, auths: readonly unknown[] | undefined, account: ConnectedAccount) {
    // No CACAO: the wallet has no one-click auth and answered the fallback proposal; the core's sign view asks.
    const cacao = pickCacao(auths, `eip155:${account.chainReference}`);
    if (!cacao) return;
    try {
      await siwx.addSession(cacaoSession(cacao, (request, iss) => provider.client.formatAuthMessage({ request, iss })));
    } catch {
      // Refused (e.g. the nonce expired while the person waited): stay connected; the sign view
      // opens and asks for a fresh signature. Nothing is logged: the error may carry the message.
    }
  }

  return {
    async connect(onUri) {
      const oneClick = await prepareOneClick();
      const showUri = (uri: string) => onUri(uri);
      provider.on('display_uri', showUri);
      let auths: readonly unknown[] | undefined;
      try {
        if (oneClick) ({ auths } = await pairSurvivingRelayLoss(provider, () => authenticate(oneClick.request), onUri));
        else await pairSurvivingRelayLoss(provider, () => provider.connect({ optionalNamespaces: namespaces }), onUri);
      } finally {
        provider.removeListener?.('display_uri', showUri);
      }
      const account = sessionConnection(accounts());
      if (!account) throw new Error('The wallet approved a session without an account.');
      if (oneClick) await keepSession(oneClick.siwx, auths, account);
      return account;
    },
    async restore(namespace = 'eip155') {
      return provider.session ? accounts()[namespace] : undefined;
    },
    // Ends the session in every namespace: it is one pairing with the wallet (as AppKit's WalletConnect connector).
    async disconnect() {
      if (provider.session) await provider.disconnect();
    },
    async request(caipNetworkId, method, params) {
      return provider.request({ method, params: params as object }, caipNetworkId);
    },
    provider: () => provider as unknown as Eip1193Provider,
    watch(handlers: WalletEventHandlers, namespace = 'eip155') {
      const onDelete = () => handlers.disconnect();
      provider.on('session_delete', onDelete);
      provider.on('disconnect', onDelete);
      // The provider reports account and chain changes of its default (eip155) namespace; the others follow
      // session_update, whose accounts are the namespace's new grant.
      const onAccounts = (changed: string[]) => handlers.accountsChanged(changed.map((account) => account.split(':').pop() ?? account));
      const onChain = (chainId: number | string) => handlers.chainChanged(String(chainId).split(':').pop()!);
      const onUpdate = () => {
        const granted = accounts()[namespace];
        if (!granted) handlers.accountsChanged([]);
        // With its chain: a grant on another chain must not be paired with the old one.
        else handlers.accountsChanged(granted.addresses ?? [granted.address], undefined, granted.chainReference);
      };
      const eip155 = namespace === 'eip155';
      if (eip155) {
        provider.on('accountsChanged', onAccounts);
        provider.on('chainChanged', onChain);
      } else {
        provider.on('session_update', onUpdate);
      }
      return () => {
        provider.removeListener?.('session_delete', onDelete);
        provider.removeListener?.('disconnect', onDelete);
        if (eip155) {
          provider.removeListener?.('accountsChanged', onAccounts);
          provider.removeListener?.('chainChanged', onChain);
        } else {
          provider.removeListener?.('session_update', onUpdate);
        }
      };
    },
  };
}

/** What `UniversalProvider.authenticate` takes (its type lacks the optionalNamespaces it reads). */
type AuthenticateRequest = Parameters<UniversalProvider['authenticate']>[0] & {
  optionalNamespaces: Parameters<UniversalProvider['connect']>[0]['optionalNamespaces'];
};

/** UniversalProvider's own (private) write to its storage, as connect() uses it; read back on restore. */
type KeepsNamespaces = { persist(key: 'optionalNamespaces', value: unknown): Promise<void> };

/** The parts of UniversalProvider that watching a pairing uses (a narrow type, so tests can drive it). */
type PairingProvider = Pick<UniversalProvider, 'on' | 'removeListener'> & {
  client: { core: { relayer: Pick<UniversalProvider['client']['core']['relayer'], 'on' | 'off'> } };
};

/** Spec section 9: the default retry gap. */
const RELAY_RETRY_GAP_MS = 1000;
/** How long to keep trying to reach a lost relay for a fresh pairing (the pairing lifetime). */
const RELAY_RETRY_WINDOW_MS = PAIRING_LIFETIME_MS;

/**
 * Runs `pair` (connect, or authenticate for one-click auth) and resolves with the wallet's answer;
 * starts over with a fresh URI when the relay connection drops before the wallet answered: the
 * request sits in the relay's mailbox, and a relay that restarted may have lost it, so the URI on
 * screen would connect nothing. The old URI is withdrawn at once.
 */
export async function pairSurvivingRelayLoss<Answer>(
  provider: PairingProvider,
  pair: () => Promise<Answer>,
  onUri: (uri: string | undefined) => void,
): Promise<Answer> {
  const relayer = provider.client.core.relayer;
  const giveUpAt = Date.now() + RELAY_RETRY_WINDOW_MS;
  for (;;) {
    let shownUri = false;
    const markShown = () => (shownUri = true);
    let onRelayLost = () => {};
    const relayLost = new Promise<'relay-lost'>((resolve) => (onRelayLost = () => resolve('relay-lost')));
    provider.on('display_uri', markShown);
    relayer.on('relayer_disconnect', onRelayLost);
    const approval = pair();
    try {
      const outcome = await Promise.race([approval.then((answer) => ({ answer })), relayLost]);
      if (outcome !== 'relay-lost') return outcome.answer;
      approval.catch(() => undefined); // the abandoned request expires on its own
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
