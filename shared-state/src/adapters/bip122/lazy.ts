import type { Store } from 'jotai/vanilla';
import { lazyChainAdapter } from '../lazy-adapter';
import type { ChainAdapter } from '../types';

/**
 * The bip122 adapter as the page holds it (lazy-adapter.ts): Wallet Standard discovery of bitcoin wallets loads
 * after start, never on a page without bip122 networks. Wallets registered earlier answer the app-ready event the
 * loaded adapter dispatches. `walletConnect`: the WalletConnect-only adapter of bip122, which then serves the
 * WalletConnect connector (adapter.ts).
 */
export const lazyBip122Adapter = (store: Store, walletConnect?: ChainAdapter): ChainAdapter =>
  lazyChainAdapter('bip122', () => import('./adapter').then((module) => module.createBip122Adapter(store, walletConnect)));
