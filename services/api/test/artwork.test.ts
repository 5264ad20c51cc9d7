/**
 * Issue 31: real artwork. Wallet logos for the registry's leading and ranked wallets, network, connector and
 * token icons, their caching, and the repository's NOTICE naming every source.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { loadArtwork, type ArtworkLibrary } from '../src/artwork/library';
import { walletIdOf, readSeedWallets, type SeedWallet } from '../src/seed/wallets';
import type { RunningApi } from '../src/server';
import { getJson, start, testDatabase, walletsUrl, type WalletsBody } from './helpers';

/** Ranked (2023 explorer order) wallets no licensed package has a logo of: they keep a monogram. */
const RANKED_WITHOUT_ARTWORK = ['Cobalt Wallet', 'Impersonator', 'Vision: Crypto Wallet', 'Marble', 'PREMA Wallet', 'Reunit', 'meta-WONDER-verse'];

let api: RunningApi;
let artwork: ArtworkLibrary;
let registry: SeedWallet[];
beforeAll(async () => {
  [api, artwork, registry] = await Promise.all([
    start({
      // Served chains without artwork of their own: their network icon is their native currency's.
      chains: [{ caipNetworkId: 'eip155:31337', name: 'Anvil Local', rpcUrl: 'http://127.0.0.1:9/', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, tokens: [] }],
      solanaChains: [{ caipNetworkId: 'solana:7ZArtworkTest1111111111111111111', name: 'Solana Local', rpcUrl: 'http://127.0.0.1:9/' }],
      indexer: { enabled: false },
    }),
    loadArtwork(),
    readSeedWallets(),
  ]);
});
afterAll(async () => {
  await api?.close();
});

/** The wallets as the list serves them, by id. */
async function listed(ids: string[]): Promise<Map<string, WalletsBody['data'][number]>> {
  const found = new Map<string, WalletsBody['data'][number]>();
  for (let i = 0; i < ids.length; i += 100) {
    const { body } = await getJson<WalletsBody>(walletsUrl(api, { include: ids.slice(i, i + 100).join(','), entries: '100' }));
    for (const w of body.data) found.set(w.id, w);
  }
  return found;
}

describe('wallet logos', () => {
  test('the first 100 registry wallets, every certified or ranked one and WalletConnect show real logos', async () => {
    const wanted = registry.filter((w, i) => i < 100 || w.badge_type === 'certified' || w.order !== null).filter((w) => !RANKED_WITHOUT_ARTWORK.includes(w.name));
    expect(wanted.length).toBeGreaterThan(120);
    const served = await listed(wanted.filter((w) => w.id !== null).map((w) => w.id!));
    for (const wallet of wanted) {
      const logo = artwork.wallet(walletIdOf(wallet));
      expect({ wallet: wallet.name, logo: logo !== undefined }).toEqual({ wallet: wallet.name, logo: true });
    }
    // What a browser gets for each listed one: the logo's bytes, not a monogram.
    for (const wallet of wanted.filter((w) => served.has(w.id!))) {
      const res = await fetch(served.get(wallet.id!)!.image_url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(artwork.wallet(wallet.id!)!.bytes))).toBe(true);
      expect(res.headers.get('content-type')).toBe(artwork.wallet(wallet.id!)!.contentType + (res.headers.get('content-type')!.includes('svg') ? '; charset=utf-8' : ''));
    }
    expect(artwork.connector('walletConnect')).toBeDefined();
  });

  test('wallets without a logo get monograms that tell them apart', async () => {
    const without = registry.filter((w) => !artwork.wallet(walletIdOf(w)));
    expect(without.length).toBeGreaterThan(0);
    const served = await listed(without.filter((w) => w.id !== null).map((w) => w.id!));
    const labels = new Map<string, string[]>();
    for (const wallet of without.filter((w) => served.has(w.id!))) {
      const svg = await (await fetch(served.get(wallet.id!)!.image_url)).text();
      const label = /<text[^>]*>([^<]+)<\/text>/.exec(svg)![1]!;
      labels.set(label.toUpperCase(), [...(labels.get(label.toUpperCase()) ?? []), wallet.name]);
    }
    const shared = [...labels.entries()].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([]);
  });

  test('a database seeded before the artwork shows the logos after a restart, and the old pictures are gone', async () => {
    const database = await testDatabase();
    try {
      const first = await start(database.options);
      const metamask = registry.find((w) => w.name === 'MetaMask')!;
      await first.db.query(`INSERT INTO images (image_id, kind, content_type, body) VALUES ('old-monogram', 'wallet', 'image/svg+xml', convert_to('<svg/>', 'UTF8'))`);
      await first.db.query(`UPDATE wallets SET image_id = 'old-monogram' WHERE id = $1`, [metamask.id]);
      await first.close();

      const second = await start(database.options);
      try {
        const { rows } = await second.db.query<{ image_id: string }>('SELECT image_id FROM wallets WHERE id = $1', [metamask.id]);
        expect(rows[0]!.image_id).not.toBe('old-monogram');
        const res = await fetch(`${second.url}/v1/wallet-images/${rows[0]!.image_id}`);
        expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(artwork.wallet(metamask.id!)!.bytes))).toBe(true);
        expect((await fetch(`${second.url}/v1/wallet-images/old-monogram`)).status).toBe(404);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });
});

