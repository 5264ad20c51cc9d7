/**
 * Social login over HTTP (issue 12): the API against the real local OpenID provider (`@portico/oidc`),
 * its login and consent pages driven like a popup. Google-style OIDC (ID token: signature, issuer,
 * audience, nonce) and GitHub-style OAuth 2.0 (user info), all six providers, the session JWT, one use
 * of finish and of result, consent denied, refused and injected codes, a tampered nonce, the window
 * closed first, expired states, other devices and projects, origins and bad input — and no user row
 * after any failure.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, test } from '@rstest/core';
import { createRemoteJWKSet, jwtVerify } from 'jose';
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
  SOCIAL_WINDOW_CLOSED,
} from '../src/auth/social-client';
import { developmentProviders, SOCIAL_PROVIDERS } from '../src/auth/social-config';
import { EMAIL_UPDATE_EMAIL_ONLY } from '../src/routes/auth';
import { DEVICE_KEY, DEVICE_KEY_JKT, newDevice } from './auth-helpers';
import { PROJECT } from './helpers';
import { CALLBACK, finishBody, Popup, useSocialApi } from './social-helpers';

const t = useSocialApi();

const userCount = async () => Number((await t.api.db.query<{ n: string }>('SELECT count(*) AS n FROM auth_users')).rows[0]!.n);

describe('social login', () => {
  test('google (OIDC): authorization URL with PKCE S256, state and nonce; finish; result → session JWT verified against the JWKS; once each', async () => {
    const started = await t.start('google');
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
      code_challenge_method: 'S256',
    });
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only hashes of the state are kept.
    const stored = await t.api.db.query('SELECT 1 FROM auth_social_states WHERE state_hash = $1', [state]);
    expect(stored.rows).toHaveLength(0);

    const callback = await new Popup().signIn(url, 'ada');
    expect(callback.searchParams.get('state')).toBe(state);
    const before = await userCount();
    expect(await t.finish(finishBody(callback))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await userCount()).toBe(before + 1);
    // The callback uses the state once.
    expect(await t.finish(finishBody(callback))).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });

    const result = await t.result(state, started.deviceId);
    expect(result.status).toBe(200);
    const user = { id: expect.any(String), email: 'ada@google.test', username: 'ada', authProvider: 'google' };
    expect(result.body.user).toEqual(user);
    const { payload, protectedHeader } = await jwtVerify(result.body.token, createRemoteJWKSet(new URL('/.well-known/jwks.json', t.api.url)), {
      audience: 'portico-embedded',
      typ: 'portico-embedded+jwt',
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ sub: result.body.user.id, authProvider: 'google', deviceId: started.deviceId, projectId: PROJECT, iss: t.api.url, cnf: { jkt: DEVICE_KEY_JKT } });
    // A provider's address is not a proven login address: not in the token.
    expect(payload.email).toBeUndefined();
    expect(payload.exp).toBe(Math.floor(new Date(result.body.expiresAt).getTime() / 1000));
    // The frame takes the result once.
    expect(await t.result(state, started.deviceId)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });

    expect(await t.client.session(result.body.token)).toMatchObject({ status: 200, body: { user: result.body.user, expiresAt: result.body.expiresAt } });
    // The email change is the email login's.
    expect(await t.client.post('/v1/auth/email/update', { newEmail: 'ada@example.com' }, { token: result.body.token })).toMatchObject({
      status: 400,
      body: { error: EMAIL_UPDATE_EMAIL_ONLY },
    });
    expect((await t.client.post('/v1/auth/sign-out', {}, { token: result.body.token })).status).toBe(200);
    expect((await t.client.session(result.body.token)).body).toEqual({ error: 'Session Expired' });

    // The same provider account signs in as the same user; the same name at another provider is another user.
    const again = await t.signIn('google', 'ada');
    expect(again.user).toEqual({ ...user, id: result.body.user.id });
    const atDiscord = await t.signIn('discord', 'ada');
    expect(atDiscord.user).toEqual({ id: expect.any(String), email: 'ada@discord.test', username: 'ada', authProvider: 'discord' });
    expect(atDiscord.user.id).not.toBe(result.body.user.id);
  });

  test('github (plain OAuth 2.0): no nonce; who signed in comes from the user-info endpoint', async () => {
    const started = await t.start('github');
    const auth = new URL(started.body.url);
    expect(auth.origin + auth.pathname).toBe(`${t.oidc.issuer('github')}/auth`);
    expect(auth.searchParams.get('nonce')).toBeNull();
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    const callback = await new Popup().signIn(started.body.url, 'octocat');
    expect(await t.finish(finishBody(callback))).toMatchObject({ status: 200, body: { ok: true } });
    const result = await t.result(started.body.state, started.deviceId);
    expect(result.body.user).toEqual({ id: expect.any(String), email: 'octocat@github.test', username: 'octocat', authProvider: 'github' });
  });

  test('all six providers sign in', async () => {
    for (const provider of SOCIAL_PROVIDERS) {
      const me = await t.signIn(provider, `six-${provider}`);
      expect(me.user).toMatchObject({ username: `six-${provider}`, authProvider: provider, email: `six-${provider}@${provider}.test` });
    }
  });

  test('consent denied → "Sign-in was cancelled at the provider" at finish and at result; no user', async () => {
    const before = await userCount();
    const started = await t.start('google');
    const callback = await new Popup().signIn(started.body.url, 'denier', 'deny');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(await t.finish(finishBody(callback))).toMatchObject({ status: 400, body: { error: SOCIAL_CANCELLED } });
    expect(await t.result(started.body.state, started.deviceId)).toMatchObject({ status: 400, body: { error: SOCIAL_CANCELLED } });
    expect(await userCount()).toBe(before);
  });

  test('a code the token endpoint refuses (made up, or another sign-in\'s: PKCE) → "The provider refused the sign-in code"; no user', async () => {
    const before = await userCount();
    const forged = await t.start('google');
    const forgedCode = { state: forged.body.state, code: 'not-a-code-the-provider-issued', iss: t.oidc.issuer('google') };
    expect(await t.finish(forgedCode)).toMatchObject({ status: 400, body: { error: SOCIAL_CODE_REFUSED } });
    expect(await t.result(forged.body.state, forged.deviceId)).toMatchObject({ status: 400, body: { error: SOCIAL_CODE_REFUSED } });

    // An attacker's code injected into the victim's sign-in: the victim's PKCE verifier does not match it.
    const victim = await t.start('github');
    const attacker = await t.start('github');
    const attackerCallback = await new Popup().signIn(attacker.body.url, 'mallory');
    expect(await t.finish({ state: victim.body.state, code: attackerCallback.searchParams.get('code') })).toMatchObject({
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
    const { iss: _dropped, ...withoutIss } = finishBody(callback);
    expect(await t.finish(withoutIss)).toMatchObject({ status: 502, body: { error: SOCIAL_PROVIDER_UNVERIFIED } });
    const other = await t.start('google');
    const otherCallback = await new Popup().signIn(other.body.url, 'mixup');
    expect(await t.finish({ ...finishBody(otherCallback), iss: t.oidc.issuer('apple') })).toMatchObject({ status: 502, body: { error: SOCIAL_PROVIDER_UNVERIFIED } });
    expect(await userCount()).toBe(before);
  });

  test('an ID token whose nonce is not the sign-in\'s → not verified (502); no user', async () => {
    const before = await userCount();
    const started = await t.start('apple');
    const callback = await new Popup().signIn(started.body.url, 'nonce-test');
    await t.api.db.query(`UPDATE auth_social_states SET nonce = 'another-nonce' WHERE provider = 'apple' AND device_id = $1`, [started.deviceId]);
    expect(await t.finish(finishBody(callback))).toMatchObject({ status: 502, body: { error: SOCIAL_PROVIDER_UNVERIFIED } });
    expect(await t.result(started.body.state, started.deviceId)).toMatchObject({ status: 400, body: { error: SOCIAL_PROVIDER_UNVERIFIED } });
    expect(await userCount()).toBe(before);
  });

  test('the ID token signature is checked against the provider\'s JWKS: a key swapped under the same kid → not verified', async () => {
    const config = developmentProviders(t.oidc.url).google!;
    const signIn = async (client: oidc.Configuration, username: string) => {
      const state = oidc.randomState();
      const started = await authorizationUrl(client, config, { state, redirectUri: CALLBACK });
      const callback = await new Popup().signIn(started.url, username);
      return exchangeCode(client, config, {
        redirectUri: CALLBACK,
        code: callback.searchParams.get('code')!,
        state,
        iss: callback.searchParams.get('iss')!,
        codeVerifier: started.codeVerifier,
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

  test('the window closed before signing in → result says so once; a late callback then creates nothing', async () => {
    const before = await userCount();
    const started = await t.start('x');
    expect(await t.result(started.body.state, started.deviceId)).toMatchObject({ status: 400, body: { error: SOCIAL_WINDOW_CLOSED } });
    const callback = await new Popup().signIn(started.body.url, 'late');
    expect(await t.finish(finishBody(callback))).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect(await t.result(started.body.state, started.deviceId)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect(await userCount()).toBe(before);
  });

  test('the state lives 10 minutes: older → "This sign-in has expired or was already used" at finish and result', async () => {
    const started = await t.start('facebook');
    const callback = await new Popup().signIn(started.body.url, 'slow');
    const age = (seconds: number) =>
      t.api.db.query(`UPDATE auth_social_states SET created_at = now() - $2::int * interval '1 second' WHERE device_id = $1`, [started.deviceId, seconds]);
    await age(601);
    expect(await t.finish(finishBody(callback))).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect(await t.result(started.body.state, started.deviceId)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    // Just inside the lifetime it still works.
    const fresh = await t.start('facebook');
    const freshCallback = await new Popup().signIn(fresh.body.url, 'slow');
    await t.api.db.query(`UPDATE auth_social_states SET created_at = now() - interval '590 seconds' WHERE device_id = $1`, [fresh.deviceId]);
    expect(await t.finish(finishBody(freshCallback))).toMatchObject({ status: 200, body: { ok: true } });
    expect((await t.result(fresh.body.state, fresh.deviceId)).status).toBe(200);
  });

  test('the result belongs to the device and project that started the sign-in', async () => {
    const started = await t.start('google');
    const callback = await new Popup().signIn(started.body.url, 'owner');
    expect((await t.finish(finishBody(callback))).status).toBe(200);
    expect(await t.result(started.body.state, newDevice())).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    const otherProject = await t.client.post('/v1/auth/social/result', { state: started.body.state, deviceId: started.deviceId, deviceKey: DEVICE_KEY }, { projectId: 'portico-demo-restricted', origin: null });
    expect(otherProject).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    // Those tries did not take it.
    expect((await t.result(started.body.state, started.deviceId)).status).toBe(200);
  });

  test('finish checks the Origin against the sign-in\'s project; a refused page does not use the state up', async () => {
    const started = await t.start('google');
    const callback = await new Popup().signIn(started.body.url, 'origin-test');
    expect(await t.finish(finishBody(callback), { origin: 'https://evil.example' })).toMatchObject({ status: 403, body: { error: 'Unauthorized: origin not allowed' } });
    expect((await t.finish(finishBody(callback))).status).toBe(200);
  });

  test('bad input', async () => {
    expect(await t.start('myspace')).toMatchObject({ status: 400, body: { error: SOCIAL_UNSUPPORTED } });
    expect(await t.start('google', 'short')).toMatchObject({ status: 400, body: { error: 'deviceId: must be 16 to 64 letters, digits, - or _' } });
    expect(await t.client.post('/v1/auth/social/start', { provider: 'google' })).toMatchObject({ status: 400, body: { error: 'deviceId: required' } });
    const state = 'A'.repeat(43);
    expect(await t.finish({ state, code: 'abc' })).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect(await t.finish({ state: 'short', code: 'abc' })).toMatchObject({ status: 400, body: { error: 'state: must be the state start answered' } });
    expect(await t.finish({ state })).toMatchObject({ status: 400, body: { error: 'code: exactly one of code and error is required' } });
    expect(await t.finish({ state, code: 'abc', error: 'access_denied' })).toMatchObject({ status: 400, body: { error: 'code: exactly one of code and error is required' } });
    expect(await t.finish({ state, code: 'a b' })).toMatchObject({ status: 400, body: { error: 'code: must be 1 to 2048 visible ASCII characters' } });
    expect(await t.finish({ state, code: 'x'.repeat(2049) })).toMatchObject({ status: 400, body: { error: 'code: must be 1 to 2048 visible ASCII characters' } });
    expect(await t.finish({ state, error: 'a"b' })).toMatchObject({ status: 400, body: { error: 'error: must be an OAuth error code' } });
    expect(await t.result(state, newDevice())).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect(await t.client.post('/v1/auth/social/result', 'not json')).toMatchObject({ status: 400, body: { error: 'body: must be JSON' } });
    // The session is bound to the device key: without one (or with another curve's) there is no sign-in.
    const noKey = { state, deviceId: newDevice() };
    expect(await t.client.post('/v1/auth/social/result', noKey)).toMatchObject({ status: 400, body: { error: 'deviceKey: required' } });
    expect(await t.client.post('/v1/auth/social/result', { ...noKey, deviceKey: { ...DEVICE_KEY, crv: 'P-384' } })).toMatchObject({
      status: 400,
      body: { error: "deviceKey.crv: must be 'P-256'" },
    });
  });
});
