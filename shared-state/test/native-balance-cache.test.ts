import { afterEach, describe, expect, it } from '@rstest/core';
import { activeAccountAtom, createMemoryStorage } from '../src/index';
import { STORAGE_KEYS } from '../src/storage';
import { stopTestCores, testCore } from '@portico/test-kit';

afterEach(stopTestCores);

/** A connected core (the connect reads the balance once) whose wallet's balance reads are counted. */
async function connected(storage = createMemoryStorage()) {
  const { core, adapter } = await testCore({ storage, connect: true, adapter: { nativeBalance: '10' } });
  const reads: string[] = [];
  const read = adapter.getNativeBalance.bind(adapter);
  adapter.getNativeBalance = (address, network) => {
    reads.push(network.caipNetworkId);
    return read(address, network);
  };
  const shown = () => core.store.get(activeAccountAtom).balance;
  return { core, adapter, reads, shown, storage };
}

describe('native balance cache (spec §9: 30 s, @portico/native_balance_cache)', () => {
  it('a balance read less than 30 s ago is shown without a network call; a forced read (fetchBalance, after a send) asks again', async () => {
    const { core, adapter, reads, shown, storage } = await connected();
    await core.connection.refreshBalance(undefined, { force: true });
    expect(reads).toHaveLength(1);
    const caipAddress = core.store.get(activeAccountAtom).caipAddress!;
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.nativeBalanceCache)!)[caipAddress]).toMatchObject({ value: { decimalText: '10', symbol: 'ETH' } });

    adapter.nativeBalance = '9';
    await core.connection.refreshBalance();
    expect(reads).toHaveLength(1);
    expect(shown()).toBe('10');

    await core.connection.refreshBalance(undefined, { force: true });
    expect(reads).toHaveLength(2);
    expect(shown()).toBe('9');
  });

  it('an expired entry is read again', async () => {
    const { core, reads, shown, storage } = await connected();
    const caipAddress = core.store.get(activeAccountAtom).caipAddress!;
    storage.setItem(STORAGE_KEYS.nativeBalanceCache, JSON.stringify({ [caipAddress]: { fetchedAt: Date.now() - 30_000, value: { decimalText: '1', symbol: 'ETH' } } }));
    await core.connection.refreshBalance();
    expect(reads).toHaveLength(1);
    expect(shown()).toBe('10');
  });

  it('a stored entry of another shape is ignored, not thrown', async () => {
    const { core, reads, shown, storage } = await connected();
    const caipAddress = core.store.get(activeAccountAtom).caipAddress!;
    storage.setItem(STORAGE_KEYS.nativeBalanceCache, JSON.stringify({ [caipAddress]: { fetchedAt: Date.now(), value: { decimalText: 1 } } }));
    await core.connection.refreshBalance();
    expect(reads).toHaveLength(1);
    expect(shown()).toBe('10');
  });
});
