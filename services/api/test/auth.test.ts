/**
 * The embedded wallet's email login over HTTP on the real server (issue 11): mails go to a real SMTP
 * receiver in the test (test/auth-smtp.ts) and the codes and links are read out of them. New device
 * (link → approve → code → session → JWKS → sign-out → 'Session Expired'), known device, wrong,
 * expired, burned and superseded codes, the throttle message, email update in two steps, bad input, the
 * device key every session is bound to (issue 28: `deviceKey` in, `cnf.jkt` out).
 */
import { describe, expect, test } from '@rstest/core';
import { calculateJwkThumbprint, createRemoteJWKSet, decodeJwt, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { DEVICE_KEY, DEVICE_KEY_JKT, newDevice, otherCode, SECURE_SITE as PAGE, useAuthApi } from './auth-helpers';
import { codeIn, linkIn } from './auth-smtp';
import { getJson, PROJECT } from './helpers';

const t = useAuthApi();

describe('email login', () => {
  test('new device: link, approval, code, session JWT verified against the JWKS, sign-out → Session Expired', async () => {
    const email = 'alice@example.com';
    const deviceId = newDevice();
    const first = await t.client.post('/v1/auth/email', { email: ' Alice@Example.COM ', deviceId });
    expect(first).toMatchObject({ status: 200, body: { action: 'VERIFY_DEVICE' } });
    const mail = await t.sink.next(email);
    expect(mail.subject).toBe('Approve your new device for Portico');
    expect(mail.text).toContain(PROJECT);
    const link = linkIn(mail);
    expect(link.startsWith(`${t.api.url}/v1/auth/device/approve?token=`)).toBe(true);
    expect(mail.html).toContain('Approve this device');

    // Waiting: not approved yet, no mail.
    expect((await t.client.post('/v1/auth/device', { email, deviceId })).body).toEqual({ action: 'VERIFY_DEVICE' });

    // Opening the link shows a form; only its button approves (mail scanners open links).
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Approve this device?');
    expect(html).toContain(email);
    expect((await t.client.post('/v1/auth/device', { email, deviceId })).body).toEqual({ action: 'VERIFY_DEVICE' });

    const approve = () => t.client.approve(link);
    const approved = await approve();
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain('Device approved — return to the app');
    // Single use.
    const again = await approve();
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This link has expired or was already used');
    expect((await fetch(link)).status).toBe(400);

    const mailsBefore = t.sink.mails.length;
    expect((await t.client.post('/v1/auth/device', { email, deviceId })).body).toEqual({ action: 'VERIFY_OTP' });
    const codeMail = await t.sink.next(email);
    expect(codeMail.subject).toBe('Your Portico sign-in code');
    const code = codeIn(codeMail);
    // Polling again sends nothing new while the code is live.
    expect((await t.client.post('/v1/auth/device', { email, deviceId })).body).toEqual({ action: 'VERIFY_OTP' });
    expect(t.sink.mails.length).toBe(mailsBefore + 1);

    const login = await t.client.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, email, deviceId, otp: code });
    expect(login.status).toBe(200);
    expect(login.body.user).toEqual({ id: expect.any(String), email, username: null, authProvider: 'email' });
    const { payload, protectedHeader } = await jwtVerify(login.body.token, createRemoteJWKSet(new URL('/.well-known/jwks.json', t.api.url)), {
      audience: 'portico-embedded',
      typ: 'portico-embedded+jwt',
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ sub: login.body.user.id, email, authProvider: 'email', deviceId, projectId: PROJECT, iss: t.api.url, cnf: { jkt: DEVICE_KEY_JKT } });
    // The session row keeps the device key's thumbprint (the token's cnf.jkt).
    const { rows: bound } = await t.api.db.query<{ device_key_jkt: string }>('SELECT device_key_jkt FROM auth_sessions WHERE id = $1', [payload.jti]);
    expect(bound[0]!.device_key_jkt).toBe(DEVICE_KEY_JKT);
    expect(payload.exp! * 1000).toBe(new Date(login.body.expiresAt).getTime() - (new Date(login.body.expiresAt).getTime() % 1000));
    // The code works once.
    expect((await t.client.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, email, deviceId, otp: code })).body).toEqual({ error: 'No code to check: request a new one' });

    expect(await t.client.session(login.body.token)).toMatchObject({ status: 200, body: { user: login.body.user, expiresAt: login.body.expiresAt } });
    // The session belongs to its project.
    expect((await t.client.session(login.body.token, { projectId: 'portico-demo-restricted' })).body).toEqual({ error: 'Unauthorized: origin not allowed' });
    const other = await t.client.session(login.body.token, { projectId: 'portico-demo-restricted', origin: null });
    expect(other).toMatchObject({ status: 401, body: { error: 'Session Expired' } });

    const out = await t.client.post('/v1/auth/sign-out', {}, { token: login.body.token });
    expect(out.status).toBe(200);
    expect(out.body.revokedAt).toEqual(expect.any(String));
    expect(await t.client.session(login.body.token)).toMatchObject({ status: 401, body: { error: 'Session Expired' } });
    expect(await t.client.post('/v1/auth/sign-out', {}, { token: login.body.token })).toMatchObject({ status: 401, body: { error: 'Session Expired' } });
  });

  test('a known device goes straight to the code; the user is the same', async () => {
    const email = 'bob@example.com';
    const first = await t.client.signIn(email);
    await t.client.pastThrottle(email);
    expect((await t.client.post('/v1/auth/email', { email, deviceId: first.deviceId })).body).toEqual({ action: 'VERIFY_OTP' });
    const code = codeIn(await t.sink.next(email));
    const second = await t.client.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, email, deviceId: first.deviceId, otp: code });
    expect(second.status).toBe(200);
    expect(second.body.user).toEqual(first.user);
    // Another browser for the same email still needs its own approval.
    await t.client.pastThrottle(email);
    expect((await t.client.post('/v1/auth/email', { email, deviceId: newDevice() })).body).toEqual({ action: 'VERIFY_DEVICE' });
    await t.sink.next(email);
  });

  test('wrong codes count: 4 answer Invalid code, the 5th burns the code, even the right one is then refused', async () => {
    const email = 'carol@example.com';
    const deviceId = newDevice();
    const code = await t.client.approveNewDevice(email, deviceId);
    for (let i = 0; i < 4; i++) {
      expect(await t.client.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, email, deviceId, otp: otherCode(code) })).toMatchObject({ status: 401, body: { error: 'Invalid code' } });
    }
    expect((await t.client.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, email, deviceId, otp: otherCode(code) })).body).toEqual({ error: 'Too many wrong codes: request a new one' });
    expect((await t.client.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, email, deviceId, otp: code })).body).toEqual({ error: 'Too many wrong codes: request a new one' });

    // A burned code is no longer live: the waiting site's next ask mails a new one.
    expect((await t.client.post('/v1/auth/device', { email, deviceId })).body).toEqual({ action: 'VERIFY_OTP' });
    const fresh = codeIn(await t.sink.next(email));
    expect((await t.client.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, email, deviceId, otp: fresh })).status).toBe(200);
  });

  test('an expired code, a superseded code, a code for another device', async () => {
    const email = 'dave@example.com';
    const deviceId = newDevice();
    const code = await t.client.approveNewDevice(email, deviceId);
    const { rows } = await t.api.db.query<{ ttl: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at))::int AS ttl FROM auth_codes WHERE email = $1`,
      [email],
    );
    expect(rows[0]!.ttl).toBe(600);
    await t.api.db.query(`UPDATE auth_codes SET expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    expect(await t.client.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, email, deviceId, otp: code })).toMatchObject({ status: 401, body: { error: 'Code expired: request a new one' } });

    await t.client.pastThrottle(email);
    expect((await t.client.post('/v1/auth/email', { email, deviceId })).body).toEqual({ action: 'VERIFY_OTP' });
    const older = codeIn(await t.sink.next(email));
    await t.client.pastThrottle(email);
    await t.client.post('/v1/auth/email', { email, deviceId });
    const newer = codeIn(await t.sink.next(email));
    if (older !== newer) expect((await t.client.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, email, deviceId, otp: older })).body).toEqual({ error: 'Invalid code' });
    expect((await t.client.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, email, deviceId: newDevice(), otp: newer })).body).toEqual({ error: 'No code to check: request a new one' });
    expect((await t.client.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, email, deviceId, otp: newer })).status).toBe(200);
  });

  test("a second request within 30 s: 429 'Please try again after N seconds', N rounded up, Retry-After", async () => {
    const email = 'erin@example.com';
    const deviceId = newDevice();
    await t.client.post('/v1/auth/email', { email, deviceId });
    await t.sink.next(email);
    const throttled = await t.client.post('/v1/auth/email', { email: 'ERIN@example.com', deviceId });
    expect(throttled.status).toBe(429);
    const n = Number(/^Please try again after (\d+) seconds$/.exec(throttled.body.error)?.[1]);
    expect(n).toBeGreaterThanOrEqual(29);
    expect(n).toBeLessThanOrEqual(30);
    expect(throttled.res.headers.get('retry-after')).toBe(String(n));

    await t.api.db.query(`UPDATE auth_email_throttle SET last_sent_at = now() - interval '20.5 seconds' WHERE email = $1`, [email]);
    expect((await t.client.post('/v1/auth/email', { email, deviceId })).body).toEqual({ error: 'Please try again after 10 seconds' });
    await t.api.db.query(`UPDATE auth_email_throttle SET last_sent_at = now() - interval '30 seconds' WHERE email = $1`, [email]);
    expect((await t.client.post('/v1/auth/email', { email, deviceId })).body).toEqual({ action: 'VERIFY_DEVICE' });
    // Another address is not held up.
    expect((await t.client.post('/v1/auth/email', { email: 'frank@example.com', deviceId })).status).toBe(200);
  });

  test('device links expire (15 min)', async () => {
    const email = 'gina@example.com';
    await t.client.post('/v1/auth/email', { email, deviceId: newDevice() });
    const link = linkIn(await t.sink.next(email));
    const { rows } = await t.api.db.query<{ ttl: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at))::int AS ttl FROM auth_device_tokens WHERE email = $1`,
      [email],
    );
    expect(rows[0]!.ttl).toBe(900);
    await t.api.db.query(`UPDATE auth_device_tokens SET expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    const page = await fetch(link);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('This link has expired or was already used');
    expect((await t.client.approve(link)).status).toBe(400);
  });
});

