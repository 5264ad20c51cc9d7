/**
 * Sign-In With Solana over HTTP on the real server (issue 32): the Wallet Standard's text signed with
 * ed25519 keys made here, verified by the API with Node's crypto; a session and its JWT like an
 * eip155 one; every refusal in the API's words (other page, used nonce, bad or foreign signature,
 * expired, unknown chain, a text not in the standard form); an attacker's signature over another
 * domain or nonce; listing and revoking with the address's own ed25519 signature.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { getBase58Decoder } from '@solana/kit';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { listSessionsMessage, NONCE_UNUSABLE, revokeMessage, SOLANA_SIGNATURE_SHAPE } from '../src/routes/sessions';
import { DOMAIN_MISMATCH, INVALID_SIGNATURE, MESSAGE_EXPIRED } from '../src/sessions/message';
import { formatSiws, parseSiws, type SiwsFields } from '../src/sessions/siws';
import type { RunningApi } from '../src/server';
import { getJson, PROJECT, start } from './helpers';

const CHAIN = 'solana:7ZSiwsTest1111111111111111111111';
const PAGE = 'http://127.0.0.1:3000';

/** An ed25519 key pair and its Solana address (base58 of the raw 32-byte public key). */
function solanaKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return { address: getBase58Decoder().decode(raw), privateKey };
}
const signText = (privateKey: KeyObject, text: string) => getBase58Decoder().decode(sign(null, Buffer.from(text, 'utf8'), privateKey));

const alice = solanaKey();
const mallory = solanaKey();

let api: RunningApi;
beforeAll(async () => {
  // The chain is only named: sign-in reads nothing from its node.
  api = await start({ development: true, indexer: { enabled: false }, solanaChains: [{ caipNetworkId: CHAIN, name: 'Solana Local', rpcUrl: 'http://127.0.0.1:9/' }] });
});
afterAll(async () => {
  await api?.close();
});

const url = (path: string) => `${api.url}${path}${path.includes('?') ? '&' : '?'}projectId=${PROJECT}`;
const post = (path: string, body: unknown, origin: string | null = PAGE) =>
  getJson(url(path), { method: 'POST', headers: { 'content-type': 'application/json', ...(origin ? { Origin: origin } : {}) }, body: JSON.stringify(body) });

async function nonce(): Promise<string> {
  const { status, body } = await post('/v1/sessions/nonce', {});
  expect(status).toBe(201);
  return body.nonce;
}

/** A Sign-In With Solana text for the demo page, signed by `key`; `fields` override the message. */
async function signIn(key = alice, fields: Partial<SiwsFields> = {}) {
  const issuedAt = new Date();
  const message = formatSiws({
    account: 'Solana',
    domain: new URL(PAGE).host,
    address: key.address,
    statement: 'Sign in to the Portico demo',
    uri: PAGE,
    version: '1',
    chainId: CHAIN,
    nonce: fields.nonce ?? (await nonce()),
    issuedAt: issuedAt.toISOString(),
    expirationTime: new Date(issuedAt.getTime() + 10 * 60_000).toISOString(),
    ...fields,
  });
  return { message, signature: signText(key.privateKey, message) };
}

