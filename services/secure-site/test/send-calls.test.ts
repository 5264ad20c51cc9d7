/**
 * EIP-5792 in the page's handlers (src/page/send-calls.ts): wallet_getCapabilities, wallet_sendCalls and
 * wallet_getCallsStatus. From the smart account (a double: one user operation with every call, its status from the
 * bundler's receipt); from the EOA on a real anvil through the API double's RPC proxy, driven by viem's own
 * `sendCalls` / `waitForCallsStatus` / `getCapabilities` (one transaction per call, each after the previous one's
 * receipt, stopping at the first failure; its receipt wait bounded on a fake clock); the refusals with EIP-5792's
 * codes; the batch limit shared with the modal's approval gate; the last 64 batches kept, for a day.
 * After a reload (issue 29): the page "goes away" at a chosen request (that one and every later one of it stay
 * unanswered, as a reloaded page's), a new page over the same storage answers the status with the receipts that
 * exist, and the calls never sent stay unsent; another tab sees a batch still being sent as pending (Web Locks as a
 * double: node has none).
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
  KEPT_BATCH_LIFETIME_MS,
  MAX_CAPABILITY_CHAINS,
  MAX_KEPT_BATCHES,
  MAX_SEND_CALLS,
  MISSING_CAPABILITIES_ADDRESS,
  type BatchLocks,
} from '../src/page/send-calls';
import { siteScopedKey, STORAGE_KEYS } from '../src/page/wallet';
import type { RunningSecureSite } from '../src/server';
import { PROJECT, type ApiDouble } from './api-double';
import { framedPage, memoryStorage, pageProvider, PARENT, siteFetch, siteOnAnvil, type FramedPageOptions } from './framed-page';
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
/** Where the pages of PROJECT framed by PARENT keep their batches. */
const BATCHES_KEY = siteScopedKey(STORAGE_KEYS.callBatches, PROJECT, PARENT);

const chain = () => createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) });
const testClient = () => createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
/** viem's wallet client over a page (its RPC_REQUEST, as the modal's provider forwards it). */
const walletOver = (page: ReturnType<typeof framedPage>, account: Hex) =>
  createWalletClient({ account, chain: foundry, transport: custom(pageProvider(page)), pollingInterval: 50 });

