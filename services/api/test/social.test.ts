/**
 * Social login over HTTP (issues 12 and 28): the API against the real local OpenID provider (`@portico/oidc`),
 * its login and consent pages driven like a popup, and the secure site's frame that starts and finishes each
 * sign-in with its device id, device key and PKCE verifier. Google-style OIDC (ID token: signature, issuer,
 * audience, nonce) and GitHub-style OAuth 2.0 (user info), all six providers, the session JWT bound to the
 * starter's device key, one use of a sign-in (also under a race), consent denied, refused and injected codes,
 * a tampered nonce, expired states, other devices and projects, origins and bad input — and no user row after
 * any failure. The attacks on the binding to the browser are in social-binding.test.ts.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, test } from '@rstest/core';
import { calculateJwkThumbprint, createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import {
  authorizationUrl,
  exchangeCode,
  providerConfiguration,
  SOCIAL_CANCELLED,
  SOCIAL_CODE_REFUSED,
  SOCIAL_PROVIDER_UNVERIFIED,
  SOCIAL_STATE_UNUSABLE,
  SOCIAL_UNSUPPORTED,
} from '../src/auth/social-client';
import { developmentProviders, SOCIAL_PROVIDERS } from '../src/auth/social-config';
import { EMAIL_UPDATE_EMAIL_ONLY } from '../src/routes/auth';
import { DEVICE_KEY, newDeviceKey } from './auth-helpers';
import { PROJECT } from './helpers';
import { CALLBACK, callbackQuery, challengeOf, newBrowser, Popup, useSocialApi } from './social-helpers';

const t = useSocialApi();

const count = async (table: 'auth_users' | 'auth_sessions') => Number((await t.api.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
const userCount = () => count('auth_users');

describe('social login', () => {
  test("google (OIDC): authorization URL with the frame's PKCE S256 challenge, state and nonce; finish → session JWT bound to the starter's device key; once", async () => {
    const browser = newBrowser({ deviceKey: newDeviceKey() });
    const started = await t.start('google', browser);
    expect(started.status).toBe(200);
    const { url, state } = started.body as { url: string; state: string };
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const auth = new URL(url);
    expect(auth.origin + auth.pathname).toBe(`${t.oidc.issuer('google')}/auth`);
    expect(Object.fromEntries(auth.searchParams)).toMatchObject({
      client_id: 'portico-google',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid profile email',
      state,
      code_challenge: await challengeOf(browser.codeVerifier),
      code_challenge_method: 'S256',
    });
    expect(auth.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only hashes of the state are kept.
    const stored = await t.api.db.query('SELECT 1 FROM auth_social_states WHERE state_hash = $1', [state]);
    expect(stored.rows).toHaveLength(0);

    const callback = await new Popup().signIn(url, 'ada');
    expect(callback.searchParams.get('state')).toBe(state);
    const before = await userCount();
    const finished = await t.finish(state, callback, browser);
    expect(finished.status).toBe(200);
    expect(await userCount()).toBe(before + 1);
    const user = { id: expect.any(String), email: 'ada@google.test', username: 'ada', authProvider: 'google' };
    expect(finished.body.user).toEqual(user);
    const { payload, protectedHeader } = await jwtVerify(finished.body.token, createRemoteJWKSet(new URL('/.well-known/jwks.json', t.api.url)), {
      audience: 'portico-embedded',
      typ: 'portico-embedded+jwt',
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({
      sub: finished.body.user.id,
      authProvider: 'google',
      deviceId: browser.deviceId,
      projectId: PROJECT,
      iss: t.api.url,
      cnf: { jkt: await calculateJwkThumbprint(browser.deviceKey, 'sha256') },
    });
    // A provider's address is not a proven login address: not in the token.
    expect(payload.email).toBeUndefined();
    expect(payload.exp).toBe(Math.floor(new Date(finished.body.expiresAt).getTime() / 1000));
    // A sign-in finishes once.
    expect(await t.finish(state, callback, browser)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });

    expect(await t.client.session(finished.body.token)).toMatchObject({ status: 200, body: { user: finished.body.user, expiresAt: finished.body.expiresAt } });
    // The email change is the email login's.
    expect(await t.client.post('/v1/auth/email/update', { newEmail: 'ada@example.com' }, { token: finished.body.token })).toMatchObject({
      status: 400,
      body: { error: EMAIL_UPDATE_EMAIL_ONLY },
    });
    expect((await t.client.post('/v1/auth/sign-out', {}, { token: finished.body.token })).status).toBe(200);
    expect((await t.client.session(finished.body.token)).body).toEqual({ error: 'Session Expired' });

    // The same provider account signs in as the same user; the same name at another provider is another user.
    const again = await t.signIn('google', 'ada');
    expect(again.user).toEqual({ ...user, id: finished.body.user.id });
    const atDiscord = await t.signIn('discord', 'ada');
    expect(atDiscord.user).toEqual({ id: expect.any(String), email: 'ada@discord.test', username: 'ada', authProvider: 'discord' });
    expect(atDiscord.user.id).not.toBe(finished.body.user.id);
  });

  test("github (plain OAuth 2.0): no nonce, the frame's challenge; who signed in comes from the user-info endpoint", async () => {
    const browser = newBrowser();
    const started = await t.start('github', browser);
    const auth = new URL(started.body.url);
    expect(auth.origin + auth.pathname).toBe(`${t.oidc.issuer('github')}/auth`);
    expect(auth.searchParams.get('nonce')).toBeNull();
    expect(auth.searchParams.get('code_challenge')).toBe(await challengeOf(browser.codeVerifier));
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    const callback = await new Popup().signIn(started.body.url, 'octocat');
    const finished = await t.finish(started.body.state, callback, browser);
    expect(finished.status).toBe(200);
    expect(finished.body.user).toEqual({ id: expect.any(String), email: 'octocat@github.test', username: 'octocat', authProvider: 'github' });
  });

  test('all six providers sign in', async () => {
    for (const provider of SOCIAL_PROVIDERS) {
      const me = await t.signIn(provider, `six-${provider}`);
      expect(me.user).toMatchObject({ username: `six-${provider}`, authProvider: provider, email: `six-${provider}@${provider}.test` });
    }
  });

  test('consent denied → "Sign-in was cancelled at the provider"; the sign-in is used up; no user', async () => {
    const before = await userCount();
    const started = await t.start('google');
    const callback = await new Popup().signIn(started.body.url, 'denier', 'deny');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(await t.finish(started.body.state, callback, started.browser)).toMatchObject({ status: 400, body: { error: SOCIAL_CANCELLED } });
    expect(await t.finish(started.body.state, callback, started.browser)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect(await userCount()).toBe(before);
  });

  test("a code the token endpoint refuses (made up, or another sign-in's: PKCE) → \"The provider refused the sign-in code\"; no user", async () => {
    const before = await userCount();
    const forged = await t.start('google');
    const madeUp = { code: 'not-a-code-the-provider-issued', iss: t.oidc.issuer('google') };
    expect(await t.finish(forged.body.state, madeUp, forged.browser)).toMatchObject({ status: 400, body: { error: SOCIAL_CODE_REFUSED } });
    // Used up by the refusal.
    expect(await t.finish(forged.body.state, madeUp, forged.browser)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });

    // An attacker's code injected into the victim's sign-in: the victim's PKCE verifier does not match it.
    const victim = await t.start('github');
    const attacker = await t.start('github');
    const attackerCallback = await new Popup().signIn(attacker.body.url, 'mallory');
    expect(await t.finish(victim.body.state, { code: attackerCallback.searchParams.get('code')! }, victim.browser)).toMatchObject({
      status: 400,
      body: { error: SOCIAL_CODE_REFUSED },
    });
    expect(await userCount()).toBe(before);
  });

  test('a callback without the issuer the provider names in it (RFC 9207: mix-up) → not verified (502); no user', async () => {
    const before = await userCount();
    const started = await t.start('google');
    const callback = await new Popup().signIn(started.body.url, 'mixup');
    expect(callback.searchParams.get('iss')).toBe(t.oidc.issuer('google'));
    const { iss: _dropped, ...withoutIss } = callbackQuery(callback);
    expect(await t.finish(started.body.state, withoutIss, started.browser)).toMatchObject({ status: 502, body: { error: SOCIAL_PROVIDER_UNVERIFIED } });
    const other = await t.start('google');
    const otherCallback = await new Popup().signIn(other.body.url, 'mixup');
    expect(await t.finish(other.body.state, { ...callbackQuery(otherCallback), iss: t.oidc.issuer('apple') }, other.browser)).toMatchObject({
      status: 502,
      body: { error: SOCIAL_PROVIDER_UNVERIFIED },
    });
    expect(await userCount()).toBe(before);
  });

  test("an ID token whose nonce is not the sign-in's → not verified (502); used up; no user", async () => {
    const before = await userCount();
    const started = await t.start('apple');
    const callback = await new Popup().signIn(started.body.url, 'nonce-test');
    await t.api.db.query(`UPDATE auth_social_states SET nonce = 'another-nonce' WHERE provider = 'apple' AND device_id = $1`, [started.browser.deviceId]);
    expect(await t.finish(started.body.state, callback, started.browser)).toMatchObject({ status: 502, body: { error: SOCIAL_PROVIDER_UNVERIFIED } });
    expect(await t.finish(started.body.state, callback, started.browser)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect(await userCount()).toBe(before);
  });

  test("the ID token signature is checked against the provider's JWKS: a key swapped under the same kid → not verified", async () => {
    const config = developmentProviders(t.oidc.url).google!;
    const signIn = async (client: oidc.Configuration, username: string) => {
      const state = oidc.randomState();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const started = await authorizationUrl(client, config, { state, redirectUri: CALLBACK, codeChallenge: await challengeOf(codeVerifier) });
      const callback = await new Popup().signIn(started.url, username);
      return exchangeCode(client, config, {
        redirectUri: CALLBACK,
        code: callback.searchParams.get('code')!,
        state,
        iss: callback.searchParams.get('iss')!,
        codeVerifier,
        nonce: started.nonce!,
      });
    };
    const genuine = await providerConfiguration(config, { allowInsecureRequests: true });
    expect(await signIn(genuine, 'signed')).toEqual({ subject: expect.any(String), username: 'signed', email: 'signed@google.test' });

    const swapped = await providerConfiguration(config, { allowInsecureRequests: true });
    const { keys } = (await (await fetch(`${t.oidc.issuer('google')}/jwks`)).json()) as { keys: Array<{ kid: string }> };
    const impostor = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }), kid: keys[0]!.kid, alg: 'RS256', use: 'sig' };
    swapped[oidc.customFetch] = (url, options) =>
      url.endsWith('/jwks')
        ? Promise.resolve(new Response(JSON.stringify({ keys: [impostor] }), { headers: { 'content-type': 'application/json' } }))
        : fetch(url, options as RequestInit);
    await expect(signIn(swapped, 'signed')).rejects.toMatchObject({ status: 502, message: SOCIAL_PROVIDER_UNVERIFIED });
  });

  test('the state lives 10 minutes: older → "This sign-in has expired or was already used"', async () => {
    const before = await userCount();
    const started = await t.start('facebook');
    const callback = await new Popup().signIn(started.body.url, 'slow');
    const age = (deviceId: string, seconds: number) =>
      t.api.db.query(`UPDATE auth_social_states SET created_at = now() - $2::int * interval '1 second' WHERE device_id = $1`, [deviceId, seconds]);
    await age(started.browser.deviceId, 601);
    expect(await t.finish(started.body.state, callback, started.browser)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect(await userCount()).toBe(before);
    // Just inside the lifetime it still works.
    const fresh = await t.start('facebook');
    const freshCallback = await new Popup().signIn(fresh.body.url, 'slow');
    await age(fresh.browser.deviceId, 590);
    expect(await t.finish(fresh.body.state, freshCallback, fresh.browser)).toMatchObject({ status: 200, body: { user: { username: 'slow' } } });
  });

  test('two finishes at once: one session', async () => {
    const started = await t.start('google');
    const callback = await new Popup().signIn(started.body.url, 'racer');
    const sessions = await count('auth_sessions');
    const both = await Promise.all([t.finish(started.body.state, callback, started.browser), t.finish(started.body.state, callback, started.browser)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.body).toEqual({ error: SOCIAL_STATE_UNUSABLE });
    expect(await count('auth_sessions')).toBe(sessions + 1);
  });

  test("finish belongs to the project that started the sign-in; another project's try does not use it up", async () => {
    const started = await t.start('google');
    const callback = await new Popup().signIn(started.body.url, 'project-owner');
    expect(await t.finish(started.body.state, callback, started.browser, { projectId: 'portico-demo-restricted', origin: null })).toMatchObject({
      status: 400,
      body: { error: SOCIAL_STATE_UNUSABLE },
    });
    expect(await t.finish(started.body.state, callback, started.browser)).toMatchObject({ status: 200, body: { user: { username: 'project-owner' } } });
  });

  test("start and finish check the Origin against the project; a refused page does not use the state up", async () => {
    expect(await t.start('google', newBrowser(), { origin: 'https://evil.example' })).toMatchObject({ status: 403, body: { error: 'Unauthorized: origin not allowed' } });
    const started = await t.start('google');
    const callback = await new Popup().signIn(started.body.url, 'origin-test');
    expect(await t.finish(started.body.state, callback, started.browser, { origin: 'https://evil.example' })).toMatchObject({
      status: 403,
      body: { error: 'Unauthorized: origin not allowed' },
    });
    expect((await t.finish(started.body.state, callback, started.browser)).status).toBe(200);
  });

  test('bad input names the field', async () => {
    const browser = newBrowser();
    const startBody = { provider: 'google', deviceId: browser.deviceId, deviceKey: DEVICE_KEY, codeChallenge: await challengeOf(browser.codeVerifier) };
    expect(await t.start('myspace')).toMatchObject({ status: 400, body: { error: SOCIAL_UNSUPPORTED } });
    expect(await t.post('start', { ...startBody, provider: 'g'.repeat(65) })).toMatchObject({ status: 400, body: { error: `provider: ${SOCIAL_UNSUPPORTED}` } });
    expect(await t.start('google', newBrowser({ deviceId: 'short' }))).toMatchObject({ status: 400, body: { error: 'deviceId: must be 16 to 64 letters, digits, - or _' } });
    expect(await t.start('google', newBrowser({ deviceId: 'd'.repeat(65) }))).toMatchObject({ status: 400, body: { error: 'deviceId: must be 16 to 64 letters, digits, - or _' } });
    const { deviceId: _d, ...noDevice } = startBody;
    expect(await t.post('start', noDevice)).toMatchObject({ status: 400, body: { error: 'deviceId: required' } });
    // The session is bound to the device key: without one (or with another curve's, or a private one) no sign-in starts.
    const { deviceKey: _k, ...noKey } = startBody;
    expect(await t.post('start', noKey)).toMatchObject({ status: 400, body: { error: 'deviceKey: required' } });
    expect(await t.post('start', { ...startBody, deviceKey: { ...DEVICE_KEY, crv: 'P-384' } })).toMatchObject({ status: 400, body: { error: "deviceKey.crv: must be 'P-256'" } });
    expect(await t.post('start', 'not json')).toMatchObject({ status: 400, body: { error: 'body: must be JSON' } });

    const unknownState = 'A'.repeat(43);
    const finish = (query: Record<string, string>, b = browser) => t.finish(unknownState, query, b);
    expect(await finish({ code: 'abc' })).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect(await finish({ code: 'x'.repeat(2048) })).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect(await t.finish('short', { code: 'abc' }, browser)).toMatchObject({ status: 400, body: { error: 'state: must be the state start answered' } });
    expect(await finish({})).toMatchObject({ status: 400, body: { error: 'code: exactly one of code and error is required' } });
    expect(await finish({ code: 'abc', error: 'access_denied' })).toMatchObject({ status: 400, body: { error: 'code: exactly one of code and error is required' } });
    expect(await finish({ code: 'a b' })).toMatchObject({ status: 400, body: { error: 'code: must be 1 to 2048 visible ASCII characters' } });
    expect(await finish({ code: 'x'.repeat(2049) })).toMatchObject({ status: 400, body: { error: 'code: must be 1 to 2048 visible ASCII characters' } });
    expect(await finish({ error: 'a"b' })).toMatchObject({ status: 400, body: { error: 'error: must be an OAuth error code' } });
    expect(await finish({ code: 'abc', iss: 'not a url' })).toMatchObject({ status: 400, body: { error: 'iss: must be a URL' } });
    expect(await finish({ code: 'abc' }, newBrowser({ deviceId: 'short' }))).toMatchObject({ status: 400, body: { error: 'deviceId: must be 16 to 64 letters, digits, - or _' } });
    const finishBody = { state: unknownState, code: 'abc', codeVerifier: browser.codeVerifier, deviceId: browser.deviceId, deviceKey: DEVICE_KEY };
    const { deviceKey: _fk, ...finishNoKey } = finishBody;
    expect(await t.post('finish', finishNoKey)).toMatchObject({ status: 400, body: { error: 'deviceKey: required' } });
    expect(await t.post('finish', { ...finishBody, deviceKey: { ...DEVICE_KEY, d: 'A'.repeat(43) } })).toMatchObject({
      status: 400,
      body: { error: 'deviceKey: must be a public key { kty, crv, x, y } only (d not allowed)' },
    });
    expect(await t.post('finish', 'not json')).toMatchObject({ status: 400, body: { error: 'body: must be JSON' } });
    // None of these made a user or a session for anyone.
    expect((await t.api.db.query(`SELECT 1 FROM auth_sessions WHERE device_id = $1`, [browser.deviceId])).rows).toHaveLength(0);
  });
});
