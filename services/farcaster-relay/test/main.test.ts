// The CLI as scripts/services.mjs runs it: tsx src/main.ts with HOST, PORT and the PORTICO_FARCASTER_RELAY_* variables.
import { describe, expect, it } from '@rstest/core';
import { badEnvironmentExits, runServiceCli, runServiceCliToExit } from '@portico/service-kit/testing';

const PACKAGE = new URL('..', import.meta.url);

describe('main (CLI)', () => {
  it('starts on the given port with the given key, serves the API, stops on SIGTERM', async () => {
    const p = runServiceCli(PACKAGE, { PORT: '0', PORTICO_FARCASTER_RELAY_AUTH_KEY: 'an-e2e-farcaster-app-key', PORTICO_FARCASTER_RELAY_CONNECT_URI_BASE: 'https://farcaster.test/~/siwf' });
    const url = (await p.waitForStdout(/^FARCASTER RELAY {2}(http:\/\/\S+) {2}\(DEVELOPMENT/m))[1]!;
    expect(p.stdout()).not.toContain('public default auth key');
    const created = await fetch(`${url}/v1/channel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ siweUri: 'https://a.example', domain: 'a.example' }) });
    const { channelToken, url: signInUri } = (await created.json()) as { channelToken: string; url: string };
    expect(signInUri.startsWith(`https://farcaster.test/~/siwf?channelToken=${channelToken}&`)).toBe(true);
    const withDefaultKey = await fetch(`${url}/v1/channel/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${channelToken}`, 'x-farcaster-auth-relay-key': 'portico-local-farcaster-relay-development-key' },
      body: JSON.stringify({ message: 'm', signature: `0x${'ab'.repeat(65)}`, fid: 1 }),
    });
    expect(withDefaultKey.status).toBe(401);
    expect(await p.stop()).toBe(0);
  });

  it('exits 2 with the reason for a bad environment', async () => {
    const { actual, expected } = await badEnvironmentExits(PACKAGE, [
      [{ PORT: 'http' }, 'farcaster-relay: bad environment: PORT must be a port number 0–65535'],
      [{ PORTICO_FARCASTER_RELAY_CHANNELS_PER_IP: '100' }, "farcaster-relay: bad environment: PORTICO_FARCASTER_RELAY_CHANNELS_PER_IP must be '<requests>/<seconds>', e.g. 100/60"],
      [{ PORTICO_FARCASTER_RELAY_CHANNEL_TTL_S: '0' }, 'farcaster-relay: bad environment: PORTICO_FARCASTER_RELAY_CHANNEL_TTL_S must be 1–86400'],
      [{ PORTICO_FARCASTER_RELAY_AUTH_KEY: 'short' }, 'farcaster-relay: bad environment: bad option authKey: authKey must have at least 16 characters'],
      [{ PORTICO_FARCASTER_RELAY_ALLOW_REMOTE: 'yes' }, "farcaster-relay: bad environment: PORTICO_FARCASTER_RELAY_ALLOW_REMOTE must be '0' or '1'"],
    ], { baseEnv: { PORT: '0' } });
    expect(actual).toEqual(expected);
  });

  it('exits 1 when the host is not loopback and remote is not allowed', async () => {
    const { code, stderr } = await runServiceCliToExit(PACKAGE, { HOST: '0.0.0.0', PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/refusing to listen on 0\.0\.0\.0/);
  });
});
