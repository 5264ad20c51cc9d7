import { describe, expect, it } from '@rstest/core';
import {
  ENVELOPE_TYPE,
  MAX_MESSAGE_CHARS,
  MAX_RPC_PARAMS_CHARS,
  MESSAGE_ID_LENGTH,
} from '../src/embedded/constants';
import {
  NOTIFICATIONS,
  REQUESTS,
  appEventName,
  createEnvelope,
  decodeMessage,
  errorEventName,
  parsePayload,
  successEventName,
  withinMessageLimit,
  type RequestName,
} from '../src/embedded/messages';
import { createMessageId, isSerializedOrigin, jsonLength } from '../src/embedded/wire';
import { embeddedUserSchema } from '../src/embedded/fields';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('embedded messages: the event table', () => {
  it("has a request, a success and an error event for every event of spec section 7, plus the heartbeat and issue 28's CANCEL_APPROVAL and SHOW_EXPORT", () => {
    expect(Object.keys(REQUESTS).sort()).toEqual(
      [
        'SWITCH_NETWORK', 'CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_OTP', 'CONNECT_SOCIAL', 'GET_FARCASTER_URI',
        'CONNECT_FARCASTER', 'GET_USER', 'GET_SOCIAL_REDIRECT_URI', 'SIGN_OUT', 'IS_CONNECTED', 'GET_CHAIN_ID',
        'GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'INIT_SMART_ACCOUNT', 'SET_PREFERRED_ACCOUNT', 'RPC_REQUEST',
        'UPDATE_EMAIL', 'UPDATE_EMAIL_PRIMARY_OTP', 'UPDATE_EMAIL_SECONDARY_OTP', 'SYNC_THEME', 'SYNC_DAPP_DATA',
        'RELOAD', 'HEARTBEAT', 'CANCEL_APPROVAL', 'SHOW_EXPORT',
      ].sort(),
    );
    expect(appEventName('CONNECT_EMAIL')).toBe('@portico-app/CONNECT_EMAIL');
    expect(successEventName('CONNECT_EMAIL')).toBe('@portico-frame/CONNECT_EMAIL_SUCCESS');
    expect(errorEventName('CONNECT_EMAIL')).toBe('@portico-frame/CONNECT_EMAIL_ERROR');
    const names = (Object.keys(REQUESTS) as RequestName[]).flatMap((name) => [
      appEventName(name),
      successEventName(name),
      errorEventName(name),
    ]);
    expect(new Set([...names, ...Object.keys(NOTIFICATIONS).map((name) => `@portico-frame/${name}`)]).size).toBe(
      names.length + Object.keys(NOTIFICATIONS).length,
    );
  });
});

