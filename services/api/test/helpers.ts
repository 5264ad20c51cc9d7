import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startApi, type RunningApi, type StartApiOptions } from '../src/server';

export const PROJECT = 'portico-demo';

/**
 * The PostgreSQL server the suite runs on (CI: `DATABASE_URL=$(bash scripts/postgres.sh)`);
 * without one every API runs on PGlite.
 */
export const TEST_DATABASE_URL = process.env.PORTICO_API_TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

export interface TestDatabase {
  /** What startApi needs to open this database: `databaseUrl` (a fresh schema) or a PGlite `dataDir`. */
  options: Pick<StartApiOptions, 'databaseUrl' | 'dataDir'>;
  drop(): Promise<void>;
}

let schemas = 0;

/** PostgreSQL: a connection string whose search_path is `schema`. */
export function withSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/**
 * A database that outlives one API, for restarts: a fresh schema on TEST_DATABASE_URL, else a
 * PGlite directory. `drop()` removes it.
 */
export async function testDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const dataDir = await mkdtemp(join(tmpdir(), 'portico-api-'));
    return { options: { dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const schema = `portico_api_test_${process.pid}_${Date.now()}_${schemas++}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  return { options: { databaseUrl: withSchema(TEST_DATABASE_URL, schema) }, drop: () => admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}

/**
 * Starts the real API on a free port. Without a database in `options`: a fresh schema on
 * TEST_DATABASE_URL (dropped on close) when it is set, else in-memory PGlite.
 */
export async function start(options: StartApiOptions = {}): Promise<RunningApi> {
  const own = TEST_DATABASE_URL && !options.databaseUrl && !options.dataDir ? await testDatabase() : undefined;
  const api = await startApi({ port: 0, logLevel: 'warn', ...own?.options, ...options }).catch(async (err) => {
    await own?.drop();
    throw err;
  });
  if (!own) return api;
  return {
    ...api,
    async close() {
      await api.close();
      await own.drop();
    },
  };
}

export interface WalletsBody {
  count: number;
  data: {
    id: string;
    name: string;
    image_id: string;
    image_url: string;
    chains: string[];
    badge_type: string;
    order: number | null;
    injected: { namespace: string; injected_id: string }[] | null;
    [k: string]: unknown;
  }[];
}

export async function getJson<T = any>(url: string, init?: RequestInit): Promise<{ status: number; body: T; res: Response }> {
  const res = await fetch(url, init);
  const body = (await res.json()) as T;
  return { status: res.status, body, res };
}

export function walletsUrl(api: RunningApi, params: Record<string, string> = {}) {
  const u = new URL('/v1/wallets', api.url);
  u.searchParams.set('projectId', PROJECT);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}
