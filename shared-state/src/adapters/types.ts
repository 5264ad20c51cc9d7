import type { EmbeddedAccountUser, ListedAccount } from '../atoms';
import type { ChainNamespace } from '../constants';
import type { CaipNetwork } from '../network';

export type ConnectorType = 'INJECTED' | 'WALLET_CONNECT' | 'ANNOUNCED' | 'AUTH' | 'MULTI_CHAIN' | 'EXTERNAL';

/** A way to reach one wallet (spec section 3, Connector). */
export interface Connector {
  id: string;
  name: string;
  type: ConnectorType;
  chain: ChainNamespace;
  /** Image the wallet gave about itself; for announced wallets always a data: URI. */
  imageUrl?: string;
  /** The registry's image id of the wallet (`/v1/wallet-images/<id>`), when it gave no image of its own. */
  imageId?: string;
  /** The id of the registry wallet this connector is (matched by rdns or name), when the modal holds it. */
  explorerId?: string;
  info?: { rdns?: string };
  /** The wallet is present in this browser (announced or injected). */
  installed: boolean;
  /**
   * The adapter's underlying provider (EIP-1193 on eip155, the Wallet Standard wallet on solana), where it has one.
   * Read when asked and not enumerable: never serialized, never copied by a spread.
   */
  readonly provider?: unknown;
  /** A MULTI_CHAIN connector's wallet in each namespace, one connector each (spec §3; `mergeMultiChainConnectors`). */
  connectors?: Connector[];
}

/** What a wallet reports after connecting: its address and the chain reference it is on. */
export interface ConnectedAccount {
  address: string;
  /** CAIP-2 reference, e.g. '31337' for eip155:31337. */
  chainReference: string;
  /** Every address the wallet granted, `address` first (the host API's `allAccounts`); absent when it granted only `address`. */
  addresses?: string[];
  /** The type of each of `addresses` (the embedded wallet lists its smart account); absent: all EOAs (key pairs). */
  accountTypes?: ListedAccount['type'][];
  /** The embedded wallet's user (the embedded connector only). */
  user?: EmbeddedAccountUser;
  /** The namespace of this account when it is not the connector's own (a WalletConnect session that grants none there). */
  namespace?: ChainNamespace;
  /**
   * Accounts the same connection grants in other namespaces (one WalletConnect session spans several): the
   * connection controller connects each of those namespaces too, with the same connector id.
   */
  otherNamespaces?: Partial<Record<ChainNamespace, ConnectedAccount>>;
}

export interface NativeBalance {
  /** Exact decimal text, e.g. '10000.5'. */
  decimalText: string;
  symbol: string;
}

/** A token transfer: native when `tokenAddress` is absent. `amount` is decimal text, e.g. '1.5'. */
export interface TokenTransfer {
  from: string;
  to: string;
  amount: string;
  decimals: number;
  tokenAddress?: string;
}

export interface TransactionOutcome {
  hash: string;
  status: 'success' | 'reverted';
}

export interface WalletEventHandlers {
  /**
   * `accountTypes` as in ConnectedAccount. `chainReference`: the chain the addresses are on when the wallet moved
   * with them (a bitcoin address belongs to one network), reported as one change; absent: the account's chain.
   */
  accountsChanged(addresses: string[], accountTypes?: ListedAccount['type'][], chainReference?: string): void;
  chainChanged(chainReference: string): void;
  disconnect(): void;
}

/**
 * One chain namespace's way to talk to wallets and its chain. The connection controller is
 * namespace-neutral and speaks only this interface.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace;
  /** Starts wallet discovery; `onChange` gets the full connector list each time it changes. */
  watchConnectors(onChange: (connectors: Connector[]) => void): () => void;
  /** Asks the wallet for its accounts (the wallet prompts the person). */
  connect(connectorId: string): Promise<ConnectedAccount>;
  /** Silent reconnect after a reload: no prompt; undefined when the wallet no longer grants access. */
  reconnect(connectorId: string): Promise<ConnectedAccount | undefined>;
  disconnect(connectorId: string): Promise<void>;
  switchNetwork(connectorId: string, network: CaipNetwork): Promise<void>;
  /** Wallet events for a connected connector; returns an unsubscribe function. */
  watchWallet(connectorId: string, handlers: WalletEventHandlers): () => void;
  /** The address as the namespace writes it (eip155: checksummed). */
  normalizeAddress(address: string): Promise<string>;
  /** Undefined where the namespace has no balances (spec section 5: only eip155 and solana): the account then shows none. */
  getNativeBalance(address: string, network: CaipNetwork): Promise<NativeBalance | undefined>;
  /** Gas the transfer needs, in the native token's smallest unit × price, as decimal text of the native token. */
  estimateTransferFee(transfer: TokenTransfer, network: CaipNetwork): Promise<string>;
  /** Asks the wallet to sign and send the transfer; resolves with the transaction hash. */
  sendTransfer(connectorId: string, transfer: TokenTransfer, network: CaipNetwork): Promise<string>;
  waitForTransaction(hash: string, network: CaipNetwork): Promise<TransactionOutcome>;
  /** The raw provider (EIP-1193 for eip155), for hosts that sign through it. */
  getProvider(connectorId: string): unknown;
  /**
   * Asks the wallet to sign a text message with the account's key (eip155: personal_sign, EIP-191);
   * resolves with the signature. A decline rejects with UserRejectedRequestError. Optional: an
   * adapter that cannot sign leaves it out, and features that need a signature say so.
   */
  signMessage?(connectorId: string, address: string, message: string): Promise<string>;
  /**
   * Asks the wallet to sign and send a prepared call (swap approvals and swaps built by the API);
   * resolves with the transaction hash. A decline rejects with UserRejectedRequestError. Optional
   * like signMessage: features that need it say so when an adapter leaves it out.
   */
  sendTransaction?(connectorId: string, call: PreparedCall, network: CaipNetwork): Promise<string>;
}

/** A call prepared elsewhere (e.g. by the API): hex data, value and gas as decimal integer text. */
export interface PreparedCall {
  from: string;
  to: string;
  data?: string;
  /** Smallest unit of the native token, decimal integer text; '0' or absent for none. */
  value?: string;
  gas?: string;
}
