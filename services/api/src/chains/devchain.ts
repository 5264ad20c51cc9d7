/**
 * The chain config for a local anvil seeded by `@portico/devchain` (`deployDevchain`). Structural
 * types only: the API does not depend on the devchain package at run time.
 */
import type { ChainConfigInput } from './config';

export interface DevchainDeploymentLike {
  chainId: number;
  tokens: { address: string; symbol: string; name: string; decimals: number; iconUrl?: string }[];
  collectibles: { address: string; name: string; symbol: string };
  spamCollections: string[];
  /** The devchain's exchange (absent in deployments made before it existed). */
  exchange?: { router: string; weth: string };
  /** Contracts placed at their canonical addresses (absent in deployments made before them). */
  canonical?: { multicall3: string };
  blockNumber: number;
}

export function devchainChainConfig(
  d: DevchainDeploymentLike,
  options: { rpcUrl: string; name?: string; testnet?: boolean },
): ChainConfigInput {
  return {
    caipNetworkId: `eip155:${d.chainId}`,
    name: options.name ?? 'Portico Devchain',
    rpcUrl: options.rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    tokens: d.tokens.map((t) => ({ address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals, ...(t.iconUrl ? { iconUrl: t.iconUrl } : {}) })),
    spamContracts: d.spamCollections,
    ...(d.exchange ? { swap: { router: d.exchange.router, wrappedNative: d.exchange.weth } } : {}),
    ...(d.canonical ? { multicall3: d.canonical.multicall3 } : {}),
    testnet: options.testnet ?? false,
    localDevchain: true,
  };
}

/**
 * Development helpers (the on-ramp demo provider, new embedded wallets' test ETH) act only on local dev
 * chains: flagged localDevchain and reached over loopback.
 */
export function isDemoChain(config: { localDevchain: boolean; rpcUrl: string }): boolean {
  if (!config.localDevchain) return false;
  const host = new URL(config.rpcUrl).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