/** A signed-in page without smart accounts, its EOA funded, and viem's wallet client over it. */
async function fundedEoa(options: FramedPageOptions = {}) {
  const page = framedPage(pageEnv(), { sleep: async () => {}, ...options });
  await page.request('CONNECT_EMAIL', { email: `eoa-${randomBytes(4).toString('hex')}@example.com` });
  await page.request('CONNECT_DEVICE', {});
  const eoa = (await page.request('CONNECT_OTP', { otp: '123456' })).payload.address as Hex;
  await testClient().setBalance({ address: eoa, value: parseEther('10') });
  return { page, eoa, wallet: walletOver(page, eoa) };
}

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

  test(`the status of the last ${MAX_KEPT_BATCHES} batches is kept in storage, across a reload; signing out forgets them`, async () => {
    const { page, smart } = await signedInPage(pageEnv());
    for (let n = 1; n <= MAX_KEPT_BATCHES + 1; n += 1) await rpc(page, 'wallet_sendCalls', batchOf([{ to: newAddress() }]));
    expect(JSON.parse(page.storage.map.get(BATCHES_KEY)!)).toHaveLength(MAX_KEPT_BATCHES);
    // The reloaded page asks the bundler through the smart account it opens again.
    const reloaded = framedPage(pageEnv(), { storage: page.storage, deviceKeys: page.deviceKeys, smartAccounts: { chains: [31337], bundlerUrl: 'http://127.0.0.1:4337/rpc' }, openSmartAccount: smart.open });
    for (const each of [page, reloaded]) {
      expect((await rpc(each, 'wallet_getCallsStatus', [userOperationHash(1)])).payload.code).toBe(5730);
      expect((await rpc(each, 'wallet_getCallsStatus', [userOperationHash(2)])).payload.result).toMatchObject({ status: 100 });
    }
    smart.record.outcomes.push(bundled(true));
    expect((await rpc(reloaded, 'wallet_getCallsStatus', [userOperationHash(MAX_KEPT_BATCHES + 1)])).payload.result).toMatchObject({ atomic: true, status: 200, receipts: [{ transactionHash: BUNDLE_HASH }] });
    await reloaded.request('SIGN_OUT', {});
    expect(page.storage.map.has(BATCHES_KEY)).toBe(false);
    expect((await rpc(page, 'wallet_getCallsStatus', [userOperationHash(2)])).payload.code).toBe(5730);
  });

  test(`a batch's status is kept ${KEPT_BATCH_LIFETIME_MS / 3_600_000} hours from its sending, for the project and embedding page that sent it`, async () => {
    let t = Date.UTC(2025, 5, 1);
    const { page, smart } = await signedInPage(pageEnv(), { now: () => t });
    const id = (await rpc(page, 'wallet_sendCalls', batchOf([{ to: newAddress() }]))).payload.result.id;
    // The same browser storage under another embedding page: its own batches only.
    const elsewhere = framedPage(pageEnv(), { storage: page.storage, deviceKeys: page.deviceKeys, parentOrigin: 'https://other.example', now: () => t });
    expect((await rpc(elsewhere, 'wallet_getCallsStatus', [id])).payload.code).toBe(5730);

    t += KEPT_BATCH_LIFETIME_MS - 1;
    expect((await rpc(page, 'wallet_getCallsStatus', [id])).payload.result).toMatchObject({ id, status: 100 });
    t += 1;
    expect((await rpc(page, 'wallet_getCallsStatus', [id])).payload).toEqual({ message: CALLS_ERRORS.unknownId.message, code: 5730 });
    // The next batch kept drops it from storage too.
    await rpc(page, 'wallet_sendCalls', batchOf([{ to: newAddress() }]));
    expect(JSON.parse(page.storage.map.get(BATCHES_KEY)!).map((batch: { id: string }) => batch.id)).toEqual([userOperationHash(2)]);
    expect(smart.record.sent).toHaveLength(2);
  });
});

