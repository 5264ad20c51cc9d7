import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import type { RunningApi } from '../src/server';
import { getJson, PROJECT, start, TEST_DATABASE_URL, walletsUrl, type WalletsBody } from './helpers';

const seed = JSON.parse(readFileSync(new URL('../seed/wallets.json', import.meta.url), 'utf8')) as {
  id: string | null;
  name: string;
  chains: string[] | null;
}[];

let api: RunningApi;
beforeAll(async () => {
  api = await start();
});
afterAll(async () => {
  await api?.close();
});

const wallets = (params: Record<string, string> = {}) => getJson<WalletsBody>(walletsUrl(api, params));

describe('GET /v1/wallets', () => {
  test('seeds all 646 wallets; default page is 40 in default order', async () => {
    const { status, body, res } = await wallets();
    expect(status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(body.count).toBe(646);
    expect(body.data).toHaveLength(40);
    // order ascending nulls last: the 26 ranked wallets lead, sorted by order
    const orders = body.data.map((w) => w.order).filter((o): o is number => o !== null);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(body.data[0]!.order).not.toBeNull();
    const w = body.data[0]!;
    for (const key of ['id', 'name', 'rdns', 'image_id', 'image_url', 'homepage', 'chains', 'mobile_link',
      'desktop_link', 'webapp_link', 'app_store', 'play_store', 'chrome_store', 'injected', 'badge_type', 'order']) {
      expect(w).toHaveProperty(key);
    }
    expect(w.image_url).toBe(`${api.url}/v1/wallet-images/${w.image_id}`);
  });

  test('page 1 and 2 are disjoint and the count is stable', async () => {
    const p1 = await wallets({ page: '1', entries: '40' });
    const p2 = await wallets({ page: '2', entries: '40' });
    expect(p2.body.count).toBe(p1.body.count);
    expect(p2.body.data).toHaveLength(40);
    const ids1 = new Set(p1.body.data.map((w) => w.id));
    expect(p2.body.data.some((w) => ids1.has(w.id))).toBe(false);
    const last = await wallets({ page: '17', entries: '40' }); // 646 = 16 * 40 + 6
    expect(last.body.data).toHaveLength(6);
    const beyond = await wallets({ page: '30' });
    expect(beyond.body).toEqual({ count: 646, data: [] });
  });

  test('every wallet has a unique id and image id; ids without an explorer id are generated', async () => {
    const all = [];
    for (let page = 1; page <= 7; page++) all.push(...(await wallets({ page: String(page), entries: '100' })).body.data);
    expect(all).toHaveLength(646);
    expect(new Set(all.map((w) => w.id)).size).toBe(646);
    expect(new Set(all.map((w) => w.image_id)).size).toBe(646);
    const noId = seed.find((w) => w.id === null)!;
    const expected = createHash('sha256').update(`portico:${noId.name.toLowerCase()}`).digest('hex');
    expect(all.find((w) => w.name === noId.name)!.id).toBe(expected);
  });

  test("search 'meta' finds MetaMask first, case-insensitively", async () => {
    const { body } = await wallets({ search: 'META' });
    expect(body.data[0]!.name).toBe('MetaMask');
    expect(body.count).toBe(body.data.length);
    expect(body.data.every((w) => w.name.toLowerCase().includes('meta'))).toBe(true);
  });

  test('search ranks prefix matches before substring matches and returns at most 100', async () => {
    const { body } = await wallets({ search: 'wallet', entries: '100' });
    expect(body.count).toBe(100);
    expect(body.data).toHaveLength(100);
    const firstNonPrefix = body.data.findIndex((w) => !w.name.toLowerCase().startsWith('wallet'));
    const lastPrefix = body.data.map((w) => w.name.toLowerCase().startsWith('wallet')).lastIndexOf(true);
    expect(lastPrefix).toBeLessThan(firstNonPrefix);
    const page2 = await wallets({ search: 'wallet', entries: '100', page: '2' });
    expect(page2.body.data).toHaveLength(0);
  });

  test('include and exclude', async () => {
    const { body: first } = await wallets({ entries: '3' });
    const ids = first.data.map((w) => w.id);
    const inc = await wallets({ include: ids.join(',') });
    expect(inc.body.count).toBe(3);
    expect(inc.body.data.map((w) => w.id).sort()).toEqual([...ids].sort());
    const exc = await wallets({ exclude: ids.join(','), entries: '100' });
    expect(exc.body.count).toBe(643);
    expect(exc.body.data.some((w) => ids.includes(w.id))).toBe(false);
    const both = await wallets({ include: ids.join(','), exclude: ids[0]! });
    expect(both.body.data.map((w) => w.id).sort()).toEqual(ids.slice(1).sort());
  });

  test('badge_type certified narrows; none does not filter', async () => {
    const cert = await wallets({ badge_type: 'certified', entries: '100' });
    expect(cert.body.count).toBe(26);
    expect(cert.body.data.every((w) => w.badge_type === 'certified')).toBe(true);
    const none = await wallets({ badge_type: 'none' });
    expect(none.body.count).toBe(646);
  });

  test('chains: any listed chain matches; bare solana matches every solana:* chain', async () => {
    const mainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
    const expectedSolana = seed.filter((w) => w.chains?.some((c) => c === mainnet || c === 'solana')).length;
    const sol = await wallets({ chains: mainnet, entries: '100' });
    expect(sol.body.count).toBe(expectedSolana);
    expect(sol.body.data.some((w) => w.chains.includes('solana'))).toBe(true);
    const base = seed.filter((w) => w.chains?.includes('eip155:8453')).length;
    const zora = seed.filter((w) => w.chains?.includes('eip155:7777777')).length;
    const either = seed.filter((w) => w.chains?.some((c) => c === 'eip155:8453' || c === 'eip155:7777777')).length;
    expect((await wallets({ chains: 'eip155:8453' })).body.count).toBe(base);
    expect((await wallets({ chains: 'eip155:7777777' })).body.count).toBe(zora);
    expect((await wallets({ chains: 'eip155:8453,eip155:7777777' })).body.count).toBe(either);
  });

  test('bad parameters answer 400 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ entries: '0' }, 'entries: '],
      [{ entries: '101' }, 'entries: '],
      [{ page: '-1' }, 'page: '],
      [{ page: 'two' }, 'page: '],
      [{ badge_type: 'gold' }, 'badge_type: '],
      [{ chains: 'not-caip' }, 'chains: '],
      [{ include: 'ok,"bad"' }, 'include: '],
      [{ search: 'x'.repeat(101) }, 'search: '],
    ];
    for (const [params, prefix] of cases) {
      const { status, body } = await wallets(params);
      expect({ params, status }).toEqual({ params, status: 400 });
      expect(body).toEqual({ error: expect.stringMatching(new RegExp(`^${prefix}`)) });
    }
  });

  test('project comes from query or x-project-id header; unknown project → 403', async () => {
    const viaHeader = await getJson(new URL('/v1/wallets?entries=1', api.url).toString(), {
      headers: { 'x-project-id': PROJECT, 'x-sdk-type': 'portico', 'x-sdk-version': 'html-core-0.1.0' },
    });
    expect(viaHeader.status).toBe(200);
    const unknown = await getJson(`${api.url}/v1/wallets?projectId=nobody&st=portico&sv=0.1.0`);
    expect(unknown).toMatchObject({ status: 403, body: { error: 'Unauthorized: invalid key' } });
    const missing = await getJson(`${api.url}/v1/wallets`);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^projectId: /);
  });

  test('CORS preflight allows the headers the modal sends', async () => {
    const res = await fetch(`${api.url}/v1/wallets`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-project-id,x-sdk-type,x-sdk-version',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-sdk-version');
  });
});

