import { createConfig, type Config, type CreateConnectorFn, type Storage, type Transport } from '@wagmi/core';
import { defineChain, http, type Chain } from 'viem';
import { portico } from './connector.js';
import type { PorticoLike } from './portico-like.js';

/**
 * A network as AppKit's `networks` option lists it (`@reown/appkit/networks`, Portico's
 * `appkit/networks`): a viem-style chain plus its namespace and CAIP-2 id. A network without
 * `chainNamespace` is eip155, as Portico reads it.
 */
export type AppKitNetworkLike = {
  id: number | string;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } };
  blockExplorers?: { default: { name: string; url: string } };
  chainNamespace?: string;
  caipNetworkId?: string;
  testnet?: boolean;
};

/**
 * What `createAppKit` calls on each adapter it is given, once the Portico instance exists
 * (`adapter.attachPortico?.(instance)`).
 */
export interface PorticoAttachable {
  attachPortico(instance: PorticoLike): void;
}

/** `new WagmiAdapter(...)`'s options, as AppKit's `@reown/appkit-adapter-wagmi` takes them. */
export type WagmiAdapterParameters = {
  /** AppKit networks; the eip155 ones become the wagmi config's chains (at least one is needed). */
  networks: readonly AppKitNetworkLike[];
  /** Kept for AppKit compatibility (Portico's own options say where WalletConnect runs). */
  projectId?: string;
  /** wagmi's `ssr` (server rendering: no hydration from storage until `hydrate`/`WagmiProvider`). */
  ssr?: boolean;
  /** wagmi's storage, e.g. `createStorage({ storage: cookieStorage })`; `null` for none. */
  storage?: Storage | null;
  /** Transports by chain id; each chain without one gets `http()` of its first RPC URL. */
  transports?: Record<number, Transport>;
  /** More wagmi connectors, after Portico's. */
  connectors?: readonly CreateConnectorFn[];
  /** wagmi's own EIP-6963 wallet discovery: off unless true (Portico discovers wallets itself). */
  multiInjectedProviderDiscovery?: boolean;
};

/** The eip155 networks as wagmi chains (viem's `defineChain`; AppKit's `chainNamespace` and `caipNetworkId` stay on them). */
export function toWagmiChains(networks: readonly AppKitNetworkLike[]): Chain[] {
  return networks
    .filter((network) => (network.chainNamespace ?? 'eip155') === 'eip155')
    .map((network) => defineChain({ ...network, id: Number(network.id) }) as Chain);
}

/**
 * AppKit's `WagmiAdapter` (`@reown/appkit-adapter-wagmi`) for Portico: `wagmiConfig` is a real wagmi
 * config whose first connector, `portico()`, is the connection made in Portico's modal. Give the
 * adapter to `createAppKit({ adapters: [wagmiAdapter], ... })`, which attaches the Portico instance,
 * and `wagmiAdapter.wagmiConfig` to `<WagmiProvider config={...}>` (or to wagmi's core actions).
 *
 * @throws {Error} `networks` has no eip155 network.
 *
 * @example
 * const wagmiAdapter = new WagmiAdapter({ networks: [mainnet, arbitrum], projectId });
 * createAppKit({ adapters: [wagmiAdapter], networks: [mainnet, arbitrum], projectId, metadata });
 */
export class WagmiAdapter implements PorticoAttachable {
  readonly namespace = 'eip155' as const;
  /** The options given, as AppKit's adapters keep them. */
  readonly options: Readonly<WagmiAdapterParameters>;
  readonly projectId: string | undefined;
  /** The networks given (every namespace). */
  readonly networks: readonly AppKitNetworkLike[];
  /** The eip155 networks as wagmi chains, in the order given. */
  readonly wagmiChains: readonly [Chain, ...Chain[]];
  readonly wagmiConfig: Config<readonly [Chain, ...Chain[]], Record<number, Transport>, readonly CreateConnectorFn[]>;
  readonly #attach: (instance: PorticoLike) => void;
  #attached = false;

  constructor(parameters: WagmiAdapterParameters) {
    this.options = parameters;
    this.projectId = parameters.projectId;
    this.networks = parameters.networks;
    const chains = toWagmiChains(parameters.networks);
    if (!chains.length) throw new Error('WagmiAdapter: `networks` has no eip155 network; wagmi needs at least one chain.');
    this.wagmiChains = chains as [Chain, ...Chain[]];

    let attach!: (instance: PorticoLike) => void;
    const instance = new Promise<PorticoLike>((resolve) => (attach = resolve));
    this.#attach = attach;

    const transports: Record<number, Transport> = {};
    for (const chain of chains) transports[chain.id] = parameters.transports?.[chain.id] ?? http(chain.rpcUrls.default.http[0]);

    this.wagmiConfig = createConfig({
      chains: this.wagmiChains,
      transports,
      connectors: [portico({ instance }), ...(parameters.connectors ?? [])],
      multiInjectedProviderDiscovery: parameters.multiInjectedProviderDiscovery === true,
      ...(parameters.ssr !== undefined ? { ssr: parameters.ssr } : {}),
      ...(parameters.storage !== undefined ? { storage: parameters.storage } : {}),
    });
  }

  /**
   * Hands the Portico instance to the config's `portico` connector (`createAppKit` calls it). Until
   * then the connector's methods wait. The first instance stays; later calls are ignored.
   */
  attachPortico(instance: PorticoLike): void {
    if (this.#attached) return;
    this.#attached = true;
    this.#attach(instance);
  }
}
