import type { Store } from 'jotai/vanilla';
import { lazyChainAdapter } from '../lazy-adapter';
import type { ChainAdapter } from '../types';
import type { WalletConnectAccess } from '../walletconnect/session';

/**
 * The solana adapter as the page holds it (lazy-adapter.ts): Wallet Standard discovery, then @solana/kit, load
 * after start. Wallets registered earlier answer the app-ready event the loaded adapter dispatches.
 */
export const lazySolanaAdapter = (store: Store, walletConnect?: WalletConnectAccess): ChainAdapter =>
  lazyChainAdapter('solana', () => import('./adapter').then((module) => module.createSolanaAdapter(store, walletConnect)));
