// Sign in with the wallet, sessions kept by services/api (issue 10; spec sections 2, 3, 4, 7, 8): the
// demo on `?siwx=optional|required`, the injected test wallet signing the EIP-4361 message, the API
// checking it and handing back a JWT a back end verifies against the API's JWKS.
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { accountOutput, addressPattern, button, dialog, settle } from '../fixtures/portico.ts';
import {
  CHAIN,
  NOT_SIGNED_IN,
  PROJECT,
  SIGNER,
  SIGN_IN_REQUIRED,
  SIGN_IN_TITLE,
  STRANGER,
  connectUntilSignView,
  openSiwxDemo,
  pageToken,
  sessionsApi,
  signedInAs,
  signedInOutput,
  signedText,
  siweMessage,
  tamper,
} from '../fixtures/siwx.ts';
import { expect, test } from '../fixtures/test.ts';

const ACCOUNT = SIGNER.address;

test.describe('sign-in, optional', () => {
  test.beforeEach(async ({ page, urls }) => {
    await openSiwxDemo(page, urls.demo, 'optional');
  });

  test('connect, sign: signed in on the page, the session on the API, a JWT that verifies against the JWKS', async ({ page, urls, env, wallet }) => {
    const signView = await connectUntilSignView(page);
    await expect(signView.getByText(new URL(urls.demo).host, { exact: true })).toBeVisible();

    await signView.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(signedInOutput(page)).toHaveText(signedInAs(ACCOUNT));
    await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));

    // What the wallet was asked to sign: the EIP-4361 message for this page and account.
    const signs = (await wallet.calls(page)).filter((call) => call.method === 'personal_sign');
    expect(signs).toHaveLength(1);
    const text = signedText((signs[0]!.params as unknown[])[0]);
    expect(text).toContain(`${new URL(urls.demo).host} wants you to sign in with your Ethereum account:\n${ACCOUNT}`);
    expect(text).toContain('Chain ID: 31337');

    const token = await pageToken(page, ACCOUNT);
    expect(token, 'window.porticoSiwx.getToken').toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const { payload, protectedHeader } = await jwtVerify(token!, createRemoteJWKSet(new URL('/.well-known/jwks.json', env.api)), {
      algorithms: ['ES256'],
      audience: new URL(urls.demo).origin,
      issuer: new URL(env.api!).origin,
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ sub: `${CHAIN}:${ACCOUNT}`, projectId: PROJECT });
    expect(payload.exp! * 1000).toBeGreaterThan(Date.now());

    const listed = await sessionsApi(env.api!).sessions(ACCOUNT);
    const session = listed.find((candidate) => candidate.id === payload.jti);
    expect(session, `GET /v1/sessions/${ACCOUNT} lists the JWT's session`).toMatchObject({
      account: `${CHAIN}:${ACCOUNT}`,
      data: { accountAddress: ACCOUNT, chainId: CHAIN, domain: new URL(urls.demo).host, statement: 'Sign in to the Portico demo' },
    });
    expect(text).toContain(`Nonce: ${session!.data.nonce}`);
  });

  test('declined in the wallet: "Signature declined" on the sign view, which stays; Try again signs in', async ({ page, wallet }) => {
    const signView = await connectUntilSignView(page);
    await wallet.setMode(page, 'reject');
    await signView.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(signView.getByText('Signature declined')).toBeVisible();
    await expect(dialog(page, SIGN_IN_TITLE)).toBeVisible();
    await expect(signedInOutput(page)).toHaveText(NOT_SIGNED_IN);
    // Optional sign-in: declining keeps the wallet connected.
    await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));

    await wallet.setMode(page, 'approve');
    await signView.getByRole('button', { name: 'Try again', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(signedInOutput(page)).toHaveText(signedInAs(ACCOUNT));
  });

  test('a signature the API refuses: its reason on the sign view, no session kept; Try again signs in', async ({ page, env }) => {
    const api = sessionsApi(env.api!);
    const signView = await connectUntilSignView(page);
    // The wallet's signature is altered on its way to the API (as a broken or hostile wallet would send it).
    const tampered: string[] = [];
    const signInUrl = new URL('/v1/sessions', env.api);
    const isSignIn = (url: URL) => url.origin === signInUrl.origin && url.pathname === signInUrl.pathname;
    await page.route(isSignIn, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const body = route.request().postDataJSON() as { message: string; signature: `0x${string}` };
      tampered.push(body.message);
      await route.continue({ postData: JSON.stringify({ ...body, signature: tamper(body.signature) }) });
    });

    await signView.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(signView.getByText('Invalid signature')).toBeVisible();
    await expect(dialog(page, SIGN_IN_TITLE)).toBeVisible();
    await expect(signedInOutput(page)).toHaveText(NOT_SIGNED_IN);
    expect(tampered).toHaveLength(1);
    const nonce = /\nNonce: (\w+)\n/.exec(tampered[0]!)![1];
    expect((await api.sessions(ACCOUNT)).filter((session) => session.data.nonce === nonce)).toEqual([]);
    expect(await pageToken(page, ACCOUNT)).toBeUndefined();

    await page.unroute(isSignIn);
    await signView.getByRole('button', { name: 'Try again', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(signedInOutput(page)).toHaveText(signedInAs(ACCOUNT));
  });

  test('reload keeps the session: signed in again without a sign view', async ({ page, wallet }) => {
    const signView = await connectUntilSignView(page);
    await signView.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(signedInOutput(page)).toHaveText(signedInAs(ACCOUNT));
    const token = await pageToken(page, ACCOUNT);

    await page.reload();
    await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
    await expect(signedInOutput(page)).toHaveText(signedInAs(ACCOUNT));
    await settle(page);
    await expect(dialog(page)).toHaveCount(0);
    expect((await wallet.calls(page)).map((call) => call.method)).not.toContain('personal_sign');
    expect(await pageToken(page, ACCOUNT)).toBe(token);
  });

  test('Revoke sign-in: the wallet signs the revocation, the API drops the session and refuses its JWT', async ({ page, env, wallet }) => {
    const api = sessionsApi(env.api!);
    const signView = await connectUntilSignView(page);
    await signView.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(signedInOutput(page)).toHaveText(signedInAs(ACCOUNT));
    const token = (await pageToken(page, ACCOUNT))!;
    const verified = await api.verify(token);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const sessionId = verified.body.session.id;
    expect((await api.sessions(ACCOUNT)).map((session) => session.id)).toContain(sessionId);

    await button(page, 'Revoke sign-in').click();
    await expect(signedInOutput(page)).toHaveText(NOT_SIGNED_IN);
    await expect(button(page, 'Revoke sign-in')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    const revokeSigns = (await wallet.calls(page)).filter(
      (call) => call.method === 'personal_sign' && signedText((call.params as unknown[])[0]) === `Revoke Portico session ${sessionId}`,
    );
    expect(revokeSigns).toHaveLength(1);

    expect((await api.sessions(ACCOUNT)).map((session) => session.id)).not.toContain(sessionId);
    const refused = await api.verify(token);
    expect(refused).toEqual({ status: 401, body: { error: 'Session revoked' } });
    expect(await pageToken(page, ACCOUNT)).toBeUndefined();
  });
});

