/**
 * The secure site's server over HTTP against the API double (test/api-double.ts): /wallet/open's origin,
 * token, device proof (issue 28: the attacker with a copied token, another key's proof, a replayed proof, a proof
 * for another URL) and rate checks, the first open making and storing exactly one wallet, the pages' CSPs (the wallet page
 * and the social callback), the smart-account settings (bundler URL and chains in the CSP and the page's config), limits.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { privateKeyToAccount } from 'viem/accounts';
import { calculateJwkThumbprint, decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { PROOF_MESSAGES } from '../src/device-proof';
import { deviceProof, loadDeviceKey, publicJwk } from '../src/page/device-key';
import {
  CROSS_ORIGIN_REFUSED,
  DEVICE_BOUND_REQUIRED,
  MAX_BODY_BYTES,
  PAGE_NOT_BUILT,
  PROOF_REQUIRED,
  startSecureSite,
  type RunningSecureSite,
} from '../src/server';
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

/** A browser's device key, as the page makes it (a store that keeps nothing: a new device each time). */
const newDeviceKey = () => loadDeviceKey({ get: async () => undefined, put: async () => {} });

interface Session {
  keyPair: CryptoKeyPair;
  token: string;
}

/** A new device and a session of `sub` bound to its key (`cnf.jkt`), as a sign-in gives the page. */
async function signIn(sub: string, claims: { expiresInS?: number; aud?: string } = {}): Promise<Session> {
  const keyPair = await newDeviceKey();
  const jkt = await calculateJwkThumbprint(await publicJwk(keyPair), 'sha256');
  return { keyPair, token: await api.sign({ sub, jkt, ...claims }) };
}

/** The page's proof for a /wallet/open call with `session`. */
const proofFor = (session: Session, url = `${site.url}/wallet/open`) => deviceProof(session.keyPair, { method: 'POST', url, accessToken: session.token });

/** POST /wallet/open as the page does (`Authorization: DPoP <token>`, a fresh proof); `init.headers` add or replace. */
async function openWallet(session: Session | undefined, origin: string | null = site.url, init: RequestInit = {}, siteUrl = site.url) {
  const auth = session && { Authorization: `DPoP ${session.token}`, DPoP: await proofFor(session, `${siteUrl}/wallet/open`) };
  return fetch(`${siteUrl}/wallet/open`, {
    method: 'POST',
    ...init,
    headers: { ...(origin !== null && { Origin: origin }), ...auth, ...(init.headers as Record<string, string>) },
  });
}

describe('/wallet/open', () => {
  test('first open makes and stores exactly one sealed wallet; later opens (any session of the user) return it', async () => {
    const res = await openWallet(await signIn('user-first'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const opened = (await res.json()) as { address: string; privateKey: `0x${string}` };
    expect(privateKeyToAccount(opened.privateKey).address).toBe(opened.address);
    const stored = api.wallets.get('user-first')!;
    expect(stored.address).toBe(opened.address);
    // The API holds only the sealed form, which opens with the operator key for this user only.
    expect(stored.sealed).not.toContain(opened.privateKey.slice(2));
    expect(`0x${open(operatorKey, stored.sealed, 'user-first').toString('hex')}`).toBe(opened.privateKey);
    const again = await (await openWallet(await signIn('user-first'))).json();
    expect(again).toEqual(opened);
    expect(api.calls.filter((c) => c === 'PUT /v1/auth/wallet')).toHaveLength(1);
  });

  test('two first opens at once: one wallet, both get it', async () => {
    const session = await signIn('user-race');
    const [a, b] = await Promise.all([openWallet(session), openWallet(session)]);
    expect((await a.json()).address).toBe((await b.json()).address);
  });

  test('cross-origin or no Origin → 403; no token → 401', async () => {
    const session = await signIn('user-x');
    for (const origin of ['https://shop.example', 'http://127.0.0.1:1', null]) {
      const res = await openWallet(session, origin);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: CROSS_ORIGIN_REFUSED });
    }
    const none = await openWallet(undefined);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: DEVICE_BOUND_REQUIRED });
    expect(api.wallets.has('user-x')).toBe(false);
  });

  test('bad, expired, wrong-audience, foreign-key or revoked tokens → 401 Session Expired', async () => {
    const foreign = await new SignJWT({ projectId: PROJECT, aud: 'portico-embedded' })
      .setProtectedHeader({ alg: 'ES256', kid: 'test', typ: 'portico-embedded+jwt' })
      .setSubject('user-y').setJti('j').setExpirationTime('1h')
      .sign((await generateKeyPair('ES256')).privateKey);
    const { keyPair } = await signIn('user-y');
    const tokens = ['a.b.c', (await signIn('user-y', { expiresInS: -10 })).token, (await signIn('user-y', { aud: 'https://shop.example' })).token, foreign];
    for (const token of tokens) {
      const res = await openWallet({ keyPair, token });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Session Expired' });
    }
    const session = await signIn('user-y');
    api.revoke(decodeJwt(session.token).jti!);
    expect(await (await openWallet(session)).json()).toEqual({ error: 'Session Expired' });
    expect(api.wallets.has('user-y')).toBe(false);
  });

  test('a blob that does not open for this user → 502, no key', async () => {
    await openWallet(await signIn('user-victim'));
    // The API's row of another user holding the victim's blob (a database swap): the AAD refuses it.
    api.wallets.set('user-mallory', api.wallets.get('user-victim')!);
    const res = await openWallet(await signIn('user-mallory'));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'The embedded wallet could not be opened' });
  });

  test('body limit 413', async () => {
    const res = await openWallet(await signIn('user-body'), site.url, { body: 'x'.repeat(MAX_BODY_BYTES + 1) });
    expect(res.status).toBe(413);
  });
});

