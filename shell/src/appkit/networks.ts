/**
 * AppKit's networks (`@reown/appkit/networks`) as Portico network options: `portico_shell/appkit/networks`.
 * Each is AppKit's CaipNetwork shape (a viem-style chain plus `chainNamespace` and `caipNetworkId`), with
 * the chain's real id, currency, public RPC and explorer, so `networks: [mainnet, arbitrum]` ports unchanged.
 */
import type { CaipNetwork, CaipNetworkId, ChainNamespace, NetworkInput } from '@portico/shared-state';

/** A network as `createAppKit({ networks })` takes it (AppKit's name for it). */
export type AppKitNetwork = CaipNetwork;

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 };

function network(
  chainNamespace: ChainNamespace,
  id: number | string,
  fields: Pick<CaipNetwork, 'name' | 'nativeCurrency' | 'rpcUrls' | 'blockExplorers'> & { testnet?: boolean },
): AppKitNetwork {
  return defineChain({ ...fields, id, chainNamespace });
}

const rpc = (url: string) => ({ default: { http: [url] } });
const explorer = (name: string, url: string) => ({ default: { name, url } });

export const mainnet = network('eip155', 1, { name: 'Ethereum', nativeCurrency: ETHER, rpcUrls: rpc('https://eth.merkle.io'), blockExplorers: explorer('Etherscan', 'https://etherscan.io') });
export const sepolia = network('eip155', 11155111, {
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: rpc('https://sepolia.drpc.org'),
  blockExplorers: explorer('Etherscan', 'https://sepolia.etherscan.io'),
  testnet: true,
});
export const arbitrum = network('eip155', 42161, { name: 'Arbitrum One', nativeCurrency: ETHER, rpcUrls: rpc('https://arb1.arbitrum.io/rpc'), blockExplorers: explorer('Arbiscan', 'https://arbiscan.io') });
export const base = network('eip155', 8453, { name: 'Base', nativeCurrency: ETHER, rpcUrls: rpc('https://mainnet.base.org'), blockExplorers: explorer('Basescan', 'https://basescan.org') });
export const optimism = network('eip155', 10, { name: 'OP Mainnet', nativeCurrency: ETHER, rpcUrls: rpc('https://mainnet.optimism.io'), blockExplorers: explorer('Optimism Explorer', 'https://optimistic.etherscan.io') });
export const polygon = network('eip155', 137, { name: 'Polygon', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, rpcUrls: rpc('https://polygon-rpc.com'), blockExplorers: explorer('PolygonScan', 'https://polygonscan.com') });

// Solana and bitcoin: the CAIP-2 reference is the first 32 characters of the genesis block hash.
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 };
export const solana = network('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', { name: 'Solana', nativeCurrency: SOL, rpcUrls: rpc('https://api.mainnet-beta.solana.com'), blockExplorers: explorer('Solscan', 'https://solscan.io') });
export const solanaDevnet = network('solana', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', {
  name: 'Solana Devnet',
  nativeCurrency: SOL,
  rpcUrls: rpc('https://api.devnet.solana.com'),
  blockExplorers: explorer('Solscan', 'https://solscan.io'),
  testnet: true,
});
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 };
export const bitcoin = network('bip122', '000000000019d6689c085ae165831e93', { name: 'Bitcoin', nativeCurrency: BTC, rpcUrls: rpc('https://rpc.walletconnect.org/v1'), blockExplorers: explorer('Mempool', 'https://mempool.space') });
export const bitcoinTestnet = network('bip122', '000000000933ea01ad0ee984209779ba', {
  name: 'Bitcoin Testnet',
  nativeCurrency: BTC,
  rpcUrls: rpc('https://rpc.walletconnect.org/v1'),
  blockExplorers: explorer('Mempool', 'https://mempool.space/testnet'),
  testnet: true,
});

/**
 * AppKit's `defineChain`: a network of the site's own in AppKit's shape. `chainNamespace` defaults to eip155 and
 * `caipNetworkId` to `<namespace>:<id>`; the rest is checked by `createAppKit` with the other options.
 *
 * @example
 * const local = defineChain({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
 *   rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } });
 */
export function defineChain<const T extends NetworkInput>(network: T): T & AppKitNetwork {
  // No import of shared-state's toCaipNetwork (the same rule): this module is data a host bundles as is.
  const chainNamespace = network.chainNamespace ?? 'eip155';
  const caipNetworkId = (network.caipNetworkId ?? `${chainNamespace}:${network.id}`) as CaipNetworkId;
  return { ...network, chainNamespace, caipNetworkId, testnet: network.testnet ?? false };
}
