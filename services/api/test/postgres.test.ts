/**
 * The DATABASE_URL path (real PostgreSQL through `pg`). Runs only when PORTICO_API_TEST_DATABASE_URL
 * or DATABASE_URL is set; it works in a fresh schema of that database and drops it afterwards.
 *   PORTICO_API_TEST_DATABASE_URL=postgres://user@127.0.0.1:5432/db pnpm --filter @portico/api test:unit
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import pg from 'pg';
import type { RunningApi } from '../src/server';
import { getJson, start, walletsUrl, type WalletsBody } from './helpers';

const baseUrl = process.env.PORTICO_API_TEST_DATABASE_URL || process.env.DATABASE_URL;
const schema = `portico_api_test_${process.pid}_${Date.now()}`;

function withSchema(url: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

describe.skipIf(!baseUrl)('PostgreSQL via DATABASE_URL', () => {
  let admin: pg.Client;
  let api: RunningApi | undefined;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
  });
  afterAll(async () => {
    await api?.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  test('same migrations, seed and routes as PGlite; second start is idempotent', async () => {
    api = await start({ databaseUrl: withSchema(baseUrl!) });
    const { body } = await getJson<WalletsBody>(walletsUrl(api, { search: 'meta' }));
    expect(body.data[0]!.name).toBe('MetaMask');
    expect((await getJson(`${api.url}/healthz`)).body).toEqual({ status: 'ok', db: 'postgres', chains: {} });
    const p2 = await getJson<WalletsBody>(walletsUrl(api, { page: '2', chains: 'eip155:1' }));
    expect(p2.body.data.length).toBeGreaterThan(0);
    const ev = await fetch(`${api.url}/v1/analytics/events?projectId=portico-demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: 'pg-1', url: 'http://localhost:3000/', domain: 'localhost:3000', timestamp: Date.now(), props: { event: 'MODAL_OPEN' } }),
    });
    expect(ev.status).toBe(202);
    await api.close();

    api = await start({ databaseUrl: withSchema(baseUrl!), syntheticWallets: 50 });
    const { rows } = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
    const all = await getJson<WalletsBody>(walletsUrl(api, { entries: '1' }));
    expect(all.body.count).toBe(646 + 50);
  });
});
