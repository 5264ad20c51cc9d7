/**
 * Host header poisoning (issue 29): the device-approval link in the login mail and the session JWT's `iss` are built
 * on the configured public URL — or, without one (development, tests), on the API's own listening URL — never on the
 * request's Host header, which the client writes. An attacker who asks for a victim's login with `Host: evil.example`
 * must not get a mail whose link (and its one-use token) leads to evil.example.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { decodeJwt } from 'jose';
import type { RunningApi } from '../src/server';
import { authClient, DEVICE_KEY, newDevice } from './auth-helpers';
import { codeIn, linkIn, startSmtpSink, type SmtpSink } from './auth-smtp';
import { start } from './helpers';

const FORGED_HOST = 'evil.example';
const PUBLIC_URL = 'https://api.portico.example';

let sink: SmtpSink;
let configured: RunningApi;
let unconfigured: RunningApi;

beforeAll(async () => {
  sink = await startSmtpSink();
  [configured, unconfigured] = await Promise.all([
    start({ development: true, publicUrl: `${PUBLIC_URL}/`, auth: { smtpUrl: sink.url } }),
    start({ development: true, auth: { smtpUrl: sink.url } }),
  ]);
});
afterAll(async () => {
  await Promise.all([configured?.close(), unconfigured?.close()]);
  await sink?.close();
});

/** A new browser's whole email login, every call with `Host: evil.example`: the mailed link and the session's `iss`. */
async function loginWithForgedHost(api: RunningApi, email: string): Promise<{ link: string; iss: unknown }> {
  const c = authClient(api, sink);
  const deviceId = newDevice();
  const forged = { host: FORGED_HOST };
  expect((await c.post('/v1/auth/email', { email, deviceId }, forged)).body).toEqual({ action: 'VERIFY_DEVICE' });
  const link = linkIn(await sink.next(email));
  // The token is the API's, whatever origin the link names: approve it where the API listens.
  expect((await c.approve(link)).status).toBe(200);
  expect((await c.post('/v1/auth/device', { email, deviceId }, forged)).body).toEqual({ action: 'VERIFY_OTP' });
  const otp = codeIn(await sink.next(email));
  const signedIn = await c.post('/v1/auth/otp', { email, deviceId, otp, deviceKey: DEVICE_KEY }, forged);
  expect(signedIn.status).toBe(200);
  return { link, iss: decodeJwt(signedIn.body.token).iss };
}

describe('links and issuers ignore the Host header', () => {
  test('with PORTICO_API_PUBLIC_URL: the link and iss are on it (trailing slash dropped)', async () => {
    const { link, iss } = await loginWithForgedHost(configured, 'configured@example.com');
    expect(link.startsWith(`${PUBLIC_URL}/v1/auth/device/approve?token=`)).toBe(true);
    expect(iss).toBe(PUBLIC_URL);
  });

  test('without it (development): the link and iss are on the listening loopback URL', async () => {
    expect(unconfigured.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { link, iss } = await loginWithForgedHost(unconfigured, 'unconfigured@example.com');
    expect(link.startsWith(`${unconfigured.url}/v1/auth/device/approve?token=`)).toBe(true);
    expect(link).not.toContain(FORGED_HOST);
    expect(iss).toBe(unconfigured.url);
  });
});
