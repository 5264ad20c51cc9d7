/**
 * Sign-in sessions over HTTP on the real server (issue 10): nonces, EIP-4361 messages signed with
 * viem dev keys, the JWT against the published JWKS, every refusal with its message, revocation,
 * the limits, the development key kept across restarts and production without a key (503).
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify } from 'jose';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import type { RunningApi } from '../src/server';
import { startAnvil, type Anvil } from './chain-helpers';
import { getJson, PROJECT, start, testDatabase } from './helpers';

// Anvil's dev keys #7 and #8 (well-known test keys).
const alice = privateKeyToAccount('0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356');
const bob = privateKeyToAccount('0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97');
const CHAIN_ID = 31337;
const PAGE = 'http://127.0.0.1:3000';

let anvil: Anvil;
let api: RunningApi;
const chainConfig = () => ({
  caipNetworkId: `eip155:${CHAIN_ID}`,
  name: 'Anvil',
  rpcUrl: anvil.rpcUrl,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
});

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID });
  api = await start({ development: true, chains: [chainConfig()], indexer: { enabled: false } });
});
afterAll(async () => {
  await api?.close();
  await anvil?.stop();
});

const url = (base: RunningApi, path: string) => `${base.url}${path}${path.includes('?') ? '&' : '?'}projectId=${PROJECT}`;
/** `origin: null`: a server-to-server call (no Origin header). */
const post = (base: RunningApi, path: string, body: unknown, origin: string | null = PAGE) =>
  getJson(url(base, path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { Origin: origin } : {}) },
    body: JSON.stringify(body),
  });

async function nonce(base = api): Promise<string> {
  const { status, body } = await post(base, '/v1/sessions/nonce', {});
  expect(status).toBe(201);
  return body.nonce;
}

type Signer = typeof alice;
/** A signed EIP-4361 sign-in for the demo page; `fields` override the message. */
async function signIn(signer: Signer, fields: Partial<Parameters<typeof createSiweMessage>[0]> = {}, base = api) {
  const message = createSiweMessage({
    address: signer.address,
    chainId: CHAIN_ID,
    domain: new URL(PAGE).host,
    uri: `${PAGE}/shop`,
    version: '1',
    nonce: fields.nonce ?? (await nonce(base)),
    issuedAt: new Date(),
    statement: 'Sign in to the Portico demo.',
    ...fields,
  });
  return { message, signature: await signer.signMessage({ message }) };
}

/** The same signature with one byte of `s` changed. */
const tampered = (signature: Hex): Hex => `${signature.slice(0, 40)}${signature[40] === '0' ? '1' : '0'}${signature.slice(41)}` as Hex;

