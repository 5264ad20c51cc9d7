/**
 * The page's handlers through the real frame channel (shared-state createParentChannel) with a fake parent
 * window, the real secure-site server and the API double: email → device → code → embedded user, signing
 * (checked by recovery; the key stays on the server), session check, sign-out, 'Session Expired', chain switch, the device wait bound, update email;
 * the social login: start → the popup's callback (its hand-off to this frame) → CONNECT_SOCIAL; Sign In With
 * Farcaster: start → CONNECT_FARCASTER polling the API → embedded user, its errors, lifetime and cancellation (RELOAD).
 */
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { decodeJwt } from 'jose';
import { recoverMessageAddress, recoverTypedDataAddress } from 'viem';
import { startSecureSite, type RunningSecureSite } from '../src/server';
import {
  createEmbeddedWallet,
  DEVICE_NOT_APPROVED,
  FARCASTER_CANCELLED,
  FARCASTER_EXPIRED,
  FARCASTER_LIFETIME_MS,
  FARCASTER_POLL_INTERVAL_MS,
  NO_PENDING_FARCASTER,
  STORAGE_KEYS,
} from '../src/page/wallet';
import { NO_PENDING_SOCIAL, SOCIAL_STATE_MISMATCH, SOCIAL_WINDOW_CLOSED } from '../src/page/social-sign-in';
import { FARCASTER_MESSAGES, PROJECT, SOCIAL_MESSAGES, startApiDouble, type ApiDouble } from './api-double';
import { approveAtOnce, framedPage as framedPageOf, memoryKeyStore, memoryStorage, PARENT, SESSION_KEY, siteFetch, type FramedPageOptions } from './framed-page';

let api: ApiDouble;
let site: RunningSecureSite;

beforeAll(async () => {
  api = await startApiDouble();
  site = await startSecureSite({ port: 0, apiUrl: api.url, key: randomBytes(32).toString('hex'), distDir: tmpdir() });
});
afterAll(async () => {
  await site?.close();
  await api?.close();
});

const framedPage = (options: FramedPageOptions = {}) => framedPageOf({ apiUrl: api.url, siteUrl: site.url }, options);

