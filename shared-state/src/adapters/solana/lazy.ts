import type { Store } from 'jotai/vanilla';
import { lazyLoaded } from '../../lazy';
import type { ChainAdapter } from '../types';
import type { WalletConnectAccess } from '../walletconnect/session';

/**
 * The solana adapter as the page holds it: its code (Wallet Standard discovery, then @solana/kit) loads on the
 * first call, so a page without solana networks never loads it and one with them loads it after start.
 * Discovery begins once loaded: wallets registered earlier answer the app-ready event it dispatches then.
 */
export function lazySolanaAdapter(store: Store, walletConnect?: WalletConnectAccess): ChainAdapter {
  const { load, current, ...methods } = lazyLoaded(
    () => import('./adapter').then((module) => module.createSolanaAdapter(store, walletConnect)),
    ['connect', 'reconnect', 'disconnect', 'switchNetwork', 'normalizeAddress', 'getNativeBalance', 'estimateTransferFee', 'sendTransfer', 'waitForTransaction', 'signMessage'],
  );
  return {
    ...methods,
    namespace: 'solana',
    watchConnectors(onChange) {
      // A chunk that did not arrive lists no solana wallets; the next call (connect, reconnect) loads it again.
      const watching = load().then((adapter) => adapter.watchConnectors(onChange), () => undefined);
      return () => void watching.then((stop) => stop?.());
    },
    // Only a connected wallet is watched, and connecting loaded the code.
    watchWallet: (connectorId, handlers) => current()!.watchWallet(connectorId, handlers),
    getProvider: (connectorId) => current()?.getProvider(connectorId),
  };
}
