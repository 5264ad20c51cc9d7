import { toCaipNetworkId, type CaipNetworkId } from './caip';
import type { ChainNamespace } from './constants';

/** A configured network (AppKit's CaipNetwork shape: a viem chain plus namespace and CAIP-2 id). */
export interface CaipNetwork {
  id: number | string;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: { default: { http: readonly string[] } };
  blockExplorers?: { default: { name: string; url: string } };
  chainNamespace: ChainNamespace;
  caipNetworkId: CaipNetworkId;
  testnet: boolean;
  /** The network's icon (AppKit's shape); the modal's own artwork on its API when the host gives none. */
  assets?: { imageUrl?: string };
}

export type NetworkInput = Omit<CaipNetwork, 'chainNamespace' | 'caipNetworkId' | 'testnet'> & {
  chainNamespace?: ChainNamespace;
  caipNetworkId?: string;
  testnet?: boolean;
};

export function toCaipNetwork(input: NetworkInput): CaipNetwork {
  const chainNamespace = input.chainNamespace ?? 'eip155';
  return {
    ...input,
    chainNamespace,
    caipNetworkId: (input.caipNetworkId as CaipNetworkId | undefined) ?? toCaipNetworkId(chainNamespace, input.id),
    testnet: input.testnet ?? false,
  };
}

export function findNetwork(networks: readonly CaipNetwork[], caipNetworkId: string): CaipNetwork | undefined {
  return networks.find((network) => network.caipNetworkId === caipNetworkId);
}

/** The explorer page of an address, when the network names an explorer. */
export function addressExplorerUrl(network: CaipNetwork | undefined, address: string): string | undefined {
  const base = network?.blockExplorers?.default.url;
  return base ? `${base.replace(/\/$/, '')}/address/${address}` : undefined;
}

export * from './network-switch';
