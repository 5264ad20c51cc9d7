import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { createFrameChannel } from '../src/embedded/app-channel';
import type { FrameNotification } from '../src/embedded/channel-types';
import { EMBEDDED_ALERTS, MAX_PENDING_REQUESTS, MAX_RPC_PARAMS_CHARS, MAX_MESSAGE_CHARS } from '../src/embedded/constants';
import {
  EmbeddedOriginError, EmbeddedWalletError, FrameNotSetError, InvalidEmbeddedMessageError, RpcMethodNotAllowedError,
  SessionExpiredError, TooManyEmbeddedRequestsError,
} from '../src/embedded/errors';
import { createParentChannel, type RequestHandlers } from '../src/embedded/frame-channel';
import { appEventName, createEnvelope, errorEventName, successEventName, type AppRequestName, type ReplyInput, type RequestPayload } from '../src/embedded/messages';
import { PorticoError } from '../src/errors';
import { createMessageId } from '../src/embedded/wire';
import { APP_ORIGIN, FakeWindow, FRAME_ORIGIN, recorder, track, windowPair, wiredChannels } from './embedded-fakes';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USER = {
  email: 'ada@example.com',
  address: ADDRESS,
  chainId: 31337,
  accounts: [{ address: ADDRESS, type: 'eoa' as const }],
  authProvider: 'email' as const,
};

/** Every event with a payload the modal sends and the reply the frame gives. */
const ROUND_TRIPS: { [K in AppRequestName]: [RequestPayload<K>, ReplyInput<K>] } = {
  SWITCH_NETWORK: [{ chainId: 31338 }, { chainId: 31338 }],
  CONNECT_EMAIL: [{ email: 'ada@example.com' }, { action: 'VERIFY_OTP' }],
  CONNECT_DEVICE: [{}, {}],
  CONNECT_OTP: [{ otp: '123456' }, USER],
  CONNECT_SOCIAL: [{ uri: 'https://secure.example/callback?code=abc&state=xyz' }, { ...USER, authProvider: 'github' }],
  GET_FARCASTER_URI: [{}, { url: 'https://warpcast.com/~/sign-in?channelToken=abc' }],
  CONNECT_FARCASTER: [{}, { ...USER, email: undefined, userName: 'ada', authProvider: 'farcaster' }],
  GET_USER: [{ chainId: 31337, preferredAccountType: 'eoa' }, { ...USER, preferredAccountType: 'eoa', smartAccountDeployed: false }],
  GET_SOCIAL_REDIRECT_URI: [{ provider: 'google' }, { uri: 'https://accounts.google.example/o/oauth2/auth?x=1' }],
  SIGN_OUT: [{}, {}],
  IS_CONNECTED: [{ token: 'jwt' }, { isConnected: true }],
  GET_CHAIN_ID: [{}, { chainId: 31337 }],
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: [{}, { smartAccountEnabledNetworks: [31337, 8453] }],
  INIT_SMART_ACCOUNT: [{}, { address: ADDRESS, isDeployed: false }],
  SET_PREFERRED_ACCOUNT: [{ type: 'smartAccount' }, { type: 'smartAccount', address: ADDRESS }],
  CANCEL_APPROVAL: [{}, {}],
  SHOW_EXPORT: [{}, {}],
  RPC_REQUEST: [{ method: 'eth_getBalance', params: [ADDRESS, 'latest'] }, { result: '0x56bc75e2d63100000' }],
  UPDATE_EMAIL: [{ email: 'new@example.com' }, { action: 'VERIFY_PRIMARY_OTP' }],
  UPDATE_EMAIL_PRIMARY_OTP: [{ otp: '111111' }, {}],
  UPDATE_EMAIL_SECONDARY_OTP: [{ otp: '222222' }, { newEmail: 'new@example.com' }],
  SYNC_THEME: [{ themeMode: 'light', themeVariables: { '--portico-accent': '#3396ff' } }, {}],
  SYNC_DAPP_DATA: [
    { projectId: 'demo', sdkVersion: '1.7.4', sdkType: 'portico', metadata: { name: 'Demo', description: 'd', url: 'https://dapp.example', icons: [] } },
    {},
  ],
  RELOAD: [{}, {}],
};

