import { lazyChainAdapter } from '../lazy-adapter';
import type { ChainAdapter } from '../types';
import type { WalletConnectOnlyNamespace } from './adapter';
import type { WalletConnectAccess } from './session';

/** Namespaces Portico reaches only through WalletConnect (bip122 has injected wallets too: its adapter uses this one for pairing). */
export const WALLET_CONNECT_ONLY_NAMESPACES = ['polkadot', 'cosmos'] as const satisfies readonly WalletConnectOnlyNamespace[];

/** The WalletConnect-only adapter (polkadot, cosmos, bip122) as the page holds it (lazy-adapter.ts). */
export const lazyWalletConnectOnlyAdapter = (namespace: WalletConnectOnlyNamespace, access: WalletConnectAccess): ChainAdapter =>
  lazyChainAdapter(namespace, () => import('./adapter').then((module) => module.createWalletConnectOnlyAdapter(namespace, access)));
