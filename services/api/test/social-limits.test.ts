/**
 * Social login's limits and production defaults (issues 12, 28): sign-ins started per client IP (429 with
 * Retry-After; finishing is not limited by it), bodies of 4096 bytes read and over it 413, a code the provider
 * let expire ('The provider refused the sign-in code', the sign-in used up, nothing created), and production
 * without configured providers ('Unsupported social provider').
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { SOCIAL_CODE_REFUSED, SOCIAL_STATE_UNUSABLE, SOCIAL_UNSUPPORTED } from '../src/auth/social-client';
import type { RunningApi } from '../src/server';
import { DEVICE_KEY, newDevice, SECURE_SITE } from './auth-helpers';
import { getJson, PROJECT, start } from './helpers';
import { challengeOf, newBrowser, newCodeVerifier, Popup, useSocialApi } from './social-helpers';

// Codes live 1 s at this provider; 3 starts per IP a minute.
const t = useSocialApi({ startsPerIp: { points: 3, durationS: 60 } }, { oidc: { authorizationCodeTtlSeconds: 1 } });

describe('limits', () => {
  test('bodies over 4096 bytes → 413', async () => {
    const browser = newBrowser();
    expect(await t.finish('A'.repeat(43), { code: 'abc', padding: 'x'.repeat(4096) }, browser)).toMatchObject({ status: 413, body: { error: 'body: must be at most 4096 bytes' } });
    // At the limit it is read (and the unknown state refused).
    const fill = (n: number) => JSON.stringify({ state: 'A'.repeat(43), code: 'abc', codeVerifier: browser.codeVerifier, deviceId: browser.deviceId, deviceKey: DEVICE_KEY, padding: 'x'.repeat(n) });
    const padding = 4096 - fill(0).length;
    expect(Buffer.byteLength(fill(padding))).toBe(4096);
    expect(await t.post('finish', fill(padding))).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect(await t.post('finish', fill(padding + 1))).toMatchObject({ status: 413, body: { error: 'body: must be at most 4096 bytes' } });
  });

  test('an expired code → "The provider refused the sign-in code"; used up; no user', async () => {
    const started = await t.start('google');
    const callback = await new Popup().signIn(started.body.url, 'expired-code');
    const users = await t.api.db.query('SELECT 1 FROM auth_users');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await t.finish(started.body.state, callback, started.browser)).toMatchObject({ status: 400, body: { error: SOCIAL_CODE_REFUSED } });
    expect(await t.finish(started.body.state, callback, started.browser)).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
    expect((await t.api.db.query('SELECT 1 FROM auth_users')).rows).toHaveLength(users.rows.length);
  });

  test('sign-ins started per client IP (here 3 a minute, with the one above): the next → 429 with Retry-After', async () => {
    expect((await t.start('github')).status).toBe(200);
    expect((await t.start('discord')).status).toBe(200);
    const over = await t.start('google');
    expect(over.status).toBe(429);
    expect(over.body.error).toMatch(/^Too many requests for this IP address: try again in \d+ s$/);
    const res = await fetch(`${t.api.url}/v1/auth/social/start?projectId=${PROJECT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SECURE_SITE },
      body: JSON.stringify({ provider: 'google', deviceId: newDevice(), deviceKey: DEVICE_KEY, codeChallenge: await challengeOf(newCodeVerifier()) }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Finishing sign-ins already started is not limited by it.
    expect(await t.finish('A'.repeat(43), { code: 'abc' }, newBrowser())).toMatchObject({ status: 400, body: { error: SOCIAL_STATE_UNUSABLE } });
  });
});

describe('production', () => {
  let production: RunningApi;
  beforeAll(async () => {
    const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    production = await start({ sessions: { signingKey } });
  });
  afterAll(async () => {
    await production?.close();
  });

  test('no provider configured: every provider → 400 "Unsupported social provider"', async () => {
    for (const provider of ['google', 'github']) {
      const { status, body } = await getJson(`${production.url}/v1/auth/social/start?projectId=${PROJECT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ provider, deviceId: newDevice(), deviceKey: DEVICE_KEY, codeChallenge: await challengeOf(newCodeVerifier()) }),
      });
      expect({ status, body }).toEqual({ status: 400, body: { error: SOCIAL_UNSUPPORTED } });
    }
  });

  test('an http:// provider or callback is a start error outside development mode', async () => {
    const http = { issuer: 'http://127.0.0.1:8790/google', clientId: 'portico-google', clientSecret: 's', scopes: ['openid'], style: 'oidc' };
    await expect(start({ social: { providers: { google: http }, redirectUri: 'https://secure.example.com/social/callback' } })).rejects.toThrow(
      'social: providers.google.issuer: must be an https:// URL (http:// only in development mode)',
    );
  });
});