/** The modal's channel and the secure site's channel on two fake windows, made ready. */
async function connected(handlers: RequestHandlers, allowedOrigins: string[] = ['https://*.example']) {
  const appLog = recorder();
  const frameLog = recorder();
  const alerts: string[] = [];
  const notifications: FrameNotification[] = [];
  const handlerErrors: unknown[] = [];
  const { app, frame, channel, parent } = await wiredChannels({
    handlers,
    allowedOrigins,
    app: { onIgnored: appLog.onIgnored, onAlert: (alert) => alerts.push(alert), onNotification: (notification) => notifications.push(notification) },
    frame: { onIgnored: frameLog.onIgnored, onHandlerError: (error) => handlerErrors.push(error) },
  });
  expect(channel.state).toBe('ready');
  return { app, frame, channel, parent, appIgnored: appLog.ignored, frameIgnored: frameLog.ignored, alerts, notifications, handlerErrors };
}

/** Lets posted messages and handlers run. */
const deliver = () => rs.advanceTimersByTimeAsync(1);

/** Posts straight into the frame as the modal page would, bypassing the app channel's own checks. */
function rawPostToFrame(frame: FakeWindow, event: string, payload: unknown, id = createMessageId()) {
  frame.postMessage(createEnvelope(id, event, payload), FRAME_ORIGIN);
  return id;
}

beforeEach(() => {
  rs.useFakeTimers();
});
afterEach(() => {
  rs.useRealTimers();
});

describe('embedded frame protocol: round trips', () => {
  it('every event of spec section 7 goes from the modal to the frame and back, with its payload checked on both ends', async () => {
    const received: Record<string, unknown> = {};
    const handlers = Object.fromEntries(
      Object.entries(ROUND_TRIPS).map(([name, [, reply]]) => [
        name,
        async (payload: unknown) => {
          received[name] = payload;
          return reply;
        },
      ]),
    ) as RequestHandlers;
    const { channel, appIgnored, frameIgnored, app, frame } = await connected(handlers);
    for (const [name, [payload, reply]] of Object.entries(ROUND_TRIPS) as [AppRequestName, [unknown, unknown]][]) {
      const outcome = track(channel.request(name, payload as never));
      await deliver();
      expect(outcome.error, name).toBeUndefined();
      expect(received[name], name).toEqual(payload);
      // Replies come back parsed: defaults applied, undefined fields dropped.
      expect(outcome.value, name).toEqual(JSON.parse(JSON.stringify(reply)));
    }
    expect(appIgnored).toEqual([]);
    expect(frameIgnored).toEqual([]);
    // Never '*': the modal posts only to the secure site's origin, the frame only to its parent's.
    expect(new Set(frame.posts.map((post) => post.targetOrigin))).toEqual(new Set([FRAME_ORIGIN]));
    expect(new Set(app.posts.map((post) => post.targetOrigin))).toEqual(new Set([APP_ORIGIN]));
  });

  it("error replies carry the handler's message and code; a handler without one says 'An error occurred'", async () => {
    const declined = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const { channel } = await connected({
      CONNECT_OTP: () => {
        throw new PorticoError('Invalid code', { details: 'attempt 2 of 5' });
      },
      RPC_REQUEST: () => Promise.reject(declined),
      SIGN_OUT: () => Promise.reject('a string, not an Error'),
    });
    const otp = track(channel.request('CONNECT_OTP', { otp: '000000' }));
    const rpc = track(channel.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] }));
    const signOut = track(channel.request('SIGN_OUT', {}));
    const unsupported = track(channel.request('CONNECT_FARCASTER', {}));
    await deliver();
    expect(otp.error).toBeInstanceOf(EmbeddedWalletError);
    expect((otp.error as EmbeddedWalletError).shortMessage).toBe('Invalid code');
    expect((rpc.error as EmbeddedWalletError).shortMessage).toBe('User rejected the request.');
    expect((rpc.error as EmbeddedWalletError).code).toBe(4001);
    expect((signOut.error as EmbeddedWalletError).shortMessage).toBe('An error occurred');
    expect((unsupported.error as EmbeddedWalletError).shortMessage).toBe(
      '@portico-app/CONNECT_FARCASTER is not supported by this embedded wallet',
    );
  });

  it("'Session Expired' is its own error and alert, from an error reply or a notification", async () => {
    const { channel, parent, alerts, notifications } = await connected({
      GET_USER: () => {
        throw new SessionExpiredError();
      },
    });
    const user = track(channel.request('GET_USER', { chainId: 31337 }));
    await deliver();
    expect(user.error).toBeInstanceOf(SessionExpiredError);
    expect((user.error as SessionExpiredError).shortMessage).toBe('Session Expired');
    expect(alerts).toEqual([EMBEDDED_ALERTS.sessionExpired]);
    parent.notify('SESSION_EXPIRED', {});
    await deliver();
    expect(alerts).toEqual([EMBEDDED_ALERTS.sessionExpired, EMBEDDED_ALERTS.sessionExpired]);
    expect(notifications).toEqual([{ name: 'SESSION_EXPIRED', payload: {} }]);
  });

  it('account and chain notifications reach the modal; a bad notification payload throws in the frame', async () => {
    const { parent, notifications } = await connected({});
    parent.notify('ACCOUNTS_CHANGED', { accounts: [ADDRESS] });
    parent.notify('CHAIN_CHANGED', { chainId: 31338 });
    await deliver();
    expect(notifications).toEqual([
      { name: 'ACCOUNTS_CHANGED', payload: { accounts: [ADDRESS] } },
      { name: 'CHAIN_CHANGED', payload: { chainId: 31338 } },
    ]);
    expect(() => parent.notify('CHAIN_CHANGED', { chainId: -1 })).toThrow(InvalidEmbeddedMessageError);
  });
});

