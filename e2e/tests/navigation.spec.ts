import type { Locator, Page } from '@playwright/test';
import { WALLET, button, connectButton, dialog, focusInsideModal, openDemo, openModal } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

test.describe('modal navigation, closing and focus', () => {
  test.beforeEach(async ({ page, urls }) => {
    await openDemo(page, urls, '/');
  });

  test('the Connect view (first entry) has Close but no Back; Close hides the modal', async ({ page }) => {
    await openModal(page);
    const modal = dialog(page, 'Connect Wallet');
    await expect(modal.getByRole('button', { name: `${WALLET}, installed`, exact: true })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
  });

  test('Back from ConnectingExternal returns to the Connect view', async ({ page, wallet }) => {
    await wallet.setMode(page, 'manual');
    await openModal(page);
    await dialog(page).getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    const connecting = dialog(page, WALLET);
    await expect(connecting.getByText(`Continue in ${WALLET}`)).toBeVisible();
    await connecting.getByRole('button', { name: 'Back', exact: true }).click();

    const connectView = dialog(page, 'Connect Wallet');
    await expect(connectView).toBeVisible();
    await expect(connectView.getByRole('button', { name: `${WALLET}, installed`, exact: true })).toBeVisible();
    await expect(connectView.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);
    await wallet.settlePending(page, 'reject');
  });

  test('Close also works while a wallet request is pending', async ({ page, wallet }) => {
    await wallet.setMode(page, 'manual');
    await openModal(page);
    await dialog(page).getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    await expect(dialog(page, WALLET)).toBeVisible();
    await button(page, 'Close').click();
    await expect(dialog(page)).toBeHidden();
    await wallet.settlePending(page, 'reject');
  });

  test('Escape closes the modal and returns focus to the Connect Wallet button', async ({ page }) => {
    await openModal(page);
    await expect(dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(connectButton(page)).toBeFocused();
  });

  test('focus moves into the dialog and Tab / Shift+Tab stay inside it', async ({ page }) => {
    await openModal(page);
    await expect(dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true })).toBeVisible();
    await expect.poll(() => focusInsideModal(page)).toBe(true);
    // More presses than there are focusable elements in the Connect view.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInsideModal(page), `after Tab #${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInsideModal(page), `after Shift+Tab #${i + 1}`).toBe(true);
    }
  });

  test('keyboard only: after connecting, focus is on the Account heading; Esc closes and focuses the opener', async ({ page }) => {
    await connectButton(page).focus();
    await page.keyboard.press('Enter');
    const connectView = dialog(page, 'Connect Wallet');
    await expect(connectView.getByRole('heading', { name: 'Connect Wallet' })).toBeFocused();
    await tabTo(page, connectView.getByRole('button', { name: `${WALLET}, installed`, exact: true }));
    // The wallet button unmounts as the view changes: focus must move into the new view, not to <body>.
    await page.keyboard.press('Enter');
    const account = dialog(page, 'Account');
    await expect(account.getByRole('heading', { name: 'Account' })).toBeFocused();
    await expect.poll(() => focusInsideModal(page)).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(connectButton(page)).toBeFocused();
  });
});

/** Presses Tab until `target` has focus (at most as many presses as the Connect view has controls). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 12; presses++) {
    if (await target.evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
