/**
 * Sign-in sessions over HTTP on the real server (issue 10): nonces, EIP-4361 messages signed with
 * viem dev keys, the JWT against the published JWKS, every refusal with its message, revocation,
 * who may list an address's sessions, the sign-in and embedded wallet tokens each on its own key
 * (an embedded session from the email login, its mail caught by the test's SMTP receiver), the
 * limits, the development key kept across restarts and production without a key (503).
 */
import { createPrivateKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import {
  INVALID_TOKEN,
  LIST_AUTHORIZATION_REQUIRED,
  listSessionsMessage,
  MAX_LIST_AUTHORIZATION_CHARS,
  MAX_SESSION_TOKEN_CHARS,
  NONCE_UNUSABLE,
  SESSION_REVOKED,
  TOKEN_OF_ANOTHER_ACCOUNT,
} from '../src/routes/sessions';
import { SCHEME_MISMATCH } from '../src/sessions/message';
import { SIWX_JWT_TYP } from '../src/sessions/keys';
import type { RunningApi } from '../src/server';
import { authClient } from './auth-helpers';
import { startSmtpSink, type SmtpSink } from './auth-smtp';
import { startAnvil, type Anvil } from './chain-helpers';
import { getJson, PROJECT, start, testDatabase } from './helpers';

// Anvil's dev keys #7 and #8 (well-known test keys).
const alice = privateKeyToAccount('0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356');
const bob = privateKeyToAccount('0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97');
const CHAIN_ID = 31337;
const PAGE = 'http://127.0.0.1:3000';

let anvil: Anvil;
let api: RunningApi;
let mail: SmtpSink;
const chainConfig = () => ({
  caipNetworkId: `eip155:${CHAIN_ID}`,
  name: 'Anvil',
  rpcUrl: anvil.rpcUrl,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
});

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID });
  mail = await startSmtpSink();
  api = await start({ development: true, chains: [chainConfig()], indexer: { enabled: false }, auth: { smtpUrl: mail.url } });
});
afterAll(async () => {
  await api?.close();
  await mail?.close();
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

/** `authorization`: the header as sent (a sign-in token: `Bearer <token>`). */
const list = (address: string, authorization?: string, query = '', base = api) =>
  getJson(url(base, `/v1/sessions/${address}${query}`), { headers: authorization ? { authorization } : {} });
const listedIds = (reply: { body: { sessions: { id: string }[] } }) => reply.body.sessions.map((s) => s.id);
/** The header that lists `signer`'s sessions with a fresh signature. */
async function freshSignature(signer: Signer, nonceValue?: string) {
  const n = nonceValue ?? (await nonce());
  return `Portico-Signature nonce=${n}, signature=${await signer.signMessage({ message: listSessionsMessage(signer.address, n) })}`;
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

    expect(protectedHeader.typ).toBe(SIWX_JWT_TYP);
    const listed = await list(alice.address.toLowerCase(), `Bearer ${body.token}`);
    expect(listed.status).toBe(200);
    expect(listedIds(listed)).toContain(body.session.id);
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

  test("EIP-4361's scheme on the first line must be the uri's, hence the request origin's", async () => {
    const otherScheme = await signIn(alice, { scheme: 'https' });
    expect(otherScheme.message.startsWith(`https://${new URL(PAGE).host} wants you to sign in`)).toBe(true);
    expect(await post(api, '/v1/sessions', otherScheme)).toMatchObject({ status: 403, body: { error: SCHEME_MISMATCH } });
    expect(await post(api, '/v1/sessions', otherScheme, null)).toMatchObject({ status: 403, body: { error: SCHEME_MISMATCH } });
    expect((await post(api, '/v1/sessions', await signIn(alice, { scheme: 'http' }))).status).toBe(201);
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
    expect(listedIds(await list(bob.address, `Bearer ${created.body.token}`))).toContain(id);

    const revoked = await post(api, revokeUrl, { pci: id, signature: await bob.signMessage({ message: text }) });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id });
    expect(Date.parse(revoked.body.revokedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(listedIds(await list(bob.address, await freshSignature(bob)))).not.toContain(id);
    expect(await post(api, '/v1/sessions/verify', { token: created.body.token })).toMatchObject({ status: 401, body: { error: SESSION_REVOKED } });
    // Its token lists nothing any more.
    expect(await list(bob.address, `Bearer ${created.body.token}`)).toMatchObject({ status: 401, body: { error: SESSION_REVOKED } });
  });

  test('a stranger cannot list an address\'s sessions: no proof, another account\'s token or signature, a used nonce', async () => {
    const aliceSession = (await post(api, '/v1/sessions', await signIn(alice))).body;
    const bobSession = (await post(api, '/v1/sessions', await signIn(bob))).body;
    expect(await list(alice.address)).toMatchObject({ status: 401, body: { error: LIST_AUTHORIZATION_REQUIRED } });
    expect(await list(alice.address, `Bearer ${bobSession.token}`)).toMatchObject({ status: 403, body: { error: TOKEN_OF_ANOTHER_ACCOUNT } });
    // Bob signs the text for Alice's address: not Alice's signature.
    const n = await nonce();
    const bobsSignature = await bob.signMessage({ message: listSessionsMessage(alice.address, n) });
    expect(await list(alice.address, `Portico-Signature nonce=${n}, signature=${bobsSignature}`)).toMatchObject({ status: 401, body: { error: 'Invalid signature' } });
    // Alice's signature over another nonce's text, and a nonce nobody issued.
    expect(await list(alice.address, (await freshSignature(alice)).replace(/nonce=\w+/, `nonce=${n}`))).toMatchObject({ status: 401, body: { error: 'Invalid signature' } });
    expect(await list(alice.address, await freshSignature(alice, 'f'.repeat(32)))).toMatchObject({ status: 401, body: { error: NONCE_UNUSABLE } });
    // A forged or foreign token.
    expect(await list(alice.address, 'Bearer e30.e30.AAAA')).toMatchObject({ status: 401, body: { error: INVALID_TOKEN } });

    // Alice's own token, or her fresh signature, lists her sessions; a signature lists once.
    expect(listedIds(await list(alice.address, `Bearer ${aliceSession.token}`))).toContain(aliceSession.session.id);
    const signed = await freshSignature(alice);
    expect(listedIds(await list(alice.address, signed))).toContain(aliceSession.session.id);
    expect(await list(alice.address, signed)).toMatchObject({ status: 401, body: { error: NONCE_UNUSABLE } });
  });

  test('a token lists the sessions of its own chain; a fresh signature filters by chainId', async () => {
    const { token } = (await post(api, '/v1/sessions', await signIn(alice))).body;
    const chain = `eip155:${CHAIN_ID}`;
    expect((await list(alice.address, `Bearer ${token}`, `?chainId=${chain}`)).status).toBe(200);
    expect(await list(alice.address, `Bearer ${token}`, '?chainId=eip155:1')).toMatchObject({ status: 403, body: { error: TOKEN_OF_ANOTHER_ACCOUNT } });
    expect(await list(alice.address, await freshSignature(alice), '?chainId=eip155:1')).toMatchObject({ status: 200, body: { sessions: [] } });
  });

  test(`the Authorization header: Bearer or Portico-Signature, at most ${MAX_LIST_AUTHORIZATION_CHARS} characters`, async () => {
    const shape = "authorization: must be 'Bearer <sign-in token>' or 'Portico-Signature nonce=<nonce>, signature=<0x…>'";
    expect(await list(alice.address, 'Basic YWxpY2U6c2VjcmV0')).toMatchObject({ status: 400, body: { error: shape } });
    expect(await list(alice.address, 'Portico-Signature nonce=abc, signature=0x1234')).toMatchObject({
      status: 400,
      body: { error: 'authorization: signature must be 0x plus at least 62 hex characters' },
    });
    const longest = await freshSignature(alice);
    const padded = `${longest.slice(0, longest.indexOf('0x') + 2)}${'0'.repeat(MAX_LIST_AUTHORIZATION_CHARS - longest.length)}${longest.slice(longest.indexOf('0x') + 2)}`;
    expect(padded).toHaveLength(MAX_LIST_AUTHORIZATION_CHARS);
    // At the limit the header is read (the padded signature is no longer Alice's); one more character is refused.
    expect(await list(alice.address, padded)).toMatchObject({ status: 401, body: { error: 'Invalid signature' } });
    expect(await list(alice.address, `${padded}0`)).toMatchObject({
      status: 400,
      body: { error: `authorization: must be at most ${MAX_LIST_AUTHORIZATION_CHARS} characters` },
    });
  });

  test('the list validates the address and the chain filter; /verify the token', async () => {
    expect(await list('0x1234')).toMatchObject({ status: 400 });
    expect(await list(alice.address, undefined, '?chainId=nope')).toMatchObject({ status: 400 });
    expect(await post(api, '/v1/sessions/verify', { token: 'not.a.jwt' })).toMatchObject({ status: 401, body: { error: INVALID_TOKEN } });
    expect(await post(api, '/v1/sessions/verify', { token: 'a'.repeat(MAX_SESSION_TOKEN_CHARS) })).toMatchObject({ status: 401, body: { error: INVALID_TOKEN } });
    expect(await post(api, '/v1/sessions/verify', { token: 'a'.repeat(MAX_SESSION_TOKEN_CHARS + 1) })).toMatchObject({
      status: 400,
      body: { error: `token: must be at most ${MAX_SESSION_TOKEN_CHARS} characters` },
    });
  });
});

/** The development key as stored in the database (what a database dump would give): the sign-in tokens' key. */
async function storedSessionKey(): Promise<KeyObject> {
  const { rows } = await api.db.query<{ private_jwk: JsonWebKey | string }>(`SELECT private_jwk FROM signing_keys WHERE purpose = 'development'`);
  const jwk = rows[0]!.private_jwk;
  return createPrivateKey({ key: typeof jwk === 'string' ? (JSON.parse(jwk) as JsonWebKey) : jwk, format: 'jwk' });
}

/** A token with these header fields and claims, signed with `key` under `kid`. */
const forged = (key: KeyObject, kid: string, typ: string, claims: JWTPayload) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ }).sign(key);