describe('embedded frame protocol: origins and windows', () => {
  it('the modal ignores and reports look-alike replies from another origin or another window, even with the right id', async () => {
    const { channel, frame, appIgnored, app } = await connected({ CONNECT_EMAIL: () => new Promise(() => {}) });
    const pending = track(channel.request('CONNECT_EMAIL', { email: 'ada@example.com' }));
    await deliver();
    const { id } = frame.posts.at(-1)!.message as { id: string };
    const forged = createEnvelope(id, successEventName('CONNECT_EMAIL'), { action: 'VERIFY_OTP' });
    const evil = new FakeWindow('https://evil.example');
    app.dispatch({ data: forged, origin: evil.origin, source: evil });
    // The secure site's origin, but not our iframe (the attacker framed the secure site, or opened it in a popup).
    const otherFrame = new FakeWindow(FRAME_ORIGIN);
    app.dispatch({ data: forged, origin: FRAME_ORIGIN, source: otherFrame });
    app.dispatch({ data: forged, origin: FRAME_ORIGIN, source: null });
    app.dispatch({ data: { hello: 'from an extension' }, origin: FRAME_ORIGIN, source: frame });
    // A forged READY does not count either.
    app.dispatch({ data: createEnvelope(createMessageId(), '@portico-frame/READY', {}), origin: evil.origin, source: evil });
    await deliver();
    expect(pending.done).toBe(false);
    expect(appIgnored.map(({ reason, lookalike }) => [reason, lookalike])).toEqual([
      ['origin', true],
      ['source', true],
      ['source', true],
      ['not-portico', false],
      ['origin', true],
    ]);
    expect(appIgnored[0]?.origin).toBe('https://evil.example');
  });

  it('the frame ignores and reports messages from another origin or another window; its handlers never run', async () => {
    let calls = 0;
    const { frame, frameIgnored } = await connected({ SIGN_OUT: () => ((calls += 1), {}) });
    const request = createEnvelope(createMessageId(), appEventName('SIGN_OUT'), {});
    const evil = new FakeWindow('https://evil.example');
    frame.dispatch({ data: request, origin: evil.origin, source: evil });
    frame.dispatch({ data: request, origin: APP_ORIGIN, source: new FakeWindow(APP_ORIGIN) }); // another tab of the dapp
    const parentWindow = frame.peer!;
    frame.dispatch({ data: request, origin: 'https://other.example', source: parentWindow }); // allowed pattern, not the parent's origin
    await deliver();
    expect(calls).toBe(0);
    expect(frameIgnored.map(({ reason }) => reason)).toEqual(['origin', 'source', 'origin']);
    expect(evil.posts).toEqual([]);
  });

  it("the frame refuses a parent whose origin is not on the project's allow-list (exact or wildcard, no implicit defaults)", () => {
    const { app, frame } = windowPair();
    const open = (parentOrigin: string, allowedOrigins: string[]) =>
      createParentChannel({ parentWindow: app, parentOrigin, allowedOrigins, listenTarget: frame, handlers: {} });
    expect(() => open(APP_ORIGIN, ['https://other.example'])).toThrow('Unauthorized: origin not allowed');
    expect(() => open('http://localhost:3000', [])).toThrow(EmbeddedOriginError);
    expect(() => open('https://evil-dapp.example.com', ['https://*.dapp.example'])).toThrow(EmbeddedOriginError);
    expect(() => open('*', ['*'])).toThrow('Invalid embedded wallet origin');
    expect(() => createParentChannel({ parentWindow: undefined, parentOrigin: APP_ORIGIN, allowedOrigins: [APP_ORIGIN], listenTarget: frame, handlers: {} })).toThrow(
      new FrameNotSetError('parent'),
    );
    open('https://dapp.example', ['https://dapp.example']).close();
    open('http://127.0.0.1:3000', ['http://127.0.0.1:*']).close();
    // READY went only to the claimed origin.
    expect(app.posts.map((post) => post.targetOrigin)).toEqual(['https://dapp.example', 'http://127.0.0.1:3000']);
  });

  it("the modal refuses a frame origin that is not an http(s) origin (never '*')", () => {
    const { app, frame } = windowPair();
    for (const frameOrigin of ['*', 'null', 'http://127.0.0.1:3010/path']) {
      expect(() => createFrameChannel({ frameWindow: () => frame, frameOrigin, listenTarget: app })).toThrow('Invalid embedded wallet origin');
    }
  });
});