describe('from the EOA on anvil, through viem', () => {
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

/** A request a page makes, as the tests pick the moment a page goes away: its path, and the JSON-RPC method if any. */
interface PageRequest {
  path: string;
  rpcMethod?: string;
}
/** The `n`-th request that `match` picks. */
const nth = (n: number, match: (request: PageRequest) => boolean) => {
  let seen = 0;
  return (request: PageRequest) => match(request) && ++seen === n;
};
const signing = (request: PageRequest) => request.path === '/wallet/sign';
const rpcCall = (method: string) => (request: PageRequest) => request.rpcMethod === method;

/**
 * The page's fetch, with a moment the test controls: the first request `pauseAt` picks waits (`paused` resolves) —
 * before it is sent, or with `sentFirst` once the server has answered it, the answer held back; `resume()` lets it go
 * on; `goAway()` leaves it and every later request of the page unanswered and unsent, as when the page is reloaded
 * or its tab closed.
 */
function pausingFetch(siteUrl: string, pauseAt: (request: PageRequest) => boolean, { sentFirst = false } = {}) {
  const toSite = siteFetch(siteUrl);
  const never = new Promise<Response>(() => {});
  let gone = false;
  let reached = false;
  let resume = () => {};
  let onPaused = () => {};
  const paused = new Promise<void>((resolve) => (onPaused = resolve));
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (gone) return never;
    let rpcMethod: string | undefined;
    try {
      rpcMethod = typeof init?.body === 'string' ? JSON.parse(init.body).method : undefined;
    } catch {
      // Not JSON-RPC.
    }
    if (reached || !pauseAt({ path: new URL(String(input)).pathname, rpcMethod })) return toSite(input, init);
    reached = true;
    const answer = sentFirst ? await toSite(input, init) : undefined;
    await new Promise<void>((resolve) => {
      resume = resolve;
      onPaused();
    });
    if (gone) return never;
    return answer ?? toSite(input, init);
  };
  return {
    fetch,
    paused,
    resume: () => resume(),
    goAway() {
      gone = true;
    },
  };
}

/**
 * Web Locks as the pages of one origin share them (`navigator.locks`; node has none): `page()` is one page's view,
 * whose `goAway()` releases what it holds, as the browser does when the page goes away.
 */
function originLocks() {
  const held = new Set<string>();
  return {
    page(): BatchLocks & { goAway(): void } {
      const mine = new Set<string>();
      return {
        async request(name, callback) {
          // The wallet asks each batch's lock once, for a new id: never one that is held.
          expect(held.has(name)).toBe(false);
          held.add(name);
          mine.add(name);
          try {
            return await callback();
          } finally {
            held.delete(name);
            mine.delete(name);
          }
        },
        query: async () => ({ held: [...held].map((name) => ({ name })) }),
        goAway() {
          for (const name of mine) held.delete(name);
          mine.clear();
        },
      };
    },
  };
}

describe('after a reload midway (issue 29), from the EOA on anvil', () => {
  const locks = originLocks();

  /** A funded EOA page whose fetch pauses at `pauseAt`, with its own view of the origin's locks. */
  async function pausingPage(pauseAt: (request: PageRequest) => boolean, options: { sentFirst?: boolean } = {}) {
    const tab = locks.page();
    const network = pausingFetch(site.url, pauseAt, options);
    const funded = await fundedEoa({ fetch: network.fetch, locks: tab });
    return {
      ...funded,
      network,
      /** The page is reloaded: its requests stay unanswered, its locks are released, and a new page over the same storage loads. */
      reload() {
        network.goAway();
        tab.goAway();
        const page = framedPage(pageEnv(), { storage: funded.page.storage, deviceKeys: funded.page.deviceKeys, locks: locks.page(), sleep: async () => {} });
        return { page, wallet: walletOver(page, funded.eoa) };
      },
    };
  }
  const threeCalls = () => {
    const receivers = [newAddress(), newAddress(), newAddress()] as const;
    return { receivers, calls: receivers.map((to) => ({ to, value: parseEther('0.1') })) };
  };

  for (const { moment, pauseAt, sentFirst = false, landed } of [
    { moment: 'as it asks for the second call’s signature', pauseAt: nth(2, signing), landed: 1 },
    { moment: 'with the second call signed but not yet sent to the node', pauseAt: nth(2, rpcCall('eth_sendRawTransaction')), landed: 1 },
    // The node took it, the page never heard back: it was recorded before it was sent, so it is not lost.
    { moment: 'once the node took the second call, before the page heard back', pauseAt: nth(2, rpcCall('eth_sendRawTransaction')), sentFirst: true, landed: 2 },
  ]) {
    test(`reloaded ${moment}: 600 with the ${landed} receipt(s) that exist; the calls never sent stay unsent`, async () => {
      const { wallet, eoa, network, reload } = await pausingPage(pauseAt, { sentFirst });
      const nonce = await chain().getTransactionCount({ address: eoa });
      const { receivers, calls } = threeCalls();
      const { id } = await wallet.sendCalls({ calls });
      await network.paused;
      // The pause holds the page's answer, not the node's work: once it took the call, wait until it has mined it
      // (on a loaded machine the reload could otherwise ask before, and rightly hear "pending").
      if (sentFirst) await expect.poll(() => chain().getTransactionCount({ address: eoa })).toBe(nonce + landed);
      const reloaded = reload();

      const status = await reloaded.wallet.getCallsStatus({ id });
      expect(status).toMatchObject({ id, atomic: false, statusCode: 600, status: 'failure' });
      expect(status.receipts?.map((receipt) => receipt.status)).toEqual(Array(landed).fill('success'));
      const sent = await Promise.all(status.receipts!.map((receipt) => chain().getTransaction({ hash: receipt.transactionHash })));
      expect(sent.map((transaction) => [transaction.nonce, transaction.to?.toLowerCase()])).toEqual(receivers.slice(0, landed).map((to, n) => [nonce + n, to.toLowerCase()]));
      // Asked again, the same: the page that was to send the rest is gone, and nothing else sends them.
      expect(await reloaded.wallet.getCallsStatus({ id })).toMatchObject({ statusCode: 600 });
      expect(await chain().getTransactionCount({ address: eoa })).toBe(nonce + landed);
      expect(await Promise.all(receivers.map((address) => chain().getBalance({ address })))).toEqual(receivers.map((_, n) => (n < landed ? parseEther('0.1') : 0n)));
    });
  }

  test('reloaded while a sent call is unmined: pending (100) while the node holds it, then the chain decides: 600 once it is mined', async () => {
    const testing = testClient();
    await testing.setAutomine(false);
    try {
      const { wallet, eoa, network, reload } = await pausingPage(nth(1, rpcCall('eth_getTransactionReceipt')));
      const { receivers, calls } = threeCalls();
      const { id } = await wallet.sendCalls({ calls: calls.slice(0, 2) });
      await network.paused;
      const reloaded = reload();
      expect(await reloaded.wallet.getCallsStatus({ id })).toMatchObject({ statusCode: 100, receipts: [] });
      await testing.mine({ blocks: 1 });
      const status = await reloaded.wallet.waitForCallsStatus({ id, timeout: 20_000 });
      expect(status).toMatchObject({ statusCode: 600, receipts: [{ status: 'success' }] });
      expect(await chain().getBalance({ address: receivers[1] })).toBe(0n);
      expect(await chain().getTransactionCount({ address: eoa })).toBe((await chain().getTransaction({ hash: status.receipts![0]!.transactionHash })).nonce + 1);
    } finally {
      await testing.setAutomine(true);
    }
  });

  test("reloaded before the first call reached the node: the dapp's own id says 400 (nothing landed, nothing more is sent) and stays taken", async () => {
    const { page, eoa, network, reload } = await pausingPage(nth(1, rpcCall('eth_sendRawTransaction')));
    const nonce = await chain().getTransactionCount({ address: eoa });
    // The reply never comes: the page goes away first.
    void rpc(page, 'wallet_sendCalls', batchOf([{ to: newAddress(), value: '0x1' }], { id: 'order-7' }));
    await network.paused;
    const reloaded = reload();
    expect((await rpc(reloaded.page, 'wallet_getCallsStatus', ['order-7'])).payload.result).toEqual({
      version: '2.0.0',
      id: 'order-7',
      chainId: '0x7a69',
      atomic: false,
      status: 400,
      receipts: [],
    });
    expect(await chain().getTransactionCount({ address: eoa })).toBe(nonce);
    expect((await rpc(reloaded.page, 'wallet_sendCalls', batchOf([{ to: newAddress() }], { id: 'order-7' }))).payload).toEqual({ message: CALLS_ERRORS.duplicateId.message, code: 5720 });
  });

  test('another tab of the site sees a batch that tab still sends as pending (100), then confirmed (200) once it is done', async () => {
    const { page, eoa, wallet, network } = await pausingPage(nth(2, signing));
    const otherTab = framedPage(pageEnv(), { storage: page.storage, deviceKeys: page.deviceKeys, locks: locks.page() });
    const { receivers, calls } = threeCalls();
    const { id } = await wallet.sendCalls({ calls });
    await network.paused;
    expect((await rpc(otherTab, 'wallet_getCallsStatus', [id])).payload.result).toMatchObject({ status: 100, receipts: [{ status: '0x1' }] });
    network.resume();
    const status = await walletOver(otherTab, eoa).waitForCallsStatus({ id, timeout: 20_000 });
    expect(status).toMatchObject({ statusCode: 200, receipts: [{ status: 'success' }, { status: 'success' }, { status: 'success' }] });
    expect(await Promise.all(receivers.map((address) => chain().getBalance({ address })))).toEqual(receivers.map(() => parseEther('0.1')));
  });

  test('a transaction is sent only once its hash is kept: with the storage full, the batch is refused and nothing is sent', async () => {
    const storage = memoryStorage();
    const { page, eoa } = await fundedEoa({
      storage: {
        ...storage,
        setItem(key, value) {
          if (key === BATCHES_KEY) throw new Error('The quota has been exceeded.');
          storage.setItem(key, value);
        },
      },
    });
    const nonce = await chain().getTransactionCount({ address: eoa });
    expect((await rpc(page, 'wallet_sendCalls', batchOf([{ to: newAddress(), value: '0x1' }]))).payload).toMatchObject({ message: 'The quota has been exceeded.' });
    expect(await chain().getTransactionCount({ address: eoa })).toBe(nonce);
  });
});
