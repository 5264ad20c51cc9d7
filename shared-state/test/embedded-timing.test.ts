import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { createFrameChannel, requestTimeoutMs } from '../src/embedded/app-channel';
import {
  EMBEDDED_ALERTS,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  HEARTBEAT_INTERVAL_MS,
  REQUEST_TIMEOUT_MS,
  USER_ACTION_TIMEOUT_MS,
} from '../src/embedded/constants';
import {
  EmbeddedRequestAbortedError,
  EmbeddedWalletGoneError,
  EmbeddedWalletLoadError,
  EmbeddedWalletTimeoutError,
} from '../src/embedded/errors';
import { createParentChannel, type RequestHandlers } from '../src/embedded/frame-channel';
import { appEventName } from '../src/embedded/messages';
import { APP_ORIGIN, FRAME_ORIGIN, recorder, track, windowPair } from './embedded-fakes';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** The modal's channel alone; the test decides when (and whether) the secure site starts. */
function modal() {
  const { app, frame } = windowPair();
  const alerts: string[] = [];
  const log = recorder();
  const channel = createFrameChannel({
    frameWindow: () => frame,
    frameOrigin: FRAME_ORIGIN,
    listenTarget: app,
    onAlert: (alert) => alerts.push(alert),
    onIgnored: log.onIgnored,
  });
  const startFrame = (handlers: RequestHandlers = {}) =>
    createParentChannel({ parentWindow: app, parentOrigin: APP_ORIGIN, allowedOrigins: [APP_ORIGIN], listenTarget: frame, handlers });
  const posted = () => frame.posts.map((post) => (post.message as { event: string }).event);
  return { app, frame, channel, alerts, ignored: log.ignored, startFrame, posted };
}

const advance = (ms: number) => rs.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  rs.useFakeTimers();
});
afterEach(() => {
  rs.useRealTimers();
});

describe('embedded frame channel: waiting for the frame (spec sections 4 and 9)', () => {
  it('most events wait for READY and then 500 ms; theme sync, dapp data sync and set preferred account go at once', async () => {
    const { channel, startFrame, posted } = modal();
    const email = track(channel.request('CONNECT_EMAIL', { email: 'ada@example.com' }));
    const theme = track(channel.request('SYNC_THEME', { themeMode: 'dark' }));
    const dapp = track(channel.request('SYNC_DAPP_DATA', { projectId: 'demo', sdkVersion: '1.7.4' }));
    const preferred = track(channel.request('SET_PREFERRED_ACCOUNT', { type: 'eoa' }));
    expect(posted()).toEqual([appEventName('SYNC_THEME'), appEventName('SYNC_DAPP_DATA'), appEventName('SET_PREFERRED_ACCOUNT')]);
    await advance(1_000);
    expect(channel.state).toBe('loading');
    startFrame({
      CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
      SYNC_THEME: () => ({}),
      SYNC_DAPP_DATA: () => ({}),
      SET_PREFERRED_ACCOUNT: ({ type }) => ({ type, address: ADDRESS }),
    });
    await advance(1);
    expect(channel.state).toBe('settling');
    await advance(FRAME_READY_DELAY_MS - 2);
    // The syncs went out again on READY (the frame may not have listened yet); each resolves once.
    expect(posted().filter((event) => event === appEventName('SYNC_THEME'))).toHaveLength(2);
    expect([theme.done, dapp.done, preferred.done]).toEqual([true, true, true]);
    expect(preferred.value).toEqual({ type: 'eoa', address: ADDRESS });
    expect(posted()).not.toContain(appEventName('CONNECT_EMAIL'));
    await advance(1);
    expect(channel.state).toBe('ready');
    expect(posted()).toContain(appEventName('CONNECT_EMAIL'));
    await advance(10);
    expect(email.value).toEqual({ action: 'VERIFY_OTP' });
  });

  it(`no READY within ${FRAME_LOAD_TIMEOUT_MS} ms: 'Unable to load email login dependency' and the network alert; a late READY recovers`, async () => {
    const { channel, alerts, startFrame } = modal();
    const user = track(channel.request('GET_USER', { chainId: 31337 }));
    await advance(FRAME_LOAD_TIMEOUT_MS - 1);
    expect(user.done).toBe(false);
    await advance(1);
    expect(user.error).toBeInstanceOf(EmbeddedWalletLoadError);
    expect((user.error as EmbeddedWalletLoadError).shortMessage).toBe('Unable to load email login dependency');
    expect(alerts).toEqual(['Network Error - Could not load embedded wallet']);
    expect(channel.state).toBe('failed');
    const again = track(channel.request('GET_CHAIN_ID', {}));
    await advance(0);
    expect(again.error).toBeInstanceOf(EmbeddedWalletLoadError);
    startFrame({ GET_CHAIN_ID: () => ({ chainId: 31337 }) });
    await advance(FRAME_READY_DELAY_MS + 1);
    expect(channel.state).toBe('ready');
    const recovered = track(channel.request('GET_CHAIN_ID', {}));
    await advance(1);
    expect(recovered.value).toEqual({ chainId: 31337 });
  });
});