describe('embedded frame protocol: bad payloads and limits', () => {
  it('the modal rejects a bad payload or a disallowed RPC method before posting anything', async () => {
    const { channel, frame } = await connected({});
    const before = frame.posts.length;
    const otp = track(channel.request('CONNECT_OTP', { otp: '12345' }));
    const provider = track(channel.request('GET_SOCIAL_REDIRECT_URI', { provider: 'myspace' as never }));
    const sign = track(channel.request('RPC_REQUEST', { method: 'eth_sign', params: [ADDRESS, '0x00'] }));
    const big = track(channel.request('RPC_REQUEST', { method: 'eth_call', params: ['x'.repeat(MAX_RPC_PARAMS_CHARS)] }));
    await deliver();
    expect((otp.error as InvalidEmbeddedMessageError).shortMessage).toBe('Invalid embedded wallet message: @portico-app/CONNECT_OTP otp: must be a 6-digit code');
    expect(provider.error).toBeInstanceOf(InvalidEmbeddedMessageError);
    expect(sign.error).toBeInstanceOf(RpcMethodNotAllowedError);
    expect((sign.error as RpcMethodNotAllowedError).shortMessage).toBe('Requested RPC call is not allowed');
    expect((big.error as InvalidEmbeddedMessageError).shortMessage).toMatch(/params: must be JSON of at most 262144 characters/);
    expect(frame.posts.length).toBe(before);
  });

  it('the frame answers a bad payload or a disallowed method from its parent with an error reply, without calling a handler', async () => {
    let calls = 0;
    const { frame, app, frameIgnored } = await connected({ CONNECT_EMAIL: () => ((calls += 1), { action: 'VERIFY_OTP' }), RPC_REQUEST: () => ((calls += 1), { result: 1 }) });
    const badEmail = rawPostToFrame(frame, appEventName('CONNECT_EMAIL'), { email: 'not-an-email' });
    const disallowed = rawPostToFrame(frame, appEventName('RPC_REQUEST'), { method: 'eth_sign', params: [] });
    await deliver();
    expect(calls).toBe(0);
    const replies = app.posts.map((post) => post.message as { id: string; event: string; payload: unknown });
    expect(replies.find((reply) => reply.id === badEmail)).toMatchObject({
      event: errorEventName('CONNECT_EMAIL'),
      payload: { message: 'Invalid embedded wallet message: @portico-app/CONNECT_EMAIL email: must be a valid email' },
    });
    expect(replies.find((reply) => reply.id === disallowed)).toMatchObject({
      event: errorEventName('RPC_REQUEST'),
      payload: { message: 'Requested RPC call is not allowed', code: 4200 },
    });
    expect(frameIgnored).toMatchObject([{ reason: 'malformed', event: appEventName('CONNECT_EMAIL') }]);
  });

  it("the modal rejects a reply that does not fit its event; the frame turns a handler's bad, oversized or uncloneable reply into 'An error occurred'", async () => {
    const { channel, frame, app, handlerErrors } = await connected({
      GET_CHAIN_ID: () => ({ chainId: 'not a chain id!' }) as never,
      RPC_REQUEST: ({ method }) => ({ result: method === 'eth_getLogs' ? 'x'.repeat(MAX_MESSAGE_CHARS) : () => 'a function' }),
      IS_CONNECTED: () => new Promise(() => {}),
    });
    const chainId = track(channel.request('GET_CHAIN_ID', {}));
    const logs = track(channel.request('RPC_REQUEST', { method: 'eth_getLogs', params: [{}] }));
    const call = track(channel.request('RPC_REQUEST', { method: 'eth_call', params: [{}] }));
    await deliver();
    for (const outcome of [chainId, logs, call]) expect((outcome.error as EmbeddedWalletError).shortMessage).toBe('An error occurred');
    expect(handlerErrors).toHaveLength(3);
    // A buggy frame's success reply with a payload that does not fit.
    const connectedCheck = track(channel.request('IS_CONNECTED', {}));
    await deliver();
    const { id } = frame.posts.at(-1)!.message as { id: string };
    app.dispatch({ data: createEnvelope(id, successEventName('IS_CONNECTED'), { isConnected: 'yes' }), origin: FRAME_ORIGIN, source: frame });
    await deliver();
    expect(connectedCheck.error).toBeInstanceOf(InvalidEmbeddedMessageError);
  });

  it('messages over the size limit are dropped and reported on both ends', async () => {
    const { frame, app, frameIgnored, appIgnored } = await connected({});
    const huge = createEnvelope(createMessageId(), appEventName('SIGN_OUT'), { padding: 'x'.repeat(MAX_MESSAGE_CHARS) });
    frame.dispatch({ data: huge, origin: APP_ORIGIN, source: app });
    app.dispatch({ data: { ...huge, event: successEventName('SIGN_OUT') }, origin: FRAME_ORIGIN, source: frame });
    expect(frameIgnored).toMatchObject([{ reason: 'too-large', lookalike: true }]);
    expect(appIgnored).toMatchObject([{ reason: 'too-large', lookalike: true }]);
  });

  it(`at most ${MAX_PENDING_REQUESTS} requests are open at once, on each end`, async () => {
    const { channel, frame, app } = await connected({ CONNECT_DEVICE: () => new Promise(() => {}) });
    const open = Array.from({ length: MAX_PENDING_REQUESTS }, () => track(channel.request('CONNECT_DEVICE', {})));
    const extra = track(channel.request('CONNECT_DEVICE', {}));
    await deliver();
    expect(open.every((outcome) => !outcome.done)).toBe(true);
    expect(extra.error).toBeInstanceOf(TooManyEmbeddedRequestsError);
    // The frame's own limit, against a parent that posts past the modal's.
    const over = rawPostToFrame(frame, appEventName('CONNECT_DEVICE'), {});
    await deliver();
    expect(app.posts.map((post) => post.message).find((reply) => (reply as { id: string }).id === over)).toMatchObject({
      event: errorEventName('CONNECT_DEVICE'),
      payload: { message: `Too many embedded wallet requests at once (limit ${MAX_PENDING_REQUESTS})` },
    });
  });

  it('late replies, replies of the wrong event and events a side never receives are ignored and reported', async () => {
    const { channel, frame, app, appIgnored, frameIgnored } = await connected({ GET_CHAIN_ID: () => new Promise(() => {}) });
    const pending = track(channel.request('GET_CHAIN_ID', {}));
    await deliver();
    const { id } = frame.posts.at(-1)!.message as { id: string };
    app.dispatch({ data: createEnvelope(id, successEventName('SIGN_OUT'), {}), origin: FRAME_ORIGIN, source: frame });
    app.dispatch({ data: createEnvelope(createMessageId(), successEventName('GET_CHAIN_ID'), { chainId: 1 }), origin: FRAME_ORIGIN, source: frame });
    app.dispatch({ data: createEnvelope(createMessageId(), appEventName('SIGN_OUT'), {}), origin: FRAME_ORIGIN, source: frame });
    rawPostToFrame(frame, successEventName('SIGN_OUT'), {});
    await deliver();
    expect(pending.done).toBe(false);
    expect(appIgnored.map(({ reason }) => reason)).toEqual(['unexpected-event', 'unknown-id', 'unexpected-event']);
    expect(frameIgnored.map(({ reason }) => reason)).toEqual(['unexpected-event']);
  });

  it("a missing iframe fails a send with 'W3mFrame: iframe is not set'", async () => {
    const { app } = windowPair();
    const channel = createFrameChannel({ frameWindow: () => undefined, frameOrigin: FRAME_ORIGIN, listenTarget: app });
    const theme = track(channel.request('SYNC_THEME', { themeMode: 'dark' }));
    await deliver();
    expect((theme.error as FrameNotSetError).shortMessage).toBe('W3mFrame: iframe is not set');
    channel.close();
  });
});
