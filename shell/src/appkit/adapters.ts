/**
 * AppKit's adapter classes by name (`portico_shell/appkit/adapters`), so `adapters: [new EthersAdapter()]`
 * ports by changing its import. Portico talks to wallets through its own chain adapters (eip155, solana,
 * bip122, WalletConnect), chosen from the namespaces of `networks`: these classes only say which namespace
 * a site meant, and `createAppKit` accepts and otherwise ignores them. They carry no ethers, wagmi or
 * @solana/web3.js code: sign through `useAppKitProvider(namespace).walletProvider` (EIP-1193 on eip155).
 */
import type { ChainNamespace } from '@portico/shared-state';

/** What every adapter marker is: the namespace it stands for. */
export abstract class AppKitAdapter {
  abstract readonly namespace: ChainNamespace;
  /** Options as AppKit's constructors take them (e.g. WagmiAdapter's `{ networks, projectId }`); kept, not used. */
  constructor(readonly options: Readonly<Record<string, unknown>> = {}) {}
}

/** `@reown/appkit-adapter-ethers` (and `-ethers5`): EVM wallets. */
export class EthersAdapter extends AppKitAdapter {
  readonly namespace = 'eip155';
}

/** `@reown/appkit-adapter-wagmi`: EVM wallets. It has no `wagmiConfig`: Portico does not run wagmi. */
export class WagmiAdapter extends AppKitAdapter {
  readonly namespace = 'eip155';
}

/** `@reown/appkit-adapter-solana`: Solana wallets (Wallet Standard and WalletConnect). */
export class SolanaAdapter extends AppKitAdapter {
  readonly namespace = 'solana';
}

/** `@reown/appkit-adapter-bitcoin`: bitcoin wallets (Wallet Standard and WalletConnect). */
export class BitcoinAdapter extends AppKitAdapter {
  readonly namespace = 'bip122';
}
