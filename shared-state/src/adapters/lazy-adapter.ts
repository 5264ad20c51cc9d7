import type { ChainNamespace } from '../constants';
import { lazyLoaded } from '../lazy';
import type { ChainAdapter } from './types';

/**
 * A ChainAdapter as the page holds it: its code loads on the first call (`load`), so a page without networks in
 * `namespace` never loads it and one with them loads it after start. Discovery begins once loaded.
 */
export function lazyChainAdapter(namespace: ChainNamespace, load: () => Promise<ChainAdapter & Required<Pick<ChainAdapter, 'signMessage'>>>): ChainAdapter {
  const { load: loaded, current, ...methods } = lazyLoaded(load, [
    'connect',
    'reconnect',
    'disconnect',
    'switchNetwork',
    'normalizeAddress',
    'getNativeBalance',
    'estimateTransferFee',
    'sendTransfer',
    'waitForTransaction',
    'signMessage',
  ]);
  return {
    ...methods,
    namespace,
    watchConnectors(onChange) {
      // A chunk that did not arrive lists no wallets; the next call (connect, reconnect) loads it again.
      const watching = loaded().then((adapter) => adapter.watchConnectors(onChange), () => undefined);
      return () => void watching.then((stop) => stop?.());
    },
    watchWallet(connectorId, handlers) {
      const adapter = current();
      if (adapter) return adapter.watchWallet(connectorId, handlers);
      // A connection another adapter made (bip122 routes its WalletConnect connector here) may come before this code.
      let stop: (() => void) | undefined;
      let stopped = false;
      void loaded().then((later) => void (stopped || (stop = later.watchWallet(connectorId, handlers))), () => undefined);
      return () => {
        stopped = true;
        stop?.();
      };
    },
    getProvider: (connectorId) => current()?.getProvider(connectorId),
  };
}
