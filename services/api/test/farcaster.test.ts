/**
 * Sign In With Farcaster over HTTP (issues 12, 28): the API against the real local relay process and anvil
 * with Farcaster's IdRegistry and KeyRegistry (services/devchain). Success with the relay's username and the session JWT
 * bound to the starter's device key, pending, the custody check (an unregistered key, another account's key), auth
 * addresses (issue 29: the fid's own signs in; another fid's, and one its custody removed, are refused),
 * the nonce and domain start chose, one use, expiry (the API's lifetime, and the relay forgetting the channel),
 * other devices, device keys and projects, bad bodies — and no user row after a refusal.
 */
import { describe, expect, test } from '@rstest/core';
import {
  DEVCHAIN_DEPLOYER_KEY,
  FARCASTER_AUTH_ADDRESS_KEY_TYPE,
  farcasterAuthAddressKey,
  FARCASTER_KEY_REGISTRY,
  farcasterKeyRegistryAbi,
  FARCASTER_TEST_ACCOUNTS,
  FARCASTER_UNREGISTERED_KEY,
  type FarcasterTestAccount,
} from '@portico/devchain';
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { calculateJwkThumbprint, createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { FARCASTER_EXPIRED, FARCASTER_UNVERIFIED } from '../src/routes/farcaster';
import { DEVICE_KEY, DEVICE_KEY_JKT, newDevice, newDeviceKey, type DeviceKey } from './auth-helpers';
import { rpc } from './chain-helpers';
import { approveInFarcasterApp, RELAY_AUTH_KEY, useFarcasterApi } from './farcaster-helpers';
import { PROJECT } from './helpers';

const t = useFarcasterApi();
const [alice, bob, carol] = FARCASTER_TEST_ACCOUNTS as readonly [FarcasterTestAccount, FarcasterTestAccount, FarcasterTestAccount];

/** A KeyRegistry call (its encoded `data`) sent and mined on the test's anvil by `key`, given 1 ETH for its gas first. */
async function callKeyRegistry(key: Hex, data: Hex) {
  const wallet = createWalletClient({ account: privateKeyToAccount(key), transport: http(t.anvil.rpcUrl) });
  await rpc(t.anvil.rpcUrl, 'anvil_setBalance', [wallet.account.address, `0x${parseEther('1').toString(16)}`]);
  const hash = await wallet.sendTransaction({ to: FARCASTER_KEY_REGISTRY, data, chain: null });
  const receipt = await createPublicClient({ transport: http(t.anvil.rpcUrl) }).waitForTransactionReceipt({ hash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
}

const userCount = async () => Number((await t.api.db.query<{ n: string }>('SELECT count(*) AS n FROM auth_users')).rows[0]!.n);

/** start (with DEVICE_KEY unless `deviceKey`) → the sign-in URI and channel token. */
async function started(deviceId = newDevice(), deviceKey: DeviceKey = DEVICE_KEY) {
  const s = await t.start(deviceId, { deviceKey });
  expect(s.status).toBe(200);
  return { url: s.body.url as string, channelToken: s.body.channelToken as string, deviceId };
}

describe('Sign In With Farcaster', () => {
  test("start opens a channel on the relay; pending until the Farcaster app signs; then a session for the fid with the relay's username; once", async () => {
    const s = await started();
    const uri = new URL(s.url);
    expect(`${uri.protocol}//${uri.host}`).toBe('farcaster://connect');
    expect(uri.searchParams.get('channelToken')).toBe(s.channelToken);
    expect(uri.searchParams.get('siweUri')).toBe('http://127.0.0.1:3010');
    expect(uri.searchParams.get('domain')).toBe('127.0.0.1:3010');
    expect(uri.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9]{8,}$/);
    // The message expires with the sign-in (10 min).
    const expires = new Date(uri.searchParams.get('expirationTime')!).getTime();
    expect(Math.abs(expires - (Date.now() + 600_000))).toBeLessThan(30_000);
    // Only a hash of the channel token is kept.
    expect((await t.api.db.query('SELECT 1 FROM auth_farcaster_channels WHERE channel_hash = $1', [s.channelToken])).rows).toHaveLength(0);

    expect(await t.result(s.channelToken, s.deviceId)).toMatchObject({ status: 202, body: { status: 'pending' } });
    expect(await t.result(s.channelToken, s.deviceId)).toMatchObject({ status: 202, body: { status: 'pending' } });

    await approveInFarcasterApp(t.relay.url, s.url, { fid: alice.fid, signerKey: alice.custodyKey, username: alice.username });
    const before = await userCount();
    const result = await t.result(s.channelToken, s.deviceId);
    expect(result.status).toBe(200);
    expect(result.body.user).toEqual({ id: expect.any(String), email: null, username: 'alice', authProvider: 'farcaster' });
    expect(await userCount()).toBe(before + 1);
    const { payload } = await jwtVerify(result.body.token, createRemoteJWKSet(new URL('/.well-known/jwks.json', t.api.url)), {
      audience: 'portico-embedded',
      typ: 'portico-embedded+jwt',
    });
    expect(payload).toMatchObject({ sub: result.body.user.id, authProvider: 'farcaster', deviceId: s.deviceId, projectId: PROJECT, iss: t.api.url, cnf: { jkt: DEVICE_KEY_JKT } });
    expect(payload.email).toBeUndefined();
    expect(await t.client.session(result.body.token)).toMatchObject({ status: 200, body: { user: result.body.user, expiresAt: result.body.expiresAt } });

    // Used once.
    expect(await t.result(s.channelToken, s.deviceId)).toMatchObject({ status: 400, body: { error: FARCASTER_EXPIRED } });

    // The same fid signs in as the same user, its username refreshed from the relay.
    const again = await started();
    await approveInFarcasterApp(t.relay.url, again.url, { fid: alice.fid, signerKey: alice.custodyKey, username: 'alice-new' });
    const second = await t.result(again.channelToken, again.deviceId);
    expect(second.body.user).toEqual({ ...result.body.user, username: 'alice-new' });
    expect(await userCount()).toBe(before + 1);
  });

  test('without a username from the relay the user is named after the fid', async () => {
    const s = await started();
    await approveInFarcasterApp(t.relay.url, s.url, { fid: bob.fid, signerKey: bob.custodyKey });
    expect((await t.result(s.channelToken, s.deviceId)).body.user).toMatchObject({ username: `fid:${bob.fid}`, authProvider: 'farcaster' });
  });

  test("refuses a signer that is neither the fid's custody address nor one of its auth addresses: an unregistered key, another account's custody key", async () => {
    const before = await userCount();
    for (const signerKey of [FARCASTER_UNREGISTERED_KEY, bob.custodyKey]) {
      const s = await started();
      await approveInFarcasterApp(t.relay.url, s.url, { fid: alice.fid, signerKey, username: 'alice' });
      expect(await t.result(s.channelToken, s.deviceId)).toMatchObject({ status: 401, body: { error: FARCASTER_UNVERIFIED } });
      // The sign-in is used up by the refusal.
      expect(await t.result(s.channelToken, s.deviceId)).toMatchObject({ status: 400, body: { error: FARCASTER_EXPIRED } });
    }
    expect(await userCount()).toBe(before);
  });

  test("an auth address of the fid (the KeyRegistry's key of type 2) signs in as that fid's user", async () => {
    const custody = await started();
    await approveInFarcasterApp(t.relay.url, custody.url, { fid: alice.fid, signerKey: alice.custodyKey, username: alice.username });
    const byCustody = await t.result(custody.channelToken, custody.deviceId);
    expect(byCustody.status).toBe(200);
    const s = await started();
    await approveInFarcasterApp(t.relay.url, s.url, { fid: alice.fid, signerKey: alice.authKey, username: alice.username });
    const byAuthAddress = await t.result(s.channelToken, s.deviceId);
    expect(byAuthAddress).toMatchObject({ status: 200, body: { user: byCustody.body.user } });
    expect(decodeJwt(byAuthAddress.body.token)).toMatchObject({ sub: byCustody.body.user.id, authProvider: 'farcaster' });
  });

  test('refuses an auth address of another fid, and one its custody address removed', async () => {
    const before = await userCount();
    // Bob's auth address claiming alice's fid.
    const foreign = await started();
    await approveInFarcasterApp(t.relay.url, foreign.url, { fid: alice.fid, signerKey: bob.authKey });
    expect(await t.result(foreign.channelToken, foreign.deviceId)).toMatchObject({ status: 401, body: { error: FARCASTER_UNVERIFIED } });

    // A new auth address of carol's (as Farcaster's KeyGateway adds one) signs in until carol's custody removes it.
    const authKey = generatePrivateKey();
    const key = farcasterAuthAddressKey(privateKeyToAccount(authKey).address);
    await callKeyRegistry(
      DEVCHAIN_DEPLOYER_KEY,
      encodeFunctionData({ abi: farcasterKeyRegistryAbi, functionName: 'add', args: [carol.custodyAddress, FARCASTER_AUTH_ADDRESS_KEY_TYPE, key] }),
    );
    const added = await started();
    await approveInFarcasterApp(t.relay.url, added.url, { fid: carol.fid, signerKey: authKey });
    expect(await t.result(added.channelToken, added.deviceId)).toMatchObject({ status: 200, body: { user: { username: `fid:${carol.fid}` } } });
    await callKeyRegistry(carol.custodyKey, encodeFunctionData({ abi: farcasterKeyRegistryAbi, functionName: 'remove', args: [key] }));
    const removed = await started();
    await approveInFarcasterApp(t.relay.url, removed.url, { fid: carol.fid, signerKey: authKey });
    expect(await t.result(removed.channelToken, removed.deviceId)).toMatchObject({ status: 401, body: { error: FARCASTER_UNVERIFIED } });
    // Only carol's user came in (by the key while it was added).
    expect(await userCount()).toBe(before + 1);
  });

  test('refuses a message signed for another nonce or domain than start chose', async () => {
    const before = await userCount();
    for (const other of [{ nonce: 'someOtherNonce123' }, { domain: 'evil.example' }]) {
      const s = await started();
      await approveInFarcasterApp(t.relay.url, s.url, { fid: alice.fid, signerKey: alice.custodyKey, ...other });
      expect(await t.result(s.channelToken, s.deviceId)).toMatchObject({ status: 401, body: { error: FARCASTER_UNVERIFIED } });
    }
    expect(await userCount()).toBe(before);
  });

  test('expired: past the lifetime (even once signed), or when the relay no longer has the channel', async () => {
    const s = await started();
    await approveInFarcasterApp(t.relay.url, s.url, { fid: alice.fid, signerKey: alice.custodyKey });
    await t.api.db.query(`UPDATE auth_farcaster_channels SET created_at = now() - interval '601 seconds'`);
    expect(await t.result(s.channelToken, s.deviceId)).toMatchObject({ status: 400, body: { error: FARCASTER_EXPIRED } });

    // Someone else read the completed answer off the relay (it answers once): the channel is gone there.
    const taken = await started();
    await approveInFarcasterApp(t.relay.url, taken.url, { fid: alice.fid, signerKey: alice.custodyKey });
    const read = await fetch(`${t.relay.url}/v1/channel/status`, { headers: { authorization: `Bearer ${taken.channelToken}` } });
    expect(read.status).toBe(200);
    expect(await t.result(taken.channelToken, taken.deviceId)).toMatchObject({ status: 400, body: { error: FARCASTER_EXPIRED } });
    expect(await t.result(taken.channelToken, taken.deviceId)).toMatchObject({ status: 400, body: { error: FARCASTER_EXPIRED } });
  });

  test('two results at once: one session', async () => {
    const s = await started();
    await approveInFarcasterApp(t.relay.url, s.url, { fid: bob.fid, signerKey: bob.custodyKey, username: 'bob' });
    const sessions = async () => Number((await t.api.db.query<{ n: string }>('SELECT count(*) AS n FROM auth_sessions')).rows[0]!.n);
    const before = await sessions();
    const both = await Promise.all([t.result(s.channelToken, s.deviceId), t.result(s.channelToken, s.deviceId)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.body).toEqual({ error: FARCASTER_EXPIRED });
    expect(await sessions()).toBe(before + 1);
  });

  test('a channel started with key A, polled with its channelToken and deviceId but key B → expired, nothing signed in; key A gets the session', async () => {
    const [keyA, keyB] = [newDeviceKey(), newDeviceKey()];
    const s = await started(newDevice(), keyA);
    const sessions = async () => Number((await t.api.db.query<{ n: string }>('SELECT count(*) AS n FROM auth_sessions')).rows[0]!.n);
    const [users, before] = [await userCount(), await sessions()];
    // Before and after the Farcaster app signed: not even 'pending' for key B.
    expect(await t.result(s.channelToken, s.deviceId, { deviceKey: keyB })).toMatchObject({ status: 400, body: { error: FARCASTER_EXPIRED } });
    expect(await t.result(s.channelToken, s.deviceId, { deviceKey: keyA })).toMatchObject({ status: 202, body: { status: 'pending' } });
    await approveInFarcasterApp(t.relay.url, s.url, { fid: alice.fid, signerKey: alice.custodyKey, username: alice.username });
    expect(await t.result(s.channelToken, s.deviceId, { deviceKey: keyB })).toMatchObject({ status: 400, body: { error: FARCASTER_EXPIRED } });
    // The fixed test key is just another key too.
    expect(await t.result(s.channelToken, s.deviceId)).toMatchObject({ status: 400, body: { error: FARCASTER_EXPIRED } });
    expect(await userCount()).toBe(users);
    expect(await sessions()).toBe(before);

    const mine = await t.result(s.channelToken, s.deviceId, { deviceKey: keyA });
    expect(mine).toMatchObject({ status: 200, body: { user: { username: 'alice', authProvider: 'farcaster' } } });
    expect(decodeJwt(mine.body.token)).toMatchObject({ deviceId: s.deviceId, cnf: { jkt: await calculateJwkThumbprint(keyA, 'sha256') } });
    expect(await sessions()).toBe(before + 1);
  });

  test("another device or project cannot collect the sign-in, and does not use it up", async () => {
    const s = await started();
    await approveInFarcasterApp(t.relay.url, s.url, { fid: alice.fid, signerKey: alice.custodyKey });
    expect(await t.result(s.channelToken, newDevice())).toMatchObject({ status: 400, body: { error: FARCASTER_EXPIRED } });
    const otherProject = await t.client.post('/v1/auth/farcaster/result', { channelToken: s.channelToken, deviceId: s.deviceId, deviceKey: DEVICE_KEY }, { projectId: 'portico-demo-restricted', origin: null });
    expect(otherProject).toMatchObject({ status: 400, body: { error: FARCASTER_EXPIRED } });
    expect((await t.result(s.channelToken, s.deviceId)).status).toBe(200);
  });

  test('bad bodies name the field', async () => {
    expect(await t.client.post('/v1/auth/farcaster/start', { deviceId: 'short', deviceKey: DEVICE_KEY })).toMatchObject({ status: 400, body: { error: 'deviceId: must be 16 to 64 letters, digits, - or _' } });
    expect(await t.client.post('/v1/auth/farcaster/start', { deviceKey: DEVICE_KEY })).toMatchObject({ status: 400, body: { error: 'deviceId: required' } });
    // start needs the device key too: the channel belongs to it.
    expect(await t.client.post('/v1/auth/farcaster/start', { deviceId: newDevice() })).toMatchObject({ status: 400, body: { error: 'deviceKey: required' } });
    expect(await t.client.post('/v1/auth/farcaster/start', { deviceId: newDevice(), deviceKey: { ...DEVICE_KEY, kty: 'RSA' } })).toMatchObject({
      status: 400,
      body: { error: "deviceKey.kty: must be 'EC'" },
    });
    expect(await t.result('bad token!', newDevice())).toMatchObject({ status: 400, body: { error: 'channelToken: must be the channelToken start answered' } });
    expect(await t.client.post('/v1/auth/farcaster/result', { deviceId: newDevice() })).toMatchObject({ status: 400, body: { error: 'channelToken: required' } });
    // The session is bound to the device key: without one (or with a private one) there is no sign-in.
    const noKey = { channelToken: 'abcdefgh', deviceId: newDevice() };
    expect(await t.client.post('/v1/auth/farcaster/result', noKey)).toMatchObject({ status: 400, body: { error: 'deviceKey: required' } });
    expect(await t.client.post('/v1/auth/farcaster/result', { ...noKey, deviceKey: { ...DEVICE_KEY, d: 'A'.repeat(43) } })).toMatchObject({
      status: 400,
      body: { error: 'deviceKey: must be a public key { kty, crv, x, y } only (d not allowed)' },
    });
  });

  test('the relay refuses to complete a channel without the Farcaster app key', async () => {
    const s = await started();
    const res = await fetch(`${t.relay.url}/v1/channel/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.channelToken}`, 'x-farcaster-auth-relay-key': `${RELAY_AUTH_KEY}-not` },
      body: JSON.stringify({ message: 'm', signature: `0x${'ab'.repeat(65)}`, fid: 1 }),
    });
    expect(res.status).toBe(401);
    expect(await t.result(s.channelToken, s.deviceId)).toMatchObject({ status: 202, body: { status: 'pending' } });
  });
});
