/**
 * Bitcoin sign-in over HTTP on the real server (issue 32): the Sign-In With Solana shape with "Bitcoin account",
 * signed BIP-322 (simple) by a P2WPKH key made here with Node's crypto, verified by the API (bip322.ts). The
 * verifier is held to BIP-322's own test vectors and to signatures bip322-js made; refusals as on the other
 * namespaces, and an attacker's signature over another domain or nonce.
 */
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { NONCE_UNUSABLE } from '../src/routes/sessions';
import { decodeSegwitAddress, signedByBitcoinAddress, toSignPreimage, UNSUPPORTED_BITCOIN_ADDRESS } from '../src/sessions/bip322';
import { INVALID_SIGNATURE, MESSAGE_EXPIRED } from '../src/sessions/message';
import { formatSiws, type SiwsFields } from '../src/sessions/siws';
import type { RunningApi } from '../src/server';
import { getJson, PROJECT, start } from './helpers';

const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba';
const PAGE = 'http://127.0.0.1:3000';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

/** bech32 (BIP-173) of a version-0 witness program: the address a P2WPKH key pays to. */
function segwitV0Address(hrp: string, program: Buffer): string {
  const alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  const words = [0];
  let accumulator = 0;
  let bits = 0;
  for (const byte of program) {
    accumulator = (accumulator << 8) | byte;
    bits += 8;
    while (bits >= 5) words.push((accumulator >> (bits -= 5)) & 31);
  }
  if (bits) words.push((accumulator << (5 - bits)) & 31);
  const polymod = (values: number[]) => {
    let checksum = 1;
    for (const value of values) {
      const top = checksum >>> 25;
      checksum = ((checksum & 0x1ffffff) << 5) ^ value;
      [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3].forEach((g, bit) => (checksum ^= (top >>> bit) & 1 ? g : 0));
    }
    return checksum;
  };
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31), ...words, 0, 0, 0, 0, 0, 0];
  const checksum = polymod(expanded) ^ 1;
  const tail = [0, 1, 2, 3, 4, 5].map((i) => (checksum >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...tail].map((w) => alphabet[w]).join('')}`;
}

/** A secp256k1 key, its compressed public key and its testnet P2WPKH address. */
function bitcoinKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  const xBytes = Buffer.from(x!, 'base64url');
  const compressed = Buffer.concat([Buffer.from([Buffer.from(y!, 'base64url').at(-1)! & 1 ? 3 : 2]), xBytes]);
  const program = createHash('ripemd160').update(sha256(compressed)).digest();
  return { address: segwitV0Address('tb', program), program, compressed, privateKey };
}
type BitcoinKey = ReturnType<typeof bitcoinKey>;

/** A BIP-322 simple signature: the witness [DER signature ‖ SIGHASH_ALL, public key], base64. */
function bip322Sign(key: BitcoinKey, message: string, program = key.program): string {
  const der = sign('sha256', sha256(toSignPreimage(program, message)), key.privateKey as KeyObject);
  const signature = Buffer.concat([der, Buffer.from([0x01])]);
  return Buffer.concat([Buffer.from([2, signature.length]), signature, Buffer.from([key.compressed.length]), key.compressed]).toString('base64');
}

const alice = bitcoinKey();
const mallory = bitcoinKey();

let api: RunningApi;
beforeAll(async () => {
  // No bitcoin chain to configure: a signature needs no node.
  api = await start({ development: true, indexer: { enabled: false } });
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

async function signIn(key = alice, fields: Partial<SiwsFields> = {}) {
  const issuedAt = new Date();
  const message = formatSiws({
    account: 'Bitcoin',
    domain: new URL(PAGE).host,
    address: key.address,
    statement: 'Sign in to the Portico demo',
    uri: PAGE,
    version: '1',
    chainId: TESTNET,
    nonce: fields.nonce ?? (await nonce()),
    issuedAt: issuedAt.toISOString(),
    expirationTime: new Date(issuedAt.getTime() + 10 * 60_000).toISOString(),
    ...fields,
  });
  return { message, signature: bip322Sign(key, message) };
}

describe('BIP-322 (simple) verification', () => {
  test("BIP-322's test vectors and bip322-js's signatures verify; the same signature over another message does not", () => {
    const vectors = [
      // BIP-322's own (bitcoin mainnet).
      ['bc', 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', '', 'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='],
      ['bc', 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', 'Hello World', 'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='],
      // Made with bip322-js 3.0.0 (e2e's bitcoin test wallet signs with it).
      ['bc', 'bc1q6nefgde4d7pfdvzfsm7e65slnc2ul7j2d6y55t', 'Hello World', 'AkgwRQIhAKlbjRIc+8hUao2RPEiOZ1XTRZ2BWziKNISpCPfVdAnzAiAfgZyEvd5Xv+zCx6jmeQ33RyzgszrYVzEciPkT26MHxgEhAm/swm+ZUfFTqmmM2vp3Re9nRNpimEGznKiyo0g61R7l'],
    ] as const;
    for (const [hrp, address, message, signature] of vectors) {
      expect(signedByBitcoinAddress(address, hrp, message, signature), `${address} "${message}"`).toBe(true);
      expect(signedByBitcoinAddress(address, hrp, `${message}!`, signature)).toBe(false);
    }
    // Another network's address, a taproot one: refused, not guessed.
    expect(() => signedByBitcoinAddress(vectors[0][1], 'tb', '', vectors[0][3])).toThrow(UNSUPPORTED_BITCOIN_ADDRESS);
    expect(() => signedByBitcoinAddress('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', 'bc', '', vectors[0][3])).toThrow(UNSUPPORTED_BITCOIN_ADDRESS);
    expect(decodeSegwitAddress('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', 'bc')?.version).toBe(1);
    expect(decodeSegwitAddress('bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0m', 'bc')).toBeUndefined();
  });
});

describe('Bitcoin sign-in', () => {
  test('a signed message makes a session; the list (Bearer) shows it under the address', async () => {
    const signed = await signIn();
    const { status, body } = await post('/v1/sessions', signed);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.session).toMatchObject({
      account: `${TESTNET}:${alice.address}`,
      message: signed.message,
      signature: signed.signature,
      data: { accountAddress: alice.address, chainId: TESTNET, domain: '127.0.0.1:3000', uri: PAGE, version: '1' },
    });
    const listed = await getJson(url(`/v1/sessions/${alice.address}?chainId=${TESTNET}`), { headers: { authorization: `Bearer ${body.token}` } });
    expect(listed.status).toBe(200);
    expect(listed.body.sessions.map((s: { id: string }) => s.id)).toContain(body.session.id);
    expect(await post('/v1/sessions', signed)).toMatchObject({ status: 401, body: { error: NONCE_UNUSABLE } });
  });

  test('refused: another key, another page, expired, an unknown network, a taproot address', async () => {
    const signed = await signIn();
    expect(await post('/v1/sessions', { ...signed, signature: bip322Sign(mallory, signed.message, alice.program) })).toMatchObject({ status: 401, body: { error: INVALID_SIGNATURE } });
    expect(await post('/v1/sessions', signed, 'http://localhost:3000')).toMatchObject({ status: 403 });
    const past = new Date(Date.now() - 3600_000);
    expect(await post('/v1/sessions', await signIn(alice, { issuedAt: past.toISOString(), expirationTime: new Date(past.getTime() + 60_000).toISOString() }))).toMatchObject({
      status: 401,
      body: { error: MESSAGE_EXPIRED },
    });
    expect(await post('/v1/sessions', await signIn(alice, { chainId: 'bip122:00000000000000000000000000000000' }))).toMatchObject({
      status: 400,
      body: { error: 'message: chain bip122:00000000000000000000000000000000 is not supported' },
    });
    const taproot = { ...alice, address: 'tb1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqp3mvzv' };
    expect(await post('/v1/sessions', await signIn(taproot))).toMatchObject({ status: 400 });
    expect((await post('/v1/sessions', signed)).status).toBe(201);
  });

  test('attacker: her signature moved onto a text with another domain or another nonce does not sign in', async () => {
    const target = await signIn();
    const elsewhere = target.message.replace('127.0.0.1:3000 wants', 'localhost:3000 wants').replace(`URI: ${PAGE}`, 'URI: http://localhost:3000');
    expect(await post('/v1/sessions', { message: elsewhere, signature: target.signature }, 'http://localhost:3000')).toMatchObject({ status: 401, body: { error: INVALID_SIGNATURE } });
    const fresh = await nonce();
    const otherNonce = target.message.replace(/Nonce: \w+/, `Nonce: ${fresh}`);
    expect(await post('/v1/sessions', { message: otherNonce, signature: target.signature })).toMatchObject({ status: 401, body: { error: INVALID_SIGNATURE } });
  });
});
