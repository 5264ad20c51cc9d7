/**
 * `@portico/js/networks` (AppKit's `@reown/appkit/networks`): every viem chain by its viem name, the networks
 * Portico names in AppKit's shape (named below, so they win over viem's of the same name: their public RPC,
 * solana and bitcoin by their CAIP-2 ids), and `defineChain` for a network of the site's own.
 * build.mjs publishes this file as its own declaration (over ./appkit-networks.d.ts).
 */
export * from 'viem/chains';
export {
  mainnet,
  sepolia,
  arbitrum,
  base,
  optimism,
  polygon,
  solana,
  solanaDevnet,
  bitcoin,
  bitcoinTestnet,
  defineChain,
  type AppKitNetwork,
} from './appkit-networks';
