import type { CaipNetwork } from '../../network';

/** A Wallet Standard chain name, e.g. 'bitcoin:mainnet'. */
export type BitcoinWalletChain = `bitcoin:${string}`;

/**
 * CAIP-2 references (the genesis block hash's first 32 hex characters) → the chains the bitcoin Wallet Standard
 * names (`@exodus/bitcoin-wallet-standard`: mainnet, testnet, regtest). A network with another reference
 * (signet, testnet4) is one no wallet can be asked about.
 */
const CHAIN_BY_REFERENCE: Readonly<Record<string, BitcoinWalletChain>> = {
  '000000000019d6689c085ae165831e93': 'bitcoin:mainnet',
  '000000000933ea01ad0ee984209779ba': 'bitcoin:testnet',
  '0f9188f13cb7b2c71f2a335e3a4fc328': 'bitcoin:regtest',
};

/** The CAIP-2 reference of a network, e.g. '000000000019d6689c085ae165831e93'. */
export const chainReferenceOf = (network: CaipNetwork): string => network.caipNetworkId.split(':')[1] ?? '';

/** The chain a Wallet Standard wallet knows the network by; undefined for a network the standard has no name for. */
export const walletChainFor = (network: CaipNetwork): BitcoinWalletChain | undefined => CHAIN_BY_REFERENCE[chainReferenceOf(network)];

/** The CAIP-2 reference of a Wallet Standard chain, e.g. 'bitcoin:testnet' → '000000000933ea01ad0ee984209779ba'. */
export const referenceOfWalletChain = (chain: string): string | undefined =>
  Object.keys(CHAIN_BY_REFERENCE).find((reference) => CHAIN_BY_REFERENCE[reference] === chain);
