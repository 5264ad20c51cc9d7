import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { createStore } from 'jotai/vanilla';
import { accountsAtom, activeAccountAtom, activeNamespaceAtom, activeNetworkAtom, createMemoryStorage, nftsAtom, portfolioAtom, toCaipNetwork, toastAtom, transactionsAtom } from '../src/index';
import { createPorticoStorage } from '../src/storage';
import { createAccountDataController } from '../src/controllers/account-data';
import { createToastController } from '../src/controllers/toast';
import { ACCOUNT, apiStub, deferred, eventually, resetTestKit, testCore, type ApiStub } from '@portico/test-kit';

const ADDRESS = ACCOUNT;
const network = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.example'] } },
  ...extra,
});
const MAINNET = network(1, 'Ethereum');
const OPTIMISM = network(10, 'OP Mainnet');
const SEPOLIA = network(11155111, 'Sepolia', { testnet: true });

const balance = (symbol: string, decimals: string, extra: Record<string, unknown> = {}) => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  quantity: { decimals, numeric: '1.5' },
  price: 2,
  value: 3,
  ...extra,
});
const BALANCES = [
  balance('ETH', '18'),
  balance('USDC', '6', { address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }),
  balance('JUNK', '0', { address: 'eip155:1:0x0000000000000000000000000000000000000001' }),
];

const transfer = (spam?: boolean) =>
  spam === undefined
    ? { direction: 'out', quantity: { numeric: '1' }, fungible_info: { name: 'Ether', symbol: 'ETH' } }
    : { direction: 'in', nft_info: { name: 'NFT', flags: { is_spam: spam } } };
const tx = (id: string, chain: string, transfers: unknown[] = [transfer()]) => ({
  id,
  metadata: { operationType: 'send', hash: `0x${id}`, minedAt: '2030-01-01T00:00:00Z', chain, status: 'confirmed' },
  transfers,
});

/** A failure the transport does not retry, where a test counts requests. */
const FAILURE = { status: 400, text: 'refused' };
const BALANCE = 'GET /v1/account/:address/balance';
const HISTORY = 'GET /v1/account/:address/history';
const IDENTITY = 'GET /v1/identity/:address';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub({
    [BALANCE]: { json: { balances: BALANCES } },
    [IDENTITY]: { json: { name: 'vitalik.eth', avatar: 'https://img.example/v.png' } },
    'GET /v1/account/:address/nfts': {
      json: {
        data: [
          { contract: '0xc', tokenId: '1', name: 'Good' },
          { contract: '0xc', tokenId: '2', name: 'Spam', isSpam: true },
        ],
      },
    },
    [HISTORY]: (request) => {
      const cursor = request.params.get('cursor');
      if (!cursor) {
        return {
          json: {
            data: [
              tx('t1', 'eip155:1'),
              tx('t2', 'eip155:10'), // another chain
              tx('t3', 'eip155:1', [transfer(true), transfer(true)]), // spam only
              tx('t4', 'eip155:1', [transfer(true), transfer(false)]), // partly spam: kept
            ],
            next: 'cursor-2',
          },
        };
      }
      if (cursor === 'cursor-2') return { json: { data: [tx('t4', 'eip155:1'), tx('t5', 'eip155:1')], next: null } };
      return { status: 400, text: 'bad cursor' };
    },
  });
});
afterAll(async () => {
  await api.close();
});
afterEach(resetTestKit);

/**
 * A core connected (fake adapter) on `chainReference`, plus an account-data controller on its
 * store with a clock the test moves.
 */
async function connectedOn(chainReference = '1', opts: { apiUrl?: string | null } = {}) {
  const apiUrl = opts.apiUrl === null ? undefined : (opts.apiUrl ?? api.url);
  const { core } = await testCore({
    options: { networks: [MAINNET, OPTIMISM, SEPOLIA], ...(apiUrl ? { apiUrl } : {}) },
    adapter: { account: { address: ADDRESS, chainReference } },
    connect: true,
  });
  const clock = { now: 1_000_000 };
  const data = createAccountDataController({
    store: core.store,
    api: apiUrl ? { apiUrl, projectId: 'proj' } : undefined,
    storage: core.storage,
    toast: core.toast,
    now: () => clock.now,
  });
  const switchTo = (target: typeof MAINNET) =>
    core.connection.switchNetwork(core.options.networks.find((candidate) => candidate.id === target.id)!);
  return {
    core,
    data,
    clock,
    switchTo,
    portfolio: () => core.store.get(portfolioAtom),
    transactions: () => core.store.get(transactionsAtom),
    account: () => core.store.get(activeAccountAtom),
    toast: () => core.store.get(toastAtom),
    requests: (kind: string) => api.requests.filter((request) => request.path.endsWith(`/${kind}`) || request.path.includes(`/${kind}/`)),
  };
}