describe('GET /v1/network-images/:imageId', () => {
  test("serves the network's icon by CAIP-2 id ('-' for ':'), a testnet its parent's, with a day's cache and an ETag", async () => {
    const res = await fetch(`${api.url}/v1/network-images/eip155-1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const ethereum = await res.text();
    expect(ethereum).toMatch(/^<svg /);
    expect(await (await fetch(`${api.url}/v1/network-images/eip155-11155111`)).text()).toBe(ethereum);
    expect((await fetch(`${api.url}/v1/network-images/eip155-1`, { headers: { 'If-None-Match': res.headers.get('etag')! } })).status).toBe(304);

    for (const id of ['eip155-10', 'eip155-8453', 'eip155-42161', 'eip155-137', 'eip155-56', 'eip155-43114', 'eip155-324', 'eip155-59144', 'eip155-534352',
      'eip155-100', 'eip155-42220', 'solana-5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana-EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'bip122-000000000019d6689c085ae165831e93']) {
      const other = await fetch(`${api.url}/v1/network-images/${id}`);
      expect({ id, status: other.status }).toEqual({ id, status: 200 });
      expect(await other.text()).not.toBe(ethereum);
    }
  });

  test("a chain this API serves without artwork of its own shows its native currency's icon", async () => {
    const eth = await (await fetch(`${api.url}/v1/token-images/ETH`)).text();
    expect(await (await fetch(`${api.url}/v1/network-images/eip155-31337`)).text()).toBe(eth);
    const sol = await (await fetch(`${api.url}/v1/token-images/SOL`)).text();
    expect(await (await fetch(`${api.url}/v1/network-images/solana-7ZArtworkTest1111111111111111111`)).text()).toBe(sol);
  });

  test('unknown network → 404; a malformed id → 400', async () => {
    const unknown = await getJson(`${api.url}/v1/network-images/eip155-123456789`);
    expect(unknown).toMatchObject({ status: 404, body: { error: 'imageId: not found' } });
    for (const bad of ['eip155:1', '..%2Fetc', 'eip155-1%3Cscript%3E', 'x-1', `eip155-${'1'.repeat(33)}`]) {
      const r = await getJson(`${api.url}/v1/network-images/${bad}`);
      expect({ bad, status: r.status }).toEqual({ bad, status: 400 });
      expect(r.body.error).toMatch(/^imageId: /);
    }
  });
});

describe('GET /v1/token-images/:symbol', () => {
  test('a known token is its icon, in any case; an unknown one a coin monogram of its symbol', async () => {
    const usdc = await fetch(`${api.url}/v1/token-images/USDC`);
    expect(usdc.status).toBe(200);
    const bytes = Buffer.from(await usdc.arrayBuffer());
    expect(bytes.equals(Buffer.from(artwork.token('USDC')!.bytes))).toBe(true);
    expect(bytes.toString()).not.toContain('<text');
    expect(usdc.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(Buffer.from(await (await fetch(`${api.url}/v1/token-images/usdc`)).arrayBuffer()).equals(bytes)).toBe(true);
    for (const symbol of ['ETH', 'WETH', 'USDT', 'DAI', 'SOL', 'BTC', 'WBTC', 'MATIC', 'POL', 'BNB', 'AVAX', 'OP', 'ARB', 'LINK', 'UNI']) {
      expect({ symbol, artwork: artwork.token(symbol) !== undefined }).toEqual({ symbol, artwork: true });
    }

    const pusd = await fetch(`${api.url}/v1/token-images/PUSD`);
    expect(pusd.status).toBe(200);
    const pusdSvg = await pusd.text();
    expect(pusdSvg).toContain('>PUSD</text>');
    const ptkSvg = await (await fetch(`${api.url}/v1/token-images/PTK`)).text();
    expect(ptkSvg).toContain('>PTK</text>');
    expect(/fill="(#[0-9a-f]{6})"/.exec(pusdSvg)![1]).not.toBe(/fill="(#[0-9a-f]{6})"/.exec(ptkSvg)![1]);
    expect((await fetch(`${api.url}/v1/token-images/PUSD`, { headers: { 'If-None-Match': pusd.headers.get('etag')! } })).status).toBe(304);
  });

  test('a symbol with characters no symbol has → 400', async () => {
    for (const bad of ['%3Csvg%3E', 'a%22b', 'x'.repeat(33)]) {
      const r = await getJson(`${api.url}/v1/token-images/${bad}`);
      expect({ bad, status: r.status }).toEqual({ bad, status: 400 });
    }
  });
});

test("GET /v1/connector-images/:connectorId: WalletConnect's logo; unknown → 404, malformed → 400", async () => {
  const res = await fetch(`${api.url}/v1/connector-images/walletConnect`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  expect(await res.text()).toContain('fill="#3B99FC"'); // WalletConnect blue
  expect((await fetch(`${api.url}/v1/connector-images/ledger`)).status).toBe(404);
  expect((await fetch(`${api.url}/v1/connector-images/wallet-connect`)).status).toBe(400);
});

test('NOTICE names every artwork source with its version and licence', () => {
  const notice = readFileSync(new URL('../../../NOTICE', import.meta.url), 'utf8');
  for (const { name, version, licence } of Object.values(artwork.sources)) {
    expect(notice).toContain(`${name}@${version}`);
    expect(notice).toContain(`${name}@${version} (${licence})`);
  }
  expect(notice).toMatch(/is a trademark of its respective owner/);
});