describe('page handlers over the frame channel', () => {
  test('email → device (polled) → code → embedded user; signatures recover to its address; sign-out forgets', async () => {
    const page = framedPage({ sleep: async () => {} });
    api.state.deviceApprovedAfter = api.state.devicePolls + 2;
    expect(await page.request('CONNECT_EMAIL', { email: 'ann@example.com' })).toEqual(expect.objectContaining({ event: '@portico-frame/CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_DEVICE' } }));
    expect(page.storage.map.get(STORAGE_KEYS.deviceId)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await page.request('CONNECT_DEVICE', {})).event).toBe('@portico-frame/CONNECT_DEVICE_SUCCESS');

    const wrong = await page.request('CONNECT_OTP', { otp: '000000' });
    expect(wrong).toMatchObject({ event: '@portico-frame/CONNECT_OTP_ERROR', payload: { message: 'Invalid code' } });
    const user = await page.request('CONNECT_OTP', { otp: '123456' });
    expect(user.event).toBe('@portico-frame/CONNECT_OTP_SUCCESS');
    const address = user.payload.address as `0x${string}`;
    expect(user.payload).toEqual({ email: 'ann@example.com', address, chainId: 31337, accounts: [{ address, type: 'eoa' }], preferredAccountType: 'eoa', authProvider: 'email' });
    // The key never reaches the parent or storage.
    expect(JSON.stringify([...page.storage.map.values()])).not.toMatch(/0x[0-9a-f]{64}/);

    expect((await page.request('IS_CONNECTED', {})).payload).toEqual({ isConnected: true });
    expect((await page.request('GET_USER', { chainId: 31337 })).payload.address).toBe(address);
    expect((await page.request('RPC_REQUEST', { method: 'eth_accounts' })).payload).toEqual({ result: [address] });
    expect((await page.request('RPC_REQUEST', { method: 'eth_chainId' })).payload).toEqual({ result: '0x7a69' });

    const signed = await page.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x68656c6c6f', address] });
    expect(await recoverMessageAddress({ message: { raw: '0x68656c6c6f' }, signature: signed.payload.result })).toBe(address);
    const typedData = {
      types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }], Mail: [{ name: 'contents', type: 'string' }] },
      domain: { name: 'Portico', chainId: 31337 },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    };
    const typed = await page.request('RPC_REQUEST', { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typedData)] });
    const { EIP712Domain: _d, ...types } = typedData.types;
    expect(await recoverTypedDataAddress({ ...typedData, types, signature: typed.payload.result } as never)).toBe(address);
    const other = await page.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x00', '0x0000000000000000000000000000000000000001'] });
    expect(other.payload.message).toContain("is not this wallet's address");
    const disallowed = await page.request('RPC_REQUEST', { method: 'eth_sign', params: [] });
    expect(disallowed.payload.message).toBe('Requested RPC call is not allowed');

    // A new page load (memory gone, storage kept) opens the same wallet again.
    const reloaded = createEmbeddedWallet({ apiUrl: api.url, projectId: PROJECT, chainId: 1, siteUrl: site.url, parentOrigin: PARENT, showApproval: approveAtOnce, storage: page.storage, deviceKeys: page.deviceKeys,
      fetch: (i, init) => fetch(i, String(i).startsWith(site.url) ? { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: site.url } } : init) });
    expect((await reloaded.handlers.GET_USER!({ chainId: 1 })).address).toBe(address);

    expect((await page.request('SIGN_OUT', {})).event).toBe('@portico-frame/SIGN_OUT_SUCCESS');
    expect(page.storage.map.has(SESSION_KEY)).toBe(false);
    expect((await page.request('IS_CONNECTED', {})).payload).toEqual({ isConnected: false });
    expect((await page.request('GET_USER', { chainId: 31337 })).payload).toEqual({ message: 'Session Expired' });
    // The other page load's token was the same session: revoked by the API, so Session Expired there too.
    await expect(reloaded.handlers.IS_CONNECTED!({})).resolves.toEqual({ isConnected: false });
  });

  test('update email: primary code, then secondary code; the user reads the new address after it', async () => {
    const page = framedPage();
    await page.request('CONNECT_EMAIL', { email: 'old@example.com' });
    const { payload: user } = await page.request('CONNECT_OTP', { otp: '123456' });
    expect(await page.request('UPDATE_EMAIL', { email: 'new@example.com' })).toMatchObject({ event: '@portico-frame/UPDATE_EMAIL_SUCCESS', payload: { action: 'VERIFY_PRIMARY_OTP' } });
    expect((await page.request('UPDATE_EMAIL_PRIMARY_OTP', { otp: '000000' })).payload).toEqual({ message: 'Invalid code' });
    expect((await page.request('UPDATE_EMAIL_PRIMARY_OTP', { otp: '123456' })).event).toBe('@portico-frame/UPDATE_EMAIL_PRIMARY_OTP_SUCCESS');
    expect((await page.request('UPDATE_EMAIL_SECONDARY_OTP', { otp: '123456' })).payload).toEqual({ newEmail: 'new@example.com' });
    expect((await page.request('GET_USER', { chainId: 31337 })).payload).toMatchObject({ email: 'new@example.com', address: user.address });
  });

  test('update email without a session answers Session Expired', async () => {
    expect((await framedPage().request('UPDATE_EMAIL', { email: 'new@example.com' })).payload).toEqual({ message: 'Session Expired' });
  });

  test("the API's 401 'Session Expired' forgets the session and answers Session Expired", async () => {
    const page = framedPage();
    const token = await api.sign({ sub: 'user-gone', expiresInS: -5 });
    page.storage.setItem(SESSION_KEY, JSON.stringify({ token, email: 'gone@example.com', userId: 'user-gone' }));
    expect((await page.request('GET_USER', { chainId: 31337 })).payload).toEqual({ message: 'Session Expired' });
    expect(page.storage.map.has(SESSION_KEY)).toBe(false);
  });

  test("the key stays on the server: the page's wallet replies carry none; a 401 from /wallet/sign forgets the session", async () => {
    const replies: string[] = [];
    const page = framedPage({
      fetch: async (input, init) => {
        const res = await siteFetch(site.url)(input, init);
        if (String(input).startsWith(site.url)) replies.push(await res.clone().text());
        return res;
      },
    });
    await page.request('CONNECT_EMAIL', { email: 'kay@example.com' });
    const { payload: user } = await page.request('CONNECT_OTP', { otp: '123456' });
    const signed = await page.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x6b6579', user.address] });
    expect(await recoverMessageAddress({ message: { raw: '0x6b6579' }, signature: signed.payload.result })).toBe(user.address);
    // One /wallet/account (the address) and one /wallet/sign (the signature), no key in either.
    expect(replies).toEqual([JSON.stringify({ address: user.address }), JSON.stringify({ signature: signed.payload.result })]);
    // The session revoked while the account is open: the server refuses to sign, and the page signs out.
    api.revoke(decodeJwt(JSON.parse(page.storage.getItem(SESSION_KEY)!).token).jti!);
    expect((await page.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x6b6579', user.address] })).payload).toMatchObject({ message: 'Session Expired' });
    expect(page.storage.map.has(SESSION_KEY)).toBe(false);
  });

  test('device wait is bounded; code without an email first is refused', async () => {
    let t = 0;
    const page = framedPage({ sleep: async (ms) => void (t += ms), now: () => t });
    expect((await page.request('CONNECT_OTP', { otp: '123456' })).payload.message).toBe('No email login in progress: enter your email first');
    await page.request('CONNECT_EMAIL', { email: 'slow@example.com' });
    api.state.deviceApprovedAfter = Number.MAX_SAFE_INTEGER;
    expect((await page.request('CONNECT_DEVICE', {})).payload.message).toBe(DEVICE_NOT_APPROVED);
    expect(t).toBeLessThanOrEqual(4.5 * 60_000);
  });

  test('SWITCH_NETWORK: supported chains only; GET_CHAIN_ID follows', async () => {
    const page = framedPage();
    expect((await page.request('SWITCH_NETWORK', { chainId: 1 })).payload).toEqual({ chainId: 1 });
    expect((await page.request('GET_CHAIN_ID', {})).payload).toEqual({ chainId: 1 });
    expect((await page.request('SWITCH_NETWORK', { chainId: 999 })).payload.message).toBe('Unsupported chain eip155:999');
  });

  test("GET_USER on another chain (the modal's reconnect that switches, spec §4): the chains SWITCH_NETWORK allows", async () => {
    const page = framedPage();
    expect((await page.request('GET_USER', { chainId: 999 })).payload.message).toBe('Unsupported chain eip155:999');
    expect((await page.request('GET_CHAIN_ID', {})).payload).toEqual({ chainId: 31337 });
    expect((await page.request('GET_USER', { chainId: 1 })).payload.message).toBe('Session Expired');
    expect((await page.request('GET_CHAIN_ID', {})).payload).toEqual({ chainId: 1 });
  });
});

