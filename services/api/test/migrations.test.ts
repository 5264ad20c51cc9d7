import { afterAll, expect, test } from '@rstest/core';
import { loadMigrations } from '../src/db/migrate';
import { getJson, start, testDatabase, type TestDatabase, walletsUrl } from './helpers';

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const d of databases) await d.drop();
});

test('migrations are numbered, applied in order, recorded, and idempotent on a second start', async () => {
  const migrations = await loadMigrations();
  expect(migrations.map((m) => m.version)).toEqual([...migrations.map((m) => m.version)].sort((a, b) => a - b));
  expect(migrations.length).toBeGreaterThanOrEqual(2);

  const database = await testDatabase();
  databases.push(database);

  const first = await start(database.options);
  const recorded1 = await first.db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
  expect(recorded1.rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
  // something written in the first run must survive the second
  await first.db.query(`UPDATE projects SET analytics_enabled = false WHERE project_id = 'portico-demo'`);
  await first.db.query(`INSERT INTO projects (project_id, allowed_origins) VALUES ('kept', '{https://kept.example}')`);
  await first.close();

  const t0 = performance.now();
  const second = await start(database.options);
  console.log(`second start on the same database (${second.db.kind}): ${Math.round(performance.now() - t0)} ms`);
  try {
    const recorded2 = await second.db.query<{ version: number; n: number }>(
      'SELECT version, count(*) OVER ()::int AS n FROM schema_migrations ORDER BY version',
    );
    expect(recorded2.rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
    const { body } = await getJson(walletsUrl(second, { entries: '1' }));
    expect(body.count).toBe(646); // not seeded twice
    // projects.json is synced on every start; projects only in the database are kept
    expect((await getJson(`${second.url}/v1/projects/portico-demo/analytics-config`)).body).toEqual({ isAnalyticsEnabled: true });
    expect((await getJson(`${second.url}/v1/projects/kept/allowed-origins`)).body).toEqual({ allowedOrigins: ['https://kept.example'] });
  } finally {
    await second.close();
  }
});