describe('GET /v1/wallet-images/:imageId', () => {
  test("serves the wallet's logo, cached for good (the id names the bytes); 404 for unknown ids, 400 for bad ones", async () => {
    const { body } = await wallets({ search: 'metamask' });
    const mm = body.data[0]!;
    const res = await fetch(mm.image_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBe(`"${mm.image_id}"`);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('fill="#ff5c16"'); // the fox's orange, not a monogram
    expect(svg).not.toContain('<text');
    for (const tag of [res.headers.get('etag')!, `W/${res.headers.get('etag')}`, `"other", ${res.headers.get('etag')}`]) {
      const again = await fetch(mm.image_url, { headers: { 'If-None-Match': tag } });
      expect(again.status).toBe(304);
    }
    const missing = await fetch(`${api.url}/v1/wallet-images/00000000-0000-8000-8000-000000000000`);
    expect(missing.status).toBe(404);
    const bad = await fetch(`${api.url}/v1/wallet-images/${encodeURIComponent('../etc')}`);
    expect(bad.status).toBe(400);
  });
});

describe('projects', () => {
  test('allowed origins and analytics config for portico-demo (outside development mode: no origin)', async () => {
    const origins = await getJson(`${api.url}/v1/projects/${PROJECT}/allowed-origins`);
    expect(origins).toMatchObject({ status: 200, body: { allowedOrigins: [] } });
    const analytics = await getJson(`${api.url}/v1/projects/${PROJECT}/analytics-config`);
    expect(analytics).toMatchObject({ status: 200, body: { isAnalyticsEnabled: true } });
  });

  test('unknown project → 403 Unauthorized: invalid key', async () => {
    for (const path of ['allowed-origins', 'analytics-config']) {
      const r = await getJson(`${api.url}/v1/projects/nobody/${path}`);
      expect(r).toMatchObject({ status: 403, body: { error: 'Unauthorized: invalid key' } });
    }
    const bad = await getJson(`${api.url}/v1/projects/${encodeURIComponent('a b')}/allowed-origins`);
    expect(bad.status).toBe(400);
  });
});

describe('POST /v1/analytics/events', () => {
  const event = (eventId: string) => ({
    eventId,
    url: 'http://127.0.0.1:5173/',
    domain: '127.0.0.1:5173',
    timestamp: Date.now(),
    props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
  });
  const post = (body: unknown, project = PROJECT) =>
    getJson(`${api.url}/v1/analytics/events?st=portico&sv=0.1.0`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-project-id': project },
      body: JSON.stringify(body),
    });

  test('stores a valid event (202), once per eventId', async () => {
    expect((await post(event('evt-1'))).status).toBe(202);
    expect((await post(event('evt-1'))).status).toBe(202);
    const { rows } = await api.db.query<{ project_id: string; domain: string; props: unknown; sdk_type: string }>(
      `SELECT project_id, domain, props, sdk_type FROM analytics_events WHERE event_id = 'evt-1'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ project_id: PROJECT, domain: '127.0.0.1:5173', sdk_type: 'portico' });
    expect(rows[0]!.props).toMatchObject({ event: 'MODAL_OPEN' });
  });

  test('stores the page URL without query and fragment (they may carry tokens or e-mail addresses)', async () => {
    const e = { ...event('evt-url'), url: 'http://127.0.0.1:5173/shop/cart?session=secret&email=a%40b.test#access_token=xyz' };
    expect((await post(e)).status).toBe(202);
    const { rows } = await api.db.query<{ url: string }>(`SELECT url FROM analytics_events WHERE event_id = 'evt-url'`);
    expect(rows[0]!.url).toBe('http://127.0.0.1:5173/shop/cart');
  });

  test('validates the body', async () => {
    const bad = await post({ ...event('evt-2'), timestamp: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^timestamp: /);
    const noProps = await post({ ...event('evt-3'), props: undefined });
    expect(noProps.body.error).toMatch(/^props: /);
    const badUrl = await post({ ...event('evt-4'), url: 'javascript:alert(1)' });
    expect(badUrl.body.error).toMatch(/^url: /);
    const notJson = await getJson(`${api.url}/v1/analytics/events?projectId=${PROJECT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(notJson).toMatchObject({ status: 400, body: { error: 'body: must be JSON' } });
    const huge = await post({ ...event('evt-5'), props: { blob: 'x'.repeat(70_000) } });
    expect(huge.status).toBe(413);
  });

  test('403 when analytics is disabled for the project, or the project is unknown', async () => {
    await api.db.query(
      `INSERT INTO projects (project_id, allowed_origins, analytics_enabled) VALUES ('quiet', '{}', false)`,
    );
    const off = await post(event('evt-6'), 'quiet');
    expect(off.status).toBe(403);
    expect((await getJson(`${api.url}/v1/projects/quiet/analytics-config`)).body).toEqual({ isAnalyticsEnabled: false });
    const unknown = await post(event('evt-7'), 'nobody');
    expect(unknown).toMatchObject({ status: 403, body: { error: 'Unauthorized: invalid key' } });
  });
});

test('every reply carries X-Request-Id; a caller\'s plain id is kept, anything else replaced', async () => {
  const own = await fetch(walletsUrl(api, { entries: '1' }), { headers: { 'x-request-id': 'trace-42.a:b' } });
  expect(own.headers.get('x-request-id')).toBe('trace-42.a:b');
  const made = await fetch(`${api.url}/v1/wallets`, { headers: { 'x-request-id': 'bad id\twith spaces' } });
  expect(made.status).toBe(400);
  expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

test('GET /healthz', async () => {
  expect(await getJson(`${api.url}/healthz`)).toMatchObject({ status: 200, body: { status: 'ok', db: TEST_DATABASE_URL ? 'postgres' : 'pglite' } });
  expect((await getJson(`${api.url}/nope`)).status).toBe(404);
});