describe('sign-in', () => {
  test('a signed message makes a session whose JWT verifies against the JWKS; the list and /verify show it', async () => {
    const signed = await signIn(alice);
    const { status, body } = await post(api, '/v1/sessions', signed);
    expect(status).toBe(201);
    const account = `eip155:${CHAIN_ID}:${alice.address}`;
    expect(body.session).toMatchObject({
      account,
      message: signed.message,
      signature: signed.signature,
      data: { accountAddress: alice.address, chainId: `eip155:${CHAIN_ID}`, domain: '127.0.0.1:3000', uri: `${PAGE}/shop`, version: '1' },
    });
    // No expirationTime in the message: the default 24 h.
    expect(Date.parse(body.session.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);

    const keys = createRemoteJWKSet(new URL('/.well-known/jwks.json', api.url));
    const { payload, protectedHeader } = await jwtVerify(body.token, keys, { issuer: api.url, audience: PAGE, algorithms: ['ES256'] });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ sub: account, jti: body.session.id, projectId: PROJECT });
    expect(payload.exp).toBe(Math.floor(Date.parse(body.session.expiresAt) / 1000));

    const listed = await getJson(url(api, `/v1/sessions/${alice.address.toLowerCase()}`));
    expect(listed.status).toBe(200);
    expect(listed.body.sessions.map((s: { id: string }) => s.id)).toContain(body.session.id);
    const verified = await post(api, '/v1/sessions/verify', { token: body.token });
    expect(verified).toMatchObject({ status: 200, body: { session: { id: body.session.id } } });
  });

  test('a tampered signature or another signer is refused: Invalid signature; the nonce stays usable', async () => {
    const signed = await signIn(alice);
    expect(await post(api, '/v1/sessions', { ...signed, signature: tampered(signed.signature) })).toMatchObject({ status: 401, body: { error: 'Invalid signature' } });
    const byBob = await bob.signMessage({ message: signed.message });
    expect(await post(api, '/v1/sessions', { ...signed, signature: byBob })).toMatchObject({ status: 401, body: { error: 'Invalid signature' } });
    expect((await post(api, '/v1/sessions', signed)).status).toBe(201);
  });

  test('a replayed message, an unknown nonce and another project\'s nonce are refused', async () => {
    const signed = await signIn(alice);
    expect((await post(api, '/v1/sessions', signed)).status).toBe(201);
    expect(await post(api, '/v1/sessions', signed)).toMatchObject({ status: 401, body: { error: 'Nonce expired or already used' } });
    const unknown = await signIn(alice, { nonce: 'a'.repeat(32) });
    expect(await post(api, '/v1/sessions', unknown)).toMatchObject({ status: 401, body: { error: 'Nonce expired or already used' } });
    // A nonce is bound to the project it was issued for.
    const other = await getJson(`${api.url}/v1/sessions/nonce?projectId=portico-demo-restricted`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(other.status).toBe(201);
    const crossProject = await signIn(alice, { nonce: other.body.nonce });
    expect(await post(api, '/v1/sessions', crossProject)).toMatchObject({ status: 401, body: { error: 'Nonce expired or already used' } });
  });

  test('two requests racing with one signed message make one session', async () => {
    const signed = await signIn(bob);
    const results = await Promise.all([post(api, '/v1/sessions', signed), post(api, '/v1/sessions', signed)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 401]);
  });

  test('the domain must be the request origin\'s and on the project\'s list', async () => {
    const evil = await signIn(alice, { domain: 'evil.example', uri: 'https://evil.example/' });
    expect(await post(api, '/v1/sessions', evil)).toMatchObject({ status: 403, body: { error: 'Message domain does not match the request origin' } });
    const otherPage = await signIn(alice);
    expect(await post(api, '/v1/sessions', otherPage, 'http://127.0.0.1:4000')).toMatchObject({
      status: 403,
      body: { error: 'Message domain does not match the request origin' },
    });
    const mismatch = await signIn(alice, { domain: 'evil.example' });
    expect(await post(api, '/v1/sessions', mismatch)).toMatchObject({ status: 403, body: { error: 'Message domain does not match its uri' } });
    // Server to server (no Origin): the message's origin must still be one the project allows.
    expect(await post(api, '/v1/sessions', evil, null)).toMatchObject({ status: 403, body: { error: 'Message domain is not an allowed origin of this project' } });
  });

  test('times: expired, not yet valid, issued in the future; a far expirationTime is capped at 7 days', async () => {
    const expired = await signIn(alice, { expirationTime: new Date(Date.now() - 1000) });
    expect(await post(api, '/v1/sessions', expired)).toMatchObject({ status: 401, body: { error: 'Message expired' } });
    const early = await signIn(alice, { notBefore: new Date(Date.now() + 3600_000) });
    expect(await post(api, '/v1/sessions', early)).toMatchObject({ status: 401, body: { error: 'Message is not valid yet (notBefore)' } });
    const future = await signIn(alice, { issuedAt: new Date(Date.now() + 5 * 60_000) });
    expect(await post(api, '/v1/sessions', future)).toMatchObject({ status: 400, body: { error: 'Message issuedAt is in the future' } });
    const inAYear = new Date(Date.now() + 365 * 86400_000);
    const long = await post(api, '/v1/sessions', await signIn(alice, { expirationTime: inAYear }));
    expect(long.status).toBe(201);
    expect(long.body.session.data.expirationTime).toBe(inAYear.toISOString());
    expect(Date.parse(long.body.session.expiresAt)).toBeLessThanOrEqual(Date.now() + 7 * 86400_000);
  });

  test('malformed input: not EIP-4361, an unconfigured chain, a message over 4096 characters, a short signature', async () => {
    const fine = await signIn(alice);
    expect(await post(api, '/v1/sessions', { ...fine, message: 'hello' })).toMatchObject({ status: 400, body: { error: 'message: not an EIP-4361 message (no domain)' } });
    const otherChain = await signIn(alice, { chainId: 1 });
    expect(await post(api, '/v1/sessions', otherChain)).toMatchObject({ status: 400, body: { error: 'message: chain eip155:1 is not supported' } });
    const huge = await signIn(alice, { statement: 'x'.repeat(4096) });
    expect(await post(api, '/v1/sessions', huge)).toMatchObject({ status: 400, body: { error: 'message: must be at most 4096 characters' } });
    expect(await post(api, '/v1/sessions', { ...fine, signature: '0x1234' })).toMatchObject({ status: 400, body: { error: 'signature: must be 0x plus at least 62 hex characters' } });
  });
});

