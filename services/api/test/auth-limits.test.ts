/**
 * The email login's limits and unavailability (issue 11): body size, mails per address per hour,
 * requests per IP, session lifetime, option checks; 503 with the reason in production without a mail
 * server or signing key, and when the mail server cannot be reached (nothing counts then).
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { decodeJwt } from 'jose';
import { authRuntime } from '../src/auth/config';
import type { RunningApi } from '../src/server';
import { authClient, DEVICE_KEY, newDevice } from './auth-helpers';
import { startSmtpSink, type SmtpSink } from './auth-smtp';
import { start } from './helpers';

/** A loopback port nothing listens on: a mail server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const pem = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

let sink: SmtpSink;
let limited: RunningApi;
let mailDown: RunningApi;
let noMailServer: RunningApi;
let noKey: RunningApi;

beforeAll(async () => {
  sink = await startSmtpSink();
  const downUrl = `smtp://127.0.0.1:${await closedPort()}`;
  [limited, mailDown, noMailServer, noKey] = await Promise.all([
    start({ development: true, auth: { smtpUrl: sink.url, sessionTtlS: 120, mailsPerEmail: { points: 3, durationS: 3_600 } } }),
    start({ development: true, auth: { smtpUrl: downUrl, requestsPerIp: { points: 4, durationS: 60 } } }),
    start({ sessions: { signingKey: pem() } }),
    start({ auth: { smtpUrl: sink.url } }),
  ]);
});
afterAll(async () => {
  await Promise.all([limited, mailDown, noMailServer, noKey].map((api) => api?.close()));
  await sink?.close();
});

describe('limits', () => {
  test('bodies over 4096 bytes → 413', async () => {
    const c = authClient(limited, sink);
    const res = await c.post('/v1/auth/email', { email: 'big@example.com', deviceId: newDevice(), padding: 'x'.repeat(4096) });
    expect(res).toMatchObject({ status: 413, body: { error: 'body: must be at most 4096 bytes' } });
  });

  test('mails per address per hour (here 3): the next request → 429 with Retry-After', async () => {
    const c = authClient(limited, sink);
    const email = 'many@example.com';
    for (let i = 0; i < 3; i++) {
      await c.pastThrottle(email);
      expect((await c.post('/v1/auth/email', { email, deviceId: newDevice() })).status).toBe(200);
      await sink.next(email);
    }
    await c.pastThrottle(email);
    const over = await c.post('/v1/auth/email', { email, deviceId: newDevice() });
    expect(over.status).toBe(429);
    expect(over.body.error).toMatch(/^Too many requests for this email address: try again in \d+ s$/);
    expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(3_500);
    // The refused request did not take the throttle: asking again at once meets the hourly cap, not 'Please try again after'.
    expect((await c.post('/v1/auth/email', { email, deviceId: newDevice() })).body.error).toMatch(/^Too many requests for this email address/);
  });

  test('session lifetime (here 120 s): expiresAt and the JWT exp; past it → Session Expired', async () => {
    const c = authClient(limited, sink);
    const before = Date.now();
    const me = await c.signIn('short@example.com');
    const ttl = new Date(me.expiresAt).getTime() - before;
    expect(ttl).toBeGreaterThan(115_000);
    expect(ttl).toBeLessThanOrEqual(125_000);
    expect(decodeJwt(me.token).exp).toBe(Math.floor(new Date(me.expiresAt).getTime() / 1000));
    expect((await c.session(me.token)).status).toBe(200);
    await limited.db.query(`UPDATE auth_sessions SET expires_at = now() - interval '1 second' WHERE device_id = $1`, [me.deviceId]);
    expect(await c.session(me.token)).toMatchObject({ status: 401, body: { error: 'Session Expired' } });
  });

  test('requests per IP (here 4 a minute) → 429; a mail server that is down → 503 and the throttle is not taken', async () => {
    const c = authClient(mailDown, sink);
    const body = { email: 'down@example.com', deviceId: newDevice() };
    for (let i = 0; i < 3; i++) {
      // Not 429 'Please try again after …': a mail that was not sent does not count.
      expect(await c.post('/v1/auth/email', body)).toMatchObject({ status: 503, body: { error: 'Mail server unavailable: the mail could not be sent, try again later' } });
    }
    const { rows } = await mailDown.db.query('SELECT 1 FROM auth_device_tokens');
    expect(rows).toEqual([]);
    expect((await c.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, ...body, otp: '123456' })).body).toEqual({ error: 'No code to check: request a new one' });
    const over = await c.post('/v1/auth/email', body);
    expect(over.status).toBe(429);
    expect(over.body.error).toMatch(/^Too many requests for this IP address: try again in \d+ s$/);
  });

  test('options are checked at start', () => {
    expect(() => authRuntime({ smtpUrl: 'http://mail.example' }, false, undefined)).toThrow(/^auth: smtpUrl: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => authRuntime({ sessionTtlS: 0 }, true, undefined)).toThrow(/^auth: sessionTtlS:/);
    expect(() => authRuntime({ maxCodeAttempts: 0 }, true, undefined)).toThrow(/^auth: maxCodeAttempts:/);
  });
});

describe('unavailable', () => {
  const body = { email: 'a@example.com', deviceId: 'device_abcdefghijkl' };
  // In production the demo project allows no browser origin: these calls come from a server.
  const SERVER = { origin: null };

  test('production without a mail server: the routes answer 503 with the reason', async () => {
    const c = authClient(noMailServer, sink);
    for (const path of ['/v1/auth/email', '/v1/auth/device']) {
      expect(await c.post(path, body, SERVER)).toMatchObject({ status: 503, body: { error: 'Email login is unavailable: the API has no mail server (set PORTICO_API_SMTP_URL)' } });
    }
    expect((await c.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, ...body, otp: '123456' }, SERVER)).status).toBe(503);
    // Sessions need only the key: a token is still checked (here a bad one).
    expect(await c.session('a.b.c', SERVER)).toMatchObject({ status: 401, body: { error: 'Session Expired' } });
  });

  test('production without a signing key: 503 with the reason', async () => {
    const c = authClient(noKey, sink);
    expect(await c.post('/v1/auth/email', body, SERVER)).toMatchObject({ status: 503, body: { error: 'Email login is unavailable: the API has no session signing key (set PORTICO_API_SESSION_KEY)' } });
    expect((await c.session('a.b.c', SERVER)).status).toBe(503);
    expect(sink.mails.filter((m) => m.to.includes(body.email))).toEqual([]);
  });
});
