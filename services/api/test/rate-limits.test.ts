/**
 * Rate limits per client IP and per project: 429 with Retry-After (whole seconds) and a JSON
 * error. On PostgreSQL (DATABASE_URL) two APIs on one database share the counts.
 */
import { afterAll, describe, expect, test } from '@rstest/core';
import type { RunningApi } from '../src/server';
import { getJson, PROJECT, start, TEST_DATABASE_URL, testDatabase, walletsUrl } from './helpers';

const running: RunningApi[] = [];
afterAll(async () => {
  for (const api of running) await api.close();
});
async function api(options: Parameters<typeof start>[0]) {
  const a = await start(options);
  running.push(a);
  return a;
}

function expect429(r: { status: number; body: { error?: unknown }; res: Response }, what: string) {
  expect(r.status).toBe(429);
  expect(r.body.error).toMatch(new RegExp(`^Too many requests for this ${what}: try again in \\d+ s$`));
  const retryAfter = r.res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  // A page on another origin can read it (CORS exposes Retry-After).
  expect(r.res.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('retry-after');
}

describe('rate limits', () => {
  test('per client IP: over the limit → 429 with Retry-After; /healthz is not counted', async () => {
    const a = await api({ rateLimits: { perIp: { points: 3, durationS: 60 } } });
    for (let i = 0; i < 3; i++) expect((await getJson(walletsUrl(a, { entries: '1' }))).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await getJson(`${a.url}/healthz`)).status).toBe(200);
    expect429(await getJson(walletsUrl(a, { entries: '1' })), 'IP address');
    // Every route of that IP, project or not.
    expect429(await getJson(`${a.url}/v1/token-images/ETH`), 'IP address');
  });

  test('attack: an X-Forwarded-For of the client\'s own making buys no new budget when no load balancer is trusted', async () => {
    const a = await api({ rateLimits: { perIp: { points: 2, durationS: 60 } } });
    const as = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    expect((await getJson(walletsUrl(a, { entries: '1' }), as('198.51.100.1'))).status).toBe(200);
    expect((await getJson(walletsUrl(a, { entries: '1' }), as('198.51.100.2'))).status).toBe(200);
    expect429(await getJson(walletsUrl(a, { entries: '1' }), as('198.51.100.3')), 'IP address');
  });

  test('behind a trusted load balancer (loopback here): each visitor it forwards has a budget of their own', async () => {
    const a = await api({ rateLimits: { perIp: { points: 2, durationS: 60 } }, trustedProxies: ['loopback'] });
    const as = (chain: string) => ({ headers: { 'x-forwarded-for': chain } });
    expect((await getJson(walletsUrl(a, { entries: '1' }), as('198.51.100.1'))).status).toBe(200);
    expect((await getJson(walletsUrl(a, { entries: '1' }), as('198.51.100.1'))).status).toBe(200);
    expect429(await getJson(walletsUrl(a, { entries: '1' }), as('198.51.100.1')), 'IP address');
    expect((await getJson(walletsUrl(a, { entries: '1' }), as('198.51.100.2'))).status).toBe(200);
    // A visitor who writes other addresses ahead of their own is still counted as their own.
    expect429(await getJson(walletsUrl(a, { entries: '1' }), as('203.0.113.50, 198.51.100.1')), 'IP address');
  });

  test('per project: over the limit → 429; another project keeps its own budget; the window ends', async () => {
    const a = await api({ rateLimits: { perProject: { points: 2, durationS: 1 } } });
    const url = (project: string) => `${a.url}/v1/supported-chains?projectId=${project}`;
    expect((await getJson(url(PROJECT))).status).toBe(200);
    expect((await getJson(url(PROJECT))).status).toBe(200);
    const limited = await getJson(url(PROJECT));
    expect429(limited, 'project');
    expect((await getJson(url('portico-demo-restricted'))).status).toBe(200);
    await new Promise((r) => setTimeout(r, Number(limited.res.headers.get('retry-after')) * 1000 + 100));
    expect((await getJson(url(PROJECT))).status).toBe(200);
  });

  test.skipIf(!TEST_DATABASE_URL)('PostgreSQL: replicas on one database share the counts', async () => {
    const database = await testDatabase();
    try {
      const limits = { rateLimits: { perProject: { points: 3, durationS: 60 } } };
      const one = await start({ ...database.options, ...limits });
      const two = await start({ ...database.options, ...limits });
      try {
        const url = (a: RunningApi) => `${a.url}/v1/supported-chains?projectId=${PROJECT}`;
        expect((await getJson(url(one))).status).toBe(200);
        expect((await getJson(url(two))).status).toBe(200);
        expect((await getJson(url(one))).status).toBe(200);
        expect429(await getJson(url(two)), 'project');
      } finally {
        await one.close();
        await two.close();
      }
    } finally {
      await database.drop();
    }
  });
});