describe('Sign-In With Solana', () => {
  test('the standard text: every field in its place, and only the standard form parses', () => {
    const text = [
      '127.0.0.1:3000 wants you to sign in with your Solana account:',
      alice.address,
      '',
      'Sign in to the Portico demo',
      '',
      `URI: ${PAGE}`,
      'Version: 1',
      `Chain ID: ${CHAIN}`,
      'Nonce: 0123456789abcdef',
      'Issued At: 2026-11-29T10:00:00.000Z',
      'Expiration Time: 2026-11-29T11:00:00.000Z',
      'Request ID: r-1',
      'Resources:',
      '- https://example.com/terms',
    ].join('\n');
    const fields = parseSiws(text);
    expect(fields).toEqual({
      account: 'Solana',
      domain: '127.0.0.1:3000',
      address: alice.address,
      statement: 'Sign in to the Portico demo',
      uri: PAGE,
      version: '1',
      chainId: CHAIN,
      nonce: '0123456789abcdef',
      issuedAt: '2026-11-29T10:00:00.000Z',
      expirationTime: '2026-11-29T11:00:00.000Z',
      requestId: 'r-1',
      resources: ['https://example.com/terms'],
    });
    expect(formatSiws(fields as SiwsFields)).toBe(text);
    // A line out of order, or one repeated, could show the wallet one thing and the server another.
    expect(parseSiws(text.replace('Version: 1\n', '').replace('Nonce:', 'Version: 1\nNonce:'))).toMatch(/^unexpected line/);
    expect(parseSiws(text.replace('Version: 1', 'Version: 1\nVersion: 1'))).toMatch(/^unexpected line/);
  });

  test('a signed message makes a session whose JWT verifies; the list (Bearer) shows it under the base58 address', async () => {
    const signed = await signIn();
    const { status, body } = await post('/v1/sessions', signed);
    expect(status, JSON.stringify(body)).toBe(201);
    const account = `${CHAIN}:${alice.address}`;
    expect(body.session).toMatchObject({
      account,
      message: signed.message,
      signature: signed.signature,
      data: { accountAddress: alice.address, chainId: CHAIN, domain: '127.0.0.1:3000', uri: PAGE, version: '1', statement: 'Sign in to the Portico demo' },
    });
    const { payload } = await jwtVerify(body.token, createRemoteJWKSet(new URL('/.well-known/jwks.json', api.url)), { issuer: api.url, audience: PAGE });
    expect(payload).toMatchObject({ sub: account, jti: body.session.id, projectId: PROJECT });

    const listed = await getJson(url(`/v1/sessions/${alice.address}?chainId=${CHAIN}`), { headers: { authorization: `Bearer ${body.token}` } });
    expect(listed.status).toBe(200);
    expect(listed.body.sessions.map((s: { id: string }) => s.id)).toContain(body.session.id);
    // Base58 is case-sensitive: another spelling is another address.
    const otherCase = alice.address.replace(/[a-z]/, (c) => c.toUpperCase());
    if (otherCase !== alice.address) {
      const foreign = await getJson(url(`/v1/sessions/${otherCase}?chainId=${CHAIN}`), { headers: { authorization: `Bearer ${body.token}` } });
      expect(foreign.status).not.toBe(200);
    }
  });

  test('a used nonce is refused: one signed message, one session', async () => {
    const signed = await signIn();
    expect((await post('/v1/sessions', signed)).status).toBe(201);
    expect(await post('/v1/sessions', signed)).toMatchObject({ status: 401, body: { error: NONCE_UNUSABLE } });
  });

  test('a bad signature, or one by another key, is refused: Invalid signature; the nonce stays usable', async () => {
    const signed = await signIn();
    const flipped = signText(alice.privateKey, `${signed.message} `);
    expect(await post('/v1/sessions', { ...signed, signature: flipped })).toMatchObject({ status: 401, body: { error: INVALID_SIGNATURE } });
    expect(await post('/v1/sessions', { ...signed, signature: signText(mallory.privateKey, signed.message) })).toMatchObject({ status: 401, body: { error: INVALID_SIGNATURE } });
    expect(await post('/v1/sessions', { ...signed, signature: '0x1234' })).toMatchObject({ status: 400, body: { error: 'signature: must be 0x plus at least 62 hex characters' } });
    const hex = `0x${'ab'.repeat(65)}`;
    expect(await post('/v1/sessions', { ...signed, signature: hex })).toMatchObject({ status: 400, body: { error: `signature: ${SOLANA_SIGNATURE_SHAPE}` } });
    expect((await post('/v1/sessions', signed)).status).toBe(201);
  });

  test('another page, an expired message, an unknown chain or a text out of the standard form are refused', async () => {
    const signed = await signIn();
    expect(await post('/v1/sessions', signed, 'http://localhost:3000')).toMatchObject({ status: 403, body: { error: DOMAIN_MISMATCH } });
    expect(await post('/v1/sessions', await signIn(alice, { domain: 'evil.example' }))).toMatchObject({ status: 403, body: { error: 'Message domain does not match its uri' } });
    const past = new Date(Date.now() - 3600_000);
    expect(await post('/v1/sessions', await signIn(alice, { issuedAt: past.toISOString(), expirationTime: new Date(past.getTime() + 60_000).toISOString() }))).toMatchObject({
      status: 401,
      body: { error: MESSAGE_EXPIRED },
    });
    expect(await post('/v1/sessions', await signIn(alice, { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))).toMatchObject({
      status: 400,
      body: { error: 'message: chain solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp is not supported' },
    });
    expect(await post('/v1/sessions', await signIn(alice, { issuedAt: 'yesterday' }))).toMatchObject({ status: 400, body: { error: 'message: issuedAt is not an RFC 3339 date-time' } });
    const reordered = signed.message.replace(/Version: 1\n(Chain ID: [^\n]+)/, '$1\nVersion: 1');
    expect(await post('/v1/sessions', { message: reordered, signature: signText(alice.privateKey, reordered) })).toMatchObject({ status: 400, body: { error: /^message: unexpected line/ } });
    // The nonce of the refused texts was never claimed.
    expect((await post('/v1/sessions', signed)).status).toBe(201);
  });

  test('attacker: a signature over another domain or another nonce does not sign in here', async () => {
    const target = await signIn();
    // What alice signed for another site (its domain and uri), moved onto this site's text.
    const elsewhere = formatSiws({ ...(parseSiws(target.message) as SiwsFields), domain: 'other.example', uri: 'https://other.example' });
    expect(await post('/v1/sessions', { message: target.message, signature: signText(alice.privateKey, elsewhere) })).toMatchObject({ status: 401, body: { error: INVALID_SIGNATURE } });
    // Her signature over an older nonce, replayed with a fresh one.
    const old = formatSiws({ ...(parseSiws(target.message) as SiwsFields), nonce: await nonce() });
    expect(await post('/v1/sessions', { message: target.message, signature: signText(alice.privateKey, old) })).toMatchObject({ status: 401, body: { error: INVALID_SIGNATURE } });
    // Mallory's own valid signature over a text naming alice.
    expect(await post('/v1/sessions', { message: target.message, signature: signText(mallory.privateKey, target.message) })).toMatchObject({ status: 401, body: { error: INVALID_SIGNATURE } });
  });

  test('the address lists with a fresh ed25519 signature and revokes with one; another key cannot', async () => {
    const { body } = await post('/v1/sessions', await signIn());
    const n = await nonce();
    const byMallory = `Portico-Signature nonce=${n}, signature=${signText(mallory.privateKey, listSessionsMessage(alice.address, n))}`;
    expect(await getJson(url(`/v1/sessions/${alice.address}?chainId=${CHAIN}`), { headers: { authorization: byMallory } })).toMatchObject({ status: 401, body: { error: INVALID_SIGNATURE } });
    const byAlice = `Portico-Signature nonce=${n}, signature=${signText(alice.privateKey, listSessionsMessage(alice.address, n))}`;
    const listed = await getJson(url(`/v1/sessions/${alice.address}?chainId=${CHAIN}`), { headers: { authorization: byAlice } });
    expect(listed.status).toBe(200);
    expect(listed.body.sessions.map((s: { id: string }) => s.id)).toContain(body.session.id);

    const revoke = (key: typeof alice) => post(`/v1/sessions/${alice.address}/revoke`, { pci: body.session.id, signature: signText(key.privateKey, revokeMessage(body.session.id)) });
    expect(await revoke(mallory)).toMatchObject({ status: 401, body: { error: INVALID_SIGNATURE } });
    expect((await revoke(alice)).status).toBe(200);
    expect(await post('/v1/sessions/verify', { token: body.token })).toMatchObject({ status: 401, body: { error: 'Session revoked' } });
  });
});
