// The CLI as scripts/services.mjs runs it: tsx src/main.ts with HOST, PORT, LOG_LEVEL and RELAY_LIMIT_*.
import { describe, expect, it } from '@rstest/core';
import { badEnvironmentExits, runServiceCli } from '@portico/service-kit/testing';

const PACKAGE = new URL('..', import.meta.url);

describe('main (CLI)', () => {
  it('prints its URL, answers /health, stops on SIGTERM', async () => {
    const p = runServiceCli(PACKAGE, { PORT: '0', LOG_LEVEL: 'silent' });
    const port = (await p.waitForStdout(/^ws:\/\/127\.0\.0\.1:(\d+)$/m))[1]!;
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(((await health.json()) as { ok: boolean }).ok).toBe(true);
    expect(await p.stop()).toBe(0);
    expect(p.stderr()).toContain('relay: SIGTERM, stopping');
  });

  it('exits 2 with the reason for a bad environment', async () => {
    const { actual, expected } = await badEnvironmentExits(PACKAGE, [
      [{ PORT: 'http' }, 'relay: bad environment: PORT must be a port number 0–65535'],
      [{ LOG_LEVEL: 'loud' }, 'relay: bad environment: LOG_LEVEL must be one of debug, info, warn, error, silent; got "loud"'],
      [{ RELAY_LIMIT_MAX_CLIENTS: 'lots' }, 'relay: bad environment: RELAY_LIMIT_MAX_CLIENTS must be a positive integer, got "lots"'],
    ], { baseEnv: { PORT: '0' } });
    expect(actual).toEqual(expected);
  });
});
