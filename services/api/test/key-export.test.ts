/**
 * The key export's code (issue 28, src/routes/key-export.ts) over HTTP on the real server, mails read from the SMTP
 * sink: the code mailed to the account's address and kept hashed, checked once by the secure site's server (no Origin),
 * its limits — lifetime (10 min), tries (5), one use, the newest only, the 30 s throttle per address — and whom it
 * serves (the asking session's browser and project only); an account without an address, a browser at /verify, and
 * bad or missing sessions are refused.
 */
import { describe, expect, test } from '@rstest/core';
import { EXPORT_NEEDS_EMAIL, EXPORT_VERIFY_SERVER_ONLY } from '../src/routes/key-export';
import { newDevice, otherCode, useAuthApi, type SignedIn } from './auth-helpers';
import { codeIn } from './auth-smtp';
import { PROJECT } from './helpers';

const t = useAuthApi();

/** The secure site's server: no Origin, the person's session as Bearer. */
const SERVER = { origin: null };
const askCode = (me: SignedIn) => t.client.post('/v1/auth/export/code', {}, { token: me.token });
const verify = (me: SignedIn, code: string, init: { origin?: string | null } = SERVER) => t.client.post('/v1/auth/export/verify', { code }, { ...init, token: me.token });

/** Signed in, past the sign-in code's throttle, with an export code mailed: the code. */
async function signedInWithCode(email: string): Promise<{ me: SignedIn; code: string }> {
  const me = await t.client.signIn(email);
  await t.client.pastThrottle(email);
  expect(await askCode(me)).toMatchObject({ status: 200, body: { email } });
  return { me, code: codeIn(await t.sink.next(email)) };
}

describe('the export code', () => {
  test('mailed to the account, stored hashed with a 10 min lifetime, checked once by the server: then used up', async () => {
    const email = 'export-once@example.com';
    const me = await t.client.signIn(email);
    await t.client.pastThrottle(email);
    expect(await askCode(me)).toEqual(expect.objectContaining({ status: 200, body: { email } }));
    const mail = await t.sink.next(email);
    expect(mail.subject).toBe('Your Portico key export code');
    expect(mail.text).toContain(`Your code to show your wallet's private key in ${PROJECT} is:`);
    const code = codeIn(mail);
    const { rows } = await t.api.db.query<{ code_hash: string; ttl: number; device_id: string; user_id: string }>(
      `SELECT code_hash, round(extract(epoch FROM expires_at - created_at))::int AS ttl, device_id, user_id FROM auth_codes WHERE purpose = 'export' AND email = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ttl: 600, device_id: me.deviceId, user_id: me.user.id });
    expect(rows[0]!.code_hash).not.toContain(code);

    expect(await verify(me, code)).toMatchObject({ status: 200, body: { ok: true } });
    // One use: the same code again is refused.
    expect(await verify(me, code)).toMatchObject({ status: 403, body: { error: 'No code to check: request a new one' } });
  });

  test('5 tries: 4 wrong codes answer Invalid code, the 5th burns it, and then the right one is refused too', async () => {
    const { me, code } = await signedInWithCode('export-tries@example.com');
    for (let i = 0; i < 4; i++) expect(await verify(me, otherCode(code))).toMatchObject({ status: 403, body: { error: 'Invalid code' } });
    expect(await verify(me, otherCode(code))).toMatchObject({ status: 403, body: { error: 'Too many wrong codes: request a new one' } });
    expect(await verify(me, code)).toMatchObject({ status: 403, body: { error: 'Too many wrong codes: request a new one' } });
  });

  test('past its lifetime → Code expired; a newer code replaces the older one', async () => {
    const email = 'export-expired@example.com';
    const { me, code } = await signedInWithCode(email);
    await t.api.db.query(`UPDATE auth_codes SET expires_at = now() - interval '1 second' WHERE purpose = 'export' AND email = $1`, [email]);
    expect(await verify(me, code)).toMatchObject({ status: 403, body: { error: 'Code expired: request a new one' } });

    await t.client.pastThrottle(email);
    await askCode(me);
    const older = codeIn(await t.sink.next(email));
    await t.client.pastThrottle(email);
    await askCode(me);
    const newer = codeIn(await t.sink.next(email));
    if (older !== newer) expect(await verify(me, older)).toMatchObject({ status: 403, body: { error: 'Invalid code' } });
    expect(await verify(me, newer)).toMatchObject({ status: 200, body: { ok: true } });
  });

  test("a second code within 30 s of the address's last mail (the sign-in's counts) → 429 'Please try again after N seconds'", async () => {
    const email = 'export-throttle@example.com';
    const me = await t.client.signIn(email);
    const throttled = await askCode(me);
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toMatch(/^Please try again after \d+ seconds$/);
    expect(Number(throttled.res.headers.get('retry-after'))).toBeGreaterThan(0);
    await t.client.pastThrottle(email);
    expect((await askCode(me)).status).toBe(200);
    await t.sink.next(email);
    expect((await askCode(me)).body.error).toMatch(/^Please try again after \d+ seconds$/);
  });

  test("only for the browser whose session asked: another session of the same user (another device) cannot use it", async () => {
    const email = 'export-device@example.com';
    const { me, code } = await signedInWithCode(email);
    await t.client.pastThrottle(email);
    const otherDevice = await t.client.signIn(email, newDevice());
    expect(await verify(otherDevice, code)).toMatchObject({ status: 403, body: { error: 'No code to check: request a new one' } });
    expect(await verify(me, code)).toMatchObject({ status: 200, body: { ok: true } });
  });

  test('an account without an email address (a provider that gave none) → 400, nothing mailed', async () => {
    const email = 'export-noemail@example.com';
    const me = await t.client.signIn(email);
    // What a GitHub or Farcaster user without an address is in the database.
    await t.api.db.query(`UPDATE auth_users SET email = NULL, auth_provider = 'github', username = 'octo' WHERE id = $1`, [me.user.id]);
    await t.client.pastThrottle(email);
    expect(await askCode(me)).toMatchObject({ status: 400, body: { error: EXPORT_NEEDS_EMAIL } });
    const { rows } = await t.api.db.query(`SELECT 1 FROM auth_codes WHERE purpose = 'export' AND user_id = $1`, [me.user.id]);
    expect(rows).toEqual([]);
  });

  test('/verify from a browser (any Origin, even the secure site) → 403 and the code stays; bad input and sessions refused', async () => {
    const { me, code } = await signedInWithCode('export-browser@example.com');
    expect(await verify(me, code, {})).toMatchObject({ status: 403, body: { error: EXPORT_VERIFY_SERVER_ONLY } });
    expect(await t.client.post('/v1/auth/export/verify', { code: '12345' }, { ...SERVER, token: me.token })).toMatchObject({ status: 400, body: { error: 'code: must be 6 digits' } });
    expect(await t.client.post('/v1/auth/export/verify', {}, { ...SERVER, token: me.token })).toMatchObject({ status: 400, body: { error: 'code: required' } });
    expect(await t.client.post('/v1/auth/export/verify', { code }, SERVER)).toMatchObject({ status: 401, body: { error: 'authorization: a Bearer token is required' } });
    expect(await t.client.post('/v1/auth/export/verify', { code }, { ...SERVER, token: 'a.b.c' })).toMatchObject({ status: 401, body: { error: 'Session Expired' } });
    expect(await t.client.post('/v1/auth/export/code', {}, { token: 'a.b.c' })).toMatchObject({ status: 401, body: { error: 'Session Expired' } });
    // None of those used the code up.
    expect(await verify(me, code)).toMatchObject({ status: 200, body: { ok: true } });
  });
});
