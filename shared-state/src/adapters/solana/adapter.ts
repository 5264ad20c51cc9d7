// Loaded lazily (lazy.ts) on pages whose networks include solana. Wallet discovery and sessions only;
// @solana/kit (chain reads, transactions, base58) loads with chain.ts on the first use.
import type { WalletAccount } from '@wallet-standard/base';
import type { Store } from 'jotai/vanilla';
import { activeNetworkAtom, optionsAtom } from '../../atoms';
import { CONNECTOR_IDS } from '../../constants';
import { NamespaceNotConfiguredError, UserRejectedRequestError } from '../../errors';
import { walletRequest } from '../wallet-request';
import { visibleWalletName } from '../wallet-info';
import type { ChainAdapter, ConnectedAccount } from '../types';
import { parseSignInText, solanaSignInInput, type SolanaSignInInput } from '../../siwx/siws';
import { featureMethod, walletSessions, watchWalletRegistry, type WalletSession } from '../wallet-standard';
import { namespaceSession, type WalletConnectAccess } from '../walletconnect/session';
import { chainReferenceOf, walletChainFor } from './chains';
import { signatureOutputSchema, signInOutputSchema, solanaAccounts, solanaWalletSchema } from './wallets';

export { RECONNECT_REGISTER_WAIT_MS } from '../wallet-standard';

/** The solana ChainAdapter: it always signs messages (`solana:signMessage`; sign-in texts through `solana:signIn` when the wallet has it). */
export type SolanaAdapter = ChainAdapter & Required<Pick<ChainAdapter, 'signMessage'>>;

type ConnectMethod = (input?: { silent?: boolean }) => Promise<{ accounts?: unknown }>;
type SignMessageMethod = (input: { account: WalletAccount; message: Uint8Array }) => Promise<unknown>;
type SignInMethod = (input: SolanaSignInInput) => Promise<unknown>;

/** A `solana:signIn` wallet wrote a text other than the one asked for: the session would not match what was signed. */
export const SIGNED_OTHER_SIGN_IN = 'The wallet signed a different sign-in message';

/** A connected wallet: the accounts it granted (the first is the connection's) and the chain the modal uses with it. */
interface Session extends WalletSession {
  accounts: WalletAccount[];
  chainReference: string;
}

/**
 * solana over the Wallet Standard (`@wallet-standard/app`): every registered wallet with `standard:connect` and a
 * `solana:` chain is a connector. Wallet Standard wallets have no "current chain": each request names its chain
 * (chains.ts), so a network switch is the modal's own and is reported back as the wallet's chainChanged.
 * With `walletConnect`, the WalletConnect connector (listed under eip155) also serves solana: the session's
 * solana namespace (`solana_signMessage`, `solana_signAndSendTransaction`).
 */