describe('update email', () => {
  test('a code to the current address, then one to the new address, then the account moves', async () => {
    const me = await t.client.signIn('henry@example.com');
    // A code request within 30 s of the login's is throttled like any other (spec §5).
    expect((await t.client.post('/v1/auth/email/update', { newEmail: 'henry.new@example.com' }, { token: me.token })).body.error).toMatch(/^Please try again after \d+ seconds$/);
    await t.client.pastThrottle('henry@example.com');
    const newEmail = 'henry.new@example.com';
    expect(await t.client.post('/v1/auth/email/update', { newEmail }, { token: me.token })).toMatchObject({ status: 200, body: { action: 'VERIFY_PRIMARY_OTP' } });
    const primary = await t.sink.next('henry@example.com');
    expect(primary.subject).toBe('Your Portico email change code');
    const primaryCode = codeIn(primary);
    // The secondary step needs the primary first.
    expect((await t.client.post('/v1/auth/email/update/secondary', { otp: primaryCode }, { token: me.token })).body).toEqual({ error: 'No code to check: request a new one' });
    expect((await t.client.post('/v1/auth/email/update/primary', { otp: otherCode(primaryCode) }, { token: me.token })).body).toEqual({ error: 'Invalid code' });
    expect((await t.client.post('/v1/auth/email/update/primary', { otp: primaryCode }, { token: me.token })).body).toEqual({ action: 'VERIFY_SECONDARY_OTP' });
    const secondaryCode = codeIn(await t.sink.next(newEmail));
    expect((await t.client.post('/v1/auth/email/update/secondary', { otp: otherCode(secondaryCode) }, { token: me.token })).body).toEqual({ error: 'Invalid code' });
    const done = await t.client.post('/v1/auth/email/update/secondary', { otp: secondaryCode }, { token: me.token });
    expect(done).toMatchObject({ status: 200, body: { user: { id: me.user.id, email: newEmail } } });
    expect((await t.client.session(me.token)).body.user).toEqual({ id: me.user.id, email: newEmail, username: null, authProvider: 'email' });
    // The device that proved the new address signs in with it straight to the code.
    expect((await t.client.post('/v1/auth/email', { email: newEmail, deviceId: me.deviceId })).body).toEqual({ action: 'VERIFY_OTP' });
    await t.sink.next(newEmail);
  });

  test('a taken address is refused (409), at the request and when it was taken meanwhile; the own address is a 400', async () => {
    const ivy = await t.client.signIn('ivy@example.com');
    await t.client.signIn('jack@example.com');
    await t.client.pastThrottle('ivy@example.com');
    expect(await t.client.post('/v1/auth/email/update', { newEmail: 'Jack@example.com' }, { token: ivy.token })).toMatchObject({ status: 409, body: { error: 'Email is already in use' } });
    expect(await t.client.post('/v1/auth/email/update', { newEmail: 'ivy@example.com' }, { token: ivy.token })).toMatchObject({ status: 400, body: { error: "newEmail: is already the account's email" } });

    expect((await t.client.post('/v1/auth/email/update', { newEmail: 'kim@example.com' }, { token: ivy.token })).body).toEqual({ action: 'VERIFY_PRIMARY_OTP' });
    const primary = codeIn(await t.sink.next('ivy@example.com'));
    expect((await t.client.post('/v1/auth/email/update/primary', { otp: primary }, { token: ivy.token })).body).toEqual({ action: 'VERIFY_SECONDARY_OTP' });
    const secondary = codeIn(await t.sink.next('kim@example.com'));
    await t.client.signIn('kim@example.com');
    expect(await t.client.post('/v1/auth/email/update/secondary', { otp: secondary }, { token: ivy.token })).toMatchObject({ status: 409, body: { error: 'Email is already in use' } });
    expect((await t.client.session(ivy.token)).body.user.email).toBe('ivy@example.com');
  });

  test('needs a live session', async () => {
    expect(await t.client.post('/v1/auth/email/update', { newEmail: 'x@example.com' })).toMatchObject({ status: 401, body: { error: 'authorization: a Bearer token is required' } });
    expect(await t.client.post('/v1/auth/email/update', { newEmail: 'x@example.com' }, { token: 'a.b.c' })).toMatchObject({ status: 401, body: { error: 'Session Expired' } });
  });
});

