/**
 * EIP-5792 in the page's handlers (src/page/send-calls.ts): wallet_getCapabilities, wallet_sendCalls and
 * wallet_getCallsStatus. From the smart account (a double: one user operation with every call, its status from the
 * bundler's receipt); from the EOA on a real anvil through the API double's RPC proxy, driven by viem's own
 * `sendCalls` / `waitForCallsStatus` / `getCapabilities` (one transaction per call, each after the previous one's
 * receipt, stopping at the first failure; its receipt wait bounded on a fake clock); the refusals with EIP-5792's
 * codes; the batch limit shared with the modal's approval gate; the last 64 batches kept.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { createPublicClient, createTestClient, createWalletClient, custom, http, parseEther, toHex, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { foundry } from 'viem/chains';
import type { TestAnvil as Anvil } from '@portico/service-kit/testing';
import {
  BATCH_RECEIPT_POLL_INTERVAL_MS,
  BATCH_RECEIPT_TIMEOUT_MS,
  CALLS_ERRORS,
  MAX_CAPABILITY_CHAINS,
  MAX_KEPT_BATCHES,
  MAX_SEND_CALLS,
  MISSING_CAPABILITIES_ADDRESS,
} from '../src/page/send-calls';
import type { RunningSecureSite } from '../src/server';
import type { ApiDouble } from './api-double';
import { framedPage, pageProvider, siteOnAnvil, type FramedPageOptions } from './framed-page';
import { bundled, BUNDLE_HASH, signedInPage, userOperationHash } from './smart-account-double';

let api: ApiDouble;
let site: RunningSecureSite;
let anvil: Anvil;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ api, site, anvil, stop } = await siteOnAnvil());
});
afterAll(() => stop?.());

const pageEnv = () => ({ apiUrl: api.url, siteUrl: site.url });
const newAddress = () => privateKeyToAddress(generatePrivateKey());
const rpc = (page: ReturnType<typeof framedPage>, method: string, params: unknown) => page.request('RPC_REQUEST', { method, params });
/** A wallet_sendCalls request as viem sends it. */
const batchOf = (calls: unknown[], extra: Record<string, unknown> = {}) => [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls, ...extra }];

