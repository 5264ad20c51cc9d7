/**
 * The secure site's server over HTTP against the API double (test/api-double.ts): /wallet/account and /wallet/sign
 * (issue 28: the key never leaves the server; no reply carries one), /wallet/export (the key only for a fresh mailed
 * code, from the session's device; refused codes and copied tokens reveal nothing): their origin, token, device proof (the attacker
 * with a copied token, another key's proof, a replayed proof, a proof for the other route or another body), body and
 * rate checks, the first call making and storing exactly one wallet (with its key's proof for the API), signatures of messages, typed data (bigints
 * through JSON) and transactions made with the page's own remote account, the pages' CSPs (the wallet page
 * and the social callback), the smart-account settings (bundler URL and chains in the CSP and the page's config), limits.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { parseTransaction, recoverMessageAddress, recoverTransactionAddress, recoverTypedDataAddress, type Address, type Hex, type TransactionSerializable } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { calculateJwkThumbprint, decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { PROOF_MESSAGES } from '../src/device-proof';
import { deviceProof, loadDeviceKey, publicJwk } from '../src/page/device-key';
import {
  CROSS_ORIGIN_REFUSED,
  DEVICE_BOUND_REQUIRED,
  MAX_BODY_BYTES,
  MAX_SIGN_BODY_BYTES,
  PAGE_NOT_BUILT,
  PROOF_REQUIRED,
  startSecureSite,
  type RunningSecureSite,
} from '../src/server';
import { PAGE_CONFIG_META, readPageConfig } from '../src/page/config';
import { remoteAccount } from '../src/page/remote-account';
import { NO_WALLET, walletProofMessage } from '../src/vault';
import { open, operatorKeyId, SEALED_UNREADABLE } from '../src/sealing';
import { ALLOWED, EXPORT_MESSAGES, PROJECT, startApiDouble, type ApiDouble } from './api-double';

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
  site = await startSecureSite({ port: 0, apiUrl: api.url, key: operatorKey.toString('hex'), distDir, openLimit: { points: 100, durationS: 60 }, exportLimit: { points: 100, durationS: 60 } });
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

/** Every wallet reply's text, checked as it is read: no key ever leaves the server (issue 28). */
async function replyOf(res: Response): Promise<{ status: number; body: any }> {
  const text = await res.text();
  expect(text).not.toMatch(/0x[0-9a-fA-F]{64}"/);
  expect(text).not.toMatch(/privateKey/i);
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** The page's proof for a call of `path` (at `siteUrl`) with `session` and exactly `body`. */
const proofFor = (session: Session, path: WalletPath, body = '', siteUrl = site.url) =>
  deviceProof(session.keyPair, { method: 'POST', url: `${siteUrl}${path}`, accessToken: session.token, body });

type WalletPath = '/wallet/account' | '/wallet/sign' | '/wallet/export';
interface CallOptions {
  origin?: string | null;
  body?: string;
  /** Added to (or replacing) the page's headers; without a session, the only ones. */
  headers?: Record<string, string>;
  siteUrl?: string;
}

/** POST `path` as the page does (`Authorization: DPoP <token>`, a fresh proof over exactly the body). */
async function call(path: WalletPath, session: Session | undefined, options: CallOptions = {}) {
  const { origin = options.siteUrl ?? site.url, body, siteUrl = site.url } = options;
  const auth = session && { Authorization: `DPoP ${session.token}`, DPoP: await proofFor(session, path, body ?? '', siteUrl) };
  return fetch(`${siteUrl}${path}`, {
    method: 'POST',
    headers: { ...(origin !== null && { Origin: origin }), ...auth, ...(body !== undefined && { 'content-type': 'application/json' }), ...options.headers },
    ...(body !== undefined && { body }),
  });
}

const accountOf = async (session: Session): Promise<Address> => {
  const { status, body } = await replyOf(await call('/wallet/account', session));
  expect(status).toBe(200);
  return body.address;
};

/** The page's own remote account (src/page/remote-account.ts) over this server, for `session`. */
const remoteOf = async (session: Session) =>
  remoteAccount(await accountOf(session), async (body) => {
    const { status, body: reply } = await replyOf(await call('/wallet/sign', session, { body }));
    if (status !== 200) throw new Error(`${status} ${reply.error}`);
    return reply;
  });

const messageBody = (raw: string) => JSON.stringify({ kind: 'message', message: { raw } });

describe('/wallet/account', () => {
  test('first call makes and stores exactly one sealed wallet; later calls (any session of the user) answer its address only', async () => {
    const res = await call('/wallet/account', await signIn('user-first'));
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { status, body } = await replyOf(res);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['address']);
    const stored = api.wallets.get('user-first')!;
    expect(stored.address).toBe(body.address);
    // The API holds only the sealed form, which opens with the operator key for this user only.
    const key = `0x${open(operatorKey, stored.sealed, 'user-first').toString('hex')}` as const;
    expect(privateKeyToAccount(key).address).toBe(body.address);
    expect(stored.sealed).not.toContain(key.slice(2));
    expect(await accountOf(await signIn('user-first'))).toBe(body.address);
    expect(api.calls.filter((c) => c === 'PUT /v1/auth/wallet')).toHaveLength(1);
  });

  test('the wallet is stored with its key\'s proof: a signature of the user id and the address (the API stores no address without it)', async () => {
    const address = await accountOf(await signIn('user-proof'));
    const message = walletProofMessage('user-proof', address);
    expect(message).toBe(`Portico embedded wallet\nuser: user-proof\naddress: ${address}`);
    expect(await recoverMessageAddress({ message, signature: api.walletProofs.get('user-proof')! })).toBe(address);
  });

  test('two first calls at once: one wallet, both get it', async () => {
    const session = await signIn('user-race');
    const [a, b] = await Promise.all([accountOf(session), accountOf(session)]);
    expect(a).toBe(b);
  });

  test('cross-origin or no Origin → 403; no token → 401', async () => {
    const session = await signIn('user-x');
    for (const path of ['/wallet/account', '/wallet/sign'] as const) {
      for (const origin of ['https://shop.example', 'http://127.0.0.1:1', null]) {
        const res = await replyOf(await call(path, session, { origin, body: path === '/wallet/sign' ? messageBody('0x00') : undefined }));
        expect(res).toEqual({ status: 403, body: { error: CROSS_ORIGIN_REFUSED } });
      }
      expect(await replyOf(await call(path, undefined))).toEqual({ status: 401, body: { error: DEVICE_BOUND_REQUIRED } });
    }
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
      expect(await replyOf(await call('/wallet/account', { keyPair, token }))).toEqual({ status: 401, body: { error: 'Session Expired' } });
      expect(await replyOf(await call('/wallet/sign', { keyPair, token }, { body: messageBody('0x00') }))).toEqual({ status: 401, body: { error: 'Session Expired' } });
    }
    const session = await signIn('user-y');
    api.revoke(decodeJwt(session.token).jti!);
    expect((await replyOf(await call('/wallet/account', session))).body).toEqual({ error: 'Session Expired' });
    expect((await replyOf(await call('/wallet/sign', session, { body: messageBody('0x00') }))).body).toEqual({ error: 'Session Expired' });
    expect(api.wallets.has('user-y')).toBe(false);
  });

  test('a blob that does not open for this user → 502: no address, no signature', async () => {
    await accountOf(await signIn('user-victim'));
    // The API's row of another user holding the victim's blob (a database swap): the AAD refuses it.
    api.wallets.set('user-mallory', api.wallets.get('user-victim')!);
    const mallory = await signIn('user-mallory');
    const refused = { status: 502, body: { error: 'The embedded wallet could not be opened' } };
    expect(await replyOf(await call('/wallet/account', mallory))).toEqual(refused);
    expect(await replyOf(await call('/wallet/sign', mallory, { body: messageBody('0x00') }))).toEqual(refused);
  });

  test(`body limit: ${MAX_BODY_BYTES} bytes → 413`, async () => {
    const res = await call('/wallet/account', await signIn('user-body'), { body: 'x'.repeat(MAX_BODY_BYTES + 1) });
    expect(res.status).toBe(413);
  });
});