export function createSolanaAdapter(store: Store, walletConnect?: WalletConnectAccess): SolanaAdapter {
  const walletConnectSession = walletConnect && namespaceSession('solana', walletConnect);
  const viaWalletConnect = (connectorId: string) => (connectorId === CONNECTOR_IDS.walletConnect ? walletConnectSession : undefined);
  const networks = (store.get(optionsAtom)?.networks ?? []).filter((network) => network.chainNamespace === 'solana');
  /** The solana network a new connection starts on: the active one when it is solana, else the first configured. */
  const startNetwork = () => {
    const active = store.get(activeNetworkAtom);
    return active?.chainNamespace === 'solana' ? active : networks[0];
  };
  const registry = watchWalletRegistry('solana', solanaWalletSchema);
  const sessions = walletSessions<Session>(registry);
  const chain = () => import('./chain');

  /** standard:connect; the granted Solana accounts become the session (undefined when none). */
  async function openSession(connectorId: string, silent: boolean): Promise<ConnectedAccount | undefined> {
    const wallet = registry.walletFor(connectorId);
    const connect = featureMethod<ConnectMethod>(wallet, 'standard:connect', 'connect')!;
    const output = await walletRequest(() => connect(silent ? { silent: true } : undefined));
    // Some wallets answer a silent connect with no accounts at all, others list them on the wallet only.
    const accounts = solanaAccounts(output?.accounts ?? wallet.accounts);
    if (!accounts[0]) return undefined;
    const network = startNetwork();
    if (!network) throw new NamespaceNotConfiguredError('solana');
    const chainReference = chainReferenceOf(network);
    sessions.open(connectorId, { wallet, accounts, chainReference });
    const addresses = accounts.map((account) => account.address);
    return { address: addresses[0]!, chainReference, ...(addresses[1] ? { addresses } : {}) };
  }

  /** The session's account for `address` (the person's pick), else its first. */
  const accountFor = (session: Session, address: string): WalletAccount =>
    session.accounts.find((account) => account.address === address) ?? session.accounts[0]!;

  const networkOf = (session: Session) => networks.find((network) => chainReferenceOf(network) === session.chainReference);

  return {
    namespace: 'solana',

    watchConnectors: (onChange) => registry.watchConnectors(onChange),

    async connect(connectorId) {
      const session = viaWalletConnect(connectorId);
      if (session) return session.connect();
      const account = await openSession(connectorId, false);
      // A wallet that grants no Solana account has declined too.
      if (!account) throw new UserRejectedRequestError();
      return account;
    },

    async reconnect(connectorId) {
      const session = viaWalletConnect(connectorId);
      if (session) return session.reconnect();
      if (!(await registry.waitFor(connectorId))) return undefined;
      return openSession(connectorId, true);
    },

    async disconnect(connectorId) {
      const wcSession = viaWalletConnect(connectorId);
      // Wallets that support it forget the site.
      return wcSession ? wcSession.disconnect() : sessions.end(connectorId);
    },

    async switchNetwork(connectorId, network) {
      viaWalletConnect(connectorId)?.switchNetwork(network);
      const session = sessions.get(connectorId);
      if (!session) return;
      session.chainReference = chainReferenceOf(network);
      session.handlers?.chainChanged(session.chainReference);
    },

    watchWallet(connectorId, handlers) {
      const wcSession = viaWalletConnect(connectorId);
      if (wcSession) return wcSession.watch(handlers);
      return sessions.watch(connectorId, handlers, ({ accounts, chains }, session) => {
        // The wallet left the session's cluster: follow it to a configured network it is on.
        const current = networkOf(session);
        const moved = Array.isArray(chains) && !(current && chains.includes(walletChainFor(current)));
        const next = moved ? networks.find((network) => chains.includes(walletChainFor(network))) : undefined;
        if (next) session.chainReference = chainReferenceOf(next);
        if (accounts !== undefined) {
          session.accounts = solanaAccounts(accounts);
          // With their cluster as one change: the controller never pairs the new accounts with the old cluster.
          handlers.accountsChanged(session.accounts.map((account) => account.address), undefined, session.chainReference);
        } else if (next) handlers.chainChanged(session.chainReference);
      });
    },

    async normalizeAddress(address) {
      return (await chain()).normalizeAddress(address);
    },

    async getNativeBalance(address, network) {
      return (await chain()).getNativeBalance(address, network);
    },

    async estimateTransferFee(transfer, network) {
      return (await chain()).estimateTransferFee(transfer, network);
    },

    async sendTransfer(connectorId, transfer, network) {
      const wcSession = viaWalletConnect(connectorId);
      if (wcSession) return (await chain()).sendTransferOverWalletConnect(wcSession, transfer, network);
      const session = sessions.require(connectorId);
      return (await chain()).sendTransfer(session.wallet, accountFor(session, transfer.from), transfer, network);
    },

    async waitForTransaction(hash, network) {
      return (await chain()).waitForTransaction(hash, network);
    },

    async signMessage(connectorId, address, message) {
      const wcSession = viaWalletConnect(connectorId);
      if (wcSession) return (await chain()).signMessageOverWalletConnect(wcSession, address, message);
      const session = sessions.require(connectorId);
      // Sign-In With Solana: a wallet with `solana:signIn` shows its own sign-in screen for the same fields.
      const signIn = parseSignInText(message);
      const signInWith = signIn?.namespace === 'solana' ? featureMethod<SignInMethod>(session.wallet, 'solana:signIn', 'signIn') : undefined;
      if (signIn && signInWith) {
        const output = await walletRequest(() => signInWith(solanaSignInInput(signIn.data)));
        const signed = signInOutputSchema.parse(output)[0]!;
        if (signed.account.address !== address || new TextDecoder().decode(signed.signedMessage) !== message) throw new Error(SIGNED_OTHER_SIGN_IN);
        return (await chain()).toBase58(signed.signature);
      }
      const sign = featureMethod<SignMessageMethod>(session.wallet, 'solana:signMessage', 'signMessage');
      if (!sign) throw new Error(`${visibleWalletName(session.wallet.name)} cannot sign messages.`);
      const output = await walletRequest(() => sign({ account: accountFor(session, address), message: new TextEncoder().encode(message) }));
      const { signature } = signatureOutputSchema.parse(output)[0]!;
      return (await chain()).toBase58(signature);
    },

    getProvider(connectorId) {
      const wcSession = viaWalletConnect(connectorId);
      if (wcSession) return wcSession.provider();
      return sessions.get(connectorId)?.wallet ?? registry.walletsById().get(connectorId);
    },
  };
}