describe('sessions of an address and revocation', () => {
  test('a revoke signed by another key or over another text is refused; the owner\'s revoke ends the session', async () => {
    const created = await post(api, '/v1/sessions', await signIn(bob));
    const id: string = created.body.session.id;
    const revokeUrl = `/v1/sessions/${bob.address}/revoke`;
    const text = `Revoke Portico session ${id}`;

    expect(await post(api, revokeUrl, { pci: id, signature: await alice.signMessage({ message: text }) })).toMatchObject({ status: 401, body: { error: 'Invalid signature' } });
    expect(await post(api, revokeUrl, { pci: id, signature: await bob.signMessage({ message: `Revoke session ${id}` }) })).toMatchObject({ status: 401, body: { error: 'Invalid signature' } });
    expect(await post(api, `/v1/sessions/${alice.address}/revoke`, { pci: id, signature: await alice.signMessage({ message: text }) })).toMatchObject({ status: 404, body: { error: 'Session not found' } });
    expect((await getJson(url(api, `/v1/sessions/${bob.address}`))).body.sessions.map((s: { id: string }) => s.id)).toContain(id);

    const revoked = await post(api, revokeUrl, { pci: id, signature: await bob.signMessage({ message: text }) });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id });
    expect(Date.parse(revoked.body.revokedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await getJson(url(api, `/v1/sessions/${bob.address}`))).body.sessions.map((s: { id: string }) => s.id)).not.toContain(id);
    expect(await post(api, '/v1/sessions/verify', { token: created.body.token })).toMatchObject({ status: 401, body: { error: 'Session revoked' } });
  });

  test('the list validates the address and the chain filter', async () => {
    expect(await getJson(url(api, '/v1/sessions/0x1234'))).toMatchObject({ status: 400 });
    expect(await getJson(url(api, `/v1/sessions/${alice.address}?chainId=nope`))).toMatchObject({ status: 400 });
    const none = await getJson(url(api, `/v1/sessions/${alice.address}?chainId=eip155:1`));
    expect(none).toMatchObject({ status: 200, body: { sessions: [] } });
    expect(await post(api, '/v1/sessions/verify', { token: 'not.a.jwt' })).toMatchObject({ status: 401, body: { error: 'Invalid token' } });
  });
});

describe('keys and limits', () => {
  test('nonces per IP are limited: 429 with Retry-After', async () => {
    const limited = await start({ development: true, sessions: { noncesPerIp: { points: 2, durationS: 60 } } });
    try {
      expect((await post(limited, '/v1/sessions/nonce', {})).status).toBe(201);
      expect((await post(limited, '/v1/sessions/nonce', {})).status).toBe(201);
      const third = await post(limited, '/v1/sessions/nonce', {});
      expect(third.status).toBe(429);
      expect(third.body.error).toMatch(/^Too many requests for this IP address: try again in \d+ s$/);
      expect(Number(third.res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  test('development mode keeps its generated key across restarts: a token from before still verifies', async () => {
    const database = await testDatabase();
    try {
      const first = await start({ ...database.options, development: true, chains: [chainConfig()], indexer: { enabled: false } });
      let token: string;
      let jwksBefore: unknown;
      try {
        token = (await post(first, '/v1/sessions', await signIn(alice, {}, first))).body.token;
        jwksBefore = (await getJson(`${first.url}/.well-known/jwks.json`)).body;
      } finally {
        await first.close();
      }
      const second = await start({ ...database.options, development: true, chains: [chainConfig()], indexer: { enabled: false } });
      try {
        const jwks = (await getJson(`${second.url}/.well-known/jwks.json`)).body;
        expect(jwks).toEqual(jwksBefore);
        const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { audience: PAGE });
        expect(payload.sub).toBe(`eip155:${CHAIN_ID}:${alice.address}`);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });

  test('a configured key that is not an EC P-256 private key stops the start', async () => {
    await expect(start({ sessions: { signingKey: 'not a key' } })).rejects.toThrow(/^session signing key: not a private key in PEM or JWK form/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
    await expect(start({ sessions: { signingKey: rsa } })).rejects.toThrow('session signing key: must be an EC P-256 key (ES256)');
  });

  test('production without a key: sign-in answers 503 and says why; with a PEM key it signs with that key', async () => {
    const keyless = await start({ chains: [chainConfig()], indexer: { enabled: false } });
    try {
      const unavailable = { status: 503, body: { error: 'Sign-in is unavailable: the API has no session signing key (set PORTICO_API_SESSION_KEY)' } };
      expect(await post(keyless, '/v1/sessions/nonce', {}, null)).toMatchObject(unavailable);
      expect(await getJson(`${keyless.url}/.well-known/jwks.json`)).toMatchObject(unavailable);
      expect(await post(keyless, '/v1/sessions', await signIn(alice, { nonce: 'b'.repeat(32) }, api), null)).toMatchObject(unavailable);
    } finally {
      await keyless.close();
    }

    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
    const keyed = await start({ chains: [chainConfig()], indexer: { enabled: false }, publicUrl: 'https://api.portico.example', sessions: { signingKey: pem } });
    try {
      // Production: portico-demo allows no browser origin, so a server-to-server call for an allowed page is used.
      const restricted = `${keyed.url}/v1/sessions/nonce?projectId=portico-demo-restricted`;
      const n = (await getJson(restricted, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).body.nonce;
      const message = createSiweMessage({ address: alice.address, chainId: CHAIN_ID, domain: 'shop.example', uri: 'https://shop.example/', version: '1', nonce: n, issuedAt: new Date() });
      const created = await getJson(`${keyed.url}/v1/sessions?projectId=portico-demo-restricted`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message, signature: await alice.signMessage({ message }) }),
      });
      expect(created.status).toBe(201);
      const { payload } = await jwtVerify(created.body.token, publicKey, { issuer: 'https://api.portico.example', audience: 'https://shop.example' });
      expect(payload.jti).toBe(created.body.session.id);
    } finally {
      await keyed.close();
    }
  });
});
