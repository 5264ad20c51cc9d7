// Loaded lazily (lazy.ts) on pages whose networks include bip122. Wallet Standard bitcoin wallets only: no chain
// reads (spec section 5: balances and send are eip155 and solana features).
import { base64 } from '@scure/base';
import type { Wallet } from '@wallet-standard/base';
import type { Store } from 'jotai/vanilla';
import { isValidAddress } from '../../address/shapes';
import { activeNetworkAtom, optionsAtom } from '../../atoms';
import { CONNECTOR_IDS } from '../../constants';
import { NamespaceNotConfiguredError, PorticoError, UserRejectedRequestError } from '../../errors';
import type { CaipNetwork } from '../../network';
import type { ChainAdapter, ConnectedAccount } from '../types';
import { SendingUnsupportedError } from '../unsupported';
import { walletRequest } from '../wallet-request';
import { visibleWalletName } from '../wallet-info';
import { featureMethod, walletSessions, watchWalletRegistry, type WalletSession } from '../wallet-standard';
import { chainReferenceOf, referenceOfWalletChain, walletChainFor } from './chains';
import { WalletNetworkUnavailableError } from './errors';
import { bitcoinAccounts, bitcoinWalletSchema, CONNECT_PURPOSES, LISTED_TYPE, signMessageOutputSchema, type BitcoinAccount } from './wallets';

export { RECONNECT_REGISTER_WAIT_MS } from '../wallet-standard';

/** The bip122 ChainAdapter: it always signs messages (`bitcoin:signMessage`, BIP-322). */
export type Bip122Adapter = ChainAdapter & Required<Pick<ChainAdapter, 'signMessage'>>;

type BitcoinConnectMethod = (input: { purposes: string[] }) => Promise<{ accounts?: unknown } | undefined>;
type StandardConnectMethod = (input: { silent: boolean }) => Promise<{ accounts?: unknown } | undefined>;
type SignMessageMethod = (input: { account: BitcoinAccount['account']; message: Uint8Array }) => Promise<unknown>;

/** Where a wallet's accounts are used: a chain (CAIP-2 reference) and the granted accounts on it, payment first. */
interface Placement {
  chainReference: string;
  accounts: BitcoinAccount[];
}

/** A connected wallet: every account it granted (on any chain) and where the modal uses them. */
interface Session extends Placement, WalletSession {
  granted: BitcoinAccount[];
}

const onChain = (granted: BitcoinAccount[], chain: string | undefined) =>
  chain ? granted.filter(({ account }) => (account.chains as readonly string[]).includes(chain)) : [];

/** The addresses and account types the connection controller lists, payment first. */
function connectedAccount({ chainReference, accounts }: Placement): ConnectedAccount {
  const addresses = accounts.map(({ account }) => account.address);
  return { address: addresses[0]!, chainReference, addresses, accountTypes: accounts.map(({ purpose }) => LISTED_TYPE[purpose]) };
}

/**
 * The bip122 adapter of the page: injected wallets (below), and with `walletConnect` (the WalletConnect-only adapter
 * of bip122) the WalletConnect connector, listed under eip155, whose calls go to the session's bip122 namespace.
 */
export function createBip122Adapter(store: Store, walletConnect?: ChainAdapter): Bip122Adapter {
  const injected = createInjectedBip122Adapter(store);
  if (!walletConnect) return injected;
  const route = (connectorId: string): ChainAdapter => (connectorId === CONNECTOR_IDS.walletConnect ? walletConnect : injected);
  return {
    ...injected,
    connect: (connectorId) => route(connectorId).connect(connectorId),
    reconnect: (connectorId) => route(connectorId).reconnect(connectorId),
    disconnect: (connectorId) => route(connectorId).disconnect(connectorId),
    switchNetwork: (connectorId, network) => route(connectorId).switchNetwork(connectorId, network),
    watchWallet: (connectorId, handlers) => route(connectorId).watchWallet(connectorId, handlers),
    sendTransfer: (connectorId, transfer, network) => route(connectorId).sendTransfer(connectorId, transfer, network),
    async signMessage(connectorId, address, message) {
      const adapter = route(connectorId);
      if (!adapter.signMessage) throw new PorticoError('This wallet cannot sign messages');
      return adapter.signMessage(connectorId, address, message);
    },
    getProvider: (connectorId) => route(connectorId).getProvider(connectorId),
  };
}

/**
 * bip122 over the Wallet Standard's bitcoin features (`@exodus/bitcoin-wallet-standard`, which AppKit's bitcoin
 * adapter speaks too): every registered wallet with `bitcoin:connect` and a `bitcoin:` chain is a connector.
 * connect asks for the payment and the ordinals address; the payment address is the connection's (spec section 3).
 * Bitcoin addresses belong to one network, so a network switch moves to accounts the wallet granted there.
 */