test.describe('sign-in, required', () => {
  test('the sign view cannot be closed (Esc, outside; no Close button), says why; Cancel disconnects and closes', async ({ page, urls }) => {
    await openSiwxDemo(page, urls.demo, 'required');
    const signView = await connectUntilSignView(page);
    const liveRegion = page.getByRole('status').filter({ hasText: SIGN_IN_REQUIRED });
    // Each refusal is announced anew (a repeated sentence must be read out again).
    const announcement = () => liveRegion.textContent();
    let said: string | null = null;
    const expectRefused = async () => {
      await expect(liveRegion).toHaveCount(1);
      await expect.poll(announcement).not.toBe(said);
      said = await announcement();
      expect(said?.trim()).toBe(SIGN_IN_REQUIRED);
      await expect(dialog(page, SIGN_IN_TITLE)).toBeVisible();
    };

    // No Close button it could not honour (issue 31).
    await expect(signView.getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expectRefused();
    await page.mouse.click(5, 5); // the overlay, outside the dialog
    await expectRefused();
    await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
    await expect(signedInOutput(page)).toHaveText(NOT_SIGNED_IN);

    await signView.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(accountOutput(page)).toHaveText('Not connected');
    await expect(signedInOutput(page)).toHaveText(NOT_SIGNED_IN);
  });
});

test.describe('sign-in refusals on the API', () => {
  test('a tampered signature: 401 Invalid signature, no session', async ({ urls, env }) => {
    const api = sessionsApi(env.api!);
    const nonce = await api.nonce();
    const message = siweMessage(urls.demo, nonce);
    const signature = await SIGNER.signMessage({ message });
    expect(await api.signIn(message, tamper(signature))).toEqual({ status: 401, body: { error: 'Invalid signature' } });
    // Someone else's valid signature over the same text is no better.
    const stranger = await STRANGER.signMessage({ message });
    expect(await api.signIn(message, stranger)).toEqual({ status: 401, body: { error: 'Invalid signature' } });
    expect((await api.sessions(ACCOUNT)).filter((session) => session.data.nonce === nonce)).toEqual([]);
  });

  test('a replayed message: the second POST is refused (nonce used), one session', async ({ urls, env }) => {
    const api = sessionsApi(env.api!);
    const nonce = await api.nonce();
    const message = siweMessage(urls.demo, nonce);
    const signature = await SIGNER.signMessage({ message });
    const first = await api.signIn(message, signature);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.session).toMatchObject({ account: `${CHAIN}:${ACCOUNT}`, data: { nonce } });
    expect(await api.signIn(message, signature)).toEqual({ status: 401, body: { error: 'Nonce expired or already used' } });
    expect((await api.sessions(ACCOUNT)).filter((session) => session.data.nonce === nonce).map((session) => session.id)).toEqual([
      first.body.session.id,
    ]);
  });

  test('a message for another domain: refused with the reason, no session', async ({ urls, env }) => {
    const api = sessionsApi(env.api!);
    const demoOrigin = new URL(urls.demo).origin;
    // Signed for another site but sent from the demo's page.
    const phishedNonce = await api.nonce();
    const phished = siweMessage('https://wallet-drainer.example', phishedNonce);
    expect(await api.signIn(phished, await SIGNER.signMessage({ message: phished }), demoOrigin)).toEqual({
      status: 403,
      body: { error: 'Message domain does not match the request origin' },
    });
    // A site the project does not allow, from a server (no Origin to compare).
    const foreignNonce = await api.nonce();
    const foreign = siweMessage('https://shop.example', foreignNonce);
    expect(await api.signIn(foreign, await SIGNER.signMessage({ message: foreign }))).toEqual({
      status: 403,
      body: { error: 'Message domain is not an allowed origin of this project' },
    });
    const nonces = (await api.sessions(ACCOUNT)).map((session) => session.data.nonce);
    expect(nonces).not.toContain(phishedNonce);
    expect(nonces).not.toContain(foreignNonce);
  });

  test('an expired message: 401 Message expired, no session', async ({ urls, env }) => {
    const api = sessionsApi(env.api!);
    const nonce = await api.nonce();
    const now = Date.now();
    const message = siweMessage(urls.demo, nonce, { issuedAt: new Date(now - 10 * 60_000), expirationTime: new Date(now - 60_000) });
    expect(await api.signIn(message, await SIGNER.signMessage({ message }))).toEqual({ status: 401, body: { error: 'Message expired' } });
    expect((await api.sessions(ACCOUNT)).filter((session) => session.data.nonce === nonce)).toEqual([]);
  });
});
