import { lazyLoaded } from '../../lazy';
import type { ChainAdapter } from '../types';
import type { WalletConnectOnlyNamespace } from './adapter';
import type { WalletConnectAccess } from './session';

/** Namespaces Portico reaches only through WalletConnect (bip122's injected wallets are another adapter's). */
export const WALLET_CONNECT_ONLY_NAMESPACES = ['polkadot', 'cosmos', 'bip122'] as const satisfies readonly WalletConnectOnlyNamespace[];

/**
 * The WalletConnect-only adapter (polkadot, cosmos, bip122) as the page holds it: its code loads on the first call,
 * so only pages with networks in those namespaces load it, and only when a session is restored or used.
 */
export function lazyWalletConnectOnlyAdapter(namespace: WalletConnectOnlyNamespace, access: WalletConnectAccess): ChainAdapter {
  // `load` is left out: nothing here needs the code before a call does.
  const { current, load: _load, ...methods } = lazyLoaded(
    () => import('./adapter').then((module) => module.createWalletConnectOnlyAdapter(namespace, access)),
    ['connect', 'reconnect', 'disconnect', 'switchNetwork', 'normalizeAddress', 'getNativeBalance', 'estimateTransferFee', 'sendTransfer', 'waitForTransaction', 'signMessage'],
  );
  return {
    ...methods,
    namespace,
    // Its one connector, WalletConnect, is listed by the eip155 adapter.
    watchConnectors(onChange) {
      onChange([]);
      return () => undefined;
    },
    // Only a connected session is watched, and connecting loaded the code.
    watchWallet: (connectorId, handlers) => current()!.watchWallet(connectorId, handlers),
    // The session's UniversalProvider: no need to load this adapter for it.
    getProvider: () => access.source.provider(),
  };
}
