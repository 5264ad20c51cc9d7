/**
 * The secure site's side of the email login, for the auth tests: calls with its Origin and a
 * per-browser device id, and the new-device path with the link and code read from the SMTP sink.
 */
import { generateKeyPairSync } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect } from '@rstest/core';
import { calculateJwkThumbprint } from 'jose';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { walletProofMessage } from '../src/routes/embedded-wallet';
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

/**
 * A request fetch cannot make, answered as getJson answers: from another client IP (`fromIp`, a loopback alias such as
 * 127.0.0.7: Linux routes all of 127/8 to the API on 127.0.0.1) or with a forged `host` header (fetch sends its own).
 */
function viaNodeHttp(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; fromIp?: string; host?: string },
): Promise<{ status: number; body: any; res: Response }> {
  return new Promise((resolve, reject) => {
    const headers = { ...init.headers, ...(init.host !== undefined && { host: init.host }) };
    const req = httpRequest(url, { method: init.method, headers, localAddress: init.fromIp }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const replyHeaders = Object.entries(res.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]]));
        resolve({ status: res.statusCode!, body: JSON.parse(text), res: new Response(text, { status: res.statusCode, headers: replyHeaders }) });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

let devices = 0;
/** A fresh per-browser id as the secure site makes one. */
export const newDevice = () => `device_${Date.now().toString(36)}_${devices++}_abcdef`;

export type SignedIn = { token: string; user: { id: string; email: string | null; username: string | null; authProvider: string }; expiresAt: string; deviceId: string };

export function authClient(api: RunningApi, sink: SmtpSink) {
  const url = (path: string, projectId = PROJECT) => `${api.url}${path}${path.includes('?') ? '&' : '?'}projectId=${projectId}`;
  /** `fromIp`, `host`: the request comes from that client IP, or carries that Host header (`viaNodeHttp`). */
  type Init = { token?: string; origin?: string | null; projectId?: string; fromIp?: string; host?: string };
  /** `origin: null`: a call without Origin (server to server). */
  const headers = (init: Init) => ({
    ...(init.origin === null ? {} : { Origin: init.origin ?? SECURE_SITE }),
    ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
  });
  /** A string body is sent as is. */
  const post = (path: string, body: unknown, init: Init = {}) => {
    const request = {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers(init) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    };
    return init.fromIp === undefined && init.host === undefined
      ? getJson(url(path, init.projectId), request)
      : viaNodeHttp(url(path, init.projectId), { ...request, fromIp: init.fromIp, host: init.host });
  };
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

/**
 * The body the secure site's server PUTs to /v1/auth/wallet for a new key: its address, the sealed blob, and the
 * key's signature of the API's proof text for `userId` (src/routes/embedded-wallet.ts).
 */
export async function provenWallet(userId: string, privateKey: Hex, sealed: string): Promise<{ address: Address; sealed: string; proof: Hex }> {
  const key = privateKeyToAccount(privateKey);
  return { address: key.address, sealed, proof: await key.signMessage({ message: walletProofMessage(userId, key.address) }) };
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
