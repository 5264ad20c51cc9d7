import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { InvalidApprovalRequestError, type RequestDescription } from '../src/embedded/approval';
import { MAX_PENDING_REQUESTS, RPC_NOT_ALLOWED_MESSAGE } from '../src/embedded/constants';
import type { EmbeddedAccountType } from '../src/constants';
import { AtomicityNotSupportedError, EmbeddedWalletError, InvalidEmbeddedMessageError, RpcMethodNotAllowedError, TooManyEmbeddedRequestsError } from '../src/embedded/errors';
import type { ParsedRequestPayload } from '../src/embedded/messages';
import { createEmbeddedProvider, EmbeddedNotConnectedError } from '../src/embedded/provider';
import { UserRejectedRequestError } from '../src/errors';
import { toCaipNetwork } from '../src/network';
import { track, wiredChannels } from './embedded-fakes';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TX_HASH = `0x${'ab'.repeat(32)}`;
const devchain = toCaipNetwork({
  id: 31337,
  name: 'Devchain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});
const SEND = { method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: BOB, value: '0x16345785d8a0000' }] };

/**
 * The provider over the real modal and secure-site channels (fake windows). The secure site's RPC handler
 * records what reaches it; `decide` answers each approval (approve by default).
 */
async function providerOverChannels(options: { account?: string; accountType?: EmbeddedAccountType } = { account: ACCOUNT }) {
  const forwarded: ParsedRequestPayload<'RPC_REQUEST'>[] = [];
  const approvals: RequestDescription[] = [];
  const notAllowed: string[] = [];
  const answered: string[] = [];
  const control = { decide: (_description: RequestDescription): Promise<boolean> => Promise.resolve(true) };
  // Late-bound: the provider is created after the channel it receives notifications from.
  const { channel, parent } = await wiredChannels({
    app: { onNotification: (notification) => provider.handleNotification(notification) },
    handlers: {
      RPC_REQUEST: (payload) => {
        forwarded.push(payload);
        if (payload.method === 'eth_getBalance') return { result: '0x56bc75e2d63100000' };
        if (payload.method === 'wallet_sendCalls') throw Object.assign(new Error('insufficient funds'), { code: -32000 });
        return { result: TX_HASH };
      },
    },
  });
  const provider = createEmbeddedProvider({
    channel,
    account: () => options.account,
    chainId: () => 31337,
    accountType: () => options.accountType ?? 'eoa',
    networks: () => [devchain],
    approve: (description) => {
      approvals.push(description);
      return control.decide(description);
    },
    onNotAllowed: (method) => notAllowed.push(method),
    onApproved: (method) => answered.push(method),
  });
  /** Sends a request and lets the messages run; resolves with its outcome. */
  const send = async (args: { method: string; params?: unknown }) => {
    const outcome = track(provider.request(args));
    await rs.advanceTimersByTimeAsync(5);
    return outcome;
  };
  return { provider, parent, forwarded, approvals, notAllowed, answered, control, send };
}

beforeEach(() => {
  rs.useFakeTimers();
});
afterEach(() => {
  rs.useRealTimers();
});

