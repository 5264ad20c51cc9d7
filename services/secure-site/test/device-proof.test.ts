/**
 * The device proof verifier (src/device-proof.ts, issue 28): one test per rule, each with a proof that is
 * right in every way but that one (so each fails without its check), the limits at their edges (iat ±60 s,
 * jti 16/64 characters, the replay cache's 10,000 entries and 120 s), a replayed proof and another key's.
 */
import { describe, expect, test } from '@rstest/core';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import {
  DeviceProofError,
  PROOF_MESSAGES,
  REPLAY_CACHE_MAX,
  REPLAY_WINDOW_MS,
  ReplayCache,
  sha256Base64url,
  verifyDeviceProof,
  type DeviceProofInput,
} from '../src/device-proof';

const URL_ = 'https://secure.example/wallet/open';
const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';
const NOW = 1_800_000_000_000;

const device = await generateKeyPair('ES256', { extractable: true });
const deviceJwk = (({ kty, crv, x, y }: JWK) => ({ kty, crv, x, y }))(await exportJWK(device.publicKey));
const JKT = await calculateJwkThumbprint(deviceJwk, 'sha256');

let jtis = 0;
const freshJti = () => `jti-${String(jtis++).padStart(12, '0')}`;

/** A proof right in every way for (POST, URL_, TOKEN, no body) at NOW, unless told otherwise. */
async function proof(
  change: { header?: Record<string, unknown>; payload?: Record<string, unknown>; key?: CryptoKey } = {},
): Promise<string> {
  const payload = { htm: 'POST', htu: URL_, iat: NOW / 1000, jti: freshJti(), ath: sha256Base64url(TOKEN), bh: sha256Base64url(''), ...change.payload };
  const header = { typ: 'dpop+jwt', alg: 'ES256', jwk: deviceJwk, ...change.header };
  return new SignJWT(payload).setProtectedHeader(header as { alg: string }).sign(change.key ?? device.privateKey);
}

const input = (p: string, change: Partial<DeviceProofInput> = {}): DeviceProofInput => ({
  proof: p,
  method: 'POST',
  url: URL_,
  body: new Uint8Array(),
  accessToken: TOKEN,
  jkt: JKT,
  now: NOW,
  seen: new ReplayCache(),
  ...change,
});

/** The error verifyDeviceProof throws, as `status message`; 'accepted' when it does not. */
async function outcome(p: string, change: Partial<DeviceProofInput> = {}): Promise<string> {
  try {
    await verifyDeviceProof(input(p, change));
    return 'accepted';
  } catch (err) {
    if (!(err instanceof DeviceProofError)) throw err;
    return `${err.status} ${err.message}`;
  }
}
const refused = (message: string) => `401 ${message}`;

