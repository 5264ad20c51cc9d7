// The CLI as scripts/services.mjs runs it: tsx src/main.ts (here on an in-memory PGlite, no chains); it logs JSON lines on stderr.
import { describe, expect, it } from '@rstest/core';
import { badEnvironmentExits, runServiceCli } from '@portico/service-kit/testing';

const PACKAGE = new URL('..', import.meta.url);

describe('main (CLI)', () => {
  it('starts, answers /healthz, stops on SIGTERM', async () => {
    const p = runServiceCli(PACKAGE, { PORT: '0' });
    const url = (await p.waitForStderr(/"msg":"api listening","url":"(http:\/\/[^"]+)"/, 100_000))[1]!;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await p.stop()).toBe(0);
    expect(p.stderr()).toContain('portico api: SIGTERM, stopping');
  }, 120_000);

  it('exits 2 with the reason for a bad environment', async () => {
    const { actual, expected } = await badEnvironmentExits(PACKAGE, [
      [{ PORT: 'http' }, 'portico api: bad environment: PORT must be a port number 0–65535'],
      [
        { PORTICO_API_MODE: 'production', PORTICO_API_DEVCHAIN_RPC_URLS: 'http://127.0.0.1:8545' },
        'portico api: bad environment: PORTICO_API_DEVCHAIN_RPC_URLS: development mode only, PORTICO_API_MODE is production',
      ],
    ]);
    expect(actual).toEqual(expected);
  }, 120_000);
});
