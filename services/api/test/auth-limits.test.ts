/**
 * The email login's limits and unavailability (issue 11): body size, mails per address per hour,
 * requests per IP, session lifetime, option checks; 503 with the reason in production without a mail
 * server or signing key, and when the mail server cannot be reached (nothing counts then). Issue 29: the mail
 * caps and the throttle keyed so that a stranger cannot lock the owner out (requests from loopback aliases
 * 127.0.0.x, each its own client IP).
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { decodeJwt } from 'jose';
import { authRuntime, DEFAULT_MAILS_PER_EMAIL, DEFAULT_MAILS_PER_EMAIL_AND_IP, DEFAULT_MAILS_PER_IP } from '../src/auth/config';
import type { RunningApi } from '../src/server';
import { authClient, DEVICE_KEY, newDevice } from './auth-helpers';
import { codeIn, linkIn, startSmtpSink, type SmtpSink } from './auth-smtp';
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
/** Mail caps small enough to reach: 3 per address and IP, 6 per IP, 5 per address from every requester. */
let capped: RunningApi;

beforeAll(async () => {
  sink = await startSmtpSink();
  const downUrl = `smtp://127.0.0.1:${await closedPort()}`;
  [limited, mailDown, noMailServer, noKey, capped] = await Promise.all([
    start({ development: true, auth: { smtpUrl: sink.url, sessionTtlS: 120, mailsPerEmail: { points: 3, durationS: 3_600 } } }),
    start({ development: true, auth: { smtpUrl: downUrl, requestsPerIp: { points: 4, durationS: 60 } } }),
    start({ sessions: { signingKey: pem() } }),
    start({ auth: { smtpUrl: sink.url } }),
    start({
      development: true,
      auth: {
        smtpUrl: sink.url,
        mailsPerEmailAndIp: { points: 3, durationS: 3_600 },
        mailsPerIp: { points: 6, durationS: 3_600 },
        mailsPerEmail: { points: 5, durationS: 3_600 },
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([limited, mailDown, noMailServer, noKey, capped].map((api) => api?.close()));
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

describe('strangers cannot lock the owner out (issue 29)', () => {
  const [OWNER_IP, STRANGER_IP, OTHER_STRANGER_IP, OWNER_ELSEWHERE_IP, SPAMMER_IP, THROTTLED_STRANGER_IP] = [
    '127.0.0.10',
    '127.0.0.20',
    '127.0.0.21',
    '127.0.0.30',
    '127.0.0.40',
    '127.0.0.50',
  ];
  const owner = 'owner@example.com';
  const SHARE_SPENT = /^Too many requests for this email address from this IP address: try again in \d+ s$/;
  const CEILING_REACHED = /^Too many requests for this email address: try again in \d+ s$/;

  test("a stranger's requests use up only their own share; the owner (another IP, a new or an approved device) still gets mail", async () => {
    const c = authClient(capped, sink);
    // The owner approved this browser earlier (the link and the code: 1 mail against the address's ceiling, the code after approval none).
    const ownersDevice = newDevice();
    expect((await c.post('/v1/auth/email', { email: owner, deviceId: ownersDevice }, { fromIp: OWNER_IP })).status).toBe(200);
    expect((await c.approve(linkIn(await sink.next(owner)))).status).toBe(200);
    expect((await c.post('/v1/auth/device', { email: owner, deviceId: ownersDevice }, { fromIp: OWNER_IP })).body).toEqual({ action: 'VERIFY_OTP' });
    await sink.next(owner);

    // A stranger asks for the owner's address, 30 s apart (the throttle passed by hand): 3 mails, then their share is spent.
    for (let i = 0; i < 3; i++) {
      await c.pastThrottle(owner);
      expect((await c.post('/v1/auth/email', { email: owner, deviceId: newDevice() }, { fromIp: STRANGER_IP })).status).toBe(200);
      await sink.next(owner);
    }
    await c.pastThrottle(owner);
    const spent = await c.post('/v1/auth/email', { email: owner, deviceId: newDevice() }, { fromIp: STRANGER_IP });
    expect(spent.status).toBe(429);
    expect(spent.body.error).toMatch(SHARE_SPENT);

    // At once (the stranger's last mail was just now): the owner from another IP on a new browser gets the link — the
    // stranger's throttle and share are not hers. That is the address's 5th mail from strangers' and new browsers.
    expect(await c.post('/v1/auth/email', { email: owner, deviceId: newDevice() }, { fromIp: OWNER_ELSEWHERE_IP })).toMatchObject({ status: 200, body: { action: 'VERIFY_DEVICE' } });
    expect(linkIn(await sink.next(owner))).toContain('/v1/auth/device/approve?token=');

    // The address's ceiling is reached: a second stranger IP gets nothing, nor does any new browser.
    const ceiling = await c.post('/v1/auth/email', { email: owner, deviceId: newDevice() }, { fromIp: OTHER_STRANGER_IP });
    expect(ceiling.status).toBe(429);
    expect(ceiling.body.error).toMatch(CEILING_REACHED);
    expect(Number(ceiling.res.headers.get('retry-after'))).toBeGreaterThan(3_500);
    await c.pastThrottle(owner);
    expect((await c.post('/v1/auth/email', { email: owner, deviceId: newDevice() }, { fromIp: OWNER_ELSEWHERE_IP })).body.error).toMatch(CEILING_REACHED);

    // The browser she approved before passes the ceiling, from anywhere: a code arrives and signs her in.
    await c.pastThrottle(owner);
    expect(await c.post('/v1/auth/email', { email: owner, deviceId: ownersDevice }, { fromIp: OWNER_ELSEWHERE_IP })).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } });
    const otp = codeIn(await sink.next(owner));
    expect((await c.post('/v1/auth/otp', { email: owner, deviceId: ownersDevice, otp, deviceKey: DEVICE_KEY }, { fromIp: OWNER_ELSEWHERE_IP })).status).toBe(200);
  });

  test("the 30 s throttle is the requester's: a stranger's request just now does not hold the owner's back", async () => {
    const c = authClient(capped, sink);
    const email = 'throttled@example.com';
    expect((await c.post('/v1/auth/email', { email, deviceId: newDevice() }, { fromIp: THROTTLED_STRANGER_IP })).status).toBe(200);
    await sink.next(email);
    const again = await c.post('/v1/auth/email', { email, deviceId: newDevice() }, { fromIp: THROTTLED_STRANGER_IP });
    expect(again).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^Please try again after \d+ seconds$/) } });
    expect((await c.post('/v1/auth/email', { email, deviceId: newDevice() }, { fromIp: OWNER_IP })).status).toBe(200);
    await sink.next(email);
  });

  test('per IP: one client IP gets 6 mails an hour whatever the addresses, then 429', async () => {
    const c = authClient(capped, sink);
    for (let i = 0; i < 6; i++) {
      const email = `spread-${i}@example.com`;
      expect((await c.post('/v1/auth/email', { email, deviceId: newDevice() }, { fromIp: SPAMMER_IP })).status).toBe(200);
      await sink.next(email);
    }
    const over = await c.post('/v1/auth/email', { email: 'spread-6@example.com', deviceId: newDevice() }, { fromIp: SPAMMER_IP });
    expect(over.status).toBe(429);
    expect(over.body.error).toMatch(/^Too many requests for this IP address \(login mails\): try again in \d+ s$/);
    // Another IP asking for that address is not held back by it.
    expect((await c.post('/v1/auth/email', { email: 'spread-6@example.com', deviceId: newDevice() }, { fromIp: OWNER_IP })).status).toBe(200);
  });

  test('the defaults are named: 10 per address and IP, 100 per IP, 30 per address an hour', () => {
    expect(DEFAULT_MAILS_PER_EMAIL_AND_IP).toEqual({ points: 10, durationS: 3_600 });
    expect(DEFAULT_MAILS_PER_IP).toEqual({ points: 100, durationS: 3_600 });
    expect(DEFAULT_MAILS_PER_EMAIL).toEqual({ points: 30, durationS: 3_600 });
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