describe('account data: token balances', () => {
  it('fills the portfolio for the active account, dropping decimals-0 tokens', async () => {
    const page = await connectedOn('1');
    await page.data.refreshTokens();
    expect(page.portfolio()).toEqual({
      balances: [BALANCES[0], BALANCES[1]],
      loading: false,
      unavailable: false,
      caipAddress: `eip155:1:${ADDRESS}`,
    });
    const [request] = page.requests('balance');
    expect(request!.path).toBe(`/v1/account/${ADDRESS}/balance`);
    expect(request!.params.get('currency')).toBe('usd');
    expect(request!.params.get('chainId')).toBe('eip155:1');
    expect(request!.params.get('projectId')).toBe('proj');
    expect(request!.params.has('forceUpdate')).toBe(false);
  });

  it('is loading while the request runs', async () => {
    const page = await connectedOn('1');
    api.override({ [BALANCE]: { json: { balances: BALANCES }, delayMs: 50 } });
    const refreshing = page.data.refreshTokens();
    expect(page.portfolio()).toMatchObject({ loading: true, unavailable: false });
    await refreshing;
    expect(page.portfolio().loading).toBe(false);
  });

  it('caches 30 s in storage: a second call makes no request; force bypasses', async () => {
    const page = await connectedOn('1');
    await page.data.refreshTokens();
    expect(page.core.storage.get('portfolioCache')?.[`eip155:1:${ADDRESS}`]).toMatchObject({ fetchedAt: 1_000_000 });

    page.clock.now += 29_999;
    await page.data.refreshTokens();
    expect(page.requests('balance')).toHaveLength(1);
    expect(page.portfolio().balances).toHaveLength(2);

    await page.data.refreshTokens({ force: true });
    expect(page.requests('balance')).toHaveLength(2);
    expect(page.requests('balance')[1]!.params.get('forceUpdate')).toBe('true');

    page.clock.now += 30_000;
    await page.data.refreshTokens();
    expect(page.requests('balance')).toHaveLength(3);
  });

  it('the cache survives a new controller on the same storage (a reload)', async () => {
    const page = await connectedOn('1');
    await page.data.refreshTokens();
    const store = createStore();
    store.set(accountsAtom, page.core.store.get(accountsAtom));
    store.set(activeNetworkAtom, page.core.store.get(activeNetworkAtom));
    const reloaded = createAccountDataController({
      store,
      api: { apiUrl: api.url, projectId: 'proj' },
      storage: page.core.storage,
      toast: createToastController(store),
      now: () => page.clock.now + 1_000,
    });
    await reloaded.refreshTokens();
    expect(page.requests('balance')).toHaveLength(1);
    expect(store.get(portfolioAtom).balances.map((item) => item.symbol)).toEqual(['ETH', 'USDC']);
  });

  it('each network has its own entry', async () => {
    const page = await connectedOn('1');
    await page.data.refreshTokens();
    await page.switchTo(OPTIMISM);
    await page.data.refreshTokens();
    expect(page.requests('balance').map((request) => request.params.get('chainId'))).toEqual(['eip155:1', 'eip155:10']);
    expect(page.portfolio().caipAddress).toBe(`eip155:10:${ADDRESS}`);
  });

  it('a failure shows "Token Balance Unavailable" and blocks retries for 30 s', async () => {
    const page = await connectedOn('1');
    const recover = api.override({ [BALANCE]: FAILURE });
    await page.data.refreshTokens();
    expect(page.portfolio()).toMatchObject({ loading: false, lastFailure: 1_000_000 });
    await eventually(() => expect(page.toast()).toEqual({ open: true, variant: 'error', message: 'Token Balance Unavailable' }));

    recover();
    page.clock.now += 29_999;
    await page.data.refreshTokens();
    expect(page.requests('balance')).toHaveLength(1);
    expect(page.portfolio().balances).toEqual([]);

    page.clock.now += 1;
    await page.data.refreshTokens();
    expect(page.requests('balance')).toHaveLength(2);
    expect(page.portfolio().balances).toHaveLength(2);
  });

  it('force retries during the block', async () => {
    const page = await connectedOn('1');
    const recover = api.override({ [BALANCE]: FAILURE });
    await page.data.refreshTokens();
    recover();
    await page.data.refreshTokens({ force: true });
    expect(page.requests('balance')).toHaveLength(2);
    expect(page.portfolio().balances).toHaveLength(2);
  });

  it('without an apiUrl the tokens are unavailable', async () => {
    const page = await connectedOn('1', { apiUrl: null });
    await page.data.refreshTokens();
    expect(page.portfolio()).toEqual({ balances: [], loading: false, unavailable: true, caipAddress: `eip155:1:${ADDRESS}` });
    // The core's own controller agrees.
    await page.core.accountData.refreshTokens();
    expect(page.portfolio().unavailable).toBe(true);
  });

  it('does nothing while disconnected', async () => {
    const page = await connectedOn('1');
    await page.core.connection.disconnect();
    await page.data.refreshTokens();
    await page.data.loadMoreTransactions();
    await page.data.syncIdentity();
    expect(api.requests).toHaveLength(0);
  });
});

