// The CLI as scripts/services.mjs runs it: tsx src/main.ts with HOST, PORT, LOG_LEVEL, RELAY_* and RELAY_LIMIT_*.
import { describe, expect, it } from '@rstest/core';
import { badEnvironmentExits, runServiceCli, runServiceCliToExit } from '@portico/service-kit/testing';

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
      [{ RELAY_ALLOW_REMOTE: 'yes' }, "relay: bad environment: RELAY_ALLOW_REMOTE must be '0' or '1'"],
      [{ RELAY_PUBLIC_URLS: 'wss://relay.example.test, https://relay.example.test' }, 'relay: bad environment: RELAY_PUBLIC_URLS.1: must be a ws:// or wss:// URL'],
      [{ PORTICO_RELAY_REDIS_URL: 'http://127.0.0.1:6379' }, 'relay: bad environment: PORTICO_RELAY_REDIS_URL must be a redis:// or rediss:// URL'],
    ], { baseEnv: { PORT: '0' } });
    expect(actual).toEqual(expected);
  });

  it('exits 1 for a host that is not loopback without RELAY_ALLOW_REMOTE=1, and listens there with it', async () => {
    const refused = await runServiceCliToExit(PACKAGE, { HOST: '0.0.0.0', PORT: '0', LOG_LEVEL: 'silent' });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'relay: refusing to listen on 0.0.0.0: a development relay (in memory, no project or origin checks) listens on loopback; use a loopback host, or allowRemote (RELAY_ALLOW_REMOTE=1) if you really mean it',
    );
    const allowed = runServiceCli(PACKAGE, { HOST: '0.0.0.0', PORT: '0', LOG_LEVEL: 'silent', RELAY_ALLOW_REMOTE: '1' });
    try {
      const port = (await allowed.waitForStdout(/^ws:\/\/0\.0\.0\.0:(\d+)$/m))[1]!;
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    } finally {
      expect(await allowed.stop()).toBe(0);
    }
  });
});