describe('bad input', () => {
  test.each([
    ['email: must be a valid email address', { email: 'not-an-email', deviceId: 'device_abcdefghijkl' }],
    ['email: must be at most 254 characters', { email: `${'a'.repeat(250)}@example.com`, deviceId: 'device_abcdefghijkl' }],
    ['email: required', { deviceId: 'device_abcdefghijkl' }],
    ['deviceId: must be 16 to 64 letters, digits, - or _', { email: 'a@example.com', deviceId: 'short' }],
    ['deviceId: must be 16 to 64 letters, digits, - or _', { email: 'a@example.com', deviceId: 'device with spaces!!' }],
    ['deviceId: must be 16 to 64 letters, digits, - or _', { email: 'a@example.com', deviceId: 'd'.repeat(65) }],
  ])('POST /v1/auth/email → 400 %s', async (error, body) => {
    expect(await t.client.post('/v1/auth/email', body)).toMatchObject({ status: 400, body: { error } });
  });

  test.each([
    ['12345', 'otp: must be 6 digits'],
    ['1234567', 'otp: must be 6 digits'],
    ['12a456', 'otp: must be 6 digits'],
    [123456, 'otp: must be a string'],
    [undefined, 'otp: required'],
  ])('otp %j → 400', async (otp, error) => {
    expect(await t.client.post('/v1/auth/otp', { deviceKey: DEVICE_KEY, email: 'a@example.com', deviceId: 'device_abcdefghijkl', otp })).toMatchObject({ status: 400, body: { error } });
  });

  test('deviceKey is required and checked before the code: a refused one does not use up a try; each sign-in binds its own key', async () => {
    const email = 'keys@example.com';
    const deviceId = newDevice();
    const code = await t.client.approveNewDevice(email, deviceId);
    // One try left: had a refused body counted, the right code would then be burned.
    await t.api.db.query('UPDATE auth_codes SET attempts = 4 WHERE email = $1', [email]);
    expect(await t.client.post('/v1/auth/otp', { email, deviceId, otp: code })).toMatchObject({ status: 400, body: { error: 'deviceKey: required' } });
    const withPrivate = await t.client.post('/v1/auth/otp', { email, deviceId, otp: code, deviceKey: { ...DEVICE_KEY, d: 'A'.repeat(43) } });
    expect(withPrivate).toMatchObject({ status: 400, body: { error: 'deviceKey: must be a public key { kty, crv, x, y } only (d not allowed)' } });
    const { publicKey } = await generateKeyPair('ES256');
    const { kty, crv, x, y } = await exportJWK(publicKey);
    const login = await t.client.post('/v1/auth/otp', { email, deviceId, otp: code, deviceKey: { kty, crv, x, y } });
    expect(login.status).toBe(200);
    const jkt = await calculateJwkThumbprint({ kty, crv, x, y }, 'sha256');
    expect(jkt).not.toBe(DEVICE_KEY_JKT);
    expect(decodeJwt(login.body.token).cnf).toEqual({ jkt });
  });

  test('not JSON, no project, an origin the project does not allow', async () => {
    expect(await t.client.post('/v1/auth/email', '{nope')).toMatchObject({ status: 400, body: { error: 'body: must be JSON' } });
    const noProject = await getJson(`${t.api.url}/v1/auth/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(noProject.status).toBe(400);
    expect(noProject.body.error).toMatch(/^projectId: required/);
    expect(await t.client.post('/v1/auth/email', { email: 'a@example.com', deviceId: 'device_abcdefghijkl' }, { projectId: 'portico-demo-restricted' })).toMatchObject({
      status: 403,
      body: { error: 'Unauthorized: origin not allowed' },
    });
    expect((await fetch(`${t.api.url}/v1/auth/device/approve?token=nope`)).status).toBe(400);
  });

  test('a preflight from the secure site may send Authorization', async () => {
    const res = await fetch(t.client.url('/v1/auth/session'), {
      method: 'OPTIONS',
      headers: { Origin: PAGE, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });
});