describe('from the smart account (double)', () => {
  test('getCapabilities: atomic supported on the smart-account chains, unsupported elsewhere and for the EOA', async () => {
    const { page, smart, eoa } = await signedInPage(pageEnv());
    expect((await rpc(page, 'wallet_getCapabilities', [smart.record.address])).payload).toEqual({ result: { '0x7a69': { atomic: { status: 'supported' } } } });
    expect((await rpc(page, 'wallet_getCapabilities', [smart.record.address, ['0x7a69', '0x1']])).payload).toEqual({
      result: { '0x7a69': { atomic: { status: 'supported' } }, '0x1': { atomic: { status: 'unsupported' } } },
    });
    expect((await rpc(page, 'wallet_getCapabilities', [])).payload).toEqual({ message: MISSING_CAPABILITIES_ADDRESS, code: -32602 });
    expect((await rpc(page, 'wallet_getCapabilities', [eoa])).payload).toEqual({ message: `wallet_getCapabilities: ${eoa} is not this wallet's address`, code: -32602 });
    const tooMany = Array.from({ length: MAX_CAPABILITY_CHAINS + 1 }, (_, i) => toHex(i + 1));
    expect((await rpc(page, 'wallet_getCapabilities', [smart.record.address, tooMany.slice(1)])).event).toBe('@portico-frame/RPC_REQUEST_SUCCESS');
    expect((await rpc(page, 'wallet_getCapabilities', [smart.record.address, tooMany])).payload.message).toBe(
      `wallet_getCapabilities: params.1 must list at most ${MAX_CAPABILITY_CHAINS} chains`,
    );

    await page.request('SET_PREFERRED_ACCOUNT', { type: 'eoa' });
    expect((await rpc(page, 'wallet_getCapabilities', [eoa])).payload).toEqual({ result: { '0x7a69': { atomic: { status: 'unsupported' } } } });
  });

  test('sendCalls: one user operation with every call; getCallsStatus pending, then confirmed with its receipt', async () => {
    const { page, smart } = await signedInPage(pageEnv());
    const [alice, bob] = [newAddress(), newAddress()];
    const request = batchOf(
      [
        { to: alice, value: '0x16345785d8a0000' },
        { to: bob, data: '0xa9059cbb', capabilities: { feeToken: { optional: true } } },
      ],
      { from: smart.record.address, atomicRequired: true, capabilities: { paymasterService: { url: 'https://pm.example', optional: true } } },
    );
    const sent = await rpc(page, 'wallet_sendCalls', request);
    expect(sent.payload).toEqual({ result: { id: userOperationHash(1) } });
    expect(smart.record.sent).toEqual([
      [
        { to: alice, value: 100_000_000_000_000_000n, data: undefined },
        { to: bob, value: undefined, data: '0xa9059cbb' },
      ],
    ]);

    const id = userOperationHash(1);
    smart.record.outcomes.push(null, bundled(true));
    expect((await rpc(page, 'wallet_getCallsStatus', [id])).payload).toEqual({ result: { version: '2.0.0', id, chainId: '0x7a69', atomic: true, status: 100, receipts: [] } });
    expect((await rpc(page, 'wallet_getCallsStatus', [id])).payload).toEqual({
      result: {
        version: '2.0.0',
        id,
        chainId: '0x7a69',
        atomic: true,
        status: 200,
        receipts: [
          {
            logs: [{ address: `0x${'0d'.repeat(20)}`, data: '0x01', topics: [`0x${'0e'.repeat(32)}`] }],
            status: '0x1',
            blockHash: `0x${'0c'.repeat(32)}`,
            blockNumber: '0x7',
            gasUsed: toHex(90_000),
            transactionHash: BUNDLE_HASH,
          },
        ],
      },
    });
  });

  test("a dapp's own id; a reverted operation is 500; the same id again is refused (5720) before anything is sent", async () => {
    const { page, smart } = await signedInPage(pageEnv());
    const request = batchOf([{ to: newAddress(), value: '0x1' }], { id: 'order-42' });
    expect((await rpc(page, 'wallet_sendCalls', request)).payload).toEqual({ result: { id: 'order-42' } });
    smart.record.outcomes.push(bundled(false, { reason: 'Insufficient balance' }));
    expect((await rpc(page, 'wallet_getCallsStatus', ['order-42'])).payload.result).toMatchObject({ id: 'order-42', atomic: true, status: 500, receipts: [{ status: '0x0' }] });
    expect((await rpc(page, 'wallet_sendCalls', request)).payload).toEqual({ message: CALLS_ERRORS.duplicateId.message, code: 5720 });
    expect(smart.record.sent).toHaveLength(1);
  });

  test('refusals say why, with EIP-5792 codes where it has one; nothing is sent', async () => {
    const { page, smart, eoa } = await signedInPage(pageEnv());
    const to = newAddress();
    const send = (calls: unknown[], extra?: Record<string, unknown>) => rpc(page, 'wallet_sendCalls', batchOf(calls, extra)).then((reply) => reply.payload);

    expect(await send([{ to }], { from: eoa })).toEqual({ message: `wallet_sendCalls: ${eoa} is not this wallet's address`, code: -32602 });
    expect(await send([{ to }], { chainId: '0x1' })).toEqual({ message: 'wallet_sendCalls: params.0.chainId is eip155:1, the wallet is on eip155:31337', code: -32602 });
    expect(await send([{ to }], { capabilities: { paymasterService: { url: 'https://pm.example' } } })).toEqual({
      message: CALLS_ERRORS.unsupportedCapability.message('paymasterService'),
      code: 5700,
    });
    expect(await send([{ to, capabilities: { auxiliaryFunds: { optional: false } } }])).toEqual({ message: CALLS_ERRORS.unsupportedCapability.message('auxiliaryFunds'), code: 5700 });
    expect(await send([{ data: '0x6000' }])).toEqual({ message: 'wallet_sendCalls: params.0.calls.0.to is required: a batch cannot create a contract', code: -32602 });
    expect(await send([{ to }], { version: '1.0' })).toMatchObject({ message: 'wallet_sendCalls: params.0.version must be an EIP-5792 version 2.0.0 request', code: -32602 });
    expect(await send([{ to }], { atomicRequired: undefined })).toMatchObject({ message: expect.stringMatching(/^wallet_sendCalls: params\.0\.atomicRequired /), code: -32602 });
    expect(await send([])).toEqual({ message: 'wallet_sendCalls: params.0.calls must have at least one call', code: -32602 });
    // The modal's approval gate shows at most MAX_SEND_CALLS calls: the same limit here.
    expect(await send(Array.from({ length: MAX_SEND_CALLS + 1 }, () => ({ to })))).toEqual({ message: CALLS_ERRORS.tooLarge.message, code: 5740 });
    expect(smart.record.sent).toHaveLength(0);
    expect(await send(Array.from({ length: MAX_SEND_CALLS }, () => ({ to })))).toEqual({ result: { id: userOperationHash(1) } });
    expect(smart.record.sent[0]).toHaveLength(MAX_SEND_CALLS);

    smart.record.refusal = "The bundler refused the user operation: AA21 didn't pay prefund";
    expect(await send([{ to }])).toEqual({ message: smart.record.refusal });
    expect((await rpc(page, 'wallet_getCallsStatus', [`0x${'99'.repeat(32)}`])).payload).toEqual({ message: CALLS_ERRORS.unknownId.message, code: 5730 });
  });

  test(`the status of the last ${MAX_KEPT_BATCHES} batches is kept; signing out forgets them`, async () => {
    const { page } = await signedInPage(pageEnv());
    for (let n = 1; n <= MAX_KEPT_BATCHES + 1; n += 1) await rpc(page, 'wallet_sendCalls', batchOf([{ to: newAddress() }]));
    expect((await rpc(page, 'wallet_getCallsStatus', [userOperationHash(1)])).payload.code).toBe(5730);
    expect((await rpc(page, 'wallet_getCallsStatus', [userOperationHash(2)])).payload.result).toMatchObject({ status: 100 });
    expect((await rpc(page, 'wallet_getCallsStatus', [userOperationHash(MAX_KEPT_BATCHES + 1)])).payload.result).toMatchObject({ status: 100 });
    await page.request('SIGN_OUT', {});
    expect((await rpc(page, 'wallet_getCallsStatus', [userOperationHash(2)])).payload.code).toBe(5730);
  });
});

