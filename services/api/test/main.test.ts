// The CLI as scripts/services.mjs runs it: tsx src/main.ts; it logs JSON lines on stderr. Production keeps its data in
// PostgreSQL and builds links on its configured public URL: without either it does not start (issue 29).
import { describe, expect, it } from '@rstest/core';
import { badEnvironmentExits, runServiceCli } from '@portico/service-kit/testing';
import { TEST_DATABASE_URL, testDatabase } from './helpers';

const PACKAGE = new URL('..', import.meta.url);

const METRICS_TOKEN = 'cli-metrics-token-0123456789abcdef0123';

/**
 * Runs the CLI with `env` until it serves; answers /healthz's body, the status of a /metrics scrape with METRICS_TOKEN
 * (served only when PORTICO_API_METRICS_TOKEN is it) and the SIGTERM exit.
 */
async function servesThenStops(env: Record<string, string>) {
  const p = runServiceCli(PACKAGE, { PORT: '0', ...env });
  const url = (await p.waitForStderr(/"msg":"api listening","url":"(http:\/\/[^"]+)"/, 100_000))[1]!;
  const health = await (await fetch(`${url}/healthz`)).json();
  const metrics = (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status;
  const code = await p.stop();
  expect(p.stderr()).toContain('portico api: SIGTERM, stopping');
  return { health, metrics, code };
}

describe('main (CLI)', () => {
  it('development mode starts on the embedded PGlite, answers /healthz and the metrics scrape, stops on SIGTERM', async () => {
    const { health, metrics, code } = await servesThenStops({ PORTICO_API_MODE: 'development', PORTICO_API_METRICS_TOKEN: METRICS_TOKEN });
    expect(health).toMatchObject({ status: 'ok', db: 'pglite' });
    expect(metrics).toBe(200);
    expect(code).toBe(0);
  }, 120_000);

  it.skipIf(!TEST_DATABASE_URL)('production starts with DATABASE_URL and PORTICO_API_PUBLIC_URL (PostgreSQL)', async () => {
    const database = await testDatabase();
    try {
      const { health, metrics, code } = await servesThenStops({ DATABASE_URL: database.options.databaseUrl!, PORTICO_API_PUBLIC_URL: 'https://api.portico.example' });
      expect(health).toMatchObject({ status: 'ok', db: 'postgres' });
      // No PORTICO_API_METRICS_TOKEN: no /metrics.
      expect(metrics).toBe(404);
      expect(code).toBe(0);
    } finally {
      await database.drop();
    }
  }, 120_000);

  it('exits 2 with the reason for a bad environment', async () => {
    const production = { DATABASE_URL: 'postgres://portico@127.0.0.1:5432/portico', PORTICO_API_PUBLIC_URL: 'https://api.portico.example' };
    const { actual, expected } = await badEnvironmentExits(PACKAGE, [
      [{ PORT: 'http' }, 'portico api: bad environment: PORT must be a port number 0–65535'],
      [
        { PORTICO_API_MODE: 'production', PORTICO_API_DEVCHAIN_RPC_URLS: 'http://127.0.0.1:8545' },
        'portico api: bad environment: PORTICO_API_DEVCHAIN_RPC_URLS: development mode only, PORTICO_API_MODE is production',
      ],
      // Production is the default mode; an in-memory database there would lose every user and sealed wallet on restart.
      [
        { PORTICO_API_PUBLIC_URL: production.PORTICO_API_PUBLIC_URL },
        'portico api: bad environment: DATABASE_URL: required in production (a PostgreSQL connection string), so that users and sealed wallets outlive a restart; the embedded PGlite is for PORTICO_API_MODE=development',
      ],
      [
        { PORTICO_API_MODE: 'production', PORTICO_API_DATA_DIR: '/tmp/portico-api-data', PORTICO_API_PUBLIC_URL: production.PORTICO_API_PUBLIC_URL },
        'portico api: bad environment: DATABASE_URL: required in production (a PostgreSQL connection string), so that users and sealed wallets outlive a restart; the embedded PGlite is for PORTICO_API_MODE=development',
      ],
      // Without it links and issuers would come from the request's Host header, which the client writes.
      [
        { DATABASE_URL: production.DATABASE_URL },
        "portico api: bad environment: PORTICO_API_PUBLIC_URL: required in production: the links in login mails and the session tokens' issuer are built on it, never on a request's Host header",
      ],
      [{ ...production, PORTICO_API_RATE_LIMIT_AUTH_MAIL_IP: '30' }, "portico api: bad environment: PORTICO_API_RATE_LIMIT_AUTH_MAIL_IP: must be '<requests>/<seconds>', e.g. 6000/60"],
      // A guessable token would open the figures to anyone.
      [
        { ...production, PORTICO_API_METRICS_TOKEN: 'secret' },
        'portico api: bad environment: PORTICO_API_METRICS_TOKEN: must be 32 to 256 characters of A-Z a-z 0-9 - . _ ~ + / =, e.g. openssl rand -hex 32',
      ],
    ]);
    expect(actual).toEqual(expected);
  }, 120_000);
});
