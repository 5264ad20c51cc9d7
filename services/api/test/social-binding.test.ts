/**
 * Social sign-in bound to the browser that started it (issue 28), attacked over HTTP against the real local
 * OpenID provider: login CSRF (a victim completing the attacker's authorization URL signs no one in), a stolen
 * code without the verifier (refused, and the sign-in is used up), the right verifier from another device key,
 * device id or project (refused), the PKCE challenge and verifier formats (400 naming the field, every bound),
 * and the authorization URL carrying exactly the frame's challenge. No user row or session after any refusal.
 */
import { describe, expect, test } from '@rstest/core';
import { calculateJwkThumbprint, decodeJwt } from 'jose';
import { SOCIAL_CODE_REFUSED, SOCIAL_STATE_UNUSABLE } from '../src/auth/social-client';
import { newDeviceKey } from './auth-helpers';
import { callbackQuery, challengeOf, newBrowser, newCodeVerifier, Popup, useSocialApi } from './social-helpers';

const t = useSocialApi();

const count = async (table: 'auth_users' | 'auth_sessions') => Number((await t.api.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
const usersNamed = async (username: string) => (await t.api.db.query('SELECT 1 FROM auth_users WHERE username = $1', [username])).rows.length;

/** Two browsers: each its own device id, device key and verifier. */
const attackerBrowser = () => newBrowser({ deviceKey: newDeviceKey() });
const victimBrowser = () => newBrowser({ deviceKey: newDeviceKey() });

describe('an attacker', () => {
  test("login CSRF: the victim signs in at the provider with the attacker's URL; her browser cannot finish it, nor can the attacker without the code", async () => {
    const [users, sessions] = [await count('auth_users'), await count('auth_sessions')];
    const attacker = attackerBrowser();
    const started = await t.start('google', attacker);
    expect(started.status).toBe(200);

    // The victim is lured to the attacker's authorization URL and signs in at the provider as herself.
    const callback = await new Popup().signIn(started.body.url, 'csrf-victim');
    const state = callback.searchParams.get('state')!;
    expect(state).toBe(started.body.state);
    expect(callback.searchParams.get('code')).toBeTruthy();

    // The callback page hands the code to the victim's own frame: her device id, her key, her verifier.
    const victim = victimBrowser();
    expect(await t.finish(state, callback, victim)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    // Even with the attacker's device id and public key (neither is a secret) her verifier is not the one the challenge came from.
    const withAttackersDevice = { ...victim, deviceId: attacker.deviceId, deviceKey: attacker.deviceKey };
    expect(await t.finish(state, callback, withAttackersDevice)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });

    // The attacker's frame holds the state and the verifier but never gets the code: nothing to finish with.
    expect(await t.post('finish', { state, codeVerifier: attacker.codeVerifier, deviceId: attacker.deviceId, deviceKey: attacker.deviceKey })).toMatchObject({
      status: 400,
      body: { error: 'code: exactly one of code and error is required' },
    });
    // The wrong verifier above used the sign-in up: not even the right verifier with the real code finishes it now.
    expect(await t.finish(state, callback, attacker)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });

    expect(await usersNamed('csrf-victim')).toBe(0);
    expect(await count('auth_users')).toBe(users);
    expect(await count('auth_sessions')).toBe(sessions);
  });

  test("login CSRF: the attacker's own frame guessing the code is refused by the provider; no user", async () => {
    const users = await count('auth_users');
    const attacker = attackerBrowser();
    const started = await t.start('github', attacker);
    await new Popup().signIn(started.body.url, 'csrf-victim-2');
    expect(await t.finish(started.body.state, { code: 'a-guessed-code' }, attacker)).toMatchObject({ status: 400, body: { error: SOCIAL_CODE_REFUSED } });
    expect(await usersNamed('csrf-victim-2')).toBe(0);
    expect(await count('auth_users')).toBe(users);
  });

  test("with the victim's code, device id and public key but not her verifier → 400, and her sign-in is used up", async () => {
    const [users, sessions] = [await count('auth_users'), await count('auth_sessions')];
    const victim = victimBrowser();
    const started = await t.start('google', victim);
    const callback = await new Popup().signIn(started.body.url, 'stolen-code');

    // A verifier of the right format that is not hers.
    const guessed = { ...victim, codeVerifier: newCodeVerifier() };
    expect(await t.finish(started.body.state, callback, guessed)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    // Used up: one try per sign-in, so the verifier cannot be guessed; the victim starts again.
    expect(await t.finish(started.body.state, callback, victim)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });

    // Nor one that is hers with the last character changed.
    const again = await t.start('google', victim);
    const againCallback = await new Popup().signIn(again.body.url, 'stolen-code');
    const nearMiss = { ...victim, codeVerifier: `${victim.codeVerifier.slice(0, -1)}${victim.codeVerifier.endsWith('A') ? 'B' : 'A'}` };
    expect(await t.finish(again.body.state, againCallback, nearMiss)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect(await t.finish(again.body.state, againCallback, victim)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });

    expect(await usersNamed('stolen-code')).toBe(0);
    expect(await count('auth_users')).toBe(users);
    expect(await count('auth_sessions')).toBe(sessions);
  });

  test("the right verifier and code from another device key or device id → 400 (not using the starter's sign-in up); the starter's browser then signs in", async () => {
    const sessions = await count('auth_sessions');
    const owner = newBrowser({ deviceKey: newDeviceKey() });
    const started = await t.start('discord', owner);
    const callback = await new Popup().signIn(started.body.url, 'bound-owner');

    const otherKey = { ...owner, deviceKey: newDeviceKey() };
    expect(await t.finish(started.body.state, callback, otherKey)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    const otherDevice = { ...owner, deviceId: newBrowser().deviceId };
    expect(await t.finish(started.body.state, callback, otherDevice)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    const otherProject = await t.finish(started.body.state, callback, owner, { projectId: 'portico-demo-restricted', origin: null });
    expect(otherProject).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect(await count('auth_sessions')).toBe(sessions);
    expect(await usersNamed('bound-owner')).toBe(0);

    const finished = await t.finish(started.body.state, callback, owner);
    expect(finished).toMatchObject({ status: 200, body: { user: { username: 'bound-owner', authProvider: 'discord' } } });
    expect(decodeJwt(finished.body.token)).toMatchObject({ deviceId: owner.deviceId, cnf: { jkt: await calculateJwkThumbprint(owner.deviceKey, 'sha256') } });
    expect(await count('auth_sessions')).toBe(sessions + 1);
  });

  test("a provider error forwarded with the wrong verifier is refused as unusable (the verifier is checked first), and uses the sign-in up", async () => {
    const owner = newBrowser();
    const started = await t.start('x', owner);
    expect(await t.finish(started.body.state, { error: 'access_denied' }, { ...owner, codeVerifier: newCodeVerifier() })).toMatchObject({
      status: 400,
      body: { error: SOCIAL_STATE_UNUSABLE },
    });
    expect(await t.finish(started.body.state, { error: 'access_denied' }, owner)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
  });
});

describe('the PKCE challenge and verifier', () => {
  test("the authorization URL carries exactly the frame's challenge (each browser its own), S256", async () => {
    const [a, b] = [newBrowser(), newBrowser()];
    const [startedA, startedB] = [await t.start('apple', a), await t.start('apple', b)];
    const urlA = new URL(startedA.body.url);
    const urlB = new URL(startedB.body.url);
    expect(urlA.searchParams.getAll('code_challenge')).toEqual([await challengeOf(a.codeVerifier)]);
    expect(urlB.searchParams.getAll('code_challenge')).toEqual([await challengeOf(b.codeVerifier)]);
    expect(urlA.searchParams.getAll('code_challenge_method')).toEqual(['S256']);
    // The verifier itself never leaves the frame.
    expect(startedA.body.url).not.toContain(a.codeVerifier);
  });

  test('a codeChallenge that is not 43 base64url characters → 400 naming it; no sign-in started', async () => {
    const browser = newBrowser();
    const body = { provider: 'google', deviceId: browser.deviceId, deviceKey: browser.deviceKey };
    const challenge = await challengeOf(browser.codeVerifier);
    const refused = { status: 400, body: { error: 'codeChallenge: must be an S256 PKCE challenge (43 base64url characters)' } };
    expect(await t.post('start', body)).toMatchObject({ status: 400, body: { error: 'codeChallenge: required' } });
    expect(await t.post('start', { ...body, codeChallenge: 43 })).toMatchObject({ status: 400, body: { error: 'codeChallenge: must be a string' } });
    for (const codeChallenge of [
      challenge.slice(0, 42), // 42
      `${challenge}A`, // 44
      `${challenge.slice(0, 42)}=`, // padded
      `${challenge.slice(0, 42)}+`, // base64, not base64url
      `${challenge.slice(0, 42)}/`,
      browser.codeVerifier.replace(/^./, '.'), // a verifier's character set, not a challenge's
      '',
    ]) {
      expect(await t.post('start', { ...body, codeChallenge })).toMatchObject(refused);
    }
    expect((await t.api.db.query('SELECT 1 FROM auth_social_states WHERE device_id = $1', [browser.deviceId])).rows).toHaveLength(0);
  });

  test('a codeVerifier that is not 43 to 128 unreserved characters → 400 naming it, before the sign-in is touched', async () => {
    const browser = newBrowser();
    const started = await t.start('google', browser);
    const callback = await new Popup().signIn(started.body.url, 'verifier-format');
    const refused = { status: 400, body: { error: 'codeVerifier: must be a PKCE code verifier (43 to 128 unreserved characters)' } };
    const noVerifier = { ...callbackQuery(callback), deviceId: browser.deviceId, deviceKey: browser.deviceKey };
    expect(await t.post('finish', noVerifier)).toMatchObject({ status: 400, body: { error: 'codeVerifier: required' } });
    expect(await t.post('finish', { ...noVerifier, codeVerifier: 43 })).toMatchObject({ status: 400, body: { error: 'codeVerifier: must be a string' } });
    for (const codeVerifier of ['v'.repeat(42), 'v'.repeat(129), `${'v'.repeat(42)}+`, `${'v'.repeat(42)}=`, `${'v'.repeat(42)} `, `${'v'.repeat(42)}/`, '']) {
      expect(await t.finish(started.body.state, callback, { ...browser, codeVerifier })).toMatchObject(refused);
    }
    // None of those used the sign-in up: its own verifier still finishes it.
    expect(await t.finish(started.body.state, callback, browser)).toMatchObject({ status: 200, body: { user: { username: 'verifier-format' } } });
  });

  test('verifiers of 43 and of 128 unreserved characters (A–Z a–z 0–9 - . _ ~) both sign in', async () => {
    const unreserved = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
    const longest = unreserved.repeat(2).slice(0, 128);
    const shortest = unreserved.slice(0, 40) + '-._'; // 43
    expect(longest).toHaveLength(128);
    expect(shortest).toHaveLength(43);
    for (const codeVerifier of [shortest, longest]) {
      const me = await t.signIn('facebook', `verifier-${codeVerifier.length}`, newBrowser({ codeVerifier }));
      expect(me.user).toMatchObject({ username: `verifier-${codeVerifier.length}`, authProvider: 'facebook' });
    }
  });
});
