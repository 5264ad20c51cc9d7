// startOidcProvider's options, the listening rules and the routes around the six issuers.
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { DEFAULT_CLIENT_SECRET, OidcOptionsError, startOidcProvider, type RunningOidcProvider } from '../src/server';
import { alertText, heading } from './helpers';

let oidc: RunningOidcProvider;
beforeAll(async () => {
  oidc = await startOidcProvider({ port: 0 });
});
afterAll(() => oidc.stop());

describe('startOidcProvider options', () => {
  it('refuses a host that is not loopback unless allowRemote', async () => {
    await expect(startOidcProvider({ host: '0.0.0.0', port: 0 })).rejects.toThrow(
      'oidc: refusing to listen on 0.0.0.0: this test provider signs in any username without a password (development only)',
    );
  });

  it('refuses bad options with the option named', async () => {
    const cases: Array<[Parameters<typeof startOidcProvider>[0], string]> = [
      [{ redirectUris: [] }, 'bad option redirectUris: Too small: expected array to have >=1 items'],
      [{ redirectUris: ['javascript:alert(1)'] }, 'bad option redirectUris.0: each redirect URI must be an http(s) URL'],
      [{ redirectUris: ['http://127.0.0.1:3010/cb#frag'] }, 'bad option redirectUris.0: a redirect URI has no fragment'],
      [{ redirectUris: Array.from({ length: 21 }, (_, i) => `http://127.0.0.1:3010/${i}`) }, 'bad option redirectUris: Too big: expected array to have <=20 items'],
      [{ clientSecret: 'short' }, 'bad option clientSecret: clientSecret must have at least 16 characters'],
      [{ authorizationCodeTtlSeconds: 0 }, 'bad option authorizationCodeTtlSeconds: Too small: expected number to be >=1'],
      [{ authorizationCodeTtlSeconds: 601 }, 'bad option authorizationCodeTtlSeconds: Too big: expected number to be <=600'],
      [{ accessTokenTtlSeconds: 86_401 }, 'bad option accessTokenTtlSeconds: Too big: expected number to be <=86400'],
      [{ port: 70_000 }, 'bad option port: Too big: expected number to be <=65535'],
      [{ portt: 1 } as never, 'bad option (options): Unrecognized key: "portt"'],
    ];
    for (const [options, message] of cases) {
      const err = await startOidcProvider({ port: 0, ...options }).then(
        async (running) => {
          await running.stop();
          return undefined;
        },
        (e: Error) => e,
      );
      expect(err).toBeInstanceOf(OidcOptionsError);
      expect(err?.message).toBe(message);
    }
  });

  it('documents a development client secret that satisfies its own rule', () => {
    expect(DEFAULT_CLIENT_SECRET.length).toBeGreaterThanOrEqual(16);
  });
});

describe('routes', () => {
  it('lists the providers at /, answers 404 for anything that is not one', async () => {
    const index = await fetch(oidc.url);
    expect(index.status).toBe(200);
    const html = await index.text();
    expect(heading(html)).toBe('Portico local OpenID provider');
    expect(html).toContain(`issuer <code>${oidc.url}/github</code>, client <code>portico-github</code>`);
    for (const path of ['/twitter', '/google2/.well-known/openid-configuration', '/GOOGLE', '/favicon.ico']) {
      const res = await fetch(`${oidc.url}${path}`);
      expect(res.status).toBe(404);
      expect(alertText(await res.text())).toBe('No provider here. Providers: /google, /github, /apple, /facebook, /x, /discord.');
    }
  });

  it('answers only loopback Host names (no DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const port = new URL(oidc.url).port;
        request({ host: '127.0.0.1', port, path: '/google/.well-known/openid-configuration', headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
          .on('error', reject)
          .end();
      });
    expect(await status('evil.example:8790')).toBe(403);
    expect(await status(`localhost:${new URL(oidc.url).port}`)).toBe(200);
    expect(await status(`127.0.0.1:${new URL(oidc.url).port}`)).toBe(200);
  });

  it('GET only for the interaction page, POST only for its forms', async () => {
    const show = await fetch(`${oidc.issuer('google')}/interaction/abc`, { method: 'POST' });
    expect(show.status).toBe(405);
    expect(show.headers.get('allow')).toBe('GET');
    const login = await fetch(`${oidc.issuer('google')}/interaction/abc/login`);
    expect(login.status).toBe(405);
    expect(login.headers.get('allow')).toBe('POST');
  });

  it('stop() closes the port and can be called twice', async () => {
    const running = await startOidcProvider({ port: 0 });
    await Promise.all([running.stop(), running.stop()]);
    await expect(fetch(running.url)).rejects.toThrow();
  });
});