function createInjectedBip122Adapter(store: Store): Bip122Adapter {
  const networks = (store.get(optionsAtom)?.networks ?? []).filter((network) => network.chainNamespace === 'bip122');
  const registry = watchWalletRegistry('bip122', bitcoinWalletSchema);
  const sessions = walletSessions<Session>(registry);

  /**
   * The chain the granted accounts are used on: the active bip122 network when they are on it, else a configured
   * network they are on, else the bitcoin chain they name (a network the host did not configure: the controller
   * then shows UnsupportedChain).
   */
  function place(wallet: Wallet, granted: BitcoinAccount[]): Placement {
    const active = store.get(activeNetworkAtom);
    const preferred: CaipNetwork[] = active?.chainNamespace === 'bip122' ? [active, ...networks] : networks;
    if (!preferred[0]) throw new NamespaceNotConfiguredError('bip122');
    for (const network of preferred) {
      const accounts = onChain(granted, walletChainFor(network));
      if (accounts[0]) return { chainReference: chainReferenceOf(network), accounts };
    }
    for (const chain of granted[0]!.account.chains) {
      const reference = referenceOfWalletChain(chain);
      if (reference) return { chainReference: reference, accounts: onChain(granted, chain) };
    }
    throw new PorticoError(`${visibleWalletName(wallet.name)} is on a bitcoin network Portico does not support`, { details: granted[0]!.account.chains.join(', ') });
  }

  /** Makes the granted accounts the session; undefined when the wallet granted no bitcoin account. */
  function openSession(connectorId: string, wallet: Wallet, accounts: unknown): ConnectedAccount | undefined {
    const granted = bitcoinAccounts(accounts);
    if (!granted[0]) return undefined;
    const placement = place(wallet, granted);
    sessions.open(connectorId, { wallet, granted, ...placement });
    return connectedAccount(placement);
  }

  /** Tells the controller what moved: new accounts with their chain as one change (never paired with the old chain), else the chain. */
  function report(session: Session, next: Placement) {
    const sameAccounts = next.accounts.map(({ account }) => account.address).join() === session.accounts.map(({ account }) => account.address).join();
    const chainMoved = next.chainReference !== session.chainReference;
    Object.assign(session, next);
    const { handlers } = session;
    if (!sameAccounts) {
      const { addresses, accountTypes, chainReference } = connectedAccount(next);
      handlers?.accountsChanged(addresses!, accountTypes, chainReference);
    } else if (chainMoved) handlers?.chainChanged(next.chainReference);
  }

  /** The session's account for `address` (the person's pick), else its payment account. */
  const accountFor = (session: Session, address: string) =>
    (session.accounts.find(({ account }) => account.address === address) ?? session.accounts[0]!).account;

  return {
    namespace: 'bip122',

    watchConnectors: (onChange) => registry.watchConnectors(onChange),

    async connect(connectorId) {
      const wallet = registry.walletFor(connectorId);
      const connect = featureMethod<BitcoinConnectMethod>(wallet, 'bitcoin:connect', 'connect')!;
      const output = await walletRequest(() => connect({ purposes: [...CONNECT_PURPOSES] }));
      // A wallet that grants no bitcoin account has declined too.
      const account = openSession(connectorId, wallet, output?.accounts);
      if (!account) throw new UserRejectedRequestError();
      return account;
    },

    async reconnect(connectorId) {
      if (!(await registry.waitFor(connectorId))) return undefined;
      const wallet = registry.walletFor(connectorId);
      // Never a prompt: a silent standard:connect where the wallet has one, else the accounts it already lists.
      const silentConnect = featureMethod<StandardConnectMethod>(wallet, 'standard:connect', 'connect');
      const output = silentConnect ? await walletRequest(() => silentConnect({ silent: true })) : undefined;
      return openSession(connectorId, wallet, output?.accounts ?? wallet.accounts);
    },

    // Wallets that support it forget the site.
    disconnect: (connectorId) => sessions.end(connectorId),

    async switchNetwork(connectorId, network) {
      const session = sessions.get(connectorId);
      if (!session) return;
      const accounts = onChain(session.granted, walletChainFor(network));
      if (!accounts[0]) throw new WalletNetworkUnavailableError(visibleWalletName(session.wallet.name), network.name);
      report(session, { chainReference: chainReferenceOf(network), accounts });
    },

    watchWallet(connectorId, handlers) {
      return sessions.watch(connectorId, handlers, ({ accounts }, session) => {
        if (accounts === undefined) return;
        session.granted = bitcoinAccounts(accounts);
        // No bitcoin account left: the controller disconnects.
        if (!session.granted[0]) return handlers.accountsChanged([]);
        try {
          report(session, place(session.wallet, session.granted));
        } catch {
          handlers.disconnect();
        }
      });
    },

    async normalizeAddress(address) {
      if (!isValidAddress('bip122', address)) throw new PorticoError('Invalid address', { details: `'${address}' is not a bitcoin address` });
      // Bech32 addresses are case-insensitive and written in lower case (BIP-173); base58 ones are case-sensitive.
      return /^(bc|tb|bcrt)1/i.test(address) ? address.toLowerCase() : address;
    },

    // Spec section 5: no balances on bip122; the account shows none.
    getNativeBalance: async () => undefined,

    async estimateTransferFee() {
      throw new SendingUnsupportedError('bip122');
    },

    async sendTransfer() {
      throw new SendingUnsupportedError('bip122');
    },

    async waitForTransaction() {
      throw new SendingUnsupportedError('bip122');
    },

    async signMessage(connectorId, address, message) {
      const session = sessions.require(connectorId);
      const sign = featureMethod<SignMessageMethod>(session.wallet, 'bitcoin:signMessage', 'signMessage');
      if (!sign) throw new PorticoError(`${visibleWalletName(session.wallet.name)} cannot sign messages`);
      const output = await walletRequest(() => sign({ account: accountFor(session, address), message: new TextEncoder().encode(message) }));
      const { signature } = signMessageOutputSchema.parse(output)[0]!;
      return base64.encode(signature);
    },

    getProvider(connectorId) {
      return sessions.get(connectorId)?.wallet ?? registry.walletsById().get(connectorId);
    },
  };
}
