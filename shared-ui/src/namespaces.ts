import type { ChainNamespace } from '@portico/shared-state';

/** How the views name a chain namespace (wallet lists, the Networks view's groups). UI text: not in the host page. */
export const NAMESPACE_TITLES: Record<ChainNamespace, string> = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
};
