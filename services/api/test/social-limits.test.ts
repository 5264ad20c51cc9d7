/**
 * Social login's limits and production defaults (issue 12): sign-ins started per client IP (429 with
 * Retry-After), bodies over 4096 bytes (413), a code the provider let expire ('The provider refused the
 * sign-in code', nothing created), and production without configured providers ('Unsupported social provider').
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { SOCIAL_CODE_REFUSED, SOCIAL_UNSUPPORTED } from '../src/auth/social-client';
import type { RunningApi } from '../src/server';
import { newDevice, SECURE_SITE } from './auth-helpers';
import { getJson, PROJECT, start } from './helpers';
import { finishBody, Popup, useSocialApi } from './social-helpers';

// Codes live 1 s at this provider; 3 starts per IP a minute.
const t = useSocialApi({ startsPerIp: { points: 3, durationS: 60 } }, { oidc: { authorizationCodeTtlSeconds: 1 } });

describe('limits', () => {
  test('bodies over 4096 bytes → 413', async () => {
    const big = { state: 'A'.repeat(43), code: 'abc', padding: 'x'.repeat(4096) };
    expect(await t.finish(big)).toMatchObject({ status: 413, body: { error: 'body: must be at most 4096 bytes' } });
  });

  test('an expired code → "The provider refused the sign-in code"; no user', async () => {
    const started = await t.start('google');
    const callback = await new Popup().signIn(started.body.url, 'expired-code');
    const users = await t.api.db.query('SELECT 1 FROM auth_users');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await t.finish(finishBody(callback))).toMatchObject({ status: 400, body: { error: SOCIAL_CODE_REFUSED } });
    expect(await t.result(started.body.state, started.deviceId)).toMatchObject({ status: 400, body: { error: SOCIAL_CODE_REFUSED } });
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
      body: JSON.stringify({ provider: 'google', deviceId: newDevice() }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Finishing and collecting sign-ins already started is not limited by it.
    expect((await t.result('A'.repeat(43), newDevice())).status).toBe(400);
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
        body: JSON.stringify({ provider, deviceId: newDevice() }),
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
