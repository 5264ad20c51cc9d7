import { ACCOUNT, BALANCE, SHORT_ACCOUNT, accountOutput, addressPattern, connectWithTestWallet, dialog, openDemo, openModal } from '../fixtures/portico.ts';
import { NOT_SIGNED_IN, SIGN_IN_TITLE, connectUntilSignView, sessionsApi, signedInAs, signedInOutput } from '../fixtures/siwx.ts';
import { expect, test } from '../fixtures/test.ts';

test.describe('plain <script> host (/plain.html)', () => {
  test('connects with the test wallet and shows the balance', async ({ page, urls }) => {
    await openDemo(page, urls, '/plain.html');
    await expect(accountOutput(page)).toHaveText('Not connected');
    await connectWithTestWallet(page);
    const account = dialog(page, 'Account');
    await expect(account.getByText(BALANCE)).toBeVisible();
    await expect(account.getByText(SHORT_ACCOUNT)).toBeVisible();
    await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
  });

  test('restores the session after reload', async ({ page, urls }) => {
    await openDemo(page, urls, '/plain.html');
    await connectWithTestWallet(page);
    await page.reload();
    await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
    await openModal(page);
    await expect(dialog(page, 'Account').getByText(BALANCE)).toBeVisible();
  });

  test('sign-in on a plain page (?siwx=optional): window.Portico.createServerSiwx, the sign view, the session shown and kept by the API', async ({ page, urls, env }) => {
    await page.goto(`${urls.demo}/plain.html?siwx=optional`);
    await expect(signedInOutput(page)).toHaveText(NOT_SIGNED_IN);
    const signView = await connectUntilSignView(page);
    await signView.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog(page, SIGN_IN_TITLE)).toBeHidden();
    await expect(signedInOutput(page)).toHaveText(signedInAs(ACCOUNT));
    const listed = await sessionsApi(env.api!).sessions(ACCOUNT);
    expect(listed.map((session) => session.data.accountAddress.toLowerCase())).toContain(ACCOUNT.toLowerCase());
    await page.reload();
    await expect(signedInOutput(page)).toHaveText(signedInAs(ACCOUNT));
  });
});