describe('account data: NFTs', () => {
  it('lists NFTs without spam', async () => {
    const page = await connectedOn('1');
    await page.data.refreshNfts();
    const nfts = page.core.store.get(nftsAtom);
    expect(nfts).toMatchObject({ loading: false, caipAddress: `eip155:1:${ADDRESS}` });
    expect(nfts.items.map((item) => item.name)).toEqual(['Good']);
  });
});

describe('account data: activity', () => {
  it('pages with next, keeps only the active chain and drops spam-only transactions', async () => {
    const page = await connectedOn('1');
    await page.data.loadMoreTransactions();
    expect(page.transactions()).toMatchObject({ next: 'cursor-2', loading: false, empty: false, caipAddress: `eip155:1:${ADDRESS}` });
    expect(page.transactions().data.map((item) => item.id)).toEqual(['t1', 't4']);
    const first = page.requests('history')[0]!;
    expect(first.params.get('chainId')).toBe('eip155:1');
    expect(first.params.has('cursor')).toBe(false);

    await page.data.loadMoreTransactions();
    expect(page.requests('history')[1]!.params.get('cursor')).toBe('cursor-2');
    // t4 came again on page 2: listed once.
    expect(page.transactions().data.map((item) => item.id)).toEqual(['t1', 't4', 't5']);
    expect(page.transactions()).toMatchObject({ next: undefined, empty: true });

    // The end is reached: no more requests.
    await page.data.loadMoreTransactions();
    expect(page.requests('history')).toHaveLength(2);
  });

  it('concurrent calls make one request', async () => {
    const page = await connectedOn('1');
    api.override({ [HISTORY]: { json: { data: [tx('t1', 'eip155:1')], next: 'x' }, delayMs: 30 } });
    await Promise.all([page.data.loadMoreTransactions(), page.data.loadMoreTransactions()]);
    expect(page.requests('history')).toHaveLength(1);
  });

  it('another network starts a fresh list', async () => {
    const page = await connectedOn('1');
    await page.data.loadMoreTransactions();
    await page.switchTo(OPTIMISM);
    await page.data.loadMoreTransactions();
    expect(page.transactions().caipAddress).toBe(`eip155:10:${ADDRESS}`);
    expect(page.transactions().data.map((item) => item.id)).toEqual(['t2']);
  });

  it('a failure empties the list, marks it empty and failed, and shows "Failed to fetch transactions"; a reload clears it', async () => {
    const page = await connectedOn('1');
    await page.data.loadMoreTransactions();
    expect(page.transactions().data).toHaveLength(2);
    const restore = api.override({ [HISTORY]: { status: 500, text: 'down' } });
    await page.data.loadMoreTransactions();
    expect(page.transactions()).toEqual({ data: [], loading: false, empty: true, failed: true, caipAddress: `eip155:1:${ADDRESS}` });
    await eventually(() => expect(page.toast()).toMatchObject({ open: true, variant: 'error', message: 'Failed to fetch transactions' }));
    restore();
    await page.data.reloadTransactions();
    expect(page.transactions().failed).toBeUndefined();
  });
});

