// The CLI as scripts/services.mjs runs it: tsx src/main.ts with HOST, PORT and the PORTICO_FARCASTER_RELAY_* variables.
import { spawn } from 'node:child_process';
import { describe, expect, it } from '@rstest/core';

const TSX = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;
const MAIN = new URL('../src/main.ts', import.meta.url).pathname;

function run(env: Record<string, string>) {
  const child = spawn(TSX, [MAIN], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('main (CLI)', () => {
  it('starts on the given port with the given key, serves the API, stops on SIGTERM', async () => {
    const p = run({ PORT: '0', PORTICO_FARCASTER_RELAY_AUTH_KEY: 'an-e2e-farcaster-app-key', PORTICO_FARCASTER_RELAY_CONNECT_URI_BASE: 'https://farcaster.test/~/siwf' });
    const deadline = Date.now() + 20_000;
    while (!/^FARCASTER RELAY/m.test(p.out()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const url = /^FARCASTER RELAY {2}(http:\/\/\S+) {2}\(DEVELOPMENT/m.exec(p.out())![1]!;
    expect(p.out()).not.toContain('public default auth key');
    const created = await fetch(`${url}/v1/channel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ siweUri: 'https://a.example', domain: 'a.example' }) });
    const { channelToken, url: signInUri } = (await created.json()) as { channelToken: string; url: string };
    expect(signInUri.startsWith(`https://farcaster.test/~/siwf?channelToken=${channelToken}&`)).toBe(true);
    const withDefaultKey = await fetch(`${url}/v1/channel/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${channelToken}`, 'x-farcaster-auth-relay-key': 'portico-local-farcaster-relay-development-key' },
      body: JSON.stringify({ message: 'm', signature: `0x${'ab'.repeat(65)}`, fid: 1 }),
    });
    expect(withDefaultKey.status).toBe(401);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('exits 2 with the reason for a bad environment', async () => {
    const cases = [
      [{ PORT: 'http' }, 'farcaster-relay: bad environment: PORT must be a port number 0–65535'],
      [{ PORTICO_FARCASTER_RELAY_CHANNELS_PER_IP: '100' }, "farcaster-relay: bad environment: PORTICO_FARCASTER_RELAY_CHANNELS_PER_IP must be '<requests>/<seconds>', e.g. 100/60"],
      [{ PORTICO_FARCASTER_RELAY_CHANNEL_TTL_S: '0' }, 'farcaster-relay: bad environment: PORTICO_FARCASTER_RELAY_CHANNEL_TTL_S must be 1–86400'],
      [{ PORTICO_FARCASTER_RELAY_AUTH_KEY: 'short' }, 'farcaster-relay: bad environment: bad option authKey: authKey must have at least 16 characters'],
      [{ PORTICO_FARCASTER_RELAY_ALLOW_REMOTE: 'yes' }, "farcaster-relay: bad environment: PORTICO_FARCASTER_RELAY_ALLOW_REMOTE must be '0' or '1'"],
    ] as const;
    const results = await Promise.all(
      cases.map(async ([env]) => {
        const p = run({ PORT: '0', ...env });
        return { env, code: await p.exited, err: p.err().trim() };
      }),
    );
    expect(results).toEqual(cases.map(([env, err]) => ({ env, code: 2, err })));
  });

  it('exits 1 when the host is not loopback and remote is not allowed', async () => {
    const p = run({ HOST: '0.0.0.0', PORT: '0' });
    expect(await p.exited).toBe(1);
    expect(p.err()).toMatch(/refusing to listen on 0\.0\.0\.0/);
  });
});