describe('embedded messages: spec section 5 rules', () => {
  const issue = (name: RequestName, payload: unknown) => {
    const parsed = parsePayload(REQUESTS[name].payload, payload);
    return parsed.ok ? undefined : parsed.issue;
  };

  it('emails must be valid and at most 254 characters', () => {
    expect(issue('CONNECT_EMAIL', { email: 'ada@example.com' })).toBeUndefined();
    expect(issue('CONNECT_EMAIL', { email: 'ada@' })).toBe('email: must be a valid email');
    expect(issue('CONNECT_EMAIL', {})).toMatch(/^email: /);
    expect(issue('UPDATE_EMAIL', { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com` })).toBe(
      'email: must be a valid email',
    );
  });

  it('one-time codes are a 6-digit string', () => {
    expect(issue('CONNECT_OTP', { otp: '012345' })).toBeUndefined();
    for (const otp of ['12345', '1234567', '12345a', 123456, ' 123456']) {
      expect(issue('CONNECT_OTP', { otp })).toMatch(/^otp: /);
    }
    expect(issue('UPDATE_EMAIL_PRIMARY_OTP', { otp: 'abcdef' })).toBe('otp: must be a 6-digit code');
    expect(issue('UPDATE_EMAIL_SECONDARY_OTP', { otp: '999999' })).toBeUndefined();
  });

  it('social providers are google, github, apple, facebook, x, discord', () => {
    for (const provider of ['google', 'github', 'apple', 'facebook', 'x', 'discord']) {
      expect(issue('GET_SOCIAL_REDIRECT_URI', { provider })).toBeUndefined();
    }
    expect(issue('GET_SOCIAL_REDIRECT_URI', { provider: 'farcaster' })).toMatch(/^provider: /);
    expect(issue('GET_SOCIAL_REDIRECT_URI', { provider: 'Google' })).toMatch(/^provider: /);
  });

  it('theme mode is light or dark; variables are --portico-* (at most 32)', () => {
    expect(issue('SYNC_THEME', { themeMode: 'light', themeVariables: { '--portico-accent': '#f00' } })).toBeUndefined();
    expect(issue('SYNC_THEME', { themeMode: 'blue' })).toMatch(/^themeMode: /);
    expect(issue('SYNC_THEME', { themeVariables: { color: 'red' } })).toMatch(/--portico-\*/);
    const many = Object.fromEntries(Array.from({ length: 33 }, (_, index) => [`--portico-v${index}`, '1']));
    expect(issue('SYNC_THEME', { themeVariables: many })).toBe('themeVariables: must have at most 32 variables');
  });

  it('account type is eoa or smartAccount', () => {
    expect(issue('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toBeUndefined();
    expect(issue('SET_PREFERRED_ACCOUNT', { type: 'EOA' })).toMatch(/^type: /);
    expect(issue('GET_USER', { chainId: 1, preferredAccountType: 'payment' })).toMatch(/^preferredAccountType: /);
  });

  it('chain ids are positive integers or short CAIP-2 texts; URIs are http(s) and bounded', () => {
    expect(issue('SWITCH_NETWORK', { chainId: 31337 })).toBeUndefined();
    expect(issue('SWITCH_NETWORK', { chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toBeUndefined();
    for (const chainId of [0, -1, 1.5, '', 'a b', 'x'.repeat(65)]) expect(issue('SWITCH_NETWORK', { chainId })).toBeDefined();
    expect(issue('CONNECT_SOCIAL', { uri: 'javascript:alert(1)' })).toBe('uri: must be an http(s) URL');
    expect(issue('CONNECT_SOCIAL', { uri: `https://a.example/?${'q'.repeat(2048)}` })).toBe('uri: must be at most 2048 characters');
  });

  it('the embedded user of spec section 3: authProvider may be absent (email) or a known provider, addresses and accounts are checked', () => {
    const user = embeddedUserSchema.parse({ address: ADDRESS, chainId: 31337, accounts: [{ address: ADDRESS, type: 'eoa' }] });
    expect(user.authProvider).toBeUndefined();
    expect(embeddedUserSchema.safeParse({ ...user, authProvider: 'github' }).success).toBe(true);
    expect(embeddedUserSchema.safeParse({ ...user, authProvider: 'myspace' }).success).toBe(false);
    expect(embeddedUserSchema.safeParse({ ...user, address: '0x123' }).success).toBe(false);
    expect(embeddedUserSchema.safeParse({ ...user, accounts: [{ address: ADDRESS, type: 'payment' }] }).success).toBe(false);
    const seventeen = Array.from({ length: 17 }, () => ({ address: ADDRESS, type: 'eoa' }));
    expect(embeddedUserSchema.safeParse({ ...user, accounts: seventeen }).success).toBe(false);
  });

  it('unknown keys are dropped, not passed on', () => {
    const parsed = parsePayload(REQUESTS.CONNECT_EMAIL.payload, { email: 'ada@example.com', evil: true });
    expect(parsed).toEqual({ ok: true, value: { email: 'ada@example.com' } });
  });
});

describe('embedded messages: size limits', () => {
  it(`RPC params are at most ${MAX_RPC_PARAMS_CHARS} characters as JSON, and must have a JSON form`, () => {
    const fits = ['x'.repeat(MAX_RPC_PARAMS_CHARS - 4)]; // ["…"] is 4 characters more
    expect(jsonLength(fits)).toBe(MAX_RPC_PARAMS_CHARS);
    expect(parsePayload(REQUESTS.RPC_REQUEST.payload, { method: 'eth_call', params: fits }).ok).toBe(true);
    const over = parsePayload(REQUESTS.RPC_REQUEST.payload, { method: 'eth_call', params: ['x'.repeat(MAX_RPC_PARAMS_CHARS - 3)] });
    expect(over).toEqual({ ok: false, issue: `params: must be JSON of at most ${MAX_RPC_PARAMS_CHARS} characters` });
    expect(parsePayload(REQUESTS.RPC_REQUEST.payload, { method: 'eth_call', params: [1n] }).ok).toBe(false);
    expect(parsePayload(REQUESTS.RPC_REQUEST.payload, { method: 'eth call' }).ok).toBe(false);
    expect(parsePayload(REQUESTS.RPC_REQUEST.payload, { method: `e${'x'.repeat(64)}` }).ok).toBe(false);
  });

  it(`a received message is at most ${MAX_MESSAGE_CHARS} characters as JSON`, () => {
    const base = createEnvelope(createMessageId(), successEventName('RPC_REQUEST'), { result: '' });
    const room = MAX_MESSAGE_CHARS - (jsonLength(base) ?? 0);
    const fits = createEnvelope(base.id, base.event, { result: 'x'.repeat(room) });
    expect(withinMessageLimit(fits)).toBe(true);
    expect(decodeMessage(fits).ok).toBe(true);
    const over = createEnvelope(base.id, base.event, { result: 'x'.repeat(room + 1) });
    expect(withinMessageLimit(over)).toBe(false);
    expect(decodeMessage(over)).toMatchObject({ ok: false, reason: 'too-large', lookalike: true });
  });
});

describe('embedded messages: envelopes and ids', () => {
  it(`ids are ${MESSAGE_ID_LENGTH} characters of [A-Za-z0-9_-] and unique`, () => {
    const ids = Array.from({ length: 20_000 }, () => createMessageId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('tells other scripts’ messages, look-alikes, malformed envelopes and unknown events apart', () => {
    expect(decodeMessage('hello')).toEqual({ ok: false, reason: 'not-portico', lookalike: false });
    expect(decodeMessage({ type: 'other', id: createMessageId() })).toMatchObject({ reason: 'not-portico' });
    expect(decodeMessage({ type: ENVELOPE_TYPE, id: 'short', event: appEventName('RELOAD'), payload: {} })).toMatchObject({
      reason: 'malformed',
      lookalike: true,
      detail: 'id: must be an 11-character message id',
    });
    expect(decodeMessage({ type: ENVELOPE_TYPE, id: createMessageId(), event: '@w3m-app/RELOAD', payload: {} })).toMatchObject({
      reason: 'unexpected-event',
      detail: '@w3m-app/RELOAD',
    });
    const envelope = createEnvelope(createMessageId(), errorEventName('SIGN_OUT'), { message: 'no' });
    expect(decodeMessage(envelope)).toEqual({ ok: true, envelope, route: { kind: 'error', name: 'SIGN_OUT' } });
  });

  it('isSerializedOrigin accepts only http(s) origins', () => {
    expect(isSerializedOrigin('http://127.0.0.1:3010')).toBe(true);
    expect(isSerializedOrigin('https://dapp.example')).toBe(true);
    for (const value of ['*', 'null', 'https://dapp.example/', 'https://dapp.example/path', 'file:///x', 'chrome-extension://abc']) {
      expect(isSerializedOrigin(value)).toBe(false);
    }
  });
});