/**
 * The popup's trip: the provider sends the person back to the callback page with `answer`, which hands it to the frame
 * (main.ts passes a same-origin message on to `receiveSocialAnswer`); true when the frame took it as its own.
 */
function providerAnswers(page: ReturnType<typeof framedPage>, uri: string, answer: { code: string; iss?: string } | { error: string }): boolean {
  return page.wallet.receiveSocialAnswer({ ...answer, state: new URL(uri).searchParams.get('state')! });
}

describe('social login over the frame channel', () => {
  test('start → provider → callback → CONNECT_SOCIAL: the user with userName and authProvider; session kept across a reload', async () => {
    api.state.socialIdentity = { subject: 'ann-1', username: 'ann', email: 'ann@mail.example' };
    const page = framedPage();
    const started = await page.request('GET_SOCIAL_REDIRECT_URI', { provider: 'google' });
    expect(started.event).toBe('@portico-frame/GET_SOCIAL_REDIRECT_URI_SUCCESS');
    const uri = started.payload.uri as string;
    expect(uri).toMatch(new RegExp(`^${api.url}/provider/google/authorize\\?`));

    // The provider is asked with this frame's PKCE challenge; the verifier stays here until the finish.
    const challenge = new URL(uri).searchParams.get('code_challenge');
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(providerAnswers(page, uri, { code: 'code-1', iss: 'http://127.0.0.1:8790/google' })).toBe(true);
    // The same answer twice is taken once.
    expect(providerAnswers(page, uri, { code: 'code-1' })).toBe(false);

    const connected = await page.request('CONNECT_SOCIAL', { uri });
    expect(connected.event).toBe('@portico-frame/CONNECT_SOCIAL_SUCCESS');
    const finished = api.finishBodies.at(-1) as Record<string, unknown>;
    expect(finished).toMatchObject({ state: new URL(uri).searchParams.get('state'), code: 'code-1', iss: 'http://127.0.0.1:8790/google', deviceId: page.storage.map.get(STORAGE_KEYS.deviceId) });
    expect(createHash('sha256').update(finished.codeVerifier as string).digest('base64url')).toBe(challenge);
    const address = connected.payload.address as `0x${string}`;
    const user = { email: 'ann@mail.example', address, chainId: 31337, accounts: [{ address, type: 'eoa' }], userName: 'ann', preferredAccountType: 'eoa', authProvider: 'google' };
    expect(connected.payload).toEqual(user);
    expect(JSON.parse(page.storage.map.get(SESSION_KEY)!)).toMatchObject({ userId: 'user-google-ann-1', email: 'ann@mail.example', username: 'ann', authProvider: 'google' });
    expect((await page.request('IS_CONNECTED', {})).payload).toEqual({ isConnected: true });

    // A new page load (memory gone, storage kept): the same user, with its provider and username.
    const reloaded = framedPage({ storage: page.storage, deviceKeys: page.deviceKeys });
    expect((await reloaded.request('IS_CONNECTED', {})).payload).toEqual({ isConnected: true });
    expect((await reloaded.request('GET_USER', { chainId: 31337 })).payload).toEqual(user);
    // The same provider account signs in to the same wallet.
    const again = framedPage();
    const uri2 = (await again.request('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })).payload.uri as string;
    providerAnswers(again, uri2, { code: 'code-2' });
    expect((await again.request('CONNECT_SOCIAL', { uri: uri2 })).payload.address).toBe(address);
  });

  test('a provider without an email: no email in the user', async () => {
    api.state.socialIdentity = { subject: 'octo-7', username: 'octocat', email: null };
    const page = framedPage();
    const uri = (await page.request('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })).payload.uri as string;
    providerAnswers(page, uri, { code: 'code-3' });
    const { payload } = await page.request('CONNECT_SOCIAL', { uri });
    expect(payload).toMatchObject({ userName: 'octocat', authProvider: 'github' });
    expect(payload).not.toHaveProperty('email');
  });

  test("a uri whose state is not the pending sign-in's → refused, nothing sent to the API; the sign-in is used up", async () => {
    const page = framedPage();
    const uri = (await page.request('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })).payload.uri as string;
    providerAnswers(page, uri, { code: 'code-4' });
    const forged = new URL(uri);
    forged.searchParams.set('state', 'x'.repeat(43));
    const finishes = () => api.calls.filter((c) => c === 'POST /v1/auth/social/finish').length;
    const before = finishes();
    expect((await page.request('CONNECT_SOCIAL', { uri: forged.toString() })).payload).toEqual({ message: SOCIAL_STATE_MISMATCH });
    expect((await page.request('CONNECT_SOCIAL', { uri: `${api.url}/provider/google/authorize` })).payload).toEqual({ message: NO_PENDING_SOCIAL });
    // The finish the hand-off started is the only one; the forged CONNECT_SOCIAL sent nothing.
    expect(finishes()).toBe(before);
  });

  test('a newer start replaces the older one', async () => {
    const page = framedPage();
    const first = (await page.request('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })).payload.uri as string;
    const second = (await page.request('GET_SOCIAL_REDIRECT_URI', { provider: 'discord' })).payload.uri as string;
    // The older sign-in's answer is no longer this frame's.
    expect(providerAnswers(page, first, { code: 'code-5' })).toBe(false);
    expect((await page.request('CONNECT_SOCIAL', { uri: first })).payload).toEqual({ message: SOCIAL_STATE_MISMATCH });
    expect(second).not.toBe(first);
  });

  test("login CSRF: another browser's frame is handed the answer to a sign-in it did not start → not taken, nothing sent; the starter never sees that answer", async () => {
    const attacker = framedPage();
    const attackersLink = (await attacker.request('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })).payload.uri as string;
    // The victim completes the attacker's link in her own browser: her frame (even one mid sign-in itself) gets the answer.
    const victim = framedPage();
    const victimsOwn = (await victim.request('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })).payload.uri as string;
    const finishes = api.calls.filter((c) => c === 'POST /v1/auth/social/finish').length;
    expect(providerAnswers(victim, attackersLink, { code: 'victims-code' })).toBe(false);
    expect(api.calls.filter((c) => c === 'POST /v1/auth/social/finish').length).toBe(finishes);
    // The attacker's frame never got the code: its CONNECT_SOCIAL has nothing to finish with.
    expect((await attacker.request('CONNECT_SOCIAL', { uri: attackersLink })).payload).toEqual({ message: SOCIAL_WINDOW_CLOSED });
    expect(attacker.storage.map.has(SESSION_KEY)).toBe(false);
    // Her own sign-in is untouched.
    expect(providerAnswers(victim, victimsOwn, { code: 'her-own-code' })).toBe(true);
    expect((await victim.request('CONNECT_SOCIAL', { uri: victimsOwn })).event).toBe('@portico-frame/CONNECT_SOCIAL_SUCCESS');
  });

  test('no sign-in started → refused, nothing sent to the API', async () => {
    const before = api.calls.length;
    expect((await framedPage().request('CONNECT_SOCIAL', { uri: `${api.url}/provider/google/authorize?state=${'s'.repeat(43)}` })).payload).toEqual({ message: NO_PENDING_SOCIAL });
    expect(api.calls).toHaveLength(before);
  });

  test("the API's errors reach the modal in its words; the sign-in is dropped after each, nothing is stored", async () => {
    const cases: [string, (uri: string, page: ReturnType<typeof framedPage>) => Promise<unknown>][] = [
      // The popup closed before the provider's answer reached this frame: nothing is asked of the API.
      [SOCIAL_WINDOW_CLOSED, async () => {}],
      [SOCIAL_MESSAGES.cancelled, async (uri, page) => providerAnswers(page, uri, { error: 'access_denied' })],
      [SOCIAL_MESSAGES.codeRefused, async (uri, page) => providerAnswers(page, uri, { code: 'refused' })],
      // Another device id by the time of the finish: the API will not finish this sign-in.
      [SOCIAL_MESSAGES.unusable, async (uri, page) => {
        page.storage.setItem(STORAGE_KEYS.deviceId, 'another-device-0123456789');
        providerAnswers(page, uri, { code: 'code-6' });
      }],
    ];
    for (const [message, popup] of cases) {
      const page = framedPage();
      const uri = (await page.request('GET_SOCIAL_REDIRECT_URI', { provider: 'apple' })).payload.uri as string;
      await popup(uri, page);
      expect((await page.request('CONNECT_SOCIAL', { uri })).payload).toEqual({ message });
      expect(page.storage.map.has(SESSION_KEY)).toBe(false);
      expect((await page.request('CONNECT_SOCIAL', { uri })).payload).toEqual({ message: NO_PENDING_SOCIAL });
    }
  });

  test("start: the API's error passes through; a reply whose URL does not carry its state is refused", async () => {
    const page = framedPage();
    // The provider names the channel accepts but this API does not serve are the API's to refuse.
    const refusing = createEmbeddedWallet({
      apiUrl: api.url, projectId: PROJECT, chainId: 31337, siteUrl: site.url, parentOrigin: PARENT, showApproval: approveAtOnce, storage: memoryStorage(), deviceKeys: memoryKeyStore(),
      fetch: async () => Response.json({ error: 'Unsupported social provider' }, { status: 400 }),
    });
    await expect(refusing.handlers.GET_SOCIAL_REDIRECT_URI!({ provider: 'x' })).rejects.toThrow('Unsupported social provider');
    const stateless = createEmbeddedWallet({
      apiUrl: api.url, projectId: PROJECT, chainId: 31337, siteUrl: site.url, parentOrigin: PARENT, showApproval: approveAtOnce, storage: memoryStorage(), deviceKeys: memoryKeyStore(),
      fetch: async () => Response.json({ url: 'https://accounts.example/authorize?client_id=a', state: 's'.repeat(43) }),
    });
    await expect(stateless.handlers.GET_SOCIAL_REDIRECT_URI!({ provider: 'google' })).rejects.toThrow("the provider URL must carry the sign-in's state");
    expect((await page.request('GET_SOCIAL_REDIRECT_URI', { provider: 'facebook' })).event).toBe('@portico-frame/GET_SOCIAL_REDIRECT_URI_SUCCESS');
  });

  test('a session stored before social login (token, email, userId) still reads as an email login', async () => {
    const page = framedPage();
    await page.request('CONNECT_EMAIL', { email: 'early@example.com' });
    const { payload: user } = await page.request('CONNECT_OTP', { otp: '123456' });
    const { token, userId } = JSON.parse(page.storage.map.get(SESSION_KEY)!);
    const older = memoryStorage();
    older.setItem(SESSION_KEY, JSON.stringify({ token, email: 'early@example.com', userId }));
    expect((await framedPage({ storage: older, deviceKeys: page.deviceKeys }).request('GET_USER', { chainId: 31337 })).payload).toEqual(user);
  });
});

/** GET_FARCASTER_URI over the channel (its reply field takes `farcaster:` URIs): the sign-in URI the modal shows. */
async function startFarcaster(page: ReturnType<typeof framedPage>): Promise<string> {
  const started = await page.request('GET_FARCASTER_URI', {});
  expect(started.event).toBe('@portico-frame/GET_FARCASTER_URI_SUCCESS');
  return started.payload.url;
}
const farcasterResults = () => api.calls.filter((c) => c === 'POST /v1/auth/farcaster/result').length;
/** A sleep that waits until the test wakes it, so a poll can be caught between two results. */
function heldSleep() {
  const sleepers: (() => void)[] = [];
  return {
    sleep: () => new Promise<void>((resolve) => sleepers.push(resolve)),
    async untilSleeping() {
      while (sleepers.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    },
    wakeAll: () => sleepers.splice(0).forEach((wake) => wake()),
  };
}

describe('Sign In With Farcaster over the frame channel', () => {
  test('start → pending (polled once a second) → signed: the user with userName and authProvider; session kept across a reload', async () => {
    api.state.farcaster = { pendingPolls: 2, outcome: { fid: 1, username: 'alice' } };
    const slept: number[] = [];
    const page = framedPage({ sleep: async (ms) => void slept.push(ms) });
    const url = await startFarcaster(page);
    const channelToken = new URL(url).searchParams.get('channelToken');
    expect(url).toMatch(/^farcaster:\/\/connect\?/);
    expect(channelToken).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const before = farcasterResults();
    const connected = await page.request('CONNECT_FARCASTER', {});
    expect(connected.event).toBe('@portico-frame/CONNECT_FARCASTER_SUCCESS');
    const address = connected.payload.address as `0x${string}`;
    const user = { address, chainId: 31337, accounts: [{ address, type: 'eoa' }], userName: 'alice', preferredAccountType: 'eoa', authProvider: 'farcaster' };
    expect(connected.payload).toEqual(user);
    expect(farcasterResults() - before).toBe(3);
    expect(slept).toEqual([FARCASTER_POLL_INTERVAL_MS, FARCASTER_POLL_INTERVAL_MS]);
    expect(FARCASTER_POLL_INTERVAL_MS).toBeGreaterThanOrEqual(60_000 / 120);
    expect(JSON.parse(page.storage.map.get(SESSION_KEY)!)).toMatchObject({ userId: 'user-farcaster-1', email: null, username: 'alice', authProvider: 'farcaster' });

    // The sign-in is used up.
    expect((await page.request('CONNECT_FARCASTER', {})).payload).toEqual({ message: NO_PENDING_FARCASTER });
    // A new page load (memory gone, storage kept): the same user.
    const reloaded = framedPage({ storage: page.storage, deviceKeys: page.deviceKeys });
    expect((await reloaded.request('IS_CONNECTED', {})).payload).toEqual({ isConnected: true });
    expect((await reloaded.request('GET_USER', { chainId: 31337 })).payload).toEqual(user);
    // The same fid signs in to the same wallet.
    const again = framedPage({ sleep: async () => {} });
    await startFarcaster(again);
    expect((await again.request('CONNECT_FARCASTER', {})).payload.address).toBe(address);
  });

  test("the API's errors reach the modal in its words; the sign-in is dropped after each, nothing is stored", async () => {
    const outcomes = [
      { status: 401, error: FARCASTER_MESSAGES.unverified },
      { status: 400, error: FARCASTER_MESSAGES.expired },
      { status: 503, error: FARCASTER_MESSAGES.relayUnreachable },
    ] as const;
    for (const outcome of outcomes) {
      api.state.farcaster = { pendingPolls: 1, outcome };
      const page = framedPage({ sleep: async () => {} });
      await startFarcaster(page);
      expect((await page.request('CONNECT_FARCASTER', {})).payload).toEqual({ message: outcome.error });
      expect(page.storage.map.has(SESSION_KEY)).toBe(false);
      expect((await page.request('CONNECT_FARCASTER', {})).payload).toEqual({ message: NO_PENDING_FARCASTER });
    }
    // Another browser's device id: the API does not hand the channel over.
    api.state.farcaster = { pendingPolls: 0, outcome: { fid: 2, username: 'bob' } };
    const page = framedPage();
    await startFarcaster(page);
    page.storage.setItem(STORAGE_KEYS.deviceId, 'another-device-0123456789');
    expect((await page.request('CONNECT_FARCASTER', {})).payload).toEqual({ message: FARCASTER_MESSAGES.expired });
  });

  test('the sign-in ends after its lifetime, counted from the start', async () => {
    api.state.farcaster = { pendingPolls: Number.MAX_SAFE_INTEGER, outcome: { fid: 3, username: 'carol' } };
    let t = 0;
    const page = framedPage({ now: () => t, sleep: async (ms) => void (t += ms) });
    await startFarcaster(page);
    // The person looked at the QR code for most of the lifetime before the modal asked.
    t = FARCASTER_LIFETIME_MS - 5 * FARCASTER_POLL_INTERVAL_MS;
    const before = farcasterResults();
    expect((await page.request('CONNECT_FARCASTER', {})).payload).toEqual({ message: FARCASTER_EXPIRED });
    expect(t).toBeLessThanOrEqual(FARCASTER_LIFETIME_MS);
    expect(farcasterResults() - before).toBe(6);
    expect(FARCASTER_LIFETIME_MS).toBe(10 * 60_000);
    expect((await page.request('CONNECT_FARCASTER', {})).payload).toEqual({ message: NO_PENDING_FARCASTER });
  });

  test('RELOAD stops a running poll and drops pending sign-ins; the session stays', async () => {
    api.state.farcaster = { pendingPolls: Number.MAX_SAFE_INTEGER, outcome: { fid: 1, username: 'alice' } };
    const held = heldSleep();
    const page = framedPage({ sleep: held.sleep });
    await page.request('CONNECT_EMAIL', { email: 'stays@example.com' });
    const { payload: user } = await page.request('CONNECT_OTP', { otp: '123456' });
    await page.request('GET_SOCIAL_REDIRECT_URI', { provider: 'google' });
    await startFarcaster(page);

    const connecting = page.request('CONNECT_FARCASTER', {});
    await held.untilSleeping();
    const polled = farcasterResults();
    expect(await page.request('RELOAD', {})).toEqual(expect.objectContaining({ event: '@portico-frame/RELOAD_SUCCESS', payload: {} }));
    expect((await connecting).payload).toEqual({ message: FARCASTER_CANCELLED });
    held.wakeAll();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(farcasterResults()).toBe(polled);

    expect((await page.request('CONNECT_FARCASTER', {})).payload).toEqual({ message: NO_PENDING_FARCASTER });
    expect((await page.request('CONNECT_SOCIAL', { uri: `${api.url}/provider/google/authorize` })).payload).toEqual({ message: NO_PENDING_SOCIAL });
    expect((await page.request('GET_USER', { chainId: 31337 })).payload).toEqual(user);
  });

  test('a newer start stops the running poll; the newer channel signs in', async () => {
    api.state.farcaster = { pendingPolls: Number.MAX_SAFE_INTEGER, outcome: { fid: 1, username: 'alice' } };
    const held = heldSleep();
    const page = framedPage({ sleep: held.sleep });
    const first = await startFarcaster(page);
    const connecting = page.request('CONNECT_FARCASTER', {});
    await held.untilSleeping();

    api.state.farcaster = { pendingPolls: 0, outcome: { fid: 2, username: 'bob' } };
    const second = await startFarcaster(page);
    expect(second).not.toBe(first);
    expect((await connecting).payload).toEqual({ message: FARCASTER_CANCELLED });
    held.wakeAll();
    expect((await page.request('CONNECT_FARCASTER', {})).payload).toMatchObject({ userName: 'bob', authProvider: 'farcaster' });
  });

  test('CONNECT_FARCASTER asked twice: one poll, both get the user', async () => {
    api.state.farcaster = { pendingPolls: 3, outcome: { fid: 3, username: 'carol' } };
    const page = framedPage({ sleep: async () => {} });
    await startFarcaster(page);
    const before = farcasterResults();
    const [one, two] = await Promise.all([page.request('CONNECT_FARCASTER', {}), page.request('CONNECT_FARCASTER', {})]);
    expect(one.payload).toMatchObject({ userName: 'carol' });
    expect(two.payload).toEqual(one.payload);
    expect(farcasterResults() - before).toBe(4);
  });

  test('no sign-in started → refused, nothing sent to the API', async () => {
    const before = api.calls.length;
    expect((await framedPage().request('CONNECT_FARCASTER', {})).payload).toEqual({ message: NO_PENDING_FARCASTER });
    expect(api.calls).toHaveLength(before);
  });

  test("start: the API's error passes through; a reply off the contract is refused and leaves nothing pending", async () => {
    const startWith = (reply: Response) =>
      createEmbeddedWallet({
        apiUrl: api.url, projectId: PROJECT, chainId: 31337, siteUrl: site.url, parentOrigin: PARENT, showApproval: approveAtOnce, storage: memoryStorage(), deviceKeys: memoryKeyStore(),
        fetch: async () => reply,
      });
    const refusedWith = async (reply: Response) => {
      const wallet = startWith(reply);
      const error = await Promise.resolve(wallet.handlers.GET_FARCASTER_URI!({})).then(() => undefined, (e: Error) => e);
      await expect(Promise.resolve(wallet.handlers.CONNECT_FARCASTER!({}))).rejects.toThrow(NO_PENDING_FARCASTER);
      return error?.message;
    };
    const token = 'a'.repeat(32);
    expect(await refusedWith(Response.json({ error: 'Sign In With Farcaster is not configured on this server' }, { status: 503 }))).toBe(
      'Sign In With Farcaster is not configured on this server',
    );
    const refused = [
      [{ url: `http://relay.example/connect?channelToken=${token}`, channelToken: token }, 'url'],
      [{ url: `javascript:alert(1)//?channelToken=${token}`, channelToken: token }, 'url'],
      [{ url: `farcaster://connect?channelToken=${token}&pad=${'x'.repeat(2048)}`, channelToken: token }, 'url'],
      [{ url: `farcaster://connect?channelToken=${'b'.repeat(32)}`, channelToken: token }, "url: the sign-in URI must carry the channel's token"],
      [{ url: `farcaster://connect?channelToken=a%20b`, channelToken: 'a b' }, 'channelToken'],
      [{ url: `farcaster://connect?channelToken=${token}` }, 'channelToken'],
    ] as const;
    for (const [reply, issue] of refused) {
      expect(await refusedWith(Response.json(reply))).toContain(`The Portico API gave an unexpected answer (${issue}`);
    }
    // Farcaster's own relay hands out https links.
    await expect(Promise.resolve(startWith(Response.json({ url: `https://farcaster.example/~/siwf?channelToken=${token}`, channelToken: token })).handlers.GET_FARCASTER_URI!({}))).resolves.toEqual({
      url: `https://farcaster.example/~/siwf?channelToken=${token}`,
    });
  });
});