describe('account data: identity', () => {
  it('an avatar that is not https: is not shown (the name is)', async () => {
    for (const avatar of ['http://img.example/v.png', 'javascript:alert(1)', 'data:image/svg+xml,<svg/>', '/v.png']) {
      const page = await connectedOn('1');
      api.override({ [IDENTITY]: { json: { name: 'vitalik.eth', avatar } } });
      await page.data.syncIdentity();
      expect(page.account().profileName).toBe('vitalik.eth');
      expect(page.account().profileImage).toBeUndefined();
    }
  });

  it('on an eip155 mainnet: fetches name and avatar, caches 5 min', async () => {
    const page = await connectedOn('1');
    await page.data.syncIdentity();
    expect(page.account()).toMatchObject({ profileName: 'vitalik.eth', profileImage: 'https://img.example/v.png' });
    const [request] = page.requests('identity');
    expect(request!.path).toBe(`/v1/identity/${ADDRESS}`);
    expect(request!.params.get('chainId')).toBe('eip155:1');
    expect(request!.params.get('sender')).toBe(ADDRESS);
    expect(page.core.storage.get('identityCache')?.[`eip155:1:${ADDRESS}`]).toMatchObject({ name: 'vitalik.eth' });

    page.clock.now += 5 * 60_000 - 1;
    await page.data.syncIdentity();
    expect(page.requests('identity')).toHaveLength(1);

    page.clock.now += 1;
    await page.data.syncIdentity();
    expect(page.requests('identity')).toHaveLength(2);
  });

  it('on a testnet: clears name and image, no request', async () => {
    const page = await connectedOn('1');
    await page.data.syncIdentity();
    await page.switchTo(SEPOLIA);
    await page.data.syncIdentity();
    expect(page.account().profileName).toBeUndefined();
    expect(page.account().profileImage).toBeUndefined();
    expect(page.requests('identity')).toHaveLength(1);
  });

  it('outside eip155: clears name and image, no request', async () => {
    const store = createStore();
    const solana = toCaipNetwork({
      id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      name: 'Solana',
      chainNamespace: 'solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['https://sol.example'] } },
    });
    store.set(activeNamespaceAtom, 'solana');
    store.set(activeNetworkAtom, solana);
    store.set(accountsAtom, {
      solana: {
        status: 'connected',
        address: 'So11111111111111111111111111111111111111112',
        connectorId: 'phantom',
        balanceLoading: false,
        profileName: 'old',
        profileImage: 'https://img.example/old.png',
      },
    });
    const data = createAccountDataController({
      store,
      api: { apiUrl: api.url, projectId: 'proj' },
      storage: createPorticoStorage(createMemoryStorage()),
      toast: createToastController(store),
    });
    await data.syncIdentity();
    expect(store.get(accountsAtom).solana).toMatchObject({ status: 'connected' });
    expect(store.get(accountsAtom).solana?.profileName).toBeUndefined();
    expect(store.get(accountsAtom).solana?.profileImage).toBeUndefined();
    expect(api.requests).toHaveLength(0);
  });

  it('an answer for a network left meanwhile is not applied to the new one', async () => {
    const page = await connectedOn('1');
    const answer = deferred<void>();
    api.override({
      [IDENTITY]: async () => {
        await answer.promise;
        return { json: { name: 'vitalik.eth', avatar: 'https://img.example/v.png' } };
      },
    });
    const syncing = page.data.syncIdentity();
    await eventually(() => expect(page.requests('identity')).toHaveLength(1));
    await page.switchTo(SEPOLIA);
    await page.data.syncIdentity();
    answer.resolve();
    await syncing;
    expect(page.account().profileName).toBeUndefined();
    expect(page.account().profileImage).toBeUndefined();
  });

  it('a failure on another chain clears the avatar (the name stays)', async () => {
    const page = await connectedOn('10');
    await page.data.syncIdentity();
    expect(page.account().profileImage).toBe('https://img.example/v.png');
    page.clock.now += 5 * 60_000;
    api.override({ [IDENTITY]: FAILURE });
    await page.data.syncIdentity();
    expect(page.requests('identity')).toHaveLength(2);
    expect(page.account().profileImage).toBeUndefined();
    expect(page.account().profileName).toBe('vitalik.eth');
  });

  it('a failure on chain id 1 keeps the avatar', async () => {
    const page = await connectedOn('1');
    await page.data.syncIdentity();
    page.clock.now += 5 * 60_000;
    api.override({ [IDENTITY]: FAILURE });
    await page.data.syncIdentity();
    expect(page.requests('identity')).toHaveLength(2);
    expect(page.account()).toMatchObject({ profileName: 'vitalik.eth', profileImage: 'https://img.example/v.png' });
  });
});
