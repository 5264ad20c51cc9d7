/**
 * The part of a Portico instance this package uses, declared structurally so the package imports
 * nothing of Portico. It mirrors `PorticoInstance` in shell/src/instance.ts (what `createPortico` and
 * `createAppKit` return): keep the two in step. Every member here is a subset of the shell's, with
 * parameter types no wider than the shell accepts, so a `PorticoInstance` is a `PorticoLike`.
 */

/** The one chain namespace wagmi speaks. */
export type Eip155Namespace = 'eip155';

/** `PorticoAccount`: the account of one namespace (`getAccount('eip155')`). */
export interface PorticoLikeAccount {
  /** The selected account; undefined when not connected. */
  address?: string | undefined;
  /** Every account the wallet granted in this namespace, `address` first; empty when not connected. */
  allAccounts: readonly { address: string }[];
  isConnected: boolean;
  status: 'disconnected' | 'connecting' | 'connected';
}

/** `CaipNetwork`: the active network (`getCaipNetwork()`), in any namespace. */
export interface PorticoLikeNetwork {
  id: number | string;
  chainNamespace: string;
  /** CAIP-2 id, e.g. `eip155:1`. */
  caipNetworkId: string;
}

/** `PorticoState`: the modal's state (`getState()`). */
export interface PorticoLikeState {
  open: boolean;
  /** False until the session stored before a reload has been restored (or found gone). */
  initialized: boolean;
  loading?: boolean;
  selectedNetworkId?: string | undefined;
  activeChain?: string;
}

/** `NetworkInput`: what `switchNetwork` takes; an eip155 network (a viem chain plus its CAIP-2 id). */
export interface PorticoLikeNetworkInput {
  id: number;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: { default: { http: readonly string[] } };
  blockExplorers?: { default: { name: string; url: string } };
  chainNamespace: Eip155Namespace;
  caipNetworkId: `eip155:${number}`;
  testnet?: boolean;
}

/** The subset of shell/src/instance.ts `PorticoInstance` the connector calls. */
export interface PorticoLike {
  /** Opens the modal; `namespace: 'eip155'` makes eip155 active and lists only its wallets. */
  open(options?: { namespace?: Eip155Namespace }): Promise<void>;
  getState(): PorticoLikeState;
  subscribeState(callback: (state: PorticoLikeState) => void): () => void;
  getAccount(namespace: Eip155Namespace): PorticoLikeAccount;
  subscribeAccount(callback: (account: PorticoLikeAccount) => void, namespace: Eip155Namespace): () => void;
  getCaipNetwork(): PorticoLikeNetwork | undefined;
  subscribeNetwork(callback: (network: PorticoLikeNetwork | undefined) => void): () => void;
  /** @throws NetworkNotFoundError (by `name`) when the network is not one of Portico's; SwitchChainError when the wallet declines. */
  switchNetwork(network: PorticoLikeNetworkInput): Promise<void>;
  disconnect(namespace: Eip155Namespace): Promise<void>;
  /** The connected wallet's EIP-1193 provider; undefined when no eip155 wallet is connected. */
  getProvider(namespace: Eip155Namespace): unknown;
}
