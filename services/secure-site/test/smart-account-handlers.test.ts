/**
 * The smart account in the page's handlers (issue 12), with a double of the smart account (viem's side is tested
 * on a real chain in smart-account.integration.test.ts): which account is active (the preference from GET_USER,
 * then this browser's, then the smart account on enabled chains; the EOA elsewhere), GET_USER's accounts,
 * GET_SMART_ACCOUNT_ENABLED_NETWORKS, INIT_SMART_ACCOUNT, SET_PREFERRED_ACCOUNT and SWITCH_NETWORK's ACCOUNTS_CHANGED, and
 * the RPC methods from the smart account: signatures, eth_sendTransaction as one user operation waited for
 * (its time limit on a fake clock), the bundler's refusal in its words.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { startSecureSite, type RunningSecureSite } from '../src/server';
import {
  MAX_STORED_PREFERENCES,
  smartAccountsNotEnabled,
  STORAGE_KEYS,
  USER_OPERATION_POLL_INTERVAL_MS,
  USER_OPERATION_TIMEOUT_MS,
  userOperationNotIncluded,
} from '../src/page/wallet';
import { startApiDouble, type ApiDouble } from './api-double';
import { framedPage, memoryStorage } from './framed-page';
import { bundled, BUNDLE_HASH, signedInPage, smartAccountDouble, SMART_SIGNATURE, userOperationHash } from './smart-account-double';

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
const pageEnv = () => ({ apiUrl: api.url, siteUrl: site.url });

describe('which account is active', () => {
  test('on an enabled chain: the smart account by default; GET_USER lists both; elsewhere the EOA alone', async () => {
    const { page, smart, user, eoa } = await signedInPage(pageEnv());
    expect(user).toEqual({
      email: expect.any(String),
      address: smart.record.address,
      chainId: 31337,
      accounts: [
        { address: eoa, type: 'eoa' },
        { address: smart.record.address, type: 'smartAccount' },
      ],
      smartAccountDeployed: false,
      preferredAccountType: 'smartAccount',
      authProvider: 'email',
    });
    // Owner = the key; reads through the API's RPC proxy.
    expect(smart.record.opened).toEqual([{ owner: eoa, chainId: 31337, rpcUrl: `${api.url}/v1/?chainId=eip155:31337&projectId=portico-demo` }]);
    smart.record.deployed = true;
    expect((await page.request('GET_USER', { chainId: 31337 })).payload).toMatchObject({ address: smart.record.address, smartAccountDeployed: true });

    const elsewhere = (await page.request('GET_USER', { chainId: 1 })).payload;
    expect(elsewhere).toEqual(expect.objectContaining({ address: eoa, chainId: 1, accounts: [{ address: eoa, type: 'eoa' }], preferredAccountType: 'eoa' }));
    expect(elsewhere).not.toHaveProperty('smartAccountDeployed');
    expect((await page.request('RPC_REQUEST', { method: 'eth_accounts' })).payload).toEqual({ result: [eoa] });
    expect((await page.request('RPC_REQUEST', { method: 'eth_accounts', chainId: 31337 })).payload).toEqual({ result: [smart.record.address] });
  });

  test("GET_USER's preferredAccountType wins and is kept for the user; a new page load reads it", async () => {
    const { page, smart, eoa } = await signedInPage(pageEnv());
    const user = (await page.request('GET_USER', { chainId: 31337, preferredAccountType: 'eoa' })).payload;
    expect(user).toMatchObject({ address: eoa, preferredAccountType: 'eoa', accounts: [{ type: 'eoa' }, { address: smart.record.address, type: 'smartAccount' }] });
    const reloaded = framedPage(
      { apiUrl: api.url, siteUrl: site.url },
      { storage: page.storage, deviceKeys: page.deviceKeys, smartAccounts: { chains: [31337], bundlerUrl: 'http://127.0.0.1:4337/rpc' }, openSmartAccount: smart.open },
    );
    expect((await reloaded.request('GET_USER', { chainId: 31337 })).payload).toMatchObject({ address: eoa, preferredAccountType: 'eoa' });
    expect((await reloaded.request('RPC_REQUEST', { method: 'eth_accounts' })).payload).toEqual({ result: [eoa] });
  });

  test('a smart account that cannot be read: the EOA-preferring user still signs in and can switch to the EOA; the smart account says why', async () => {
    const smart = smartAccountDouble();
    smart.record.unreadable = "The smart account's address could not be read on eip155:31337: no factory";
    const storage = memoryStorage();
    const page = framedPage(
      { apiUrl: api.url, siteUrl: site.url },
      { storage, smartAccounts: { chains: [31337], bundlerUrl: 'http://127.0.0.1:4337/rpc' }, openSmartAccount: smart.open, sleep: async () => {} },
    );
    await page.request('CONNECT_EMAIL', { email: 'unreadable@example.com' });
    await page.request('CONNECT_DEVICE', {});
    // The default (smart account) cannot be opened: the sign-in says why.
    expect((await page.request('CONNECT_OTP', { otp: '123456' })).payload).toEqual({ message: smart.record.unreadable });
    const eoaUser = (await page.request('GET_USER', { chainId: 31337, preferredAccountType: 'eoa' })).payload;
    expect(eoaUser).toMatchObject({ preferredAccountType: 'eoa', accounts: [{ address: eoaUser.address, type: 'eoa' }] });
    expect(eoaUser).not.toHaveProperty('smartAccountDeployed');
    expect((await page.request('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).payload).toEqual({ type: 'eoa', address: eoaUser.address });
    expect((await page.request('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).payload).toEqual({ message: smart.record.unreadable });
    // The refused switch kept the EOA as the preference.
    expect((await page.request('GET_USER', { chainId: 31337 })).payload).toMatchObject({ address: eoaUser.address, preferredAccountType: 'eoa' });
  });

  test('without the operator’s smart accounts: no enabled networks, the EOA only, INIT_SMART_ACCOUNT refused', async () => {
    const page = framedPage({ apiUrl: api.url, siteUrl: site.url }, { sleep: async () => {} });
    expect((await page.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).payload).toEqual({ smartAccountEnabledNetworks: [] });
    await page.request('CONNECT_EMAIL', { email: 'plain@example.com' });
    await page.request('CONNECT_DEVICE', {});
    const user = (await page.request('CONNECT_OTP', { otp: '123456' })).payload;
    expect(user).toMatchObject({ accounts: [{ address: user.address, type: 'eoa' }], preferredAccountType: 'eoa' });
    expect((await page.request('INIT_SMART_ACCOUNT', {})).payload).toEqual({ message: smartAccountsNotEnabled(31337) });
  });
});

describe('smart-account events', () => {
  test('GET_SMART_ACCOUNT_ENABLED_NETWORKS and INIT_SMART_ACCOUNT', async () => {
    const { page, smart } = await signedInPage(pageEnv());
    expect((await page.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).payload).toEqual({ smartAccountEnabledNetworks: [31337] });
    expect((await page.request('INIT_SMART_ACCOUNT', {})).payload).toEqual({ address: smart.record.address, isDeployed: false });
    // Opened once per key and chain.
    expect(smart.record.opened).toHaveLength(1);
    await page.request('SWITCH_NETWORK', { chainId: 1 });
    expect((await page.request('INIT_SMART_ACCOUNT', {})).payload).toEqual({ message: smartAccountsNotEnabled(1) });
  });

  test('SET_PREFERRED_ACCOUNT switches the active account, announces it once, and is kept per user', async () => {
    const { page, smart, eoa } = await signedInPage(pageEnv());
    const accountsChanged = () => page.notifications.filter((n) => n.event === '@portico-frame/ACCOUNTS_CHANGED').map((n) => n.payload);
    expect((await page.request('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).payload).toEqual({ type: 'eoa', address: eoa });
    expect(accountsChanged()).toEqual([{ accounts: [eoa] }]);
    expect((await page.request('RPC_REQUEST', { method: 'eth_accounts' })).payload).toEqual({ result: [eoa] });
    // The same type again changes nothing: no notification.
    await page.request('SET_PREFERRED_ACCOUNT', { type: 'eoa' });
    expect(accountsChanged()).toHaveLength(1);
    expect((await page.request('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).payload).toEqual({ type: 'smartAccount', address: smart.record.address });
    expect(accountsChanged()).toEqual([{ accounts: [eoa] }, { accounts: [smart.record.address] }]);

    // Switching chains into or out of the smart-account chains changes the account too.
    await page.request('SWITCH_NETWORK', { chainId: 1 });
    expect(accountsChanged().at(-1)).toEqual({ accounts: [eoa] });
    await page.request('SWITCH_NETWORK', { chainId: 31337 });
    expect(accountsChanged().at(-1)).toEqual({ accounts: [smart.record.address] });
    expect(accountsChanged()).toHaveLength(4);
    await page.request('SWITCH_NETWORK', { chainId: 1 });
    expect((await page.request('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).payload).toEqual({ message: smartAccountsNotEnabled(1) });
    expect((await page.request('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).payload).toEqual({ type: 'eoa', address: eoa });
  });

  test(`this browser keeps the preference of at most ${MAX_STORED_PREFERENCES} users, dropping the oldest`, async () => {
    const storage = memoryStorage();
    const others = Array.from({ length: MAX_STORED_PREFERENCES }, (_, i) => [`user-other-${i}`, 'eoa']);
    storage.setItem(STORAGE_KEYS.preferredAccountTypes, JSON.stringify(others));
    const { page } = await signedInPage(pageEnv(), { storage });
    await page.request('SET_PREFERRED_ACCOUNT', { type: 'eoa' });
    const kept = JSON.parse(storage.getItem(STORAGE_KEYS.preferredAccountTypes)!) as [string, string][];
    expect(kept).toHaveLength(MAX_STORED_PREFERENCES);
    expect(kept[0]![0]).toBe('user-other-1');
    expect(kept.at(-1)).toEqual([expect.stringMatching(/^user-sa-/), 'eoa']);
  });

  test('not signed in: Session Expired', async () => {
    const page = framedPage({ apiUrl: api.url, siteUrl: site.url }, { smartAccounts: { chains: [31337], bundlerUrl: 'http://127.0.0.1:4337/rpc' }, openSmartAccount: smartAccountDouble().open });
    expect((await page.request('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).payload).toEqual({ message: 'Session Expired' });
    expect((await page.request('RPC_REQUEST', { method: 'eth_accounts' })).payload).toEqual({ result: [] });
  });
});

describe('RPC from the smart account', () => {
  test('personal_sign and eth_signTypedData_v4 are the smart account’s; the EOA is not the active account', async () => {
    const { page, smart, eoa } = await signedInPage(pageEnv());
    const signed = await page.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x68656c6c6f', smart.record.address] });
    expect(signed.payload).toEqual({ result: SMART_SIGNATURE });
    expect(smart.record.signed).toEqual([{ raw: '0x68656c6c6f' }]);
    const typedData = {
      types: { EIP712Domain: [{ name: 'name', type: 'string' }], Mail: [{ name: 'contents', type: 'string' }] },
      domain: { name: 'Portico' },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    };
    expect((await page.request('RPC_REQUEST', { method: 'eth_signTypedData_v4', params: [smart.record.address, JSON.stringify(typedData)] })).payload).toEqual({ result: SMART_SIGNATURE });
    expect(smart.record.typed).toEqual([{ domain: { name: 'Portico' }, types: { Mail: typedData.types.Mail }, primaryType: 'Mail', message: { contents: 'hi' } }]);
    const fromEoa = await page.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x00', eoa] });
    expect(fromEoa.payload.message).toBe(`personal_sign: ${eoa} is not this wallet's address`);
  });

  test('eth_sendTransaction: one user operation with the call, polled until bundled: the bundle’s hash', async () => {
    let t = 0;
    const { page, smart } = await signedInPage(pageEnv(), { now: () => t, sleep: async (ms) => void (t += ms) });
    smart.record.outcomes.push(null, null, bundled(true));
    const to = privateKeyToAddress(generatePrivateKey());
    const sent = await page.request('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: smart.record.address, to, value: '0x16345785d8a0000', data: '0x1234', gas: '0x5208' }] });
    expect(sent.payload).toEqual({ result: BUNDLE_HASH });
    expect(smart.record.sent).toEqual([[{ to, value: 100_000_000_000_000_000n, data: '0x1234' }]]);
    expect(smart.record.polls).toBe(3);
    expect(t).toBe(2 * USER_OPERATION_POLL_INTERVAL_MS);
  });

  test(`eth_sendTransaction waits at most ${USER_OPERATION_TIMEOUT_MS / 1000} s for the bundle`, async () => {
    let t = 0;
    const { page, smart } = await signedInPage(pageEnv(), { now: () => t, sleep: async (ms) => void (t += ms) });
    const to = privateKeyToAddress(generatePrivateKey());
    const sent = await page.request('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ to, value: '0x1' }] });
    expect(sent.payload).toEqual({ message: userOperationNotIncluded(userOperationHash(1)) });
    expect(t).toBeLessThanOrEqual(USER_OPERATION_TIMEOUT_MS);
    expect(t).toBeGreaterThan(USER_OPERATION_TIMEOUT_MS - 2 * USER_OPERATION_POLL_INTERVAL_MS);
    // One poll at the start and one after each interval.
    expect(smart.record.polls).toBe(USER_OPERATION_TIMEOUT_MS / USER_OPERATION_POLL_INTERVAL_MS + 1);
  });

  test('refused, reverted and malformed sends say why', async () => {
    const { page, smart, eoa } = await signedInPage(pageEnv());
    const to = privateKeyToAddress(generatePrivateKey());
    const send = (tx: Record<string, unknown>) => page.request('RPC_REQUEST', { method: 'eth_sendTransaction', params: [tx] });

    smart.record.refusal = "The bundler refused the user operation: AA21 didn't pay prefund";
    expect((await send({ to, value: '0x1' })).payload).toEqual({ message: "The bundler refused the user operation: AA21 didn't pay prefund" });
    smart.record.refusal = undefined;

    smart.record.outcomes.push(bundled(false, { reason: 'Insufficient balance' }));
    expect((await send({ to, value: '0x1' })).payload).toEqual({ message: `The user operation's call failed (Insufficient balance) in transaction ${BUNDLE_HASH}` });

    expect((await send({ from: eoa, to })).payload.message).toBe(`eth_sendTransaction: ${eoa} is not this wallet's address`);
    expect((await send({ data: '0x6000' })).payload.message).toBe('eth_sendTransaction: params.0.to is required: a smart account cannot create a contract');
    expect(smart.record.sent).toHaveLength(1);
  });
});