describe('/wallet/sign', () => {
  test('a personal message of the given bytes: { signature } of the account, no-store', async () => {
    const session = await signIn('user-sign');
    const address = await accountOf(session);
    const res = await call('/wallet/sign', session, { body: messageBody('0x68656c6c6f') });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { status, body } = await replyOf(res);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['signature']);
    expect(await recoverMessageAddress({ message: { raw: '0x68656c6c6f' }, signature: body.signature })).toBe(address);
    // The page's account: a string is signed as its UTF-8 bytes, bytes as themselves.
    const account = await remoteOf(session);
    expect(await recoverMessageAddress({ message: 'héllo', signature: await account.signMessage({ message: 'héllo' }) })).toBe(address);
    const bytes = new Uint8Array([0, 1, 255]);
    expect(await recoverMessageAddress({ message: { raw: bytes }, signature: await account.signMessage({ message: { raw: bytes } }) })).toBe(address);
  });

  test('typed data: bigints (uint256 beyond 2^53, in arrays and nested structs, the domain chainId) survive JSON both ways', async () => {
    const session = await signIn('user-typed');
    const account = await remoteOf(session);
    const typedData = {
      domain: { name: 'Portico', version: '1', chainId: 31337n, verifyingContract: '0x00000000000000000000000000000000000000aa' as Address },
      types: {
        Amount: [{ name: 'value', type: 'uint256' }, { name: 'delta', type: 'int64' }],
        Order: [
          { name: 'owner', type: 'address' },
          { name: 'amount', type: 'Amount' },
          { name: 'ids', type: 'uint256[]' },
          { name: 'note', type: 'string' },
        ],
      },
      primaryType: 'Order' as const,
      message: {
        owner: account.address,
        amount: { value: 2n ** 255n + 12345n, delta: -7n },
        ids: [1n, 2n ** 64n],
        note: 'hi',
      },
    };
    const signature = await account.signTypedData(typedData);
    expect(await recoverTypedDataAddress({ ...typedData, signature })).toBe(account.address);
    // No domain at all: signed as viem signs it locally (an empty EIP712Domain).
    const bare = { types: { Mail: [{ name: 'n', type: 'uint256' }] }, primaryType: 'Mail' as const, message: { n: 9007199254740993n } };
    expect(await recoverTypedDataAddress({ ...bare, signature: await account.signTypedData(bare) })).toBe(account.address);
  });

  test('transactions, legacy and EIP-1559 (and a contract creation): { serializedTransaction } signed by the account', async () => {
    const session = await signIn('user-tx');
    const account = await remoteOf(session);
    const base = { chainId: 31337, nonce: 7, gas: 21_000n, to: '0x00000000000000000000000000000000000000bb' as Address, value: 10n ** 18n, data: '0xabcd' as Hex };
    const transactions: TransactionSerializable[] = [
      { ...base, type: 'legacy', gasPrice: 2_000_000_000n },
      { ...base, type: 'eip1559', maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n },
      { ...base, to: null, data: '0x6000', type: 'eip1559', maxFeePerGas: 1n, maxPriorityFeePerGas: 1n },
    ];
    for (const transaction of transactions) {
      const serialized = await account.signTransaction(transaction);
      expect(await recoverTransactionAddress({ serializedTransaction: serialized as never })).toBe(account.address);
      // A contract creation has no `to` once parsed.
      const { to, ...fields } = transaction;
      expect(parseTransaction(serialized)).toMatchObject(to === null ? fields : transaction);
    }
  });

  test('no wallet yet → 409: signing never makes one (a page whose wallet row is gone must not sign with a new key)', async () => {
    const session = await signIn('user-unopened');
    expect(await replyOf(await call('/wallet/sign', session, { body: messageBody('0x01') }))).toEqual({ status: 409, body: { error: NO_WALLET } });
    expect(api.wallets.has('user-unopened')).toBe(false);
  });

  test('a body that is not a request to sign → 400 naming it, before any key is opened', async () => {
    const session = await signIn('user-bad-body');
    const tx = { type: 'legacy', chainId: '0x7a69', nonce: '0x0', gas: '0x5208', to: null, value: '0x0', data: '0x', gasPrice: '0x1' };
    const cases: [string, RegExp][] = [
      ['{not json', /^body: must be JSON$/],
      [JSON.stringify({ kind: 'hash', hash: '0x00' }), /^body: kind: /],
      [messageBody('hello'), /^body: message\.raw: must be 0x-prefixed hex bytes$/],
      [JSON.stringify({ kind: 'message', message: { raw: '0x00' }, extra: 1 }), /^body: /],
      [JSON.stringify({ kind: 'typedData', typedData: { types: { M: [{ name: 'n', type: 'uint8' }] }, primaryType: 'M', message: { n: '300' } } }), /^body: typedData: /],
      [JSON.stringify({ kind: 'typedData', typedData: { types: { M: [{ name: 'n', type: 'uint256' }] }, primaryType: 'M', message: { n: '1.5' } } }), /^body: typedData: "1\.5" is not an integer$/],
      [JSON.stringify({ kind: 'typedData', typedData: { types: {}, primaryType: 'Missing', message: {} } }), /^body: typedData: /],
      [JSON.stringify({ kind: 'transaction', transaction: { ...tx, chainId: undefined } }), /^body: transaction\.chainId: /],
      [JSON.stringify({ kind: 'transaction', transaction: { ...tx, gasPrice: 1 } }), /^body: transaction\.gasPrice: /],
      [JSON.stringify({ kind: 'transaction', transaction: { ...tx, type: 'eip4844' } }), /^body: transaction\.type: /],
      [JSON.stringify({ kind: 'transaction', transaction: { ...tx, from: '0x00000000000000000000000000000000000000bb' } }), /^body: transaction: /],
      [JSON.stringify({ kind: 'transaction', transaction: { ...tx, type: 'eip1559', gasPrice: undefined, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' } }), /^body: transaction: /],
    ];
    for (const [body, error] of cases) {
      const reply = await replyOf(await call('/wallet/sign', session, { body }));
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(error);
    }
    expect(api.wallets.has('user-bad-body')).toBe(false);
  });

  test(`body limit: ${MAX_SIGN_BODY_BYTES} bytes (the frame protocol's 256 KiB of params fit) → 413 beyond`, async () => {
    const session = await signIn('user-big');
    const address = await accountOf(session);
    const raw = `0x${'ab'.repeat(128 * 1024)}` as Hex;
    const { status, body } = await replyOf(await call('/wallet/sign', session, { body: messageBody(raw) }));
    expect(status).toBe(200);
    expect(await recoverMessageAddress({ message: { raw }, signature: body.signature })).toBe(address);
    const over = await call('/wallet/sign', session, { body: messageBody(`0x${'ab'.repeat(MAX_SIGN_BODY_BYTES / 2)}`) });
    expect(over.status).toBe(413);
    expect(over.headers.get('connection')).toBe('close');
    expect(await over.json()).toEqual({ error: `body: must be at most ${MAX_SIGN_BODY_BYTES} bytes` });
  });
});

describe("the wallet routes: only with the session's device (issue 28)", () => {
  const refusedWith = async (res: Response, error: string) => expect(await replyOf(res)).toEqual({ status: 401, body: { error } });
  const paths = ['/wallet/account', '/wallet/sign'] as const;
  const bodyOf = (path: WalletPath) => (path === '/wallet/sign' ? messageBody('0x01') : '');

  test("the page's own proof; a new proof each call", async () => {
    const session = await signIn('user-device');
    for (const path of paths) {
      expect((await call(path, session, { body: bodyOf(path) })).status).toBe(200);
      expect((await call(path, session, { body: bodyOf(path) })).status).toBe(200);
    }
  });

  test('a copied token alone: as Bearer, or as DPoP without a proof → 401, no wallet', async () => {
    const { token } = await signIn('user-copied');
    for (const path of paths) {
      await refusedWith(await call(path, undefined, { body: bodyOf(path), headers: { Authorization: `Bearer ${token}` } }), DEVICE_BOUND_REQUIRED);
      await refusedWith(await call(path, undefined, { body: bodyOf(path), headers: { Authorization: `DPoP ${token}` } }), PROOF_REQUIRED);
    }
    expect(api.wallets.has('user-copied')).toBe(false);
  });

  test("a copied token with a proof from another key → 401 (not the session's key), no wallet", async () => {
    const victim = await signIn('user-stolen');
    const attacker = await newDeviceKey();
    for (const path of paths) {
      await refusedWith(await call(path, { keyPair: attacker, token: victim.token }, { body: bodyOf(path) }), PROOF_MESSAGES.jkt);
      // The attacker's key with the victim's jwk in the header: the signature does not verify.
      const forged = await new SignJWT({ htm: 'POST', htu: `${site.url}${path}`, jti: `forged-jti-${path.length}-0123456789`, ath: 'x', bh: 'x' })
        .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk: { ...(await publicJwk(victim.keyPair)) } })
        .setIssuedAt()
        .sign(attacker.privateKey);
      await refusedWith(await call(path, undefined, { body: bodyOf(path), headers: { Authorization: `DPoP ${victim.token}`, DPoP: forged } }), PROOF_MESSAGES.signature);
    }
    expect(api.wallets.has('user-stolen')).toBe(false);
  });

  test('a replayed proof → 401', async () => {
    const session = await signIn('user-replay');
    for (const path of paths) {
      const body = bodyOf(path);
      const headers = { Authorization: `DPoP ${session.token}`, DPoP: await proofFor(session, path, body) };
      expect((await call(path, undefined, { body, headers })).status).toBe(200);
      await refusedWith(await call(path, undefined, { body, headers }), PROOF_MESSAGES.replayed);
    }
  });

  test('a proof for the other route, another URL, another token or another body → 401', async () => {
    const session = await signIn('user-elsewhere');
    const withProof = (path: WalletPath, proof: string, body = bodyOf(path)) => call(path, undefined, { body, headers: { Authorization: `DPoP ${session.token}`, DPoP: proof } });
    // Another session of the same user and device: the proof names one token only.
    const other = await api.sign({ sub: 'user-elsewhere', jkt: (decodeJwt(session.token).cnf as { jkt: string }).jkt });
    for (const path of paths) {
      const body = bodyOf(path);
      const otherPath = path === '/wallet/sign' ? '/wallet/account' : '/wallet/sign';
      await refusedWith(await withProof(path, await proofFor(session, otherPath, body)), PROOF_MESSAGES.htu);
      await refusedWith(await withProof(path, await deviceProof(session.keyPair, { method: 'POST', url: `https://secure.example${path}`, accessToken: session.token, body })), PROOF_MESSAGES.htu);
      await refusedWith(await withProof(path, await deviceProof(session.keyPair, { method: 'POST', url: `${site.url}${path}`, accessToken: other, body })), PROOF_MESSAGES.ath);
    }
    await refusedWith(await withProof('/wallet/account', await proofFor(session, '/wallet/account'), '{"x":1}'), PROOF_MESSAGES.bh);
    // A proof for one request to sign does not sign another.
    await refusedWith(await withProof('/wallet/sign', await proofFor(session, '/wallet/sign', messageBody('0x01')), messageBody('0x02')), PROOF_MESSAGES.bh);
    expect(api.wallets.has('user-elsewhere')).toBe(false);
  });

  test('a session not bound to a device key (no cnf) → 401 even with a proof', async () => {
    const { keyPair } = await signIn('user-unbound');
    const token = await api.sign({ sub: 'user-unbound' });
    for (const path of paths) await refusedWith(await call(path, { keyPair, token }, { body: bodyOf(path) }), DEVICE_BOUND_REQUIRED);
  });

  test("the proof's htu is the site's public origin behind a proxy, not the listening URL", async () => {
    const proxied = await startSecureSite({ port: 0, apiUrl: api.url, key: operatorKey.toString('hex'), distDir, publicOrigin: 'https://wallet.example' });
    try {
      const session = await signIn('user-proxied');
      const at = (path: WalletPath, proofSite: string) =>
        proofFor(session, path, bodyOf(path), proofSite).then((proof) =>
          call(path, undefined, { siteUrl: proxied.url, origin: 'https://wallet.example', body: bodyOf(path), headers: { Authorization: `DPoP ${session.token}`, DPoP: proof } }),
        );
      for (const path of paths) {
        await refusedWith(await at(path, proxied.url), PROOF_MESSAGES.htu);
        expect((await at(path, 'https://wallet.example')).status).toBe(200);
      }
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
    // The dapp's icon (SYNC_DAPP_DATA): https, or on an embedding page's origin.
    expect(csp).toContain(`img-src 'self' data: https: ${ALLOWED.join(' ')}`);
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
    return readPageConfig(content);
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
  test('served under a strict CSP that is never framed and connects nowhere (it hands the code to the frame, not to a server); no config', async () => {
    const res = await fetch(`${site.url}/social/callback?state=${'s'.repeat(43)}&code=abc&iss=${encodeURIComponent('http://127.0.0.1:8790/google')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'none'; connect-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The code in the URL must not leave in a Referer.
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).not.toContain('<meta name="portico-secure-site"');
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

describe('/wallet/export (issue 28): the key, only with a fresh code mailed to the user, from the session\'s device', () => {
  /** The export screen asks the API for a code (the mail's, here read from the double). */
  const mailedCode = async (session: Session) => {
    const res = await fetch(`${api.url}/v1/auth/export/code?projectId=${PROJECT}`, { method: 'POST', headers: { Authorization: `Bearer ${session.token}` } });
    expect(res.status).toBe(200);
    return api.exportCodes.get(decodeJwt(session.token).sub!)!.code;
  };
  const exportBody = (code: string) => JSON.stringify({ code });
  /** An export reply's text: a refusal must carry no key, no address. */
  const refusal = async (res: Response) => {
    const text = await res.text();
    expect(text).not.toMatch(/0x[0-9a-fA-F]{40}/);
    return { status: res.status, body: JSON.parse(text) };
  };

  test("the right code from the session's device: { address, privateKey } of the account, no-store; the code is then used up", async () => {
    const session = await signIn('user-export');
    const address = await accountOf(session);
    const code = await mailedCode(session);
    const res = await call('/wallet/export', session, { body: exportBody(code) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['address', 'privateKey']);
    expect(body.address).toBe(address);
    expect(privateKeyToAccount(body.privateKey).address).toBe(address);
    expect(await refusal(await call('/wallet/export', session, { body: exportBody(code) }))).toEqual({ status: 403, body: { error: EXPORT_MESSAGES.noCode } });
  });

  test('a copied token without the device key → 401 even with the right code, which stays usable by its owner', async () => {
    const victim = await signIn('user-export-stolen');
    await accountOf(victim);
    const code = await mailedCode(victim);
    const body = exportBody(code);
    const attacker = await newDeviceKey();
    for (const [headers, error] of [
      [{ Authorization: `Bearer ${victim.token}` }, DEVICE_BOUND_REQUIRED],
      [{ Authorization: `DPoP ${victim.token}` }, PROOF_REQUIRED],
    ] as const) {
      expect(await refusal(await call('/wallet/export', undefined, { body, headers }))).toEqual({ status: 401, body: { error } });
    }
    expect(await refusal(await call('/wallet/export', { keyPair: attacker, token: victim.token }, { body }))).toEqual({ status: 401, body: { error: PROOF_MESSAGES.jkt } });
    // Nothing reached the API's check: the code was not used up.
    expect(api.exportCodes.get('user-export-stolen')).toMatchObject({ tries: 0, used: false });
    expect((await call('/wallet/export', victim, { body })).status).toBe(200);
  });

  test('a wrong, superseded or missing code → 403 in the API\'s words; a bad body → 400; no wallet → 409: nothing revealed', async () => {
    const session = await signIn('user-export-refused');
    expect(await refusal(await call('/wallet/export', session, { body: exportBody('123456') }))).toEqual({ status: 403, body: { error: EXPORT_MESSAGES.noCode } });
    await accountOf(session);
    const older = await mailedCode(session);
    const newer = await mailedCode(session);
    const wrong = newer === '000000' ? '111111' : '000000';
    expect(await refusal(await call('/wallet/export', session, { body: exportBody(wrong) }))).toEqual({ status: 403, body: { error: EXPORT_MESSAGES.invalid } });
    if (older !== newer) expect(await refusal(await call('/wallet/export', session, { body: exportBody(older) }))).toEqual({ status: 403, body: { error: EXPORT_MESSAGES.invalid } });
    for (const [body, error] of [
      ['', /^body: must be JSON$/],
      ['{}', /^body: code: /],
      [exportBody('12345'), /^body: code: must be 6 digits$/],
      [JSON.stringify({ code: newer, also: 'the key please' }), /^body: /],
    ] as const) {
      const reply = await refusal(await call('/wallet/export', session, { body }));
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(error);
    }
    const unopened = await signIn('user-export-unopened');
    const code = await mailedCode(unopened);
    expect(await refusal(await call('/wallet/export', unopened, { body: exportBody(code) }))).toEqual({ status: 409, body: { error: NO_WALLET } });
    expect(api.wallets.has('user-export-unopened')).toBe(false);
  });

  test('cross-origin → 403; an expired session → 401 Session Expired', async () => {
    const session = await signIn('user-export-origin');
    const code = await mailedCode(session);
    expect(await refusal(await call('/wallet/export', session, { origin: 'https://shop.example', body: exportBody(code) }))).toEqual({ status: 403, body: { error: CROSS_ORIGIN_REFUSED } });
    const expired = await signIn('user-export-origin', { expiresInS: -10 });
    expect(await refusal(await call('/wallet/export', expired, { body: exportBody(code) }))).toEqual({ status: 401, body: { error: 'Session Expired' } });
  });
});

describe('operator key rotation (PORTICO_SECURE_SITE_PREVIOUS_KEY, docs/operating.md)', () => {
  const newKey = randomBytes(32);
  /** A secure site restarted after `portico-admin secure-site-key rotate`: the new key, and the old one until `until`. */
  const rotatedSite = (until?: Date) =>
    startSecureSite({ port: 0, apiUrl: api.url, key: newKey.toString('hex'), distDir, ...(until && { previousKey: { key: operatorKey, until } }) });
  /** The address `session` gets from `siteUrl`, and a message it signs there, recovered: the key opened is the account's. */
  const signerAt = async (siteUrl: string, session: Session) => {
    const account = await replyOf(await call('/wallet/account', session, { siteUrl }));
    expect(account.status).toBe(200);
    const signed = await replyOf(await call('/wallet/sign', session, { siteUrl, body: messageBody('0x0102') }));
    expect(signed.status).toBe(200);
    return { address: account.body.address, signer: await recoverMessageAddress({ message: { raw: '0x0102' }, signature: signed.body.signature }) };
  };

  test('during the grace an old-key wallet opens and signs, new wallets are sealed under the new key; after it the old one is refused, saying why', async () => {
    const before = await signIn('user-rotation-old');
    const address = await accountOf(before);
    expect(api.wallets.get('user-rotation-old')!.sealed.startsWith(`v2.${operatorKeyId(operatorKey)}.`)).toBe(true);

    const graceEnd = new Date(Date.now() + 60 * 60_000);
    const rotated = await rotatedSite(graceEnd);
    try {
      const old = await signIn('user-rotation-old');
      expect(await signerAt(rotated.url, old)).toEqual({ address, signer: address });
      const fresh = await signIn('user-rotation-new');
      const made = await signerAt(rotated.url, fresh);
      expect(made.signer).toBe(made.address);
      expect(api.wallets.get('user-rotation-new')!.sealed.startsWith(`v2.${operatorKeyId(newKey)}.`)).toBe(true);
    } finally {
      await rotated.close();
    }

    const ended = new Date(Date.now() - 1_000);
    const afterGrace = await rotatedSite(ended);
    const withoutPrevious = await rotatedSite();
    try {
      const old = await signIn('user-rotation-old');
      const graceOver = `${SEALED_UNREADABLE}: sealed under the previous operator key ${operatorKeyId(operatorKey)}, whose grace ended at ${ended.toISOString()}`;
      expect(await replyOf(await call('/wallet/account', old, { siteUrl: afterGrace.url }))).toEqual({ status: 502, body: { error: graceOver } });
      expect(await replyOf(await call('/wallet/sign', old, { siteUrl: afterGrace.url, body: messageBody('0x00') }))).toEqual({ status: 502, body: { error: graceOver } });
      const keyGone = `${SEALED_UNREADABLE}: sealed under operator key ${operatorKeyId(operatorKey)}, which this server does not have`;
      expect(await replyOf(await call('/wallet/account', old, { siteUrl: withoutPrevious.url }))).toEqual({ status: 502, body: { error: keyGone } });
      // The new key's wallets open with or without the old key.
      const fresh = await signIn('user-rotation-new');
      for (const restarted of [afterGrace, withoutPrevious]) {
        const opened = await signerAt(restarted.url, fresh);
        expect(opened.signer).toBe(opened.address);
      }
      // Nothing was replaced: the old wallet is still the old key's, for a `reseal` with the old key restored.
      expect(api.wallets.get('user-rotation-old')!.address).toBe(address);
    } finally {
      await afterGrace.close();
      await withoutPrevious.close();
    }
  });
});

describe('rate limit', () => {
  test('/wallet/export per IP (here 2 a minute): the third try → 429 before any code is checked', async () => {
    const limited = await startSecureSite({ port: 0, apiUrl: api.url, key: operatorKey.toString('hex'), distDir, exportLimit: { points: 2, durationS: 60 } });
    try {
      const session = await signIn('user-export-rate');
      const body = JSON.stringify({ code: '000000' });
      for (let i = 0; i < 2; i += 1) expect((await call('/wallet/export', session, { siteUrl: limited.url, body })).status).toBe(403);
      const refused = await call('/wallet/export', session, { siteUrl: limited.url, body });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).error).toMatch(/^Please try again after \d+ seconds$/);
    } finally {
      await limited.close();
    }
  });

  test('/wallet/account and /wallet/sign per IP, each its own: over the limit → 429 with Retry-After', async () => {
    const limited = await startSecureSite({
      port: 0, apiUrl: api.url, key: operatorKey.toString('hex'), distDir, openLimit: { points: 2, durationS: 60 }, signLimit: { points: 3, durationS: 60 },
    });
    try {
      const session = await signIn('user-rate');
      const at = (path: WalletPath) => call(path, session, { siteUrl: limited.url, body: path === '/wallet/sign' ? messageBody('0x01') : undefined });
      const overLimit = async (path: WalletPath) => {
        const refused = await at(path);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await refused.json()).error).toMatch(/^Please try again after \d+ seconds$/);
      };
      expect((await at('/wallet/account')).status).toBe(200);
      expect((await at('/wallet/account')).status).toBe(200);
      await overLimit('/wallet/account');
      // Signing has its own budget, untouched by the account calls.
      for (let i = 0; i < 3; i += 1) expect((await at('/wallet/sign')).status).toBe(200);
      await overLimit('/wallet/sign');
    } finally {
      await limited.close();
    }
  });

  test('behind a trusted load balancer each forwarded visitor has their own budget; attack: without one, X-Forwarded-For buys nothing', async () => {
    const sites = await Promise.all(
      [['loopback'], undefined].map((trustedProxies) =>
        startSecureSite({ port: 0, apiUrl: api.url, key: operatorKey.toString('hex'), distDir, exportLimit: { points: 1, durationS: 60 }, trustedProxies }),
      ),
    );
    try {
      const session = await signIn('user-forwarded-rate');
      const body = JSON.stringify({ code: '000000' });
      const statusFrom = async (siteUrl: string, visitor: string) =>
        (await call('/wallet/export', session, { siteUrl, body, headers: { 'x-forwarded-for': visitor } })).status;
      const [behindProxy, direct] = sites.map((s) => s.url) as [string, string];
      expect([await statusFrom(behindProxy, '198.51.100.1'), await statusFrom(behindProxy, '198.51.100.2'), await statusFrom(behindProxy, '198.51.100.1')]).toEqual([403, 403, 429]);
      expect([await statusFrom(direct, '198.51.100.1'), await statusFrom(direct, '198.51.100.2')]).toEqual([403, 429]);
    } finally {
      await Promise.all(sites.map((s) => s.close()));
    }
  });
});
