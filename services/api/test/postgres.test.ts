/**
 * The DATABASE_URL path (real PostgreSQL through `pg`). Every test file runs on PostgreSQL when
 * PORTICO_API_TEST_DATABASE_URL or DATABASE_URL is set (test/helpers.ts gives each API a fresh
 * schema); this file adds what only PostgreSQL has. In CI the URL is required:
 *   DATABASE_URL=$(bash scripts/postgres.sh) pnpm --filter @portico/api test:unit
 */
import { afterAll, describe, expect, test } from '@rstest/core';
import type { RunningApi } from '../src/server';
import { getJson, start, TEST_DATABASE_URL, testDatabase, type TestDatabase, walletsUrl, type WalletsBody } from './helpers';

if (!TEST_DATABASE_URL && process.env.CI) {
  test('CI runs the API suite on PostgreSQL', () => {
    throw new Error('CI is set but neither PORTICO_API_TEST_DATABASE_URL nor DATABASE_URL is: run DATABASE_URL=$(bash scripts/postgres.sh) pnpm --filter @portico/api run test:unit');
  });
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL via DATABASE_URL', () => {
  let database: TestDatabase | undefined;
  let api: RunningApi | undefined;

  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  test('same migrations, seed and routes as PGlite; second start is idempotent', async () => {
    database = await testDatabase();
    api = await start(database.options);
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

    api = await start({ ...database.options, syntheticWallets: 50 });
    const { rows } = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
    const all = await getJson<WalletsBody>(walletsUrl(api, { entries: '1' }));
    expect(all.body.count).toBe(646 + 50);
  });
});