describe('from the EOA on anvil, through viem', () => {
  const chain = () => createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) });
  const testClient = () => createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
  /** A signed-in page without smart accounts, its EOA funded, and viem's wallet client over it. */
  async function fundedEoa(options: FramedPageOptions = {}) {
    const page = framedPage(pageEnv(), { sleep: async () => {}, ...options });
    await page.request('CONNECT_EMAIL', { email: `eoa-${randomBytes(4).toString('hex')}@example.com` });
    await page.request('CONNECT_DEVICE', {});
    const eoa = (await page.request('CONNECT_OTP', { otp: '123456' })).payload.address as Hex;
    await testClient().setBalance({ address: eoa, value: parseEther('10') });
    const wallet = createWalletClient({ account: eoa, chain: foundry, transport: custom(pageProvider(page)), pollingInterval: 50 });
    return { page, eoa, wallet };
  }

  test('two calls, one transaction each in order: confirmed (200) with both receipts; atomicity is refused (5760)', async () => {
    const { wallet, eoa } = await fundedEoa();
    expect(await wallet.getCapabilities({ chainId: foundry.id })).toEqual({ atomic: { status: 'unsupported' } });
    const [alice, bob] = [newAddress(), newAddress()];
    const calls = [
      { to: alice, value: parseEther('0.1') },
      { to: bob, value: parseEther('0.2') },
    ];
    const nonce = await chain().getTransactionCount({ address: eoa });
    await expect(wallet.sendCalls({ calls, forceAtomic: true })).rejects.toMatchObject({ cause: { name: 'AtomicityNotSupportedError', code: 5760 } });
    expect(await chain().getTransactionCount({ address: eoa })).toBe(nonce);

    const { id } = await wallet.sendCalls({ calls });
    expect(id).toMatch(/^0x[0-9a-f]{64}$/);
    const status = await wallet.waitForCallsStatus({ id, timeout: 20_000 });
    expect(status).toMatchObject({ id, version: '2.0.0', chainId: foundry.id, atomic: false, statusCode: 200, status: 'success' });
    expect(status.receipts?.map((receipt) => receipt.status)).toEqual(['success', 'success']);
    expect(await chain().getBalance({ address: alice })).toBe(parseEther('0.1'));
    expect(await chain().getBalance({ address: bob })).toBe(parseEther('0.2'));
    const [first, second] = await Promise.all(status.receipts!.map((receipt) => chain().getTransaction({ hash: receipt.transactionHash })));
    expect([first!.nonce, second!.nonce]).toEqual([nonce, nonce + 1]);
  });

  test('stops at the first call that fails: partly done (600), the rest never sent; a batch that cannot start is refused', async () => {
    const { wallet, page } = await fundedEoa();
    // A contract that always reverts (PUSH1 0 PUSH1 0 REVERT).
    const reverting = newAddress();
    await testClient().setCode({ address: reverting, bytecode: '0x60006000fd' });
    const [alice, carol] = [newAddress(), newAddress()];
    const { id } = await wallet.sendCalls({
      calls: [
        { to: alice, value: parseEther('0.1') },
        { to: reverting, data: '0x12345678' },
        { to: carol, value: parseEther('0.1') },
      ],
    });
    const status = await wallet.waitForCallsStatus({ id, timeout: 20_000 });
    expect(status).toMatchObject({ statusCode: 600, status: 'failure', atomic: false });
    expect(status.receipts).toHaveLength(1);
    expect(await chain().getBalance({ address: alice })).toBe(parseEther('0.1'));
    expect(await chain().getBalance({ address: carol })).toBe(0n);

    const refused = await rpc(page, 'wallet_sendCalls', batchOf([{ to: reverting, data: '0x12345678' }]));
    expect(refused.event).toBe('@portico-frame/RPC_REQUEST_ERROR');
    expect(refused.payload.message).toMatch(/revert/i);
  });

  test(`waits at most ${BATCH_RECEIPT_TIMEOUT_MS / 60_000} min for a receipt, then sends no more; the status follows the chain`, async () => {
    let t = 0;
    let waited = 0;
    const { wallet } = await fundedEoa({
      now: () => t,
      sleep: async (ms) => {
        t += ms;
        waited += 1;
      },
    });
    const testing = testClient();
    await testing.setAutomine(false);
    try {
      const [alice, bob] = [newAddress(), newAddress()];
      const { id } = await wallet.sendCalls({ calls: [{ to: alice, value: 1n }, { to: bob, value: 1n }] });
      // The receipt is asked at once and after each interval, until the limit.
      const polls = BATCH_RECEIPT_TIMEOUT_MS / BATCH_RECEIPT_POLL_INTERVAL_MS;
      for (let i = 0; i < 400 && waited < polls; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(waited).toBe(polls);
      expect(t).toBe(BATCH_RECEIPT_TIMEOUT_MS);
      expect(await wallet.getCallsStatus({ id })).toMatchObject({ statusCode: 100, receipts: [] });
      await testing.mine({ blocks: 1 });
      // Mined late: the first call landed, the second was never sent.
      expect(await wallet.getCallsStatus({ id })).toMatchObject({ statusCode: 600, receipts: [{ status: 'success' }] });
      expect(await chain().getBalance({ address: bob })).toBe(0n);
    } finally {
      await testing.setAutomine(true);
    }
  });
});
