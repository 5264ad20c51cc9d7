// WalletConnect one-click auth (issue 10; spec sections 5, 7): on the demo with server-backed
// sign-in (`?siwx=`), a WalletConnect pairing asks the wallet to connect and sign the sign-in
// message in one approval (wc_sessionAuthenticate); the CACAO it signs becomes the API's session.
// A wallet without one-click auth answers the fallback proposal, and the sign view asks after connecting.
import type { Page } from '@playwright/test';
import { BALANCE, accountOutput, addressPattern, button, dialog, openModal, settle } from '../fixtures/portico.ts';
import { NOT_SIGNED_IN, SIGN_IN_TITLE, openSiwxDemo, pageToken, sessionsApi, signedInAs, signedInOutput, signedText } from '../fixtures/siwx.ts';
import { expect, test } from '../fixtures/test.ts';
import { copiedUri, openWalletConnect } from '../fixtures/walletconnect-page.ts';
import { WC_ACCOUNT, startWcWallet, type WcWallet } from '../fixtures/wc-wallet.ts';

const ACCOUNT = WC_ACCOUNT.address;
let wcWallet: WcWallet;

test.beforeEach(async ({ env, context, urls }) => {
  wcWallet = await startWcWallet(env.relay!);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(urls.demo).origin });
});

test.afterEach(async () => {
  await wcWallet.stop();
});

/** The wallet scans the modal's pairing URI (taken with Copy link, as a person shares it to a phone). */
async function pairWalletConnect(page: Page) {
  await openWalletConnect(page);
  await wcWallet.pair(await copiedUri(page));
}

const nonceOf = (message: string) => /\nNonce: (\w+)\n/.exec(message)?.[1];

for (const mode of ['optional', 'required'] as const) {
  test(`${mode} sign-in: one approval in the wallet connects and signs in, with no sign view; the API holds the session`, async ({ page, urls, env }) => {
    await openSiwxDemo(page, urls.demo, mode);
    wcWallet.answerAuthRequests('approve');
    await pairWalletConnect(page);

    await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
    await expect(signedInOutput(page)).toHaveText(signedInAs(ACCOUNT));
    await settle(page);
    await expect(dialog(page, SIGN_IN_TITLE)).toHaveCount(0);
    expect(wcWallet.signed, 'no personal_sign after connecting').toEqual([]);

    // The wallet signed the host's message once per requested chain, all with one nonce.
    const host = new URL(urls.demo).host;
    expect(wcWallet.authSigned.length).toBeGreaterThan(0);
    expect(wcWallet.authSigned[0]).toContain(`${host} wants you to sign in with your Ethereum account:\n${ACCOUNT}`);
    expect(wcWallet.authSigned[0]).toContain('Sign in to the Portico demo');
    const nonce = nonceOf(wcWallet.authSigned[0]!);
    expect(new Set(wcWallet.authSigned.map(nonceOf))).toEqual(new Set([nonce]));

    const session = (await sessionsApi(env.api!).sessions(ACCOUNT)).find((candidate) => candidate.data.nonce === nonce);
    expect(session, `GET /v1/sessions/${ACCOUNT} lists the one-click session`).toMatchObject({
      account: `eip155:31337:${ACCOUNT}`,
      data: { accountAddress: ACCOUNT, chainId: 'eip155:31337', domain: host },
    });
    expect(await pageToken(page, ACCOUNT)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
}

test('after a reload, the one-click session and the connection are back without any prompt; reads still go to the host’s RPC', async ({ page, urls }) => {
  await openSiwxDemo(page, urls.demo, 'required');
  wcWallet.answerAuthRequests('approve');
  await pairWalletConnect(page);
  await expect(signedInOutput(page)).toHaveText(signedInAs(ACCOUNT));
  const token = await pageToken(page, ACCOUNT);

  await page.reload();
  await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
  await expect(signedInOutput(page)).toHaveText(signedInAs(ACCOUNT));
  expect(await pageToken(page, ACCOUNT)).toBe(token);
  await openModal(page);
  await expect(dialog(page, 'Account').getByText(BALANCE)).toBeVisible();
  await expect(dialog(page, SIGN_IN_TITLE)).toHaveCount(0);
  expect(wcWallet.signed).toEqual([]);
  // A read through the WalletConnect provider is answered by the host's chain node (its rpcMap), not a hosted one.
  const blockNumber = await page.evaluate(() =>
    (window as unknown as { portico: { getProvider(): { request(args: unknown): Promise<string> } } }).portico
      .getProvider()
      .request({ method: 'eth_blockNumber', params: [] }),
  );
  expect(blockNumber).toMatch(/^0x[0-9a-f]+$/);
});

test('a wallet without one-click auth connects through the fallback; then the sign view asks and personal_sign signs in', async ({ page, urls, env }) => {
  await openSiwxDemo(page, urls.demo, 'optional');
  wcWallet.answerAuthRequests('unsupported');
  await pairWalletConnect(page);

  await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
  const signView = dialog(page, SIGN_IN_TITLE);
  await expect(signView).toBeVisible();
  await expect(signedInOutput(page)).toHaveText(NOT_SIGNED_IN);
  await signView.getByRole('button', { name: 'Sign', exact: true }).click();

  await expect(dialog(page)).toBeHidden();
  await expect(signedInOutput(page)).toHaveText(signedInAs(ACCOUNT));
  expect(wcWallet.authSigned).toEqual([]);
  expect(wcWallet.signed).toHaveLength(1);
  const text = signedText(wcWallet.signed[0]);
  expect(text).toContain(`${new URL(urls.demo).host} wants you to sign in with your Ethereum account:\n${ACCOUNT}`);
  const nonce = nonceOf(text);
  expect((await sessionsApi(env.api!).sessions(ACCOUNT)).map((session) => session.data.nonce)).toContain(nonce);
});

test('a wallet that rejects the sign-in request: the connection is declined, nobody connected or signed in', async ({ page, urls }) => {
  await openSiwxDemo(page, urls.demo, 'optional');
  wcWallet.answerAuthRequests('reject');
  await pairWalletConnect(page);

  await expect(dialog(page).getByRole('alert')).toContainText('Connection declined');
  await expect(button(page, 'Try again')).toBeVisible();
  await expect(accountOutput(page)).toHaveText('Not connected');
  await expect(signedInOutput(page)).toHaveText(NOT_SIGNED_IN);
  expect(wcWallet.sessions()).toEqual([]);
});
