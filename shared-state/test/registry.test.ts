import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { createStore } from 'jotai/vanilla';
import { createRegistryController, MAX_WALLET_PAGE_ENTRIES, type RegistryOptions } from '../src/controllers/registry';
import { registryAtom } from '../src/atoms';
import { createMemoryStorage, createPorticoStorage } from '../src/storage';
import type { RegistryWallet } from '../src/api/wallets';
import { MAX_ANNOUNCED_WALLETS } from '../src/adapters/wallet-info';
import { apiStub, eventually, registryRoutes, unreachableUrl, walletListReply, type ApiStub } from '@portico/test-kit';

/** The registry: w1 … w95, in order. */
const ALL: RegistryWallet[] = Array.from({ length: 95 }, (_, index) => ({
  id: `w${index + 1}`,
  name: `Wallet ${index + 1}`,
  rdns: `com.wallet${index + 1}`,
}));

const WALLETS = 'GET /v1/wallets';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(registryRoutes(ALL));
});
afterAll(async () => {
  await api.close();
});
afterEach(() => {
  api.reset();
});

function setup(options: Partial<RegistryOptions> = {}, apiUrl = api.url) {
  const store = createStore();
  const storage = createPorticoStorage(createMemoryStorage());
  const registry = createRegistryController({
    store,
    storage,
    api: { apiUrl, projectId: 'proj' },
    options: { featuredWalletIds: [], includeWalletIds: [], excludeWalletIds: [], chains: [], ...options },
  });
  return { store, storage, registry, state: () => store.get(registryAtom) };
}

const ids = (wallets: readonly RegistryWallet[]) => wallets.map((wallet) => wallet.id);

describe('registry: AllWallets paging', () => {
  it('pages of 40 append, then stop at count', async () => {
    const { registry, state } = setup({ chains: ['eip155:1'], excludeWalletIds: ['w95'] });
    await registry.loadNextPage();
    expect(state()).toMatchObject({ page: 1, count: 94, loading: false });
    expect(ids(state().wallets)).toEqual(ids(ALL.slice(0, 40)));
    const first = api.requests[0]!.params;
    expect(first.get('page')).toBe('1');
    expect(first.get('entries')).toBe('40');
    expect(first.get('chains')).toBe('eip155:1');
    expect(first.get('exclude')).toBe('w95');

    await registry.loadNextPage();
    await registry.loadNextPage();
    expect(state().page).toBe(3);
    expect(state().wallets).toHaveLength(94);
    expect(api.requests.map((request) => request.params.get('page'))).toEqual(['1', '2', '3']);

    // Everything is listed: no more requests.
    await registry.loadNextPage();
    expect(api.requests).toHaveLength(3);
  });

  it('never lists a wallet twice when the registry shifts between pages', async () => {
    const { registry, state } = setup();
    await registry.loadNextPage();
    // A new wallet appears at the top: page 2 now starts with w40, already listed.
    const shifted = [{ id: 'new', name: 'New Wallet' }, ...ALL];
    api.override(registryRoutes(shifted));
    await registry.loadNextPage();
    expect(state().wallets).toHaveLength(79);
    expect(new Set(ids(state().wallets)).size).toBe(79);
    expect(ids(state().wallets).slice(39, 41)).toEqual(['w40', 'w41']);
  });

  it('concurrent calls share one request', async () => {
    const { registry, state } = setup();
    api.override({ [WALLETS]: (request) => ({ ...walletListReply(request, ALL), delayMs: 50 }) });
    const first = registry.loadNextPage();
    const second = registry.loadNextPage();
    expect(second).toBe(first);
    expect(state().loading).toBe(true);
    await Promise.all([first, second]);
    expect(api.requests).toHaveLength(1);
    expect(state().wallets).toHaveLength(40);
  });

  it('a failing page sets the error and can be retried', async () => {
    const { registry, state } = setup();
    const recover = api.override({ [WALLETS]: { status: 500, text: 'down' } });
    await registry.loadNextPage();
    expect(state()).toMatchObject({ loading: false, error: 'HTTP request failed.', page: 0, wallets: [] });
    recover();
    await registry.loadNextPage();
    expect(state()).toMatchObject({ page: 1, error: undefined });
    expect(state().wallets).toHaveLength(40);
  });
});

