/**
 * The server's environment schema (src/env.ts): defaults and the smart-account pair's values. Its refusals (exit 2
 * and the message) are main.test.ts's bad-environment cases, as the CLI prints them.
 */
import { describe, expect, test } from '@rstest/core';
import { envSchema } from '../src/env';

describe('envSchema', () => {
  test('defaults; no smart accounts', () => {
    const env = envSchema.parse({});
    expect(env).toMatchObject({ HOST: '127.0.0.1', PORT: 3010, PORTICO_API_URL: 'http://127.0.0.1:8788', PORTICO_SECURE_SITE_MODE: 'production' });
    expect(env.PORTICO_SECURE_SITE_BUNDLER_URL).toBeUndefined();
    expect(env.PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS).toBeUndefined();
  });

  test("the rate limits: '<requests>/<seconds>' for /wallet/account (OPEN), /wallet/sign (SIGN) and /wallet/export (EXPORT)", () => {
    const env = envSchema.parse({ PORTICO_SECURE_SITE_RATE_LIMIT_OPEN: '10/60', PORTICO_SECURE_SITE_RATE_LIMIT_SIGN: '240/30', PORTICO_SECURE_SITE_RATE_LIMIT_EXPORT: '3/120' });
    expect(env.PORTICO_SECURE_SITE_RATE_LIMIT_OPEN).toEqual({ points: 10, durationS: 60 });
    expect(env.PORTICO_SECURE_SITE_RATE_LIMIT_SIGN).toEqual({ points: 240, durationS: 30 });
    expect(env.PORTICO_SECURE_SITE_RATE_LIMIT_EXPORT).toEqual({ points: 3, durationS: 120 });
    const bad = envSchema.safeParse({ PORTICO_SECURE_SITE_RATE_LIMIT_SIGN: '120 per minute' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['PORTICO_SECURE_SITE_RATE_LIMIT_SIGN'], message: "must be '<requests>/<seconds>', e.g. 120/60" });
  });

  test('smart accounts: the bundler URL with a comma list of eip155 chain ids (bare or eip155:)', () => {
    const env = envSchema.parse({ PORTICO_SECURE_SITE_BUNDLER_URL: 'http://127.0.0.1:4337/rpc', PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: '31337,eip155:8453' });
    expect(env).toMatchObject({ PORTICO_SECURE_SITE_BUNDLER_URL: 'http://127.0.0.1:4337/rpc', PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: [31337, 8453] });
  });
});
