import { describe, expect, it } from '@rstest/core';
import { FakeAdapter } from '@portico/test-kit';
import { lazyChainAdapter } from '../src/adapters/lazy-adapter';

const handlers = { accountsChanged: () => undefined, chainChanged: () => undefined, disconnect: () => undefined };

describe('lazyChainAdapter', () => {
  it('watches a wallet connected before its code loaded (bip122 routes its WalletConnect connector to one): the watch starts once loaded', async () => {
    const loaded = new FakeAdapter();
    let finishLoading = () => {};
    const lazy = lazyChainAdapter('polkadot', () => new Promise((resolve) => (finishLoading = () => resolve(loaded as never))));
    lazy.watchWallet('walletConnect', handlers);
    expect(loaded.walletEvents).toBeUndefined();
    finishLoading();
    await lazy.normalizeAddress('5Grw');
    expect(loaded.walletEvents).toBe(handlers);
  });

  it('an unsubscribe before the code loaded means no watch at all', async () => {
    const loaded = new FakeAdapter();
    const lazy = lazyChainAdapter('polkadot', async () => loaded as never);
    const stop = lazy.watchWallet('walletConnect', handlers);
    stop();
    await lazy.normalizeAddress('5Grw');
    expect(loaded.walletEvents).toBeUndefined();
  });
});
