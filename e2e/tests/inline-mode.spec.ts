// Embedded (inline) mode, `enableEmbedded` (spec §2): the plain demo page with a <portico-modal> of its own in <main>
// (placed by an init script before the page's DOMContentLoaded handler starts Portico). The modal renders there, in
// the page's flow: a region named by its header, no dialog, no overlay, no Close, the page's focus left alone; a
// connection shows Account, the host's close() returns to Account, a disconnect to Connect.
import type { Page } from '@playwright/test';
import { expectNoViolations } from '../fixtures/a11y.ts';
import { setPorticoOptions } from '../fixtures/faults.ts';
import { BALANCE, NETWORK, WALLET, connectButton, openDemo } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

const region = (page: Page, name: string) => page.getByRole('main').getByRole('region', { name, exact: true });

async function openInlineDemo(page: Page, urls: Parameters<typeof openDemo>[1]) {
  await setPorticoOptions(page, { enableEmbedded: true });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => document.querySelector('main')!.append(document.createElement('portico-modal')));
  });
  await openDemo(page, urls, '/plain.html');
}

test.describe('embedded (inline) mode', () => {
  test('renders in the page as a region, shows Account once connected, and returns there or to Connect', async ({ page, urls }) => {
    await openInlineDemo(page, urls);
    const connect = region(page, 'Connect Wallet');
    await expect(connect.getByRole('button', { name: `${WALLET}, installed`, exact: true })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(connect.getByRole('button', { name: 'Close' })).toHaveCount(0);
    // Nothing took the page's focus.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await expectNoViolations(page, 'inline Connect');

    // Escape is the page's: the modal stays where it is.
    await connect.getByRole('button', { name: `${WALLET}, installed`, exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(connect).toBeVisible();

    await connect.getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    const account = region(page, 'Account');
    await expect(account.getByText(BALANCE)).toBeVisible();
    await expectNoViolations(page, 'inline Account');

    // A view deeper in, then the host's close(): back to Account, still on the page.
    await account.getByRole('button', { name: new RegExp(`^${NETWORK}`) }).click();
    await expect(region(page, 'Choose Network')).toBeVisible();
    await page.evaluate(() => (window as unknown as { portico: { close(): Promise<void> } }).portico.close());
    await expect(account.getByText(BALANCE)).toBeVisible();

    // A view the host opens has Back, which returns home.
    await page.evaluate(() => (window as unknown as { portico: { open(options: { view: string }): Promise<void> } }).portico.open({ view: 'Transactions' }));
    await region(page, 'Activity').getByRole('button', { name: 'Back', exact: true }).click();
    await expect(account.getByText(BALANCE)).toBeVisible();

    await account.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(region(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true })).toBeVisible();
  });

  test('the page around it stays usable: Tab leaves the modal for the page', async ({ page, urls }) => {
    await openInlineDemo(page, urls);
    const connect = region(page, 'Connect Wallet');
    await expect(connect.getByRole('button', { name: `${WALLET}, installed`, exact: true })).toBeVisible();
    // The page's own Connect Wallet button comes before the modal in <main>; Shift+Tab from the modal's first
    // control reaches the page again (no focus trap).
    const first = connect.getByRole('button').first();
    await first.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(connectButton(page)).toBeFocused();
  });
});
