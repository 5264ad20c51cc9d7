import { ACCOUNT, BALANCE, SHORT_ACCOUNT, accountOutput, addressPattern, connectWithTestWallet, dialog, openDemo, openModal } from '../fixtures/portico.ts';
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
});
