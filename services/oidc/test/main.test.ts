// The CLI as scripts/services.mjs runs it: tsx src/main.ts with HOST, PORT and the PORTICO_OIDC_* variables.
import { describe, expect, it } from '@rstest/core';
import { badEnvironmentExits, runServiceCli, runServiceCliToExit } from '@portico/service-kit/testing';

const PACKAGE = new URL('..', import.meta.url);

describe('main (CLI)', () => {
  it('starts, prints the banner and the six issuers, serves discovery with the configured client, stops on SIGTERM', async () => {
    const p = runServiceCli(PACKAGE, { HOST: '127.0.0.1', PORT: '0', PORTICO_OIDC_REDIRECT_URIS: 'http://127.0.0.1:4001/social/callback, http://localhost:4001/social/callback' });
    await p.waitForStdout(/redirect URIs: /);
    const url = /^OIDC {2}(http:\/\/\S+) {2}\(DEVELOPMENT ONLY/m.exec(p.stdout())![1]!;
    expect(p.stdout()).toContain(`  discord   issuer ${url}/discord  client portico-discord`);
    expect(p.stdout()).toContain('  redirect URIs: http://127.0.0.1:4001/social/callback, http://localhost:4001/social/callback');
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
    expect(await p.stop()).toBe(0);
  });

  it('exits 2 with the reason for a bad environment', async () => {
    const { actual, expected } = await badEnvironmentExits(PACKAGE, [
      [{ PORT: 'http' }, 'oidc: bad environment: PORT must be a port number 0–65535'],
      [{ PORTICO_OIDC_REDIRECT_URIS: 'ftp://example.com/cb' }, 'oidc: bad environment: bad option redirectUris.0: each redirect URI must be an http(s) URL'],
      [{ PORTICO_OIDC_CLIENT_SECRET: 'short' }, 'oidc: bad environment: bad option clientSecret: clientSecret must have at least 16 characters'],
      [{ PORTICO_OIDC_AUTHORIZATION_CODE_TTL_SECONDS: '1m' }, 'oidc: bad environment: PORTICO_OIDC_AUTHORIZATION_CODE_TTL_SECONDS must be a whole number of seconds, 1–600'],
      [{ PORTICO_OIDC_ALLOW_REMOTE: 'yes' }, "oidc: bad environment: PORTICO_OIDC_ALLOW_REMOTE must be '0' or '1'"],
    ], { baseEnv: { PORT: '0' }, ignoreLines: /^oidc-provider WARNING/ });
    expect(actual).toEqual(expected);
  });

  it('exits 1 for a host that is not loopback without PORTICO_OIDC_ALLOW_REMOTE=1', async () => {
    const { code, stderr } = await runServiceCliToExit(PACKAGE, { HOST: '0.0.0.0', PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toContain('oidc: refusing to listen on 0.0.0.0');
  });
});