describe('registry: search', () => {
  it('asks with the query and waits at least 300 ms even when the API is fast', async () => {
    const { registry, state } = setup({ includeWalletIds: ['w1', 'w10', 'w11', 'w2'] });
    const started = performance.now();
    const searching = registry.search('  wallet 1 ');
    expect(state().search).toMatchObject({ query: 'wallet 1', loading: true });
    await searching;
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    expect(state().search).toEqual({ query: 'wallet 1', results: ALL.filter((w) => ['w1', 'w10', 'w11'].includes(w.id)), loading: false });
    const params = api.requests[0]!.params;
    expect(params.get('search')).toBe('wallet 1');
    expect(params.get('entries')).toBe('100');
    expect(params.get('include')).toBe('w1,w10,w11,w2');
  });

  it('a newer query aborts the older one', async () => {
    const { registry, state } = setup();
    api.override({ [WALLETS]: (request) => (request.params.get('search') === 'old' ? { hang: true } : walletListReply(request, ALL)) });
    let olderSettled = false;
    const older = registry.search('old').then(() => (olderSettled = true));
    await eventually(() => expect(api.requests).toHaveLength(1));
    const newer = registry.search('Wallet 9');
    // The older search gives up at once (no 300 ms wait, no answer from the server)…
    await older;
    expect(olderSettled).toBe(true);
    // …while the newer one is still waiting out its 300 ms.
    expect(state().search).toMatchObject({ query: 'Wallet 9', loading: true });
    expect(state().search.query).toBe('Wallet 9');
    await newer;
    expect(state().search.query).toBe('Wallet 9');
    expect(ids(state().search.results)).toEqual(['w9', 'w90', 'w91', 'w92', 'w93', 'w94', 'w95']);
    expect(state().search.error).toBeUndefined();
    await eventually(() => expect(api.requests[0]!.aborted).toBe(true));
  });

  it('an empty query clears the results without a request', async () => {
    const { registry, state } = setup();
    await registry.search('Wallet 5');
    expect(state().search.results.length).toBeGreaterThan(0);
    const before = api.requests.length;
    await registry.search('   ');
    expect(state().search).toEqual({ query: '', results: [], loading: false });
    expect(api.requests).toHaveLength(before);
  });

  it('an empty query also cancels a search in flight', async () => {
    const { registry, state } = setup();
    const pending = registry.search('Wallet 5');
    await registry.search('');
    await pending;
    expect(state().search).toEqual({ query: '', results: [], loading: false });
  });

  it('a failure sets search.error', async () => {
    const { registry, state } = setup();
    api.override({ [WALLETS]: { status: 503, text: 'busy' } });
    await registry.search('boom');
    expect(state().search).toEqual({ query: 'boom', results: [], loading: false, error: 'HTTP request failed.' });
  });
});

describe('registry: Connect view lists', () => {
  it('featured in the host order, 4 recommended beside installed, recent and featured, and the count', async () => {
    const { registry, storage, state } = setup({ featuredWalletIds: ['w5', 'w3', 'w1'], excludeWalletIds: ['w7'] });
    storage.addRecentWallet({ id: 'w4', name: 'Wallet 4' });
    // Installed: w2 by rdns, and w1 (also featured) by name.
    await registry.loadConnectViewWallets([
      { id: 'com.wallet2', rdns: 'com.wallet2', name: 'Something' },
      { id: 'io.other', name: 'wallet 1' },
    ]);
    expect(ids(state().featured)).toEqual(['w5', 'w3']);
    expect(ids(state().recommended)).toEqual(['w6', 'w8', 'w9', 'w10']);
    expect(state().recommended).toHaveLength(4);
    // The featured request asks for exactly the featured ids.
    const [featuredRequest, candidatesRequest] = api.requests;
    expect(featuredRequest!.params.get('include')).toBe('w5,w3,w1');
    expect(candidatesRequest!.params.get('exclude')).toBe('w7,w5,w3,w1');
    expect(state().count).toBe(91);
  });

  it('without featured wallets only the recommendation request is made', async () => {
    const { registry, state } = setup();
    await registry.loadConnectViewWallets([]);
    expect(api.requests).toHaveLength(1);
    expect(state().featured).toEqual([]);
    expect(ids(state().recommended)).toEqual(['w1', 'w2', 'w3', 'w4']);
    expect(state().count).toBe(95);
  });

  it('without a reachable API the lists stay empty and nothing throws', async () => {
    const { registry, state } = setup({ featuredWalletIds: ['w1'] }, await unreachableUrl());
    await expect(registry.loadConnectViewWallets([])).resolves.toBeUndefined();
    expect(state()).toMatchObject({ featured: [], recommended: [], count: 0 });
  });

  it("the host's custom wallets, listed beside the installed ones, are never recommended again (by id or name)", async () => {
    const { registry, state } = setup();
    await registry.loadConnectViewWallets([
      { id: 'w2', name: 'My Wallet' },
      { id: 'mine', name: 'WALLET 3' },
    ]);
    expect(ids(state().recommended)).toEqual(['w1', 'w4', 'w5', 'w6']);
  });

  it('recent wallets leave out excluded ids', () => {
    const { registry, storage } = setup({ excludeWalletIds: ['w2'] });
    storage.addRecentWallet({ id: 'w1', name: 'Wallet 1' });
    storage.addRecentWallet({ id: 'w2', name: 'Wallet 2' });
    expect(registry.recentWallets()).toEqual([{ id: 'w1', name: 'Wallet 1' }]);
  });
});

