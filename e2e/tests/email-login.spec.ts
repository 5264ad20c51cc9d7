// The embedded wallet's email login back end (issue 11) on the demo's own services: the API mails
// through real SMTP to the mail catcher, a person reads and approves in a browser, the code from the
// inbox opens a session whose JWT verifies against the API's JWKS. (The secure site and the modal's
// email views build on this; their e2e follows with them.)
import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, createRemoteJWKSet, exportJWK, jwtVerify } from 'jose';
import { codeIn, linkIn, nthMailTo } from '../fixtures/inbox.ts';
import { PROJECT } from '../fixtures/siwx.ts';
import { expect, test } from '../fixtures/test.ts';

/** A fresh address and device per test: the inbox search matches substrings, the throttle is per address. */
const newPerson = () => {
  const tag = randomBytes(6).toString('hex');
  return { email: `person-${tag}@portico.test`, deviceId: `device-${tag}-${randomBytes(8).toString('hex')}` };
};

/** The public half of a device key, as the secure site's page sends it with a sign-in (issue 28: the session is bound to it). */
async function deviceKey() {
  const { publicKey } = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const { kty, crv, x, y } = await exportJWK(publicKey);
  return { kty: kty!, crv: crv!, x: x!, y: y! };
}

test.describe('email login through SMTP and the inbox', () => {
  let call: (path: string, body?: unknown, token?: string) => Promise<{ status: number; json: Record<string, unknown> }>;

  test.beforeEach(({ env, urls }) => {
    // As the secure site calls it: the project in the query, the browser's Origin on the allow-list.
    call = async (path, body, token) => {
      const response = await fetch(`${env.api}${path}?projectId=${PROJECT}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          origin: new URL(urls.demo).origin,
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, unknown> };
    };
  });

  test('a new device: approval link in the mail, approved in a browser, then the code; the session JWT verifies; sign-out ends it', async ({ page, env }) => {
    const person = newPerson();
    expect(await call('/v1/auth/email', person)).toEqual({ status: 200, json: { action: 'VERIFY_DEVICE' } });

    // The person opens the link from the mail and approves (opening alone approves nothing).
    const approval = await nthMailTo(env.inbox!, person.email, 1);
    await page.goto(linkIn(approval.text));
    await expect(page.getByText(person.email)).toBeVisible();
    expect((await call('/v1/auth/device', person)).json).toEqual({ action: 'VERIFY_DEVICE' });
    await page.getByRole('button', { name: 'Approve device' }).click();
    await expect(page.getByText('Device approved')).toBeVisible();

    expect(await call('/v1/auth/device', person)).toEqual({ status: 200, json: { action: 'VERIFY_OTP' } });
    const codeMail = await nthMailTo(env.inbox!, person.email, 2);
    const key = await deviceKey();
    const signedIn = await call('/v1/auth/otp', { ...person, otp: codeIn(codeMail.text), deviceKey: key });
    expect(signedIn.status).toBe(200);
    const token = String(signedIn.json.token);
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL('/.well-known/jwks.json', env.api)), { audience: 'portico-embedded' });
    // Bound to the device key (RFC 7638 thumbprint): the secure site opens the wallet only with that key's proof.
    expect(payload).toMatchObject({ email: person.email, deviceId: person.deviceId, projectId: PROJECT, cnf: { jkt: await calculateJwkThumbprint(key) } });

    expect((await call('/v1/auth/session', undefined, token)).status).toBe(200);
    expect((await call('/v1/auth/sign-out', {}, token)).status).toBe(200);
    expect(await call('/v1/auth/session', undefined, token)).toEqual({ status: 401, json: expect.objectContaining({ error: 'Session Expired' }) });
  });

  test('a wrong code is refused, a second request within 30 s is throttled with the spec’s words', async ({ page, env }) => {
    const person = newPerson();
    await call('/v1/auth/email', person);
    await page.goto(linkIn((await nthMailTo(env.inbox!, person.email, 1)).text));
    await page.getByRole('button', { name: 'Approve device' }).click();
    await expect(page.getByText('Device approved')).toBeVisible();
    await call('/v1/auth/device', person);
    const code = codeIn((await nthMailTo(env.inbox!, person.email, 2)).text);
    const wrong = code === '000000' ? '111111' : '000000';

    expect(await call('/v1/auth/otp', { ...person, otp: wrong, deviceKey: await deviceKey() })).toEqual({ status: 401, json: expect.objectContaining({ error: 'Invalid code' }) });
    const again = await call('/v1/auth/email', person);
    expect(again.status).toBe(429);
    expect(String(again.json.error)).toMatch(/^Please try again after \d+ seconds$/);
    // The right code still works after one wrong try.
    expect((await call('/v1/auth/otp', { ...person, otp: code, deviceKey: await deviceKey() })).status).toBe(200);
  });
});
