/**
 * The frame's own approval (issue 28) through the page's handlers and the real frame channel, from the EOA on a real
 * anvil behind the API double's RPC proxy: nothing is signed or sent before the screen's approve; reject,
 * CANCEL_APPROVAL, SIGN_OUT and the time limit answer 4001 with nothing sent; what is signed is the frozen copy the
 * screen showed even when the request's params object is changed afterwards; a site-set fee 1000× the node's is shown
 * as it will be paid, with the warning that needs an acknowledgement. The screen names the network from the page's
 * own table and a recipient by the API's identity route, and words a router swap from its calldata. Sessions are
 * scoped per parent origin.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { USER_ACTION_TIMEOUT_MS } from '@portico/shared-state/embedded';
import type { TestAnvil as Anvil } from '@portico/service-kit/testing';
import { createPublicClient, createTestClient, encodeFunctionData, formatEther, http, parseAbi, parseEther, recoverMessageAddress, toHex, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { APPROVAL_TIMED_OUT, type ShownApproval } from '../src/page/approvals';
import { createEmbeddedWallet } from '../src/page/wallet';
import type { RunningSecureSite } from '../src/server';
import { PROJECT, type ApiDouble } from './api-double';
import { framedPage, PARENT, siteFetch, siteOnAnvil, type FramedPageOptions } from './framed-page';

let api: ApiDouble;
let site: RunningSecureSite;
let anvil: Anvil;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ api, site, anvil, stop } = await siteOnAnvil());
});
afterAll(() => stop?.());

const chain = () => createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) });
const newAddress = () => privateKeyToAddress(generatePrivateKey());
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

/** The screens the page asked for, in order; `nth(i)` waits for the i-th. */
function screens() {
  const shown: ShownApproval[] = [];
  return {
    shown,
    show: (approval: ShownApproval) => void shown.push(approval),
    async nth(index: number): Promise<ShownApproval> {
      for (let i = 0; i < 1000 && shown.length <= index; i += 1) await tick();
      const approval = shown[index];
      if (!approval) throw new Error(`screen ${index} was never shown`);
      return approval;
    },
  };
}

/** A signed-in page without smart accounts, its EOA funded, the person played by `screens`. */
async function signedIn(options: FramedPageOptions = {}) {
  const person = screens();
  const page = framedPage({ apiUrl: api.url, siteUrl: site.url }, { sleep: async () => {}, showApproval: person.show, ...options });
  await page.request('CONNECT_EMAIL', { email: `approve-${randomBytes(4).toString('hex')}@example.com` });
  await page.request('CONNECT_DEVICE', {});
  const eoa = (await page.request('CONNECT_OTP', { otp: '123456' })).payload.address as Hex;
  await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({ address: eoa, value: parseEther('10') });
  const rpc = (method: string, params?: unknown) => page.request('RPC_REQUEST', { method, ...(params !== undefined && { params }) });
  return { page, eoa, person, rpc };
}

/** Resolves to the reply, or 'waiting' if none came within a few ticks. */
const replyOrWaiting = async <T,>(reply: Promise<T>) => Promise.race([reply, (async () => (await tick(), await tick(), 'waiting' as const))()]);

describe('nothing is signed before the approve', () => {
  test('personal_sign: waits on the screen, then signs what it showed', async () => {
    const { eoa, person, rpc } = await signedIn();
    const reply = rpc('personal_sign', [toHex('hello\nworld'), eoa]);
    const approval = await person.nth(0);
    expect(approval.screen).toMatchObject({ heading: 'Sign message', requestedBy: PARENT, message: 'hello\nworld', rows: [{ label: 'Account', value: eoa }, { label: 'Network', value: 'Anvil (chain 31337)' }] });
    expect(await replyOrWaiting(reply)).toBe('waiting');
    expect(approval.approve()).toBe(true);
    const signed = (await reply).payload.result as Hex;
    expect(await recoverMessageAddress({ message: 'hello\nworld', signature: signed })).toBe(eoa);
  });

  test('eth_sendTransaction: no nonce used before the approve; reject → 4001 and nothing sent', async () => {
    const { page, eoa, person, rpc } = await signedIn();
    const nonce = await chain().getTransactionCount({ address: eoa, blockTag: 'pending' });
    const reply = rpc('eth_sendTransaction', [{ from: eoa, to: newAddress(), value: toHex(parseEther('0.5')) }]);
    const approval = await person.nth(0);
    expect(approval.screen.heading).toBe('Review transaction');
    expect(await replyOrWaiting(reply)).toBe('waiting');
    expect(await chain().getTransactionCount({ address: eoa, blockTag: 'pending' })).toBe(nonce);
    approval.reject();
    expect((await reply).payload).toEqual({ message: 'User rejected the request.', code: 4001 });
    expect(await chain().getTransactionCount({ address: eoa, blockTag: 'pending' })).toBe(nonce);
    await tick();
    expect(page.notifications.filter((n) => n.event === '@portico-frame/APPROVAL_HIDDEN')).toHaveLength(1);
  });

  test('refused before any screen: another signer, typed data of another chain, permissions (5700), methods this wallet does not support', async () => {
    const { person, rpc, eoa } = await signedIn();
    expect((await rpc('personal_sign', ['0x00', newAddress()])).payload.code).toBe(-32602);
    const typed = { types: { Mail: [{ name: 'contents', type: 'string' }] }, domain: { name: 'Portico', chainId: 1 }, primaryType: 'Mail', message: { contents: 'hi' } };
    expect((await rpc('eth_signTypedData_v4', [eoa, typed])).payload).toEqual({
      message: 'Invalid eth_signTypedData_v4 request: typed data is for chain 1, the wallet is on 31337',
      code: -32602,
    });
    // ERC-7715 (smart sessions): refused as an unsupported non-optional capability, before any screen.
    for (const method of ['wallet_grantPermissions', 'wallet_revokePermissions']) {
      expect((await rpc(method, [{}])).payload).toEqual({
        message: `Unsupported non-optional capability: ${method} (ERC-7715 permissions, smart sessions) is not supported by this embedded wallet`,
        code: 5700,
      });
    }
    expect((await rpc('eth_sendUserOperation', [{}])).payload).toEqual({ message: 'eth_sendUserOperation is not supported by this embedded wallet', code: 4200 });
    expect((await rpc('eth_getBalance', [eoa, 'latest'])).payload.result).toBe(toHex(parseEther('10')));
    expect(person.shown).toHaveLength(0);
  });
});