describe('verifyDeviceProof', () => {
  test('a right proof is accepted (an empty body is sha256 of the empty string; a body is its bytes)', async () => {
    expect(await outcome(await proof())).toBe('accepted');
    const body = new TextEncoder().encode('{"a":1}');
    expect(await outcome(await proof({ payload: { bh: sha256Base64url(body) } }), { body })).toBe('accepted');
    // The server's URL is compared on scheme, host and path, normalised.
    expect(await outcome(await proof({ payload: { htu: 'HTTPS://Secure.Example:443/wallet/open' } }), { url: `${URL_}?x=1` })).toBe('accepted');
  });

  test('not a compact JWS', async () => {
    expect(await outcome('not-a-proof')).toBe(refused(PROOF_MESSAGES.malformed));
  });

  test('typ must be dpop+jwt', async () => {
    for (const typ of ['JWT', 'portico-embedded+jwt', undefined]) expect(await outcome(await proof({ header: { typ } }))).toBe(refused(PROOF_MESSAGES.typ));
  });

  test('alg must be ES256 (alg none, HS256 with the x coordinate as a secret)', async () => {
    const none = `${Buffer.from(JSON.stringify({ typ: 'dpop+jwt', alg: 'none', jwk: deviceJwk })).toString('base64url')}.${Buffer.from('{}').toString('base64url')}.`;
    expect(await outcome(none)).toBe(refused(PROOF_MESSAGES.alg));
    const hs = await new SignJWT({}).setProtectedHeader({ typ: 'dpop+jwt', alg: 'HS256', jwk: deviceJwk } as { alg: string }).sign(new TextEncoder().encode(deviceJwk.x!));
    expect(await outcome(hs)).toBe(refused(PROOF_MESSAGES.alg));
  });

  test('jwk must be a public EC P-256 key: a private d, another curve, missing, extra members refused', async () => {
    const full = await exportJWK(device.privateKey);
    const other384 = await exportJWK((await generateKeyPair('ES384', { extractable: true })).publicKey);
    for (const jwk of [full, other384, undefined, { ...deviceJwk, kid: 'k' }, { ...deviceJwk, x: 'short' }]) {
      expect(await outcome(await proof({ header: { jwk } }))).toBe(refused(PROOF_MESSAGES.jwk));
    }
  });

  test('signed by another key than its jwk: refused; an off-curve jwk: refused', async () => {
    const other = await generateKeyPair('ES256');
    expect(await outcome(await proof({ key: other.privateKey }))).toBe(refused(PROOF_MESSAGES.signature));
    const p = await proof();
    const [h, b, s] = p.split('.');
    const flipped = `${h}.${b}.${s!.slice(0, 10)}${s![10] === 'A' ? 'B' : 'A'}${s!.slice(11)}`;
    expect(await outcome(flipped)).toBe(refused(PROOF_MESSAGES.signature));
    expect(await outcome(await proof({ header: { jwk: { ...deviceJwk, x: 'A'.repeat(43) } } }))).toBe(refused(PROOF_MESSAGES.signature));
  });

  test('another key, with its own jwk and a good signature: not the session\'s key (jkt)', async () => {
    const other = await generateKeyPair('ES256', { extractable: true });
    const { kty, crv, x, y } = await exportJWK(other.publicKey);
    expect(await outcome(await proof({ key: other.privateKey, header: { jwk: { kty, crv, x, y } } }))).toBe(refused(PROOF_MESSAGES.jkt));
  });

  test('the payload must have every claim, of its type', async () => {
    for (const claim of ['htm', 'htu', 'iat', 'jti', 'ath', 'bh']) {
      expect(await outcome(await proof({ payload: { [claim]: undefined } }))).toBe(refused(PROOF_MESSAGES.claims));
    }
    expect(await outcome(await proof({ payload: { iat: String(NOW / 1000) } }))).toBe(refused(PROOF_MESSAGES.claims));
  });

  test('htm must be the method', async () => {
    expect(await outcome(await proof({ payload: { htm: 'GET' } }))).toBe(refused(PROOF_MESSAGES.htm));
    expect(await outcome(await proof({ payload: { htm: 'post' } }))).toBe(refused(PROOF_MESSAGES.htm));
  });

  test('htu must be this URL: another path, host, scheme or port, a query or fragment, not a URL', async () => {
    for (const htu of [
      'https://secure.example/wallet/other',
      'https://evil.example/wallet/open',
      'http://secure.example/wallet/open',
      'https://secure.example:8443/wallet/open',
      `${URL_}?x=1`,
      `${URL_}#f`,
      '/wallet/open',
    ]) {
      expect(await outcome(await proof({ payload: { htu } }))).toBe(refused(PROOF_MESSAGES.htu));
    }
  });

  test('iat within 60 s of now, either way: 60 s accepted, 61 s refused', async () => {
    expect(await outcome(await proof({ payload: { iat: NOW / 1000 - 60 } }))).toBe('accepted');
    expect(await outcome(await proof({ payload: { iat: NOW / 1000 + 60 } }))).toBe('accepted');
    expect(await outcome(await proof({ payload: { iat: NOW / 1000 - 61 } }))).toBe(refused(PROOF_MESSAGES.iat));
    expect(await outcome(await proof({ payload: { iat: NOW / 1000 + 61 } }))).toBe(refused(PROOF_MESSAGES.iat));
  });

  test('jti of 16 to 64 characters: 16 and 64 accepted, 15 and 65 refused', async () => {
    expect(await outcome(await proof({ payload: { jti: 'a'.repeat(16) } }))).toBe('accepted');
    expect(await outcome(await proof({ payload: { jti: 'b'.repeat(64) } }))).toBe('accepted');
    expect(await outcome(await proof({ payload: { jti: 'c'.repeat(15) } }))).toBe(refused(PROOF_MESSAGES.jti));
    expect(await outcome(await proof({ payload: { jti: 'd'.repeat(65) } }))).toBe(refused(PROOF_MESSAGES.jti));
  });

  test('ath must be the hash of this access token', async () => {
    expect(await outcome(await proof(), { accessToken: `${TOKEN}x` })).toBe(refused(PROOF_MESSAGES.ath));
    expect(await outcome(await proof({ payload: { ath: TOKEN } }))).toBe(refused(PROOF_MESSAGES.ath));
  });

  test('bh must be the hash of these body bytes', async () => {
    expect(await outcome(await proof(), { body: new TextEncoder().encode('{}') })).toBe(refused(PROOF_MESSAGES.bh));
    expect(await outcome(await proof({ payload: { bh: sha256Base64url('{}') } }))).toBe(refused(PROOF_MESSAGES.bh));
  });

  test('a replayed proof is refused; a refused proof takes no place in the cache', async () => {
    const seen = new ReplayCache();
    const p = await proof();
    expect(await outcome(p, { seen })).toBe('accepted');
    expect(await outcome(p, { seen, now: NOW + 1000 })).toBe(refused(PROOF_MESSAGES.replayed));
    const jti = freshJti();
    expect(await outcome(await proof({ payload: { jti, htm: 'GET' } }), { seen })).toBe(refused(PROOF_MESSAGES.htm));
    expect(seen.size).toBe(1);
    expect(await outcome(await proof({ payload: { jti } }), { seen })).toBe('accepted');
  });
});