describe('embedded provider: the approval gate (spec section 6)', () => {
  it('an all-or-nothing wallet_sendCalls from the EOA is refused with 5760 before the person is asked; the smart account is asked', async () => {
    const atomicBatch = { method: 'wallet_sendCalls', params: [{ version: '2.0.0', from: ACCOUNT, chainId: '0x7a69', atomicRequired: true, calls: [{ to: BOB, value: '0x1' }] }] };
    const fromEoa = await providerOverChannels();
    const refused = (await fromEoa.send(atomicBatch)).error;
    expect(refused).toBeInstanceOf(AtomicityNotSupportedError);
    expect(refused).toMatchObject({ code: 5760 });
    expect(fromEoa.approvals).toEqual([]);
    expect(fromEoa.forwarded).toEqual([]);

    const fromSmartAccount = await providerOverChannels({ account: ACCOUNT, accountType: 'smartAccount' });
    await fromSmartAccount.send(atomicBatch);
    expect(fromSmartAccount.approvals).toMatchObject([{ kind: 'calls', atomicRequired: true }]);
    expect(fromSmartAccount.forwarded.map((request) => request.method)).toEqual(['wallet_sendCalls']);
  });

  it('says when the secure site answered an approved request (a smart account may be deployed now); not for safe, rejected or failed ones', async () => {
    const { answered, control, send } = await providerOverChannels();
    await send(SEND);
    expect(answered).toEqual(['eth_sendTransaction']);
    await send({ method: 'eth_getBalance', params: [ACCOUNT, 'latest'] });
    control.decide = () => Promise.resolve(false);
    expect((await send(SEND)).error).toBeInstanceOf(UserRejectedRequestError);
    control.decide = () => Promise.resolve(true);
    expect((await send({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', from: ACCOUNT, chainId: '0x7a69', atomicRequired: false, calls: [{ to: BOB, value: '0x1' }] }] })).error).toMatchObject({ shortMessage: 'insufficient funds' });
    expect(answered).toEqual(['eth_sendTransaction']);
  });

  it('answers eth_accounts, eth_requestAccounts and eth_chainId itself; safe methods go to the secure site without approval', async () => {
    const { send, forwarded, approvals } = await providerOverChannels();
    expect(await send({ method: 'eth_accounts' })).toEqual({ done: true, value: [ACCOUNT] });
    expect(await send({ method: 'eth_requestAccounts' })).toEqual({ done: true, value: [ACCOUNT] });
    expect(await send({ method: 'eth_chainId' })).toEqual({ done: true, value: '0x7a69' });
    expect(await send({ method: 'eth_getBalance', params: [ACCOUNT, 'latest'] })).toEqual({ done: true, value: '0x56bc75e2d63100000' });
    expect(forwarded).toEqual([{ method: 'eth_getBalance', params: [ACCOUNT, 'latest'], chainId: 31337 }]);
    expect(approvals).toEqual([]);
  });

  it('an unsafe method shows its description first; approved, it goes to the secure site', async () => {
    const { send, forwarded, approvals } = await providerOverChannels();
    expect(await send(SEND)).toEqual({ done: true, value: TX_HASH });
    expect(approvals).toEqual([
      {
        kind: 'transaction',
        method: 'eth_sendTransaction',
        from: ACCOUNT,
        network: { chainId: 31337, name: 'Devchain' },
        call: { to: BOB, value: { raw: '100000000000000000', formatted: '0.1', symbol: 'ETH' }, data: { kind: 'none' }, input: '0x' },
      },
    ]);
    expect(forwarded).toEqual([{ ...SEND, chainId: 31337 }]);
  });

  it('declined: 4001 and nothing reaches the secure site; nor when the approval view fails', async () => {
    const { send, forwarded, control } = await providerOverChannels();
    control.decide = () => Promise.resolve(false);
    const declined = await send(SEND);
    expect(declined.error).toBeInstanceOf(UserRejectedRequestError);
    expect((declined.error as UserRejectedRequestError).code).toBe(4001);
    control.decide = () => Promise.reject(new Error('view closed'));
    expect((await send(SEND)).error).toEqual(new Error('view closed'));
    expect(forwarded).toEqual([]);
  });

  it("a method on neither list: 4200 'Requested RPC call is not allowed', onNotAllowed, nothing sent", async () => {
    const { send, forwarded, approvals, notAllowed } = await providerOverChannels();
    const refused = await send({ method: 'eth_sign', params: [ACCOUNT, '0x00'] });
    expect(refused.error).toBeInstanceOf(RpcMethodNotAllowedError);
    expect(refused.error).toMatchObject({ code: 4200, shortMessage: RPC_NOT_ALLOWED_MESSAGE });
    expect(notAllowed).toEqual(['eth_sign']);
    expect(forwarded).toEqual([]);
    expect(approvals).toEqual([]);
  });

  it('a request from another address, or that does not parse, is refused before the person is asked', async () => {
    const { send, forwarded, approvals } = await providerOverChannels();
    const mismatch = await send({ method: 'eth_sendTransaction', params: [{ from: BOB, to: BOB }] });
    expect(mismatch.error).toBeInstanceOf(InvalidApprovalRequestError);
    expect((mismatch.error as InvalidApprovalRequestError).shortMessage).toBe(
      'Invalid eth_sendTransaction request: from is not the embedded account',
    );
    expect((await send({ method: 'personal_sign', params: 'hello' })).error).toBeInstanceOf(InvalidEmbeddedMessageError);
    expect((await send({ method: 42 } as never)).error).toBeInstanceOf(InvalidEmbeddedMessageError);
    expect(forwarded).toEqual([]);
    expect(approvals).toEqual([]);
  });

  it('signed out: eth_accounts is empty and unsafe methods are refused (4100)', async () => {
    const { send, approvals } = await providerOverChannels({ account: undefined });
    expect(await send({ method: 'eth_accounts' })).toEqual({ done: true, value: [] });
    const refused = await send(SEND);
    expect(refused.error).toBeInstanceOf(EmbeddedNotConnectedError);
    expect(refused.error).toMatchObject({ code: 4100, shortMessage: 'Please call connect() before request()' });
    expect(approvals).toEqual([]);
  });

  it("the secure site's error reaches the caller with its message and code", async () => {
    const { send } = await providerOverChannels();
    const failed = await send({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: BOB }] }] });
    expect(failed.error).toBeInstanceOf(EmbeddedWalletError);
    expect(failed.error).toMatchObject({ shortMessage: 'insufficient funds', code: -32000 });
  });
});

