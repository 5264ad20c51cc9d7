// The CLI as scripts/services.mjs runs it: tsx src/main.ts with HOST, PORT and the PORTICO_OIDC_* variables.
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
  it('starts, prints the banner and the six issuers, serves discovery with the configured client, stops on SIGTERM', async () => {
    const p = run({ HOST: '127.0.0.1', PORT: '0', PORTICO_OIDC_REDIRECT_URIS: 'http://127.0.0.1:4001/social/callback, http://localhost:4001/social/callback' });
    const deadline = Date.now() + 20_000;
    while (!/redirect URIs: /.test(p.out()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const url = /^OIDC {2}(http:\/\/\S+) {2}\(DEVELOPMENT ONLY/m.exec(p.out())![1]!;
    expect(p.out()).toContain(`  discord   issuer ${url}/discord  client portico-discord`);
    expect(p.out()).toContain('  redirect URIs: http://127.0.0.1:4001/social/callback, http://localhost:4001/social/callback');
    const d = (await (await fetch(`${url}/x/.well-known/openid-configuration`)).json()) as { issuer: string };
    expect(d.issuer).toBe(`${url}/x`);
    // The configured redirect URI is the client's: an authorization request with it reaches the login page.
    const auth = new URL(`${url}/x/auth`);
    auth.search = new URLSearchParams({
      client_id: 'portico-x',
      redirect_uri: 'http://localhost:4001/social/callback',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const res = await fetch(auth, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/x\/interaction\//);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('exits 2 with the reason for a bad environment', async () => {
    const cases = [
      [{ PORT: 'http' }, 'oidc: bad environment: PORT must be a port number 0–65535'],
      [{ PORTICO_OIDC_REDIRECT_URIS: 'ftp://example.com/cb' }, 'oidc: bad environment: bad option redirectUris.0: each redirect URI must be an http(s) URL'],
      [{ PORTICO_OIDC_CLIENT_SECRET: 'short' }, 'oidc: bad environment: bad option clientSecret: clientSecret must have at least 16 characters'],
      [{ PORTICO_OIDC_AUTHORIZATION_CODE_TTL_SECONDS: '1m' }, 'oidc: bad environment: PORTICO_OIDC_AUTHORIZATION_CODE_TTL_SECONDS must be a whole number of seconds, 1–600'],
      [{ PORTICO_OIDC_ALLOW_REMOTE: 'yes' }, "oidc: bad environment: PORTICO_OIDC_ALLOW_REMOTE must be '0' or '1'"],
    ] as const;
    const results = await Promise.all(
      cases.map(async ([env]) => {
        const p = run({ PORT: '0', ...env });
        return { env, code: await p.exited, err: p.err().replace(/^oidc-provider WARNING.*\n/gm, '').trim() };
      }),
    );
    expect(results).toEqual(cases.map(([env, err]) => ({ env, code: 2, err })));
  });

  it('exits 1 for a host that is not loopback without PORTICO_OIDC_ALLOW_REMOTE=1', async () => {
    const p = run({ HOST: '0.0.0.0', PORT: '0' });
    expect(await p.exited).toBe(1);
    expect(p.err()).toContain('oidc: refusing to listen on 0.0.0.0');
  });
});
