/**
 * The secure site's side of the email login, for the auth tests: calls with its Origin and a
 * per-browser device id, and the new-device path with the link and code read from the SMTP sink.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, expect } from '@rstest/core';
import { calculateJwkThumbprint } from 'jose';
import type { RunningApi, StartApiOptions } from '../src/server';
import { codeIn, linkIn, startSmtpSink, type SmtpSink } from './auth-smtp';
import { getJson, PROJECT, start } from './helpers';

/** The secure site's origin in the demo. */
export const SECURE_SITE = 'http://127.0.0.1:3010';

/**
 * A browser's device key as the secure site sends it with a sign-in (a fixed public P-256 JWK; tests that
 * need the private half make their own), and its RFC 7638 thumbprint, the token's `cnf.jkt`.
 */
export const DEVICE_KEY = {
  kty: 'EC',
  crv: 'P-256',
  x: 'clPNSzaJIZ-S0jJEO7_DQhLaOR3rVDcUf3AB19XEk7c',
  y: '5PZAAKX3F_qw-w77gTg6J9taH0SSOspVsuW8FqaIxaw',
} as const;
export const DEVICE_KEY_JKT = await calculateJwkThumbprint(DEVICE_KEY, 'sha256');

export type DeviceKey = { kty: 'EC'; crv: 'P-256'; x: string; y: string };

/** Another browser's device key: a fresh P-256 key pair's public half, exactly `{ kty, crv, x, y }`. */
export function newDeviceKey(): DeviceKey {
  const { x, y } = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  return { kty: 'EC', crv: 'P-256', x: x!, y: y! };
}

let devices = 0;
/** A fresh per-browser id as the secure site makes one. */
export const newDevice = () => `device_${Date.now().toString(36)}_${devices++}_abcdef`;

export type SignedIn = { token: string; user: { id: string; email: string | null; username: string | null; authProvider: string }; expiresAt: string; deviceId: string };

export function authClient(api: RunningApi, sink: SmtpSink) {
  const url = (path: string, projectId = PROJECT) => `${api.url}${path}${path.includes('?') ? '&' : '?'}projectId=${projectId}`;
  type Init = { token?: string; origin?: string | null; projectId?: string };
  /** `origin: null`: a call without Origin (server to server). */
  const headers = (init: Init) => ({
    ...(init.origin === null ? {} : { Origin: init.origin ?? SECURE_SITE }),
    ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
  });
  /** A string body is sent as is. */
  const post = (path: string, body: unknown, init: Init = {}) =>
    getJson(url(path, init.projectId), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers(init) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const session = (token: string, init: Omit<Init, 'token'> = {}) => getJson(url('/v1/auth/session', init.projectId), { headers: headers({ ...init, token }) });
  /** Presses the approval page's button for the link's token. */
  const approve = (link: string) =>
    fetch(new URL('/v1/auth/device/approve', api.url), { method: 'POST', body: new URLSearchParams({ token: new URL(link).searchParams.get('token')! }) });

  /** The new-device path up to the code: email → link → approve → device; answers the mailed code. */
  async function approveNewDevice(email: string, deviceId: string): Promise<string> {
    expect((await post('/v1/auth/email', { email, deviceId })).body).toEqual({ action: 'VERIFY_DEVICE' });
    const link = linkIn(await sink.next(email));
    expect((await fetch(link)).status).toBe(200);
    expect((await approve(link)).status).toBe(200);
    expect((await post('/v1/auth/device', { email, deviceId })).body).toEqual({ action: 'VERIFY_OTP' });
    return codeIn(await sink.next(email));
  }

  /** A signed-in session for `email` on a new device. */
  async function signIn(email: string, deviceId = newDevice()): Promise<SignedIn> {
    const code = await approveNewDevice(email, deviceId);
    const { status, body } = await post('/v1/auth/otp', { deviceKey: DEVICE_KEY, email, deviceId, otp: code });
    expect(status).toBe(200);
    return { ...(body as Omit<SignedIn, 'deviceId'>), deviceId };
  }

  /** Lets the next request for `email` through the 30 s throttle (as if the time had passed). */
  const pastThrottle = (email: string) =>
    api.db.query(`UPDATE auth_email_throttle SET last_sent_at = now() - interval '1 hour' WHERE email = $1`, [email]);

  return { url, post, session, approve, approveNewDevice, signIn, pastThrottle };
}

/** A six-digit code that is not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export interface AuthApi {
  api: RunningApi;
  sink: SmtpSink;
  client: ReturnType<typeof authClient>;
}

/**
 * One API in development mode for the test file, its mail going to an SMTP sink; started before the
 * file's tests and closed after them. `extraOptions` (e.g. chains) are added to the API's options.
 * @example const t = useAuthApi(); it('…', async () => { await t.client.signIn('a@example.com'); });
 */
export function useAuthApi(extraOptions: () => StartApiOptions | Promise<StartApiOptions> = () => ({})): AuthApi {
  const t = {} as AuthApi;
  beforeAll(async () => {
    t.sink = await startSmtpSink();
    t.api = await start({ development: true, ...(await extraOptions()), auth: { smtpUrl: t.sink.url } });
    t.client = authClient(t.api, t.sink);
  });
  afterAll(async () => {
    await t.api?.close();
    await t.sink?.close();
  });
  return t;
}
