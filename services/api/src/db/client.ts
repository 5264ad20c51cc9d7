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

/**
 * The server ended or dropped this connection (pg_terminate_backend, a restart, a failover, a reset socket): the pool
 * discards the client, and the next one connects afresh.
 */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNRESET', 'EPIPE']);
export function connectionLost(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_LOST_CODES.has(code)) return true;
  return /^Connection terminated( unexpectedly)?$|is not queryable/.test(err.message);
}

/**
 * A statement that only reads, so running it twice is as running it once. A write is never sent again: the server may
 * have committed it before the connection went, and only its caller knows whether a second one is harmless.
 */
export function readOnly(sql: string): boolean {
  return /^\s*(SELECT|WITH)\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE|MERGE)\b/i.test(sql);
}

const POOL_SIZE = 10;

/**
 * Runs `attempt` again while it fails on a lost connection. Pooled clients can be dead before their next use (the
 * server ended them while they idled, the news not read yet), each one the pool hands out is then dropped: at most
 * one attempt per pooled client, then one on a fresh connection.
 */
async function onLiveConnection<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (err) {
      if (!connectionLost(err) || tries > POOL_SIZE) throw err;
    }
  }
}

async function openPostgres(connectionString: string): Promise<Db> {
  const { default: pg } = await import('pg');
  // Keep int8 (count(*)) as a JS number: our counts are far below 2^53.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE });
  // An idle client that errors (server restart) must not crash the process; the pool drops it.
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
  const direct = wrap(pool);
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    pool,
    exec: direct.exec,
    query: <T extends Row>(sql: string, params: unknown[] = []) =>
      readOnly(sql) ? onLiveConnection(() => direct.query<T>(sql, params)) : direct.query<T>(sql, params),
    async transaction(fn) {
      const begin = async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          return client;
        } catch (err) {
          client.release(err as Error);
          throw err;
        }
      };
      // Nothing has run when BEGIN fails: the whole transaction may go to another connection.
      const client = await onLiveConnection(begin);
      try {
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        // The pool discards a client whose connection is gone (pg-pool checks that it is still queryable).
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
