/**
 * The secure site's server over HTTP against the API double (test/api-double.ts): /wallet/open's origin,
 * token and rate checks, the first open making and storing exactly one wallet, the pages' CSPs (the wallet page
 * and the social callback), the smart-account settings (bundler URL and chains in the CSP and the page's config), limits.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { privateKeyToAccount } from 'viem/accounts';
import { BEARER_REQUIRED, CROSS_ORIGIN_REFUSED, MAX_BODY_BYTES, PAGE_NOT_BUILT, startSecureSite, type RunningSecureSite } from '../src/server';
import { PAGE_CONFIG_META, pageConfigSchema, readPageConfig } from '../src/page/config';
import { open } from '../src/sealing';
import { ALLOWED, PROJECT, startApiDouble, type ApiDouble } from './api-double';

const operatorKey = randomBytes(32);
let api: ApiDouble;
let site: RunningSecureSite;
let distDir: string;

beforeAll(async () => {
  api = await startApiDouble();
  distDir = await mkdtemp(join(tmpdir(), 'secure-site-dist-'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
  // The callback page's own template (what rsbuild builds dist/callback.html from, less the script tag).
  await copyFile(new URL('../src/callback/index.html', import.meta.url), join(distDir, 'callback.html'));
  site = await startSecureSite({ port: 0, apiUrl: api.url, key: operatorKey.toString('hex'), distDir, openLimit: { points: 100, durationS: 60 } });
});
afterAll(async () => {
  await site?.close();
  await api?.close();
  await rm(distDir, { recursive: true, force: true });
});

const openWallet = (token: string | undefined, origin: string | null = site.url, init: RequestInit = {}) =>
  fetch(`${site.url}/wallet/open`, {
    method: 'POST',
    ...init,
    headers: { ...(origin !== null && { Origin: origin }), ...(token && { Authorization: `Bearer ${token}` }), ...(init.headers as Record<string, string>) },
  });

describe('/wallet/open', () => {
  test('first open makes and stores exactly one sealed wallet; later opens (any session of the user) return it', async () => {
    const token = await api.sign({ sub: 'user-first' });
    const res = await openWallet(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const opened = (await res.json()) as { address: string; privateKey: `0x${string}` };
    expect(privateKeyToAccount(opened.privateKey).address).toBe(opened.address);
    const stored = api.wallets.get('user-first')!;
    expect(stored.address).toBe(opened.address);
    // The API holds only the sealed form, which opens with the operator key for this user only.
    expect(stored.sealed).not.toContain(opened.privateKey.slice(2));
    expect(`0x${open(operatorKey, stored.sealed, 'user-first').toString('hex')}`).toBe(opened.privateKey);
    const again = await (await openWallet(await api.sign({ sub: 'user-first' }))).json();
    expect(again).toEqual(opened);
    expect(api.calls.filter((c) => c === 'PUT /v1/auth/wallet')).toHaveLength(1);
  });

  test('two first opens at once: one wallet, both get it', async () => {
    const token = await api.sign({ sub: 'user-race' });
    const [a, b] = await Promise.all([openWallet(token), openWallet(token)]);
    expect((await a.json()).address).toBe((await b.json()).address);
  });

  test('cross-origin or no Origin → 403; no Bearer → 401', async () => {
    const token = await api.sign({ sub: 'user-x' });
    for (const origin of ['https://shop.example', 'http://127.0.0.1:1', null]) {
      const res = await openWallet(token, origin);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: CROSS_ORIGIN_REFUSED });
    }
    const none = await openWallet(undefined);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: BEARER_REQUIRED });
    expect(api.wallets.has('user-x')).toBe(false);
  });

  test('bad, expired, wrong-audience, foreign-key or revoked tokens → 401 Session Expired', async () => {
    const { SignJWT, generateKeyPair } = await import('jose');
    const foreign = await new SignJWT({ projectId: PROJECT, aud: 'portico-embedded' })
      .setProtectedHeader({ alg: 'ES256', kid: 'test', typ: 'portico-embedded+jwt' })
      .setSubject('user-y').setJti('j').setExpirationTime('1h')
      .sign((await generateKeyPair('ES256')).privateKey);
    const tokens = ['a.b.c', await api.sign({ sub: 'user-y', expiresInS: -10 }), await api.sign({ sub: 'user-y', aud: 'https://shop.example' }), foreign];
    for (const token of tokens) {
      const res = await openWallet(token);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Session Expired' });
    }
    const token = await api.sign({ sub: 'user-y' });
    const { decodeJwt } = await import('jose');
    api.revoke(decodeJwt(token).jti!);
    expect(await (await openWallet(token)).json()).toEqual({ error: 'Session Expired' });
    expect(api.wallets.has('user-y')).toBe(false);
  });

  test('a blob that does not open for this user → 502, no key', async () => {
    const victim = await api.sign({ sub: 'user-victim' });
    await openWallet(victim);
    // The API's row of another user holding the victim's blob (a database swap): the AAD refuses it.
    api.wallets.set('user-mallory', api.wallets.get('user-victim')!);
    const res = await openWallet(await api.sign({ sub: 'user-mallory' }));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'The embedded wallet could not be opened' });
  });

  test('body limit 413', async () => {
    const res = await openWallet(await api.sign({ sub: 'user-body' }), site.url, { body: 'x'.repeat(MAX_BODY_BYTES + 1) });
    expect(res.status).toBe(413);
  });
});

describe('page', () => {
  test('CSP frame-ancestors = the project\'s allowed origins; strict sources; config meta', async () => {
    const res = await fetch(`${site.url}/?projectId=${PROJECT}&chainId=31337&version=html-1.0.0&enableLogger=false`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(`frame-ancestors ${ALLOWED.join(' ')}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' ${api.url}`);
    const html = await res.text();
    expect(html).toContain('<meta name="portico-secure-site" content="{&quot;apiUrl&quot;:');
  });

  test('bad query → 400; unknown project → 403; no build → 503', async () => {
    expect((await fetch(`${site.url}/?projectId=${PROJECT}&chainId=abc&version=1`)).status).toBe(400);
    expect((await fetch(`${site.url}/?chainId=1&version=1`)).status).toBe(400);
    expect((await fetch(`${site.url}/?projectId=nope&chainId=1&version=1`)).status).toBe(403);
    const bare = await startSecureSite({ port: 0, apiUrl: api.url, key: operatorKey.toString('hex'), distDir: join(distDir, 'missing') });
    try {
      expect((await fetch(`${bare.url}/?projectId=${PROJECT}&chainId=1&version=1`)).status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

describe('smart accounts', () => {
  const pageConfig = async (res: Response) => {
    const content = new RegExp(`<meta name="${PAGE_CONFIG_META}" content="([^"]*)">`).exec(await res.text())?.[1]?.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    return readPageConfig(pageConfigSchema, content);
  };

  test("the bundler's origin joins connect-src; the page's config carries its URL and the chains", async () => {
    const withBundler = await startSecureSite({
      port: 0, apiUrl: api.url, key: operatorKey.toString('hex'), distDir,
      smartAccounts: { bundlerUrl: 'https://bundler.example/rpc', chains: [31337, 8453] },
    });
    try {
      const res = await fetch(`${withBundler.url}/?projectId=${PROJECT}&chainId=31337&version=1`);
      expect(res.headers.get('content-security-policy')).toContain(`connect-src 'self' ${api.url} https://bundler.example;`);
      expect(await pageConfig(res)).toEqual({ apiUrl: api.url, allowedOrigins: ALLOWED, bundlerUrl: 'https://bundler.example/rpc', smartAccountChains: [31337, 8453] });
    } finally {
      await withBundler.close();
    }
    // Without them: no bundler anywhere, no chains.
    const plain = await fetch(`${site.url}/?projectId=${PROJECT}&chainId=31337&version=1`);
    expect(plain.headers.get('content-security-policy')).toContain(`connect-src 'self' ${api.url};`);
    expect(await pageConfig(plain)).toEqual({ apiUrl: api.url, allowedOrigins: ALLOWED, smartAccountChains: [] });
  });

  test('an http bundler only in development mode or on loopback; at least one chain', async () => {
    const start = (bundlerUrl: string, chains: number[], development = false) =>
      startSecureSite({ port: 0, apiUrl: api.url, key: operatorKey.toString('hex'), distDir, development, smartAccounts: { bundlerUrl, chains } }).then((s) => s.close());
    await expect(start('http://bundler.example/rpc', [1])).rejects.toThrow(
      'Smart accounts: PORTICO_SECURE_SITE_BUNDLER_URL must be https (http only in development mode or on a loopback address)',
    );
    await expect(start('ftp://bundler.example/rpc', [1])).rejects.toThrow(/^Smart accounts: PORTICO_SECURE_SITE_BUNDLER_URL /);
    await expect(start('https://bundler.example/rpc', [])).rejects.toThrow('Smart accounts: PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS must name at least one eip155 chain');
    await expect(start('http://127.0.0.1:4337/rpc', [31337])).resolves.toBeUndefined();
    await expect(start('http://bundler.internal:4337/rpc', [31337], true)).resolves.toBeUndefined();
  });
});

describe('social callback page', () => {
  test("served under a strict CSP that is never framed and connects to the API only; the API's origin in the meta", async () => {
    const res = await fetch(`${site.url}/social/callback?state=${'s'.repeat(43)}&code=abc&iss=${encodeURIComponent('http://127.0.0.1:8790/google')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'none'; connect-src ${api.url}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The code in the URL must not leave in a Referer.
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain(`<meta name="portico-secure-site" content="{&quot;apiUrl&quot;:&quot;${api.url}&quot;}">`);
    expect(html).toContain('<h1 id="callback-heading">Finishing sign-in</h1>');
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
  });

  test('no query parameter is echoed into the page', async () => {
    const marker = '"><script>alert(1)</script>';
    const res = await fetch(`${site.url}/social/callback?state=${encodeURIComponent(marker)}&code=${encodeURIComponent(marker)}&unknown=${encodeURIComponent(marker)}&error_description=zzmarker`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('zzmarker');
  });

  test('no build → 503', async () => {
    const bare = await startSecureSite({ port: 0, apiUrl: api.url, key: operatorKey.toString('hex'), distDir: join(distDir, 'missing') });
    try {
      const res = await fetch(`${bare.url}/social/callback?state=x&code=y`);
      expect(res.status).toBe(503);
      expect(await res.text()).toBe(PAGE_NOT_BUILT);
    } finally {
      await bare.close();
    }
  });
});

describe('rate limit', () => {
  test('/wallet/open per IP: over the limit → 429 with Retry-After', async () => {
    const limited = await startSecureSite({ port: 0, apiUrl: api.url, key: operatorKey.toString('hex'), distDir, openLimit: { points: 2, durationS: 60 } });
    try {
      const token = await api.sign({ sub: 'user-rate' });
      const call = () => fetch(`${limited.url}/wallet/open`, { method: 'POST', headers: { Origin: limited.url, Authorization: `Bearer ${token}` } });
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      const third = await call();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await third.json()).error).toMatch(/^Please try again after \d+ seconds$/);
    } finally {
      await limited.close();
    }
  });
});
