/**
 * The device key a sign-in sends (src/auth/device-key.ts, issue 28): exactly a public P-256 JWK
 * `{ kty: 'EC', crv: 'P-256', x, y }` on the curve, and its RFC 7638 thumbprint (the token's `cnf.jkt`).
 * The routes' use of it (400 with the field, the session's `cnf`) is in auth, social and farcaster tests.
 */
import { describe, expect, test } from '@rstest/core';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { deviceKeySchema, deviceKeyThumbprint } from '../src/auth/device-key';
import { issueMessage } from '../src/http/errors';
import { DEVICE_KEY } from './auth-helpers';
import { z } from 'zod';

const body = z.object({ deviceKey: deviceKeySchema });
const refusal = (deviceKey: unknown) => {
  const parsed = body.safeParse({ deviceKey });
  return parsed.success ? 'accepted' : issueMessage(parsed.error);
};

describe('deviceKey', () => {
  test('a WebCrypto P-256 public key is accepted as is; its thumbprint is RFC 7638 (sha256, base64url)', async () => {
    const { publicKey } = await generateKeyPair('ES256');
    const { kty, crv, x, y } = await exportJWK(publicKey);
    const key = { kty, crv, x, y };
    expect(refusal(key)).toBe('accepted');
    expect(await deviceKeyThumbprint(deviceKeySchema.parse(key))).toBe(await calculateJwkThumbprint(key, 'sha256'));
    expect(await deviceKeyThumbprint(deviceKeySchema.parse(DEVICE_KEY))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test.each([
    [undefined, 'deviceKey: required'],
    ['a-key', 'deviceKey: must be a public JWK { kty, crv, x, y }'],
    [{ ...DEVICE_KEY, d: 'A'.repeat(43) }, 'deviceKey: must be a public key { kty, crv, x, y } only (d not allowed)'],
    [{ ...DEVICE_KEY, kid: 'k1' }, 'deviceKey: must be a public key { kty, crv, x, y } only (kid not allowed)'],
    [{ ...DEVICE_KEY, kty: 'RSA' }, "deviceKey.kty: must be 'EC'"],
    [{ ...DEVICE_KEY, crv: 'P-384' }, "deviceKey.crv: must be 'P-256'"],
    [{ kty: 'EC', crv: 'P-256', x: DEVICE_KEY.x }, 'deviceKey.y: required'],
    // 43 base64url characters, exactly: 42, 44 and a padded 43 are refused.
    [{ ...DEVICE_KEY, x: DEVICE_KEY.x.slice(1) }, 'deviceKey.x: must be 43 base64url characters (a P-256 coordinate)'],
    [{ ...DEVICE_KEY, y: `${DEVICE_KEY.y}A` }, 'deviceKey.y: must be 43 base64url characters (a P-256 coordinate)'],
    [{ ...DEVICE_KEY, x: `${DEVICE_KEY.x.slice(1)}=` }, 'deviceKey.x: must be 43 base64url characters (a P-256 coordinate)'],
    [{ ...DEVICE_KEY, x: 'A'.repeat(43) }, 'deviceKey: must be a point on P-256'],
  ])('%j → %s', (deviceKey, error) => {
    expect(refusal(deviceKey)).toBe(error);
  });
});
