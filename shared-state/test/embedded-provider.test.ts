import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { RPC_NOT_ALLOWED_MESSAGE } from '../src/embedded/constants';
import { EmbeddedWalletError, InvalidEmbeddedMessageError, RpcMethodNotAllowedError } from '../src/embedded/errors';
import type { ParsedRequestPayload } from '../src/embedded/messages';
import { createEmbeddedProvider, EmbeddedNotConnectedError } from '../src/embedded/provider';
import { UserRejectedRequestError } from '../src/errors';
import { track, wiredChannels } from './embedded-fakes';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TX_HASH = `0x${'ab'.repeat(32)}`;
const SEND = { method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: BOB, value: '0x16345785d8a0000' }] };

/**
 * The provider over the real modal and secure-site channels (fake windows). The secure site's RPC handler records
 * what reaches it; `decide` stands for the person at the frame's own approval screen (approve by default).
 */
async function providerOverChannels(options: { account?: string } = { account: ACCOUNT }) {
  const forwarded: ParsedRequestPayload<'RPC_REQUEST'>[] = [];
  const notAllowed: string[] = [];
  const answered: string[] = [];
  const control = { decide: (): Promise<boolean> => Promise.resolve(true) };
  // Late-bound: the provider is created after the channel it receives notifications from.
  const { channel, parent } = await wiredChannels({
    app: { onNotification: (notification) => provider.handleNotification(notification) },
    handlers: {
      RPC_REQUEST: async (payload) => {
        forwarded.push(payload);
        if (payload.method === 'eth_getBalance') return { result: '0x56bc75e2d63100000' };
        if (payload.method === 'wallet_sendCalls') throw Object.assign(new Error('insufficient funds'), { code: -32000 });
        if (!(await control.decide())) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        return { result: TX_HASH };
      },
    },
  });
  const provider = createEmbeddedProvider({
    channel,
    account: () => options.account,
    chainId: () => 31337,
    onNotAllowed: (method) => notAllowed.push(method),
    onApproved: (method) => answered.push(method),
  });
  /** Sends a request and lets the messages run; resolves with its outcome. */
  const send = async (args: { method: string; params?: unknown }) => {
    const outcome = track(provider.request(args));
    await rs.advanceTimersByTimeAsync(5);
    return outcome;
  };
  return { provider, parent, forwarded, notAllowed, answered, control, send };
}

beforeEach(() => {
  rs.useFakeTimers();
});
afterEach(() => {
  rs.useRealTimers();
});

describe("embedded provider: the approval is the secure site's (issue 28; spec section 6)", () => {
  it('an unsafe method goes to the secure site as it is; the frame decides and the answer comes back', async () => {
    const { send, forwarded, answered } = await providerOverChannels();
    expect(await send(SEND)).toEqual({ done: true, value: TX_HASH });
    expect(forwarded).toEqual([{ ...SEND, chainId: 31337 }]);
    expect(answered).toEqual(['eth_sendTransaction']);
  });

  it("rejected at the frame's screen: the dapp gets EIP-1193's UserRejectedRequestError (4001), and no onApproved", async () => {
    const { send, control, answered } = await providerOverChannels();
    control.decide = () => Promise.resolve(false);
    const declined = await send(SEND);
    expect(declined.error).toBeInstanceOf(UserRejectedRequestError);
    expect(declined.error).toMatchObject({ code: 4001, shortMessage: 'User rejected the request.' });
    expect(answered).toEqual([]);
  });

  it('answers eth_accounts, eth_requestAccounts and eth_chainId itself; safe methods go to the secure site', async () => {
    const { send, forwarded, answered } = await providerOverChannels();
    expect(await send({ method: 'eth_accounts' })).toEqual({ done: true, value: [ACCOUNT] });
    expect(await send({ method: 'eth_requestAccounts' })).toEqual({ done: true, value: [ACCOUNT] });
    expect(await send({ method: 'eth_chainId' })).toEqual({ done: true, value: '0x7a69' });
    expect(await send({ method: 'eth_getBalance', params: [ACCOUNT, 'latest'] })).toEqual({ done: true, value: '0x56bc75e2d63100000' });
    expect(forwarded).toEqual([{ method: 'eth_getBalance', params: [ACCOUNT, 'latest'], chainId: 31337 }]);
    expect(answered).toEqual([]);
  });

  it("a method on neither list: 4200 'Requested RPC call is not allowed', onNotAllowed, nothing sent", async () => {
    const { send, forwarded, notAllowed } = await providerOverChannels();
    const refused = await send({ method: 'eth_sign', params: [ACCOUNT, '0x00'] });
    expect(refused.error).toBeInstanceOf(RpcMethodNotAllowedError);
    expect(refused.error).toMatchObject({ code: 4200, shortMessage: RPC_NOT_ALLOWED_MESSAGE });
    expect(notAllowed).toEqual(['eth_sign']);
    expect(forwarded).toEqual([]);
  });

  it('a request that does not parse is refused before anything is sent', async () => {
    const { send, forwarded } = await providerOverChannels();
    expect((await send({ method: 'personal_sign', params: 'hello' })).error).toBeInstanceOf(InvalidEmbeddedMessageError);
    expect((await send({ method: 42 } as never)).error).toBeInstanceOf(InvalidEmbeddedMessageError);
    expect(forwarded).toEqual([]);
  });

  it('signed out: eth_accounts is empty and unsafe methods are refused (4100)', async () => {
    const { send, forwarded } = await providerOverChannels({ account: undefined });
    expect(await send({ method: 'eth_accounts' })).toEqual({ done: true, value: [] });
    const refused = await send(SEND);
    expect(refused.error).toBeInstanceOf(EmbeddedNotConnectedError);
    expect(refused.error).toMatchObject({ code: 4100, shortMessage: 'Please call connect() before request()' });
    expect(forwarded).toEqual([]);
  });

  it("the secure site's error reaches the caller with its message and code", async () => {
    const { send } = await providerOverChannels();
    const failed = await send({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: BOB }] }] });
    expect(failed.error).toBeInstanceOf(EmbeddedWalletError);
    expect(failed.error).toMatchObject({ shortMessage: 'insufficient funds', code: -32000 });
  });
});

describe('embedded provider: events from the secure site', () => {
  it('accountsChanged, chainChanged (hex) and disconnect on an expired session; nothing for the approval screen', async () => {
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
    // The approval screen's notifications are the modal's business, not the dapp's.
    parent.notify('APPROVAL_SHOWN', { height: 400 });
    parent.notify('APPROVAL_HIDDEN', {});
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
