import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import * as z from 'zod/mini';
import { activeAccountAtom, createMemoryStorage, portfolioAtom } from '../src/index';
import { nativeBalanceCache, timedCache } from '../src/caches';
import { createPorticoStorage, STORAGE_KEYS } from '../src/storage';
import { createAccountDataController } from '../src/controllers/account-data';
import { createNamesFlow } from '../src/controllers/names';
import { ACCOUNT, anvil, apiStub, profileRoutes, resetTestKit, testCore, type ApiStub } from '@portico/test-kit';

const T0 = 1_000_000;

/** Storage over a memory backend the test can also write raw text into (what another tab or version left). */
function storageWithBackend() {
  const backend = createMemoryStorage();
  return { backend, storage: createPorticoStorage(backend) };
}

describe('timedCache', () => {
  const clock = { now: T0 };
  const cacheOn = (storage = storageWithBackend().storage, lifetimeMs = 30_000) =>
    timedCache({ storage, key: 'nativeBalanceCache', lifetimeMs, schema: z.object({ value: z.string() }), now: () => clock.now });

  it('answers a value within its lifetime, and nothing once it has passed', () => {
    clock.now = T0;
    const cache = cacheOn();
    cache.set('a', { value: 'one' });
    clock.now = T0 + 29_999;
    expect(cache.get('a')).toEqual({ value: 'one' });
    clock.now = T0 + 30_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps one entry per id, under the spec key, and forgets expired ones when it writes', () => {
    const { backend, storage } = storageWithBackend();
    clock.now = T0;
    const cache = cacheOn(storage);
    cache.set('a', { value: 'one' });
    clock.now = T0 + 20_000;
    cache.set('b', { value: 'two' });
    expect(Object.keys(JSON.parse(backend.getItem('@portico/native_balance_cache')!))).toEqual(['a', 'b']);
    clock.now = T0 + 40_000;
    cache.set('c', { value: 'three' });
    expect(Object.keys(JSON.parse(backend.getItem(STORAGE_KEYS.nativeBalanceCache)!))).toEqual(['b', 'c']);
    cache.delete('b');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toEqual({ value: 'three' });
  });

  it('ignores a stored value of another shape, unreadable text or a time ahead of the clock: never throws', () => {
    const { backend, storage } = storageWithBackend();
    clock.now = T0;
    const cache = cacheOn(storage);
    backend.setItem(STORAGE_KEYS.nativeBalanceCache, JSON.stringify({ a: { fetchedAt: T0, value: { value: 42 } } }));
    expect(cache.get('a')).toBeUndefined();
    backend.setItem(STORAGE_KEYS.nativeBalanceCache, '{not json');
    expect(cache.get('a')).toBeUndefined();
    backend.setItem(STORAGE_KEYS.nativeBalanceCache, JSON.stringify({ a: { fetchedAt: 'yesterday', value: { value: 'x' } } }));
    expect(cache.get('a')).toBeUndefined();
    backend.setItem(STORAGE_KEYS.nativeBalanceCache, JSON.stringify({ a: { fetchedAt: T0 + 60_000, value: { value: 'x' } } }));
    expect(cache.get('a')).toBeUndefined();
    // A broken record is replaced by the next write.
    cache.set('a', { value: 'fresh' });
    expect(cache.get('a')).toEqual({ value: 'fresh' });
  });

  it('a storage that throws reads as empty and writes nothing', () => {
    const throwing = createPorticoStorage({
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    });
    const cache = cacheOn(throwing);
    cache.set('a', { value: 'one' });
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('native balance cache (spec §9: 30 s)', () => {
  it('holds what getNativeBalance answered, per CAIP-10 account, for 30 s', () => {
    const { backend, storage } = storageWithBackend();
    let now = T0;
    const cache = nativeBalanceCache(storage, () => now);
    cache.set(`eip155:1:${ACCOUNT}`, { decimalText: '1.5', symbol: 'ETH' });
    expect(JSON.parse(backend.getItem('@portico/native_balance_cache')!)).toEqual({
      [`eip155:1:${ACCOUNT}`]: { fetchedAt: T0, value: { decimalText: '1.5', symbol: 'ETH' } },
    });
    now = T0 + 29_999;
    expect(cache.get(`eip155:1:${ACCOUNT}`)).toEqual({ decimalText: '1.5', symbol: 'ETH' });
    expect(cache.get(`eip155:10:${ACCOUNT}`)).toBeUndefined();
    now = T0 + 30_000;
    expect(cache.get(`eip155:1:${ACCOUNT}`)).toBeUndefined();
  });

  it('a stored balance that is not text is ignored', () => {
    const { backend, storage } = storageWithBackend();
    backend.setItem(STORAGE_KEYS.nativeBalanceCache, JSON.stringify({ a: { fetchedAt: T0, value: { decimalText: 1.5, symbol: 'ETH' } } }));
    expect(nativeBalanceCache(storage, () => T0).get('a')).toBeUndefined();
  });
});

describe('name cache (spec §9: 5 min)', () => {
  let api: ApiStub;
  const owners = new Map<string, string>();
  beforeAll(async () => {
    api = await apiStub(profileRoutes(owners));
  });
  afterAll(async () => {
    await api.close();
  });
  afterEach(() => {
    owners.clear();
    resetTestKit();
  });

  async function namesFlow() {
    const { core, adapter } = await testCore({ api, options: { networks: [{ ...anvil, testnet: true }] }, connect: true, views: ['Account'] });
    // The name input's form, as RegisterAccountName has it.
    await core.prepareView('RegisterAccountName');
    const clock = { now: T0 };
    const flow = createNamesFlow({
      store: core.store,
      api: { apiUrl: api.url, projectId: 'proj' },
      adapters: { eip155: adapter },
      router: core.router,
      accountData: core.accountData,
      storage: core.storage,
      now: () => clock.now,
    });
    const reverseLookups = () => api.requestsTo(/^\/v1\/profile\/reverse\//);
    return { core, flow, clock, reverseLookups };
  }

  it("an address's names are asked once in 5 min, then again", async () => {
    owners.set('alice.portico.eth', ACCOUNT);
    const { flow, clock, reverseLookups } = await namesFlow();
    expect((await flow.namesForAddress(ACCOUNT)).map((profile) => profile.name)).toEqual(['alice.portico.eth']);
    clock.now = T0 + 5 * 60_000 - 1;
    // Any spelling of the same address is the same entry.
    expect((await flow.namesForAddress(ACCOUNT.toLowerCase())).map((profile) => profile.name)).toEqual(['alice.portico.eth']);
    expect(reverseLookups()).toHaveLength(1);
    clock.now = T0 + 5 * 60_000;
    await flow.namesForAddress(ACCOUNT);
    expect(reverseLookups()).toHaveLength(2);
  });

  it('a stored answer that is not a list of names is asked again', async () => {
    owners.set('alice.portico.eth', ACCOUNT);
    const { core, flow, reverseLookups } = await namesFlow();
    core.environment.storage.setItem(
      STORAGE_KEYS.nameCache,
      JSON.stringify({ [ACCOUNT.toLowerCase()]: { fetchedAt: T0, value: [{ name: 7 }] } }),
    );
    expect((await flow.namesForAddress(ACCOUNT)).map((profile) => profile.name)).toEqual(['alice.portico.eth']);
    expect(reverseLookups()).toHaveLength(1);
  });

  it('registering a name forgets the cached answer of the account', async () => {
    const { core, flow, reverseLookups } = await namesFlow();
    expect(await flow.namesForAddress()).toEqual([]);
    core.names.setLabel('alice');
    expect(await flow.register()).toBe(true);
    expect((await flow.namesForAddress()).map((profile) => profile.name)).toEqual(['alice.portico.eth']);
    expect(reverseLookups()).toHaveLength(2);
    expect(core.store.get(activeAccountAtom).profileName).toBe('alice.portico.eth');
  });
});

describe('portfolio and identity caches: a bad stored value is ignored', () => {
  let api: ApiStub;
  beforeAll(async () => {
    api = await apiStub({
      'GET /v1/account/:address/balance': { json: { balances: [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', quantity: { decimals: '18', numeric: '2' } }] } },
      'GET /v1/identity/:address': { json: { name: 'alice.eth', avatar: null } },
    });
  });
  afterAll(async () => {
    await api.close();
  });
  afterEach(resetTestKit);

  const MAINNET = { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://rpc.example'] } } };

  async function accountData() {
    const { core } = await testCore({ options: { networks: [MAINNET], apiUrl: api.url }, adapter: { account: { address: ACCOUNT, chainReference: '1' } }, connect: true });
    const data = createAccountDataController({ store: core.store, api: { apiUrl: api.url, projectId: 'proj' }, storage: core.storage, toast: core.toast, now: () => T0 });
    return { core, data };
  }

  it('a portfolio entry of another shape is fetched again', async () => {
    const { core, data } = await accountData();
    core.environment.storage.setItem(STORAGE_KEYS.portfolioCache, JSON.stringify({ [`eip155:1:${ACCOUNT}`]: { fetchedAt: T0, balances: 'lots' } }));
    await data.refreshTokens();
    expect(core.store.get(portfolioAtom).balances.map((item) => item.quantity.numeric)).toEqual(['2']);
    expect(api.requestsTo(/\/balance$/)).toHaveLength(1);
  });

  it('an identity entry of another shape is fetched again', async () => {
    const { core, data } = await accountData();
    core.environment.storage.setItem(STORAGE_KEYS.identityCache, JSON.stringify({ [`eip155:1:${ACCOUNT}`]: { fetchedAt: T0, name: ['x'] } }));
    await data.syncIdentity();
    expect(core.store.get(activeAccountAtom).profileName).toBe('alice.eth');
    expect(api.requestsTo(/^\/v1\/identity\//)).toHaveLength(1);
  });
});