describe("/wallet/open: only with the session's device (issue 28)", () => {
  const refusedWith = async (res: Response, error: string) => {
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error });
  };

  test("the page's own proof opens the wallet; a new proof each call", async () => {
    const session = await signIn('user-device');
    expect((await openWallet(session)).status).toBe(200);
    expect((await openWallet(session)).status).toBe(200);
  });

  test('a copied token alone: as Bearer, or as DPoP without a proof → 401, no wallet', async () => {
    const { token } = await signIn('user-copied');
    await refusedWith(await openWallet(undefined, site.url, { headers: { Authorization: `Bearer ${token}` } }), DEVICE_BOUND_REQUIRED);
    await refusedWith(await openWallet(undefined, site.url, { headers: { Authorization: `DPoP ${token}` } }), PROOF_REQUIRED);
    expect(api.wallets.has('user-copied')).toBe(false);
  });

  test('a copied token with a proof from another key → 401 (not the session\'s key), no wallet', async () => {
    const victim = await signIn('user-stolen');
    const attacker = await newDeviceKey();
    await refusedWith(await openWallet({ keyPair: attacker, token: victim.token }), PROOF_MESSAGES.jkt);
    // The attacker's key with the victim's jwk in the header: the signature does not verify.
    const forged = await new SignJWT({ htm: 'POST', htu: `${site.url}/wallet/open`, jti: 'forged-jti-0123456789', ath: 'x', bh: 'x' })
      .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk: { ...(await publicJwk(victim.keyPair)) } })
      .setIssuedAt()
      .sign(attacker.privateKey);
    await refusedWith(await openWallet(undefined, site.url, { headers: { Authorization: `DPoP ${victim.token}`, DPoP: forged } }), PROOF_MESSAGES.signature);
    expect(api.wallets.has('user-stolen')).toBe(false);
  });

  test('a replayed proof → 401', async () => {
    const session = await signIn('user-replay');
    const headers = { Authorization: `DPoP ${session.token}`, DPoP: await proofFor(session) };
    expect((await openWallet(undefined, site.url, { headers })).status).toBe(200);
    await refusedWith(await openWallet(undefined, site.url, { headers }), PROOF_MESSAGES.replayed);
  });

  test('a proof for another URL, another token or another body → 401', async () => {
    const session = await signIn('user-elsewhere');
    const withProof = (proof: string, init: RequestInit = {}) =>
      openWallet(undefined, site.url, { ...init, headers: { Authorization: `DPoP ${session.token}`, DPoP: proof } });
    await refusedWith(await withProof(await proofFor(session, 'https://secure.example/wallet/open')), PROOF_MESSAGES.htu);
    await refusedWith(await withProof(await proofFor(session, `${site.url}/wallet/other`)), PROOF_MESSAGES.htu);
    // Another session of the same user and device: the proof names one token only.
    const other = await api.sign({ sub: 'user-elsewhere', jkt: (decodeJwt(session.token).cnf as { jkt: string }).jkt });
    await refusedWith(await withProof(await deviceProof(session.keyPair, { method: 'POST', url: `${site.url}/wallet/open`, accessToken: other })), PROOF_MESSAGES.ath);
    await refusedWith(await withProof(await proofFor(session), { body: '{"x":1}' }), PROOF_MESSAGES.bh);
    expect(api.wallets.has('user-elsewhere')).toBe(false);
  });

  test('a session not bound to a device key (no cnf) → 401 even with a proof', async () => {
    const { keyPair } = await signIn('user-unbound');
    const token = await api.sign({ sub: 'user-unbound' });
    await refusedWith(await openWallet({ keyPair, token }), DEVICE_BOUND_REQUIRED);
  });

  test("the proof's htu is the site's public origin behind a proxy, not the listening URL", async () => {
    const proxied = await startSecureSite({ port: 0, apiUrl: api.url, key: operatorKey.toString('hex'), distDir, publicOrigin: 'https://wallet.example' });
    try {
      const session = await signIn('user-proxied');
      const call = (proof: string) =>
        fetch(`${proxied.url}/wallet/open`, { method: 'POST', headers: { Origin: 'https://wallet.example', Authorization: `DPoP ${session.token}`, DPoP: proof } });
      await refusedWith(await call(await proofFor(session, `${proxied.url}/wallet/open`)), PROOF_MESSAGES.htu);
      expect((await call(await proofFor(session, 'https://wallet.example/wallet/open'))).status).toBe(200);
    } finally {
      await proxied.close();
    }
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
      const session = await signIn('user-rate');
      const call = () => openWallet(session, limited.url, {}, limited.url);
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
