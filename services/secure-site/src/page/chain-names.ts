/**
 * The approval screen's network names, from this page's own table: a name the host sends could say "Ethereum" for
 * any chain, so only the chain id of the request is taken from outside. The chains are the spec's embedded-wallet
 * networks (viem's definitions) and the local devchain; any other id is named by its number.
 */
import {
  anvil,
  arbitrum,
  avalanche,
  avalancheFuji,
  base,
  baseGoerli,
  baseSepolia,
  bsc,
  bscTestnet,
  celo,
  gnosis,
  goerli,
  mainnet,
  optimism,
  optimismGoerli,
  polygon,
  polygonMumbai,
  sepolia,
  zksync,
  zora,
  zoraTestnet,
} from 'viem/chains';

// zkSync Era Goerli (280) is not in viem any more, so it is named by its number. 999 is Zora's Goerli testnet, as the
// spec lists it (viem also knows HyperEVM by that id).
const KNOWN_CHAINS: readonly { id: number; name: string }[] = [
  mainnet,
  goerli,
  sepolia,
  optimism,
  optimismGoerli,
  arbitrum,
  polygon,
  polygonMumbai,
  celo,
  bsc,
  bscTestnet,
  avalanche,
  avalancheFuji,
  zksync,
  gnosis,
  base,
  baseGoerli,
  baseSepolia,
  zora,
  zoraTestnet,
  // The local devchain (31337).
  anvil,
];

const CHAIN_NAMES = new Map(KNOWN_CHAINS.map((chain) => [chain.id, chain.name]));

/** 'Ethereum (chain 1)' for a known chain, 'Chain 31338' otherwise: the id is always there. */
export function networkText(chainId: number): string {
  const name = CHAIN_NAMES.get(chainId);
  return name === undefined ? `Chain ${chainId}` : `${name} (chain ${chainId})`;
}