describe('registry: what the API is asked and what comes in', () => {
  /** The API's own rule (services/api routes/wallets.ts, `entries` 1–100): a larger page is a 400. */
  const refuseLargePages = () =>
    api.override({
      [WALLETS]: (request) =>
        Number(request.params.get('entries')) > MAX_WALLET_PAGE_ENTRIES
          ? { status: 400, json: { error: `entries: must be at most ${MAX_WALLET_PAGE_ENTRIES}` } }
          : walletListReply(request, ALL),
    });
  const entriesAsked = () => api.requests.map((request) => Number(request.params.get('entries')));

  it(`asks for at most ${MAX_WALLET_PAGE_ENTRIES} recommendation candidates, however many wallets are installed, recent and featured`, async () => {
    refuseLargePages();
    const { registry, storage, state } = setup({ featuredWalletIds: ['w1', 'w2'] });
    storage.addRecentWallet({ id: 'w3', name: 'Wallet 3' });
    // A page full of announced wallets in each of three namespaces, none of them in the registry.
    const installed = Array.from({ length: MAX_ANNOUNCED_WALLETS * 3 }, (_, index) => ({ id: `com.flood.w${index}`, rdns: `com.flood.w${index}`, name: `Flood ${index}` }));
    await registry.loadConnectViewWallets(installed);
    expect(entriesAsked()).toEqual([2, MAX_WALLET_PAGE_ENTRIES]);
    expect(ids(state().featured)).toEqual(['w1', 'w2']);
    expect(ids(state().recommended)).toEqual(['w4', 'w5', 'w6', 'w7']);
  });

  it(`asks for at most ${MAX_WALLET_PAGE_ENTRIES} featured wallets`, async () => {
    refuseLargePages();
    const featuredWalletIds = Array.from({ length: MAX_WALLET_PAGE_ENTRIES + 20 }, (_, index) => `w${index + 1}`);
    const { registry, state } = setup({ featuredWalletIds });
    await registry.loadConnectViewWallets([]);
    expect(entriesAsked()[0]).toBe(MAX_WALLET_PAGE_ENTRIES);
    expect(ids(state().featured)).toEqual(ids(ALL));
  });

  it('names every wallet as announced wallets are named (visibleWalletName); one with no visible name is left out', async () => {
    const spoofed: RegistryWallet[] = [
      { id: 'spoof', name: 'Safe\u202Egnp.exe\u202C\u200B Wa\u200Dllet\u2066' },
      { id: 'blank', name: '\u200B\u2066 \u202E' },
      ...ALL.slice(0, 5),
    ];
    api.override(registryRoutes(spoofed));
    const { registry, state } = setup({ featuredWalletIds: ['spoof', 'blank'] });
    const names = (wallets: readonly RegistryWallet[]) => wallets.map((wallet) => wallet.name);

    await registry.loadConnectViewWallets([]);
    expect(names(state().featured)).toEqual(['Safegnp.exe Wallet']);
    await registry.loadNextPage();
    expect(names(state().wallets)).toEqual(['Safegnp.exe Wallet', ...names(ALL.slice(0, 5))]);
    await registry.search('Safe');
    expect(names(state().search.results)).toEqual(['Safegnp.exe Wallet']);
  });
});