describe('embedded provider: one approval at a time', () => {
  it('a second request waits until the first is decided', async () => {
    const { provider, approvals, control } = await providerOverChannels();
    const decisions: ((approved: boolean) => void)[] = [];
    control.decide = () => new Promise((resolve) => decisions.push(resolve));
    const first = track(provider.request(SEND));
    const second = track(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT] }));
    await rs.advanceTimersByTimeAsync(5);
    expect(approvals.map((description) => description.kind)).toEqual(['transaction']);
    decisions[0]?.(false);
    await rs.advanceTimersByTimeAsync(5);
    expect(first.error).toBeInstanceOf(UserRejectedRequestError);
    expect(approvals.map((description) => description.kind)).toEqual(['transaction', 'message']);
    decisions[1]?.(true);
    await rs.advanceTimersByTimeAsync(5);
    expect(second).toEqual({ done: true, value: TX_HASH });
  });

  it(`at most ${MAX_PENDING_REQUESTS} approvals wait; more are refused`, async () => {
    const { provider, control } = await providerOverChannels();
    control.decide = () => new Promise(() => {});
    const waiting = Array.from({ length: MAX_PENDING_REQUESTS }, () => track(provider.request(SEND)));
    const extra = track(provider.request(SEND));
    await rs.advanceTimersByTimeAsync(5);
    expect(waiting.every((outcome) => !outcome.done)).toBe(true);
    expect(extra.error).toBeInstanceOf(TooManyEmbeddedRequestsError);
  });
});

describe('embedded provider: events from the secure site', () => {
  it('accountsChanged, chainChanged (hex) and disconnect on an expired session', async () => {
    const { provider, parent } = await providerOverChannels();
    const events: [string, unknown][] = [];
    const record = (name: string) => (payload: unknown) => events.push([name, payload]);
    const onAccounts = record('accountsChanged');
    provider.on('accountsChanged', onAccounts);
    provider.on('chainChanged', record('chainChanged'));
    provider.on('disconnect', record('disconnect'));
    parent.notify('ACCOUNTS_CHANGED', { accounts: [BOB] });
    parent.notify('CHAIN_CHANGED', { chainId: 31338 });
    parent.notify('SESSION_EXPIRED', {});
    await rs.advanceTimersByTimeAsync(5);
    provider.removeListener('accountsChanged', onAccounts);
    parent.notify('ACCOUNTS_CHANGED', { accounts: [ACCOUNT] });
    await rs.advanceTimersByTimeAsync(5);
    expect(events).toEqual([
      ['accountsChanged', [BOB]],
      ['chainChanged', '0x7a6a'],
      ['disconnect', { code: 4900, message: 'Session Expired' }],
    ]);
  });
});
