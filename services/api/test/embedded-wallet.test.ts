/**
 * The embedded wallet's sealed key store (src/routes/embedded-wallet.ts) on the real server, with real
 * sessions from the email login (codes read from the SMTP receiver): one wallet per user, never replaced,
 * per user not per device or session, only with the address's key's proof for this user (issue 29), Bearer
 * required, revoked or other project's session → 'Session Expired', body and blob limits.
 */
import { beforeAll, describe, expect, test } from '@rstest/core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { MAX_SEALED_CHARS, NO_WALLET, PROOF_REFUSED, WALLET_EXISTS, walletProofMessage } from '../src/routes/embedded-wallet';
import { provenWallet, useAuthApi, type SignedIn } from './auth-helpers';
import { getJson, PROJECT } from './helpers';

const t = useAuthApi();

const KEY = generatePrivateKey();
const ADDRESS = privateKeyToAccount(KEY).address;
const SEALED = 'v1.AAAAAAAAAAAAAAAA.' + 'B'.repeat(64);

/** As the secure site's server calls it: server to server (no Origin), the user's Bearer token. */
const wallet = (token: string | undefined, init: { method?: 'GET' | 'PUT'; body?: unknown; projectId?: string } = {}) =>
  getJson(`${t.api.url}/v1/auth/wallet?projectId=${init.projectId ?? PROJECT}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });

const storedCount = async (userId: string) =>
  (await t.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM embedded_wallets WHERE user_id = $1', [userId])).rows[0]!.n;

describe('embedded wallet store', () => {
  let alice: SignedIn;
  beforeAll(async () => {
    alice = await t.client.signIn('wallet-alice@example.com');
  });

  test('none yet → 404; the first PUT stores it (address checksummed); the next is refused; GET returns it', async () => {
    expect(await wallet(alice.token)).toMatchObject({ status: 404, body: { error: NO_WALLET } });
    const body = await provenWallet(alice.user.id, KEY, SEALED);
    const put = await wallet(alice.token, { method: 'PUT', body: { ...body, address: ADDRESS.toLowerCase() } });
    expect(put).toMatchObject({ status: 201, body: { address: ADDRESS, sealed: SEALED } });
    const again = await wallet(alice.token, { method: 'PUT', body: { ...body, sealed: SEALED.replace('B', 'C') } });
    expect(again).toMatchObject({ status: 409, body: { error: WALLET_EXISTS } });
    expect(await wallet(alice.token)).toMatchObject({ status: 200, body: { address: ADDRESS, sealed: SEALED } });
    expect(await storedCount(alice.user.id)).toBe(1);
  });

  test('two PUTs at once: exactly one wins', async () => {
    const bob = await t.client.signIn('wallet-bob@example.com');
    const bodies = await Promise.all(['v1.BBBBBBBBBBBBBBBB.' + 'x'.repeat(40), 'v1.CCCCCCCCCCCCCCCC.' + 'y'.repeat(40)].map((sealed) => provenWallet(bob.user.id, KEY, sealed)));
    const results = await Promise.all(bodies.map((body) => wallet(bob.token, { method: 'PUT', body })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const stored = (await wallet(bob.token)).body as { sealed: string };
    expect(stored.sealed).toBe((results.find((r) => r.status === 201)!.body as { sealed: string }).sealed);
  });

  test('per user: another device of the same email gets the same wallet', async () => {
    await t.client.pastThrottle('wallet-alice@example.com');
    const second = await t.client.signIn('wallet-alice@example.com');
    expect(second.token).not.toBe(alice.token);
    expect(await wallet(second.token)).toMatchObject({ status: 200, body: { address: ADDRESS, sealed: SEALED } });
  });

  test('the proof is the wallet key\'s EIP-191 signature of this text', () => {
    expect(walletProofMessage('user-1', ADDRESS)).toBe(`Portico embedded wallet\nuser: user-1\naddress: ${ADDRESS}`);
  });

  test('attacker: an address without its key\'s proof for this user → 400, nothing stored', async () => {
    const mallory = await t.client.signIn('wallet-mallory@example.com');
    const victim = await t.client.signIn('wallet-victim@example.com');
    const victimKey = generatePrivateKey();
    const victimsOwn = await provenWallet(victim.user.id, victimKey, SEALED);
    const mallorysKey = generatePrivateKey();
    const signedByMallorysKey = {
      ...victimsOwn,
      proof: await privateKeyToAccount(mallorysKey).signMessage({ message: walletProofMessage(mallory.user.id, victimsOwn.address) }),
    };
    const ownKeyOtherAddress = { ...(await provenWallet(mallory.user.id, mallorysKey, SEALED)), address: victimsOwn.address };
    const refusals: [unknown, string][] = [
      [{ address: victimsOwn.address, sealed: SEALED }, 'proof: required'],
      // The victim's genuine proof names the victim: it serves no other user.
      [victimsOwn, PROOF_REFUSED],
      [signedByMallorysKey, PROOF_REFUSED],
      [ownKeyOtherAddress, PROOF_REFUSED],
      [{ ...victimsOwn, proof: `0x${'00'.repeat(65)}` }, PROOF_REFUSED],
    ];
    for (const [body, error] of refusals) {
      expect(await wallet(mallory.token, { method: 'PUT', body })).toMatchObject({ status: 400, body: { error } });
    }
    expect(await storedCount(mallory.user.id)).toBe(0);
    // The victim's own proof stores the victim's wallet.
    expect(await wallet(victim.token, { method: 'PUT', body: victimsOwn })).toMatchObject({ status: 201 });
  });

  test('no Bearer → 401; a bad, revoked or other project\'s session → 401 Session Expired', async () => {
    expect(await wallet(undefined)).toMatchObject({ status: 401, body: { error: 'authorization: a Bearer token is required' } });
    expect(await wallet('a.b.c')).toMatchObject({ status: 401, body: { error: 'Session Expired' } });
    expect(await wallet(alice.token, { projectId: 'portico-demo-restricted' })).toMatchObject({ status: 401, body: { error: 'Session Expired' } });
    const carol = await t.client.signIn('wallet-carol@example.com');
    expect((await t.client.post('/v1/auth/sign-out', {}, { token: carol.token })).status).toBe(200);
    expect(await wallet(carol.token)).toMatchObject({ status: 401, body: { error: 'Session Expired' } });
    expect(await wallet(carol.token, { method: 'PUT', body: await provenWallet(carol.user.id, KEY, SEALED) })).toMatchObject({ status: 401 });
  });

  test('bad bodies: address, sealed characters and size, proof, JSON, body limit', async () => {
    const dave = await t.client.signIn('wallet-dave@example.com');
    const proven = await provenWallet(dave.user.id, KEY, SEALED);
    const put = (body: unknown) => wallet(dave.token, { method: 'PUT', body });
    expect(await put({ ...proven, address: '0x123' })).toMatchObject({ status: 400, body: { error: 'address: must be 0x + 40 hex digits' } });
    expect(await put({ address: ADDRESS, proof: proven.proof })).toMatchObject({ status: 400, body: { error: 'sealed: required' } });
    expect(await put({ ...proven, sealed: 'short' })).toMatchObject({ status: 400 });
    expect(await put({ ...proven, sealed: `${SEALED}<script>` })).toMatchObject({ status: 400 });
    expect(await put({ ...proven, sealed: 'a'.repeat(MAX_SEALED_CHARS + 1) })).toMatchObject({
      status: 400,
      body: { error: `sealed: must be at most ${MAX_SEALED_CHARS} characters` },
    });
    expect(await put({ ...proven, proof: '0x1234' })).toMatchObject({ status: 400, body: { error: 'proof: must be 0x + 130 hex digits (a signature by the wallet key)' } });
    expect(await put('{not json')).toMatchObject({ status: 400, body: { error: 'body: must be JSON' } });
    expect(await put({ ...proven, padding: 'p'.repeat(5000) })).toMatchObject({ status: 413 });
    // Nothing of the above was stored: the blob at the limit still goes in.
    expect(await put({ ...proven, sealed: 'a'.repeat(MAX_SEALED_CHARS) })).toMatchObject({ status: 201 });
  });

  test('browsers cannot PUT across origins (CORS allows GET and POST only)', async () => {
    const res = await fetch(`${t.api.url}/v1/auth/wallet?projectId=${PROJECT}`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:3010', 'Access-Control-Request-Method': 'PUT' },
    });
    expect(res.headers.get('access-control-allow-methods') ?? '').not.toContain('PUT');
  });
});