describe('sign-in and embedded wallet tokens: each on its own key', () => {
  let siwxToken: string;
  let embeddedToken: string;
  let keys: JWK[];
  beforeAll(async () => {
    siwxToken = (await post(api, '/v1/sessions', await signIn(alice))).body.token;
    embeddedToken = (await authClient(api, mail).signIn('keys@example.com')).token;
    keys = (await getJson(`${api.url}/.well-known/jwks.json`)).body.keys;
  });

  test('the JWKS holds both keys under distinct kids; each token verifies against its own key only', async () => {
    expect(keys).toHaveLength(2);
    const [siwxKid, embeddedKid] = [decodeProtectedHeader(siwxToken).kid, decodeProtectedHeader(embeddedToken).kid];
    expect(keys.map((k) => k.kid).sort()).toEqual([siwxKid, embeddedKid].sort());
    expect(siwxKid).not.toBe(embeddedKid);
    const only = (kid: string | undefined) => createLocalJWKSet({ keys: keys.filter((k) => k.kid === kid) });
    await expect(jwtVerify(embeddedToken, only(siwxKid))).rejects.toThrow();
    await expect(jwtVerify(siwxToken, only(embeddedKid))).rejects.toThrow();
    // The secure site's check (services/secure-site/src/vault.ts): the API's JWKS, that audience and typ.
    const secureSite = { algorithms: ['ES256'], audience: 'portico-embedded', typ: 'portico-embedded+jwt', requiredClaims: ['sub', 'exp', 'jti'] };
    const remote = createRemoteJWKSet(new URL('/.well-known/jwks.json', api.url));
    expect((await jwtVerify(embeddedToken, remote, secureSite)).payload.jti).toBe(decodeJwt(embeddedToken).jti);
    await expect(jwtVerify(siwxToken, remote, secureSite)).rejects.toThrow();
  });

  test('an embedded wallet token is not a sign-in: /v1/sessions/verify and the list refuse it', async () => {
    expect(await post(api, '/v1/sessions/verify', { token: embeddedToken })).toMatchObject({ status: 401, body: { error: INVALID_TOKEN } });
    expect(await list(alice.address, `Bearer ${embeddedToken}`)).toMatchObject({ status: 401, body: { error: INVALID_TOKEN } });
  });

  test('a token signed with the sign-in key is no embedded session, however it is typed', async () => {
    const session = (token: string) => getJson(url(api, '/v1/auth/session'), { headers: { authorization: `Bearer ${token}` } });
    expect((await session(embeddedToken)).status).toBe(200);
    expect(await session(siwxToken)).toMatchObject({ status: 401, body: { error: 'Session Expired' } });
    // The embedded token's own header and claims, signed with the sign-in key.
    const { kid } = decodeProtectedHeader(siwxToken);
    const lookalike = await forged(await storedSessionKey(), kid!, 'portico-embedded+jwt', decodeJwt(embeddedToken));
    expect(await session(lookalike)).toMatchObject({ status: 401, body: { error: 'Session Expired' } });
  });

  test('/v1/sessions/verify checks typ and aud: the sign-in key signing other ones is refused', async () => {
    const key = await storedSessionKey();
    const { kid } = decodeProtectedHeader(siwxToken);
    const claims = decodeJwt(siwxToken);
    // The faithful copy verifies: the refusals below are for the typ and the aud alone.
    expect((await post(api, '/v1/sessions/verify', { token: await forged(key, kid!, SIWX_JWT_TYP, claims) })).status).toBe(200);
    for (const token of [
      await forged(key, kid!, 'JWT', claims),
      await forged(key, kid!, 'portico-embedded+jwt', claims),
      await forged(key, kid!, SIWX_JWT_TYP, { ...claims, aud: 'portico-embedded' }),
      await forged(key, kid!, SIWX_JWT_TYP, { ...claims, aud: 'https://shop.example' }),
      await forged(key, kid!, SIWX_JWT_TYP, { ...claims, aud: [claims.aud as string] }),
    ]) {
      expect(await post(api, '/v1/sessions/verify', { token })).toMatchObject({ status: 401, body: { error: INVALID_TOKEN } });
    }
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
        expect(jwks.keys).toHaveLength(2);
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
