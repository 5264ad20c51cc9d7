import { afterAll, beforeAll, expect, test } from '@rstest/core';
import type { RunningApi } from '../src/server';
import { deleteSyntheticWallets } from '../src/seed/synthetic';
import { getJson, start, walletsUrl, type WalletsBody } from './helpers';

const N = 5000;
let api: RunningApi;
beforeAll(async () => {
  api = await start({ syntheticWallets: N });
});
afterAll(async () => {
  await api?.close();
});

const timed = async (label: string, params: Record<string, string>) => {
  const t0 = performance.now();
  const r = await getJson<WalletsBody>(walletsUrl(api, params));
  console.log(`${label}: ${(performance.now() - t0).toFixed(1)} ms`);
  return r;
};

test(`${N} synthetic wallets page quickly and sort after the real registry`, async () => {
  const { rows } = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM wallets WHERE synthetic');
  expect(rows[0]!.n).toBe(N);

  await timed('warm-up', {});
  const first = await timed('page 1 (40)', { page: '1' });
  expect(first.body.count).toBe(646 + N);
  expect(first.body.data.some((w) => w.name.startsWith('Synthetic Wallet'))).toBe(false);

  const last = await timed('last page', { page: String(Math.ceil((646 + N) / 40)) });
  expect(last.body.data.at(-1)!.name).toBe(`Synthetic Wallet ${String(N).padStart(4, '0')}`);

  const deep = await timed('page 100 (40)', { page: '100' });
  expect(deep.body.data).toHaveLength(40);

  const search = await timed('search "synthetic wallet 49"', { search: 'synthetic wallet 49' });
  expect(search.body.count).toBe(100);
  expect(search.body.data[0]!.name).toBe('Synthetic Wallet 4900');

  const chains = await timed('chains solana page 1', { chains: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' });
  expect(chains.body.count).toBeGreaterThan(N / 3);

  const img = await fetch(last.body.data.at(-1)!.image_url);
  expect(img.status).toBe(200);
  expect(await img.text()).toContain('>SW</text>');

  await deleteSyntheticWallets(api.db);
  const after = await getJson<WalletsBody>(walletsUrl(api, { entries: '1' }));
  expect(after.body.count).toBe(646);
});