describe('what the screen says, from the frozen request', () => {
  test("the network from the page's table, the recipient's name from the API's identity route, a swap's words from its calldata", async () => {
    const alice = newAddress();
    const identityAsked: URL[] = [];
    const toSite = siteFetch(site.url);
    // The API double has no identity route: this one names alice.
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = new URL(String(input));
      if (!url.pathname.startsWith('/v1/identity/')) return toSite(input, init);
      identityAsked.push(url);
      return Response.json({ name: url.pathname.endsWith(alice) ? 'alice.portico.eth' : null, avatar: null });
    };
    const { eoa, person, rpc } = await signedIn({ fetch });
    const reply = rpc('eth_sendTransaction', [{ from: eoa, to: alice, value: toHex(parseEther('0.25')) }]);
    const approval = await person.nth(0);
    expect(approval.screen.rows).toEqual(
      expect.arrayContaining([
        { label: 'Network', value: 'Anvil (chain 31337)' },
        { label: 'To', value: `alice.portico.eth (${alice})` },
      ]),
    );
    expect(identityAsked.map((url) => url.searchParams.get('chainId'))).toEqual(['eip155:31337']);
    approval.reject();
    expect((await reply).payload.code).toBe(4001);

    const [router, token] = [newAddress(), newAddress()];
    const swap = encodeFunctionData({
      abi: parseAbi(['function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)']),
      args: [5n, parseEther('0.01'), [token, newAddress()], alice, 1_700_000_000n],
    });
    const swapped = rpc('eth_sendTransaction', [{ from: eoa, to: router, data: swap }]);
    const swapScreen = await person.nth(1);
    // Nothing is deployed at `token`: its amount is raw, said so.
    expect(swapScreen.screen.rows).toEqual(
      expect.arrayContaining([
        { label: 'To', value: router },
        { label: 'Action', value: `Swap 5 raw units of the token at ${token} (its symbol and decimals could not be read) for at least 0.01 ETH` },
        { label: 'Recipient', value: `alice.portico.eth (${alice})` },
        { label: 'Deadline', value: '2023-11-14 22:13:20 UTC' },
      ]),
    );
    swapScreen.reject();
    expect((await swapped).payload.code).toBe(4001);
  });
});

describe('cancelled and timed out', () => {
  test('CANCEL_APPROVAL rejects the shown and the queued requests with 4001; SIGN_OUT too', async () => {
    const { page, eoa, person, rpc } = await signedIn();
    const first = rpc('personal_sign', [toHex('one'), eoa]);
    const second = rpc('eth_sendTransaction', [{ from: eoa, to: newAddress(), value: '0x1' }]);
    await person.nth(0);
    expect((await page.request('CANCEL_APPROVAL', {})).event).toBe('@portico-frame/CANCEL_APPROVAL_SUCCESS');
    expect((await first).payload).toEqual({ message: 'User rejected the request.', code: 4001 });
    expect((await second).payload).toEqual({ message: 'User rejected the request.', code: 4001 });
    expect(person.shown).toHaveLength(1);
    expect(person.shown[0]!.signal.aborted).toBe(true);

    const third = rpc('personal_sign', [toHex('three'), eoa]);
    await person.nth(1);
    await page.request('SIGN_OUT', {});
    expect((await third).payload).toEqual({ message: 'User rejected the request.', code: 4001 });
  });

  test(`unanswered for ${USER_ACTION_TIMEOUT_MS / 60_000} min: 4001, hidden, nothing sent`, async () => {
    const timers: { at: number; run: () => void }[] = [];
    const { page, eoa, person, rpc } = await signedIn({ setTimer: (run, ms) => (timers.push({ at: ms, run }), () => undefined) });
    const nonce = await chain().getTransactionCount({ address: eoa, blockTag: 'pending' });
    const reply = rpc('eth_sendTransaction', [{ from: eoa, to: newAddress(), value: '0x1' }]);
    await person.nth(0);
    expect(timers.map((timer) => timer.at)).toEqual([USER_ACTION_TIMEOUT_MS]);
    timers[0]!.run();
    expect((await reply).payload).toEqual({ message: APPROVAL_TIMED_OUT, code: 4001 });
    expect(person.shown[0]!.approve()).toBe(false);
    await tick();
    expect(page.notifications.map((n) => n.event)).toContain('@portico-frame/APPROVAL_HIDDEN');
    expect(await chain().getTransactionCount({ address: eoa, blockTag: 'pending' })).toBe(nonce);
  });
});

