/**
 * One small database interface for both back ends:
 *  - embedded PGlite (default; in memory, or on disk when a data directory is given);
 *  - PostgreSQL through a `pg` Pool when a connection string is given.
 * Every module writes the SAME SQL against `Db`; nothing outside this file knows which one runs.
 */
import type { PGlite as PGliteType } from '@electric-sql/pglite';
import type { Pool } from 'pg';

export type Row = Record<string, unknown>;

export interface Queryable {
  /** One statement with `$1…$n` parameters. */
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool, for stores that share state across replicas (rate limits). */
  readonly pool?: Pool;
  /** Runs `fn` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** PostgreSQL connection string; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; when absent, PGlite runs in memory. Ignored with `databaseUrl`. */
  dataDir?: string;
}

export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg: PGliteType = dataDir ? new PGlite(dataDir) : new PGlite();
  await pg.waitReady;
  const wrap = (q: Pick<PGliteType, 'query' | 'exec'>): Queryable => ({
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}

async function openPostgres(connectionString: string): Promise<Db> {
  const { default: pg } = await import('pg');
  // Keep int8 (count(*)) as a JS number: our counts are far below 2^53.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const wrap = (q: { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> }): Queryable => ({
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      const r = await q.query(sql, params);
      return { rows: r.rows as T[] };
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    pool,
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
