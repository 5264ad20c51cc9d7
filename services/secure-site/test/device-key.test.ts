/**
 * The page's device key (src/page/device-key.ts, issue 28) in node 20's WebCrypto: made once and kept in the
 * store, private half not extractable, its public JWK exactly { kty, crv, x, y }, and its proofs verify with
 * the server's verifier (src/device-proof.ts).
 */
import { describe, expect, test } from '@rstest/core';
import { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader } from 'jose';
import { ReplayCache, verifyDeviceProof } from '../src/device-proof';
import { deviceProof, loadDeviceKey, publicJwk, type DeviceKeyStore } from '../src/page/device-key';

/** The tests' store: what IndexedDB keeps in the browser, in memory (a CryptoKey needs no serialising here). */
function memoryKeyStore(): DeviceKeyStore & { puts: number } {
  let kept: CryptoKeyPair | undefined;
  return {
    puts: 0,
    async get() {
      return kept;
    },
    async put(keyPair) {
      this.puts++;
      kept = keyPair;
    },
  };
}

const URL_ = 'https://secure.example/wallet/open';
const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';

describe('device key', () => {
  test('made on first load and stored; later loads return the same pair', async () => {
    const store = memoryKeyStore();
    const first = await loadDeviceKey(store);
    expect(store.puts).toBe(1);
    expect(await loadDeviceKey(store)).toBe(first);
    expect(store.puts).toBe(1);
    expect(first.privateKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' });
  });

  test('the private key is not extractable', async () => {
    const { privateKey } = await loadDeviceKey(memoryKeyStore());
    expect(privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('jwk', privateKey)).rejects.toThrow();
    await expect(crypto.subtle.exportKey('pkcs8', privateKey)).rejects.toThrow();
  });

  test('publicJwk is exactly { kty, crv, x, y }', async () => {
    const jwk = await publicJwk(await loadDeviceKey(memoryKeyStore()));
    expect(Object.keys(jwk).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', x: expect.stringMatching(/^[\w-]{43}$/), y: expect.stringMatching(/^[\w-]{43}$/) });
  });

  test("a proof made here verifies with the server's verifier; each has a fresh jti and no query in htu", async () => {
    const keyPair = await loadDeviceKey(memoryKeyStore());
    const jkt = await calculateJwkThumbprint(await publicJwk(keyPair), 'sha256');
    const seen = new ReplayCache();
    const proof = await deviceProof(keyPair, { method: 'POST', url: `${URL_}?ignored=1#too`, accessToken: TOKEN });
    expect(decodeProtectedHeader(proof)).toEqual({ typ: 'dpop+jwt', alg: 'ES256', jwk: await publicJwk(keyPair) });
    expect(decodeJwt(proof).htu).toBe(URL_);
    await verifyDeviceProof({ proof, method: 'POST', url: URL_, body: new Uint8Array(), accessToken: TOKEN, jkt, now: Date.now(), seen });

    const body = '{"hello":"world"}';
    const withBody = await deviceProof(keyPair, { method: 'PUT', url: URL_, accessToken: TOKEN, body });
    expect(decodeJwt(withBody).jti).not.toBe(decodeJwt(proof).jti);
    await verifyDeviceProof({ proof: withBody, method: 'PUT', url: URL_, body: new TextEncoder().encode(body), accessToken: TOKEN, jkt, now: Date.now(), seen });
    expect(seen.size).toBe(2);
  });
});
