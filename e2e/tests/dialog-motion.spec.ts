// Motion, layout and feedback of the dialog (issue 31): the card stays anchored (a fixed distance from the top on
// desktop, a bottom sheet at 430 px and narrower) while its height follows the view in 150 ms (none under
// prefers-reduced-motion), the header never scrolls away (200 % zoom: the view scrolls under it), and a toast takes
// its own line under the header instead of covering the control that raised it.
import type { Locator, Page } from '@playwright/test';
import { BALANCE, WALLET, button, dialog, openDemo, openModal } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

// The wallet's button may carry more than its name ("…, installed").
const walletButton = (scope: Locator) => scope.getByRole('button', { name: new RegExp(`^${WALLET}`) });
const box = async (locator: Locator) => (await locator.boundingBox())!;
const card = (page: Page) => page.locator('.portico-dialog');
const viewport = (page: Page) => page.locator('.portico-viewport');

/** Waits until the card's height has stopped moving (two equal samples a frame apart). */
async function settled(page: Page) {
  await expect
    .poll(async () => {
      const [a, b] = await card(page).evaluate(
        (element) =>
          new Promise<[number, number]>((resolve) => {
            const first = element.getBoundingClientRect().height;
            requestAnimationFrame(() => requestAnimationFrame(() => resolve([first, element.getBoundingClientRect().height])));
          }),
      );
      return a === b;
    })
    .toBe(true);
}

test.describe('dialog layout and motion', () => {
  test('desktop: the card keeps its top through view changes while its height follows the view in 150 ms', async ({ page, urls }) => {
    await openDemo(page, urls, '/');
    await openModal(page);
    const connect = dialog(page, 'Connect Wallet');
    await expect(walletButton(connect)).toBeVisible();
    await settled(page);
    const first = await box(card(page));
    expect(await viewport(page).evaluate((element) => getComputedStyle(element).transitionDuration)).toBe('0.15s');

    await connect.getByRole('button', { name: 'All Wallets', exact: true }).click();
    const allWallets = dialog(page, 'All Wallets');
    await expect(allWallets.getByRole('button', { name: 'Rainbow', exact: true })).toBeVisible();
    await settled(page);
    const second = await box(card(page));
    expect(second.y).toBe(first.y);
    expect(second.height).not.toBe(first.height);
    // The card ends at its content's height (or the cap), never cut off and never with empty space.
    const { content, shown } = await viewport(page).evaluate((element) => ({
      content: element.firstElementChild!.getBoundingClientRect().height,
      shown: element.getBoundingClientRect().height,
    }));
    expect(shown).toBeLessThanOrEqual(Math.ceil(content));

    await button(page, 'Back').click();
    await expect(dialog(page, 'Connect Wallet')).toBeVisible();
    await settled(page);
    expect((await box(card(page))).y).toBe(first.y);
    // Focus stays in the dialog (on the new view's heading).
    await expect(page.getByRole('heading', { name: 'Connect Wallet' })).toBeFocused();
  });

  test('while the card grows, nothing scrolls its content: a click aimed at its last control lands there', async ({ page, urls }) => {
    await openDemo(page, urls, '/');
    await openModal(page);
    const connect = dialog(page, 'Connect Wallet');
    await expect(walletButton(connect)).toBeVisible();
    await connect.getByRole('button', { name: 'What is a wallet?' }).click();
    await expect(dialog(page, 'What is a Wallet?')).toBeVisible();
    await settled(page);
    // A slow growth back to the taller Connect view, so the click below comes in the middle of it.
    await viewport(page).evaluate((element) => void ((element as HTMLElement).style.transitionDuration = '3s'));
    await button(page, 'Back').click();
    const help = dialog(page, 'Connect Wallet').getByRole('button', { name: 'What is a wallet?' });
    await expect(help).toBeAttached();
    // A scroll into view (a test driver's click, a screen reader's move) cannot move the growing content under it.
    await help.evaluate((element) => element.scrollIntoView());
    const scrolled = await viewport(page).evaluate((element) => ({ growing: 'resizing' in (element as HTMLElement).dataset, top: element.scrollTop }));
    expect(scrolled).toEqual({ growing: true, top: 0 });
    await help.click();
    await expect(dialog(page, 'What is a Wallet?')).toBeVisible();
  });

  test('prefers-reduced-motion: no height transition', async ({ page, urls }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openDemo(page, urls, '/');
    await openModal(page);
    await expect(walletButton(dialog(page, 'Connect Wallet'))).toBeVisible();
    expect(await viewport(page).evaluate((element) => getComputedStyle(element).transitionProperty)).toBe('none');
  });

  test('390 px: a bottom sheet, full width, anchored to the bottom', async ({ page, urls }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openDemo(page, urls, '/');
    await openModal(page);
    await expect(walletButton(dialog(page, 'Connect Wallet'))).toBeVisible();
    await settled(page);
    const sheet = await box(card(page));
    expect(sheet.x).toBe(0);
    expect(sheet.width).toBe(390);
    expect(Math.round(sheet.y + sheet.height)).toBe(844);
  });

  test('200 % zoom: the view scrolls under the header; Back and Close stay in sight', async ({ page, urls }) => {
    // A 1280 × 720 window at 200 %: 640 × 360 CSS pixels.
    await page.setViewportSize({ width: 640, height: 360 });
    await openDemo(page, urls, '/');
    await openModal(page);
    await dialog(page, 'Connect Wallet').getByRole('button', { name: 'All Wallets', exact: true }).click();
    const allWallets = dialog(page, 'All Wallets');
    await expect(allWallets.getByRole('button', { name: 'Rainbow', exact: true })).toBeVisible();
    await settled(page);
    const cardBox = await box(card(page));
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(360);
    await viewport(page).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    for (const name of ['Back', 'Close']) {
      const control = await box(button(page, name));
      expect(control.y).toBeGreaterThanOrEqual(cardBox.y);
      await expect(button(page, name)).toBeInViewport();
    }
    // Tab from Close goes on into the scrolled view: focus stays in the dialog.
    await button(page, 'Close').focus();
    await page.keyboard.press('Tab');
    await expect(allWallets.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Shift+Tab');
    await expect(button(page, 'Close')).toBeFocused();
  });

  test('a toast takes a line under the header and covers nothing', async ({ page, context, urls }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(urls.demo).origin });
    await openDemo(page, urls, '/');
    await openModal(page);
    await walletButton(dialog(page, 'Connect Wallet')).click();
    await expect(dialog(page, 'Account').getByText(BALANCE)).toBeVisible();
    await dialog(page, 'Account').getByRole('button', { name: 'Receive', exact: true }).click();
    const copy = dialog(page, 'Receive').getByRole('button', { name: 'Copy address', exact: true });
    await expect(copy).toBeVisible();
    await copy.click();
    const toast = page.locator('.portico-toast');
    await expect(toast).toHaveText('Address copied');
    await settled(page);
    const [toastBox, headerBox, copyBox] = await Promise.all([box(toast), box(page.locator('.portico-header')), box(copy)]);
    expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);
    const overlaps = (a: typeof toastBox, b: typeof toastBox) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(toastBox, copyBox)).toBe(false);
  });
});
