/**
 * Origins on the server: a browser call (it has an Origin header) to a project-scoped route is
 * checked against the project's allow-list (spec wildcards); a server-to-server call (no Origin)
 * passes. Development origins count only in development mode.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readProjects } from '../src/seed/projects';
import type { RunningApi } from '../src/server';
import { getJson, start } from './helpers';

const ORIGIN_REFUSED = { error: 'Unauthorized: origin not allowed' };
let dir: string;
let projectsFile: string;
let api: RunningApi;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portico-origins-'));
  projectsFile = join(dir, 'projects.json');
  await writeFile(
    projectsFile,
    JSON.stringify([
      { projectId: 'shop', allowedOrigins: ['https://shop.example', 'https://*.example.com', 'http://localhost:*'], analyticsEnabled: true },
      { projectId: 'backend-only', allowedOrigins: [] },
      { projectId: 'dev-site', allowedOrigins: ['https://site.example'], developmentOrigins: ['http://127.0.0.1:*'] },
    ]),
  );
  api = await start({ projectsFile });
});
afterAll(async () => {
  await api?.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (path: string, origin?: string, init: RequestInit = {}) =>
  getJson(`${api.url}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...(origin ? { Origin: origin } : {}) } });

describe('Origin header against the project allow-list', () => {
  test.each([
    ['https://shop.example', true],
    ['https://app.example.com', true],
    ['https://a.b.example.com', true],
    ['http://localhost:5173', true],
    ['https://example.com', false],
    ['https://evil-example.com', false],
    ['http://app.example.com', false],
    ['https://shop.example.evil.test', false],
    ['https://shop.example:8443', false],
    ['http://localhost', false],
    ['null', false],
    ['not an origin', false],
  ])('%s → allowed: %s', async (origin, allowed) => {
    const r = await call('/v1/wallets?projectId=shop&entries=1', origin);
    if (allowed) expect(r.status).toBe(200);
    else expect(r).toMatchObject({ status: 403, body: ORIGIN_REFUSED });
  });

  test('the 403 is readable by the page (CORS) so the modal can show "Invalid App Configuration"', async () => {
    const r = await call('/v1/projects/shop/allowed-origins', 'https://attacker.test');
    expect(r).toMatchObject({ status: 403, body: ORIGIN_REFUSED });
    expect(r.res.headers.get('access-control-allow-origin')).toBe('*');
  });

  test('every project-scoped route checks it: config, analytics, RPC, project in the body', async () => {
    const bad = 'https://attacker.test';
    expect((await call('/v1/projects/shop/analytics-config', bad)).body).toEqual(ORIGIN_REFUSED);
    expect((await call('/v1/supported-chains?projectId=shop', bad)).body).toEqual(ORIGIN_REFUSED);
    const json = { method: 'POST', headers: { 'content-type': 'application/json' } };
    const event = { eventId: 'o-1', url: 'https://attacker.test/', domain: 'attacker.test', timestamp: Date.now(), props: {} };
    expect(await call('/v1/analytics/events?projectId=shop', bad, { ...json, body: JSON.stringify(event) })).toMatchObject({ status: 403, body: ORIGIN_REFUSED });
    expect(await call('/v1/?projectId=shop&chainId=eip155:1', bad, { ...json, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' })).toMatchObject({ status: 403, body: ORIGIN_REFUSED });
    const price = { currency: 'usd', addresses: [], projectId: 'shop' };
    expect(await call('/v1/fungible/price', bad, { ...json, body: JSON.stringify(price) })).toMatchObject({ status: 403, body: ORIGIN_REFUSED });
  });

  test('server-to-server calls (no Origin) pass; a project listing no origin refuses every browser', async () => {
    expect((await call('/v1/wallets?projectId=backend-only&entries=1')).status).toBe(200);
    expect(await call('/v1/wallets?projectId=backend-only&entries=1', 'https://site.example')).toMatchObject({ status: 403, body: ORIGIN_REFUSED });
    // Development origins do not count outside development mode.
    expect((await call('/v1/wallets?projectId=dev-site&entries=1', 'http://127.0.0.1:3000')).status).toBe(403);
    expect((await call('/v1/projects/dev-site/allowed-origins')).body).toEqual({ allowedOrigins: ['https://site.example'] });
  });

  test('CORS preflights answer the same way: allowed → 204, refused → 403', async () => {
    const preflight = (path: string, origin: string) =>
      fetch(`${api.url}${path}`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    const ok = await preflight('/v1/analytics/events?projectId=shop', 'https://app.example.com');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await preflight('/v1/analytics/events?projectId=shop', 'https://attacker.test');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(await refused.json()).toEqual(ORIGIN_REFUSED);
    expect((await preflight('/v1/projects/backend-only/allowed-origins', 'https://app.example.com')).status).toBe(403);
  });
});

describe('development mode', () => {
  test('projects also allow their developmentOrigins', async () => {
    const dev = await start({ projectsFile, development: true });
    try {
      const wallets = (origin: string) => getJson(`${dev.url}/v1/wallets?projectId=dev-site&entries=1`, { headers: { Origin: origin } });
      expect((await wallets('http://127.0.0.1:3000')).status).toBe(200);
      expect((await wallets('https://evil.test')).status).toBe(403);
      expect((await getJson(`${dev.url}/v1/projects/dev-site/allowed-origins`)).body).toEqual({ allowedOrigins: ['https://site.example', 'http://127.0.0.1:*'] });
    } finally {
      await dev.close();
    }
  });

  test('the shipped demo project allows 127.0.0.1 and localhost on any port in development mode only', async () => {
    const demo = async (development: boolean) => (await readProjects(undefined, development)).find((p) => p.projectId === 'portico-demo')!.allowedOrigins;
    expect(await demo(true)).toEqual(['http://127.0.0.1:*', 'http://localhost:*']);
    expect(await demo(false)).toEqual([]);
  });
});
