import type { CaipNetwork } from '../../network';

/** A Wallet Standard chain name, e.g. 'solana:devnet'. */
export type SolanaWalletChain = `solana:${string}`;

/**
 * CAIP-2 references (the genesis hash's first 32 characters) of the public clusters → their Wallet
 * Standard chain names. Any other reference is a local validator: 'solana:localnet'.
 */
const CLUSTER_CHAINS: Readonly<Record<string, SolanaWalletChain>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
};

/** The CAIP-2 reference of a network, e.g. '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'. */
export const chainReferenceOf = (network: CaipNetwork): string => network.caipNetworkId.split(':')[1] ?? '';

/** The chain a Wallet Standard wallet knows the network by. */
export const walletChainFor = (network: CaipNetwork): SolanaWalletChain =>
  CLUSTER_CHAINS[chainReferenceOf(network)] ?? 'solana:localnet';