describe('ReplayCache', () => {
  test(`a jti is remembered for ${REPLAY_WINDOW_MS / 1000} s, then forgotten`, () => {
    const cache = new ReplayCache();
    cache.claim('j', NOW);
    expect(() => cache.claim('j', NOW + REPLAY_WINDOW_MS - 1)).toThrow(PROOF_MESSAGES.replayed);
    expect(cache.size).toBe(1);
    cache.claim('j', NOW + REPLAY_WINDOW_MS);
    expect(cache.size).toBe(1);
  });

  test(`full with ${REPLAY_CACHE_MAX} live entries: 429, nothing forgotten early; room again once the oldest expire`, () => {
    const cache = new ReplayCache();
    for (let i = 0; i < REPLAY_CACHE_MAX; i++) cache.claim(`j${i}`, NOW + (i < 10 ? 0 : 1000));
    expect(cache.size).toBe(REPLAY_CACHE_MAX);
    let busy: unknown;
    try {
      cache.claim('one-more', NOW + 1000);
    } catch (err) {
      busy = err;
    }
    expect(busy).toBeInstanceOf(DeviceProofError);
    expect((busy as DeviceProofError).status).toBe(429);
    expect((busy as DeviceProofError).message).toBe(PROOF_MESSAGES.busy);
    // Every entry is still there: the first is still refused as a replay.
    expect(() => cache.claim('j0', NOW + 1000)).toThrow(PROOF_MESSAGES.replayed);
    // The ten oldest expire: room for ten.
    for (let i = 0; i < 10; i++) cache.claim(`later${i}`, NOW + REPLAY_WINDOW_MS);
    expect(() => cache.claim('later10', NOW + REPLAY_WINDOW_MS)).toThrow(PROOF_MESSAGES.busy);
  });
});
