/**
 * The page's handlers through the real frame channel (shared-state createParentChannel) with a fake parent
 * window, the real secure-site server and the API double: email → device → code → embedded user, signing
 * (checked by recovery), session check, sign-out, 'Session Expired', chain switch, the device wait bound, update email.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createParentChannel, type MessageEventLike } from '@portico/shared-state/embedded';
import { recoverMessageAddress, recoverTypedDataAddress } from 'viem';
import { startSecureSite, type RunningSecureSite } from '../src/server';
import { createEmbeddedWallet, DEVICE_NOT_APPROVED, STORAGE_KEYS } from '../src/page/wallet';
import { ALLOWED, PROJECT, startApiDouble, type ApiDouble } from './api-double';

const PARENT = 'https://shop.example';
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

function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

/** A framed page: the wallet's handlers behind the channel, a fake parent that sends requests and awaits replies. */
function framedPage(options: { sleep?: (ms: number) => Promise<void>; now?: () => number } = {}) {
  const storage = memoryStorage();
  // As a browser does: same-origin fetches to this site carry its Origin.
  const browserFetch: typeof fetch = (input, init) =>
    fetch(input, String(input).startsWith(site.url) ? { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: site.url } } : init);
  const wallet = createEmbeddedWallet({
    apiUrl: api.url,
    projectId: PROJECT,
    chainId: 31337,
    walletOpenUrl: `${site.url}/wallet/open`,
    fetch: browserFetch,
    storage,
    ...options,
  });
  const listeners = new Set<(e: MessageEventLike) => void>();
  const pending = new Map<string, (msg: { event: string; payload: any }) => void>();
  const parent = {
    postMessage(message: any, targetOrigin: string) {
      expect(targetOrigin).toBe(PARENT);
      pending.get(message.id)?.(message);
    },
  };
  const channel = createParentChannel({
    parentWindow: parent,
    parentOrigin: PARENT,
    allowedOrigins: ALLOWED,
    listenTarget: { addEventListener: (_t, l) => listeners.add(l), removeEventListener: (_t, l) => listeners.delete(l) },
    handlers: wallet.handlers,
  });
  let ids = 0;
  const request = (name: string, payload: unknown) =>
    new Promise<{ event: string; payload: any }>((resolve) => {
      const id = `req${String(ids++).padStart(8, '0')}`;
      pending.set(id, resolve);
      for (const l of listeners) l({ origin: PARENT, source: parent, data: { type: 'portico:embedded', id, event: `@portico-app/${name}`, payload } });
    });
  return { request, storage, channel, wallet };
}

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
    const reloaded = createEmbeddedWallet({ apiUrl: api.url, projectId: PROJECT, chainId: 1, walletOpenUrl: `${site.url}/wallet/open`, storage: page.storage,
      fetch: (i, init) => fetch(i, String(i).startsWith(site.url) ? { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: site.url } } : init) });
    expect((await reloaded.handlers.GET_USER!({ chainId: 1 })).address).toBe(address);

    expect((await page.request('SIGN_OUT', {})).event).toBe('@portico-frame/SIGN_OUT_SUCCESS');
    expect(page.storage.map.has(STORAGE_KEYS.session)).toBe(false);
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
    page.storage.setItem(STORAGE_KEYS.session, JSON.stringify({ token, email: 'gone@example.com', userId: 'user-gone' }));
    expect((await page.request('GET_USER', { chainId: 31337 })).payload).toEqual({ message: 'Session Expired' });
    expect(page.storage.map.has(STORAGE_KEYS.session)).toBe(false);
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
});