describe('what is signed is the frozen copy the screen showed', () => {
  test('changing the params object after the screen was asked for changes nothing', async () => {
    const { eoa, person, page } = await signedIn();
    const [alice, mallory] = [newAddress(), newAddress()];
    const params = [{ from: eoa, to: alice, value: toHex(parseEther('0.25')) }];
    const reply = page.request('RPC_REQUEST', { method: 'eth_sendTransaction', params });
    const approval = await person.nth(0);
    params[0]!.to = mallory;
    params[0]!.value = toHex(parseEther('5'));
    expect(approval.screen.rows).toEqual(expect.arrayContaining([{ label: 'To', value: alice }, { label: 'Amount', value: '0.25 ETH' }]));
    approval.approve();
    const hash = (await reply).payload.result as Hex;
    const receipt = await chain().waitForTransactionReceipt({ hash });
    const sent = await chain().getTransaction({ hash });
    expect(receipt.to).toBe(alice.toLowerCase());
    expect(sent.value).toBe(parseEther('0.25'));
    expect(await chain().getBalance({ address: mallory })).toBe(0n);
    expect(approval.screen.feeWei).toBe(sent.gas * sent.maxFeePerGas!);
  });

  test("a site-set gasPrice 1000× the node's: the fee shown is gas × gasPrice, warned; approve waits for the acknowledgement", async () => {
    const { eoa, person, rpc } = await signedIn();
    const gasPrice = (await chain().getGasPrice()) * 1000n;
    const reply = rpc('eth_sendTransaction', [{ from: eoa, to: newAddress(), value: '0x1', gas: toHex(21_000), gasPrice: toHex(gasPrice) }]);
    const approval = await person.nth(0);
    const fee = 21_000n * gasPrice;
    expect(approval.screen.feeWei).toBe(fee);
    expect(approval.screen.feeWarning).toMatchObject({ feeWei: fee });
    expect(approval.screen.feeWarning!.text).toMatch(/^This site set a network fee of [\d.]+ ETH, over 10× the network's estimate of [\d.]+ ETH\.$/);
    expect(approval.screen.rows).toContainEqual({ label: 'Network fee', value: `${formatEther(fee)} ETH` });

    expect(approval.approve()).toBe(false);
    expect(await replyOrWaiting(reply)).toBe('waiting');
    expect(approval.approve({ feeAcknowledged: true })).toBe(true);
    const receipt = await chain().waitForTransactionReceipt({ hash: (await reply).payload.result as Hex });
    expect(receipt.gasUsed * receipt.effectiveGasPrice).toBe(fee);
  });

  test('a wallet-filled fee is shown as "Up to" gas × maxFeePerGas, without a warning', async () => {
    const { eoa, person, rpc } = await signedIn();
    const reply = rpc('eth_sendTransaction', [{ from: eoa, to: newAddress(), value: '0x1' }]);
    const approval = await person.nth(0);
    expect(approval.screen.feeWarning).toBeUndefined();
    expect(approval.screen.rows.find((row) => row.label === 'Network fee')?.value).toMatch(/^Up to [\d.]+ ETH$/);
    approval.approve();
    expect((await reply).payload.result).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe('sessions per parent origin', () => {
  test("another allowed origin framing the page sees no session; the first origin's stays", async () => {
    const { page } = await signedIn();
    const on = (parentOrigin: string) =>
      createEmbeddedWallet({
        apiUrl: api.url, projectId: PROJECT, chainId: 31337, siteUrl: site.url, fetch: siteFetch(site.url),
        storage: page.storage, deviceKeys: page.deviceKeys, parentOrigin, showApproval: () => undefined,
      });
    await expect(Promise.resolve(on('https://other.example').handlers.IS_CONNECTED!({}))).resolves.toEqual({ isConnected: false });
    await expect(Promise.resolve(on('https://other.example').handlers.GET_USER!({ chainId: 31337 }))).rejects.toThrow('Session Expired');
    await expect(Promise.resolve(on(PARENT).handlers.IS_CONNECTED!({}))).resolves.toEqual({ isConnected: true });
  });
});