describe('embedded frame channel: request timeouts', () => {
  it(`a reply later than ${REQUEST_TIMEOUT_MS} ms: 'Embedded Wallet Request Timed Out' with its alert; the late reply is ignored`, async () => {
    const { channel, alerts, ignored, startFrame } = modal();
    let answer: (value: { action: 'VERIFY_OTP' }) => void = () => {};
    startFrame({ CONNECT_EMAIL: () => new Promise((resolve) => (answer = resolve)), SIGN_OUT: () => ({}) });
    await advance(FRAME_READY_DELAY_MS + 1);
    const email = track(channel.request('CONNECT_EMAIL', { email: 'ada@example.com' }));
    await advance(REQUEST_TIMEOUT_MS - 1);
    expect(email.done).toBe(false);
    await advance(1);
    expect(email.error).toBeInstanceOf(EmbeddedWalletTimeoutError);
    expect((email.error as EmbeddedWalletTimeoutError).shortMessage).toBe('Embedded Wallet Request Timed Out');
    expect(alerts).toEqual([EMBEDDED_ALERTS.requestTimedOut]);
    answer({ action: 'VERIFY_OTP' });
    await advance(1);
    expect(ignored).toMatchObject([{ reason: 'unknown-id', event: '@portico-frame/CONNECT_EMAIL_SUCCESS' }]);
    // The channel still works.
    const signOut = track(channel.request('SIGN_OUT', {}));
    await advance(1);
    expect(signOut.value).toEqual({});
  });

  it('events that wait on a person get 5 minutes; the caller may set its own timeout', async () => {
    expect(requestTimeoutMs('CONNECT_OTP')).toBe(REQUEST_TIMEOUT_MS);
    expect(requestTimeoutMs('RPC_REQUEST', 'eth_call')).toBe(REQUEST_TIMEOUT_MS);
    expect(requestTimeoutMs('RPC_REQUEST', 'eth_sendTransaction')).toBe(USER_ACTION_TIMEOUT_MS);
    expect(requestTimeoutMs('CONNECT_DEVICE')).toBe(USER_ACTION_TIMEOUT_MS);
    expect(requestTimeoutMs('CONNECT_FARCASTER')).toBe(USER_ACTION_TIMEOUT_MS);
    const { channel, startFrame } = modal();
    const never = () => new Promise<never>(() => {});
    startFrame({ RPC_REQUEST: never, GET_CHAIN_ID: never });
    await advance(FRAME_READY_DELAY_MS + 1);
    const send = track(channel.request('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS }] }));
    const quick = track(channel.request('GET_CHAIN_ID', {}, { timeoutMs: 1_000 }));
    await advance(1_000);
    expect(quick.error).toBeInstanceOf(EmbeddedWalletTimeoutError);
    // Heartbeats keep the frame alive meanwhile: only the approval's own limit ends the wait.
    await advance(USER_ACTION_TIMEOUT_MS - 1_002);
    expect(send.done).toBe(false);
    await advance(2);
    expect(send.error).toBeInstanceOf(EmbeddedWalletTimeoutError);
  });
});

describe('embedded frame channel: heartbeat, reload, abort, close', () => {
  it(`posts a heartbeat every ${HEARTBEAT_INTERVAL_MS} ms that the frame answers; a missed one means the frame is gone`, async () => {
    const { channel, alerts, startFrame, posted } = modal();
    const frame = startFrame({ CONNECT_DEVICE: () => new Promise(() => {}), GET_CHAIN_ID: () => ({ chainId: 1 }) });
    await advance(FRAME_READY_DELAY_MS + 1);
    await advance(HEARTBEAT_INTERVAL_MS * 12);
    expect(posted().filter((event) => event === appEventName('HEARTBEAT'))).toHaveLength(12);
    expect(channel.state).toBe('ready');
    const device = track(channel.request('CONNECT_DEVICE', {}));
    frame.close(); // the secure site stops answering (crashed, navigated away)
    await advance(HEARTBEAT_INTERVAL_MS); // heartbeat 13 goes unanswered…
    expect(channel.state).toBe('ready');
    await advance(HEARTBEAT_INTERVAL_MS); // …and is still open when 14 is due
    expect(channel.state).toBe('gone');
    expect(device.error).toBeInstanceOf(EmbeddedWalletGoneError);
    expect(alerts).toEqual([EMBEDDED_ALERTS.loadFailed]);
    const later = track(channel.request('GET_CHAIN_ID', {}));
    await advance(0);
    expect(later.error).toBeInstanceOf(EmbeddedWalletGoneError);
    await advance(HEARTBEAT_INTERVAL_MS * 3);
    expect(posted().filter((event) => event === appEventName('HEARTBEAT'))).toHaveLength(13);
    // The iframe is reloaded and the secure site starts again.
    startFrame({ GET_CHAIN_ID: () => ({ chainId: 1 }) });
    await advance(FRAME_READY_DELAY_MS + 1);
    const back = track(channel.request('GET_CHAIN_ID', {}));
    await advance(1);
    expect(back.value).toEqual({ chainId: 1 });
  });

  it("a frame that posts READY again (reloaded) loses its open requests: 'Request was aborted' for RPC, 'Something went wrong' otherwise", async () => {
    const { channel, startFrame } = modal();
    const never = () => new Promise<never>(() => {});
    const first = startFrame({ RPC_REQUEST: never, CONNECT_DEVICE: never });
    await advance(FRAME_READY_DELAY_MS + 1);
    const rpc = track(channel.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x00', ADDRESS] }));
    const device = track(channel.request('CONNECT_DEVICE', {}));
    await advance(1);
    first.close();
    startFrame();
    await advance(1);
    expect(channel.state).toBe('settling');
    expect((rpc.error as EmbeddedRequestAbortedError).shortMessage).toBe('Request was aborted');
    expect((device.error as EmbeddedRequestAbortedError).shortMessage).toBe('Something went wrong');
  });

  it('an abort signal rejects the request, queued or sent; an aborted signal rejects at once', async () => {
    const { channel, startFrame, ignored } = modal();
    const queuedAbort = new AbortController();
    const queued = track(channel.request('GET_CHAIN_ID', {}, { signal: queuedAbort.signal }));
    queuedAbort.abort();
    await advance(0);
    expect((queued.error as EmbeddedRequestAbortedError).shortMessage).toBe('Something went wrong');
    const already = track(channel.request('RPC_REQUEST', { method: 'eth_call' }, { signal: AbortSignal.abort() }));
    await advance(0);
    expect((already.error as EmbeddedRequestAbortedError).shortMessage).toBe('Request was aborted');
    startFrame({ RPC_REQUEST: () => new Promise((resolve) => setTimeout(() => resolve({ result: '0x1' }), 100)) });
    await advance(FRAME_READY_DELAY_MS + 1);
    const sentAbort = new AbortController();
    const sent = track(channel.request('RPC_REQUEST', { method: 'eth_blockNumber' }, { signal: sentAbort.signal }));
    await advance(10);
    sentAbort.abort();
    await advance(200);
    expect((sent.error as EmbeddedRequestAbortedError).shortMessage).toBe('Request was aborted');
    expect(ignored).toMatchObject([{ reason: 'unknown-id' }]);
  });

  it('close() stops listening and timers and aborts open requests', async () => {
    const { channel, app, startFrame } = modal();
    const queued = track(channel.request('SIGN_OUT', {}));
    expect(app.listenerCount).toBe(1);
    channel.close();
    await advance(0);
    expect((queued.error as EmbeddedRequestAbortedError).shortMessage).toBe('Something went wrong');
    expect(app.listenerCount).toBe(0);
    expect(channel.state).toBe('closed');
    startFrame();
    await advance(FRAME_LOAD_TIMEOUT_MS * 2);
    expect(channel.state).toBe('closed');
    expect(rs.getTimerCount()).toBe(0);
    const after = track(channel.request('SIGN_OUT', {}));
    await advance(0);
    expect(after.error).toBeInstanceOf(EmbeddedRequestAbortedError);
  });
});
