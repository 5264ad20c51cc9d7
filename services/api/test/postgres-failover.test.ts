/**
 * PostgreSQL ends the API's connections (pg_terminate_backend: what a restart or a failover does to them). The
 * termination runs synchronously (psql), so the pool's idle clients are dead but have not read the news when the next
 * statement takes one of them: the race a request meets right after the database went away.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { execFileSync } from 'node:child_process';
import { connectionLost, openDb, readOnly, type Db } from '../src/db/client';
import { TEST_DATABASE_URL, testDatabase, type TestDatabase } from './helpers';

describe('which statements run again on a fresh connection', () => {
  test('reads only', () => {
    expect(readOnly('SELECT * FROM wallets WHERE id = $1')).toBe(true);
    expect(readOnly('  with recent AS (SELECT 1) SELECT * FROM recent')).toBe(true);
    expect(readOnly('SELECT updated_at, deleted_at FROM t')).toBe(true);
    expect(readOnly('INSERT INTO siwx_nonces (nonce) VALUES ($1)')).toBe(false);
    expect(readOnly('UPDATE siwx_nonces SET used_at = now()')).toBe(false);
    expect(readOnly('WITH gone AS (DELETE FROM t RETURNING id) SELECT count(*) FROM gone')).toBe(false);
  });

  test('a lost connection, not a refused statement', () => {
    expect(connectionLost(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(connectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(connectionLost(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL ends the connections', () => {
  const application = `portico_failover_${process.pid}`;
  let database: TestDatabase;
  let db: Db;

  /** Ends every connection of this Db, and only those: the event loop does not run meanwhile. */
  const terminate = () =>
    execFileSync('psql', [TEST_DATABASE_URL!, '-tAc', `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = '${application}'`], {
      encoding: 'utf8',
    }).trim();
  /** Several idle connections in the pool, as after a burst of requests. */
  const warm = () => Promise.all(Array.from({ length: 4 }, () => db.query('SELECT pg_sleep(0.02)')));

  beforeAll(async () => {
    database = await testDatabase();
    const url = new URL(database.options.databaseUrl!);
    url.searchParams.set('application_name', application);
    db = await openDb({ databaseUrl: url.href });
    await db.exec('CREATE TABLE payments (id text PRIMARY KEY, amount int NOT NULL)');
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  test('a read on a dead connection runs again on a fresh one and answers', async () => {
    await warm();
    expect(Number(terminate())).toBeGreaterThanOrEqual(4);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments');
    expect(rows).toEqual([{ n: 0 }]);
    // The dead clients left the pool: every later statement works.
    expect((await warm()).length).toBe(4);
  });

  test('a write on a dead connection fails and is not sent again: never twice', async () => {
    await warm();
    terminate();
    const error = await db.query("INSERT INTO payments (id, amount) VALUES ('p1', 5)").then(() => undefined, (err: unknown) => err);
    expect(connectionLost(error)).toBe(true);
    // Its caller decides: here the one retry the write gets, made knowing it did not land.
    expect((await db.query('SELECT id FROM payments')).rows).toEqual([]);
    await db.query("INSERT INTO payments (id, amount) VALUES ('p1', 5)");
    expect((await db.query('SELECT id, amount FROM payments')).rows).toEqual([{ id: 'p1', amount: 5 }]);
  });

  test('a transaction whose BEGIN meets a dead connection runs whole on a fresh one, once', async () => {
    await warm();
    terminate();
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO payments (id, amount) VALUES ('p2', 7)");
    });
    expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM payments WHERE id = 'p2'")).rows).toEqual([{ n: 1 }]);
  });

  test('idle connections that the server ends do not crash the process; the next statements reconnect', async () => {
    await warm();
    terminate();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments')).rows).toEqual([{ n: 2 }]);
  });
});
