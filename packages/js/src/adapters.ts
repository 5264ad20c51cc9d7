/**
 * `@portico/js/adapters`: AppKit's adapter classes by name (`EthersAdapter`, `SolanaAdapter`, `BitcoinAdapter`),
 * so `adapters: [new EthersAdapter()]` ports by its import. They name a namespace; Portico talks to the wallets.
 * wagmi's is `@portico/wagmi`'s `WagmiAdapter` (a real wagmi config).
 */
export { EthersAdapter, SolanaAdapter, BitcoinAdapter, AppKitAdapter } from '@portico/shell/appkit/adapters';
