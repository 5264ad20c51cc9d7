import {
  ACCOUNT,
  BALANCE,
  NETWORK,
  SHORT_ACCOUNT,
  WALLET,
  accountOutput,
  addressPattern,
  button,
  connectButton,
  connectWithTestWallet,
  dialog,
  expectAccountView,
  expectClosedOrConnectView,
  openDemo,
  openModal,
} from '../fixtures/portico.ts';
import { DEV_ACCOUNTS, expect, test } from '../fixtures/test.ts';

test.describe('connect on the React host', () => {
  test.beforeEach(async ({ page, urls }) => {
    await openDemo(page, urls, '/');
    await expect(accountOutput(page)).toHaveText('Not connected');
  });

  test('connects through the injected wallet and shows the account', async ({ page, wallet }) => {
    await wallet.setMode(page, 'manual');
    await openModal(page);
    const connectView = dialog(page, 'Connect Wallet');
    await expect(connectView).toBeVisible();
    await connectView.getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();

    // ConnectingExternal: titled with the wallet name while the wallet asks the user.
    const connecting = dialog(page, WALLET);
    await expect(connecting).toBeVisible();
    await expect(connecting.getByText(`Continue in ${WALLET}`)).toBeVisible();
    await expect.poll(() => wallet.pendingCount(page)).toBe(1);
    await wallet.settlePending(page, 'approve');

    const account = dialog(page, 'Account');
    await expect(account).toBeVisible();
    await expect(account.getByText(SHORT_ACCOUNT)).toBeVisible();
    await expect(account.getByRole('button', { name: 'Copy address', exact: true })).toBeVisible();
    await expect(account.getByText(NETWORK)).toBeVisible();
    await expect(account.getByText(BALANCE)).toBeVisible();
    await expect(account.getByRole('button', { name: 'Disconnect', exact: true })).toBeVisible();
    await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
  });

  test('Copy address copies the full checksummed address', async ({ page, context, urls }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(urls.demo).origin });
    await connectWithTestWallet(page);
    await dialog(page, 'Account').getByRole('button', { name: 'Copy address', exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(ACCOUNT);
  });

  test('a declined request can be retried', async ({ page, wallet }) => {
    await wallet.setMode(page, 'reject');
    await openModal(page);
    await dialog(page).getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    const modal = dialog(page);
    await expect(modal.getByText('Connection declined')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Try again', exact: true })).toBeVisible();
    await expect(accountOutput(page)).toHaveText('Not connected');

    await wallet.setMode(page, 'approve');
    await modal.getByRole('button', { name: 'Try again', exact: true }).click();
    await expectAccountView(page);
  });

  test('a connected site is restored after reload without prompting', async ({ page, wallet }) => {
    await connectWithTestWallet(page);
    await page.reload();
    // No click: the page restores the session from the wallet (eth_accounts).
    await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
    await openModal(page);
    await expect(dialog(page, 'Account')).toBeVisible();
    await expect(dialog(page, 'Account').getByText(BALANCE)).toBeVisible();
    const methods = (await wallet.calls(page)).map((c) => c.method);
    expect(methods).not.toContain('eth_requestAccounts');
    expect(methods).not.toContain('wallet_requestPermissions');
  });

  test('Disconnect ends the session, also after reload', async ({ page }) => {
    await connectWithTestWallet(page);
    await button(page, 'Disconnect').click();
    await expectClosedOrConnectView(page);
    await expect(accountOutput(page)).toHaveText('Not connected');
    await page.reload();
    await expect(connectButton(page)).toBeVisible();
    await expect(accountOutput(page)).toHaveText('Not connected');
  });

  test('follows account changes made in the wallet', async ({ page, wallet }) => {
    await connectWithTestWallet(page);
    await wallet.emitAccountsChanged(page, [DEV_ACCOUNTS[1]]);
    await expect(accountOutput(page)).toHaveText(addressPattern(DEV_ACCOUNTS[1]));
    await expect(dialog(page, 'Account').getByText('0x7099…79C8')).toBeVisible();
    await wallet.emitAccountsChanged(page, []);
    await expect(accountOutput(page)).toHaveText('Not connected');
  });
});
