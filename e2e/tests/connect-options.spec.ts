// Connect's options (issue 32): the legal checkbox, collapseWallets, customWallets, the registry's certified badge, the
// spec's connect-method order, the Browser Wallet hidden on desktop, and a page with no projectId. The demo page merges
// `window.PORTICO_FEATURES` into its options' features and `window.PORTICO_OPTIONS` over the rest (demo/server.mjs).
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/a11y.ts';
import { WALLET, dialog, expectAccountView, focusInsideModal, openDemo, openModal } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

const CUSTOM_WALLET = {
  id: 'portico-e2e-custom',
  name: 'My Custom Wallet',
  homepage: 'https://custom-wallet.example',
  mobile_link: 'customwallet://',
  webapp_link: 'https://app.custom-wallet.example',
};

/** The demo with these features and options (set before the page's scripts run). */
async function withOptions(page: Page, features: Record<string, unknown>, options: Record<string, unknown> = {}) {
  await page.addInitScript(
    ([features, options]) => {
      Object.assign(window, { PORTICO_FEATURES: features, PORTICO_OPTIONS: options });
    },
    [features, options] as const,
  );
}

/** The first certified wallet the registry lists (the demo's networks are local: no chain filter). */
async function firstCertifiedWallet(api: string): Promise<string> {
  const response = await fetch(`${api}/v1/wallets?projectId=portico-demo&page=1&entries=10&badge_type=certified`);
  const { data } = (await response.json()) as { data: { name: string }[] };
  return data[0]!.name;
}

/** Whether `first` is drawn above `second`. */
async function above(first: Locator, second: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([first.boundingBox(), second.boundingBox()]);
  return a!.y + a!.height <= b!.y;
}

test.describe('Connect options', () => {
  test('legalCheckbox: the wallets and logins wait for the tick; the links open a new tab', async ({ page, urls }) => {
    const terms = `${urls.demo}/?legal=terms`;
    const privacy = `${urls.demo}/?legal=privacy`;
    await withOptions(page, { legalCheckbox: true }, { termsConditionsUrl: terms, privacyPolicyUrl: privacy });
    await openDemo(page, urls);
    await openModal(page);
    const view = dialog(page, 'Connect Wallet');
    const checkbox = view.getByRole('checkbox', { name: 'I agree to our Terms of Service and Privacy Policy', exact: true });
    await expect(checkbox).not.toBeChecked();
    const testWallet = view.getByRole('button', { name: `${WALLET}, installed`, exact: true });
    await expect(testWallet).toBeDisabled();
    await expect(view.getByRole('button', { name: 'WalletConnect, QR code', exact: true })).toBeDisabled();
    await expect(view.getByRole('button', { name: 'All Wallets', exact: true })).toBeDisabled();
    await expect(view.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    await expect(view.getByRole('button', { name: 'Continue with Google', exact: true })).toBeDisabled();
    await expect(view.getByRole('button', { name: 'What is a wallet?', exact: true })).toBeEnabled();
    await expectNoSeriousViolations(page, 'Connect with the legal checkbox');

    const termsLink = view.getByRole('link', { name: 'Terms of Service', exact: true });
    await expect(termsLink).toHaveAttribute('target', '_blank');
    await expect(termsLink).toHaveAttribute('rel', /noopener/);
    await expect(view.getByRole('link', { name: 'Privacy Policy', exact: true })).toHaveAttribute('href', privacy);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), termsLink.click()]);
    await expect(tab).toHaveURL(terms);
    // No opener: the site's page is out of the new tab's reach.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
    // Following a link does not tick the box.
    await expect(checkbox).not.toBeChecked();

    await checkbox.check();
    await expect(testWallet).toBeEnabled();
    await expect(view.getByRole('textbox', { name: 'Email' })).toBeEnabled();
    await testWallet.click();
    await expectAccountView(page);
  });

  test('collapseWallets: the logins and "Continue with a wallet", which shows the wallets', async ({ page, urls }) => {
    await withOptions(page, { collapseWallets: true });
    await openDemo(page, urls);
    await openModal(page);
    const view = dialog(page, 'Connect Wallet');
    await expect(view.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(view.getByRole('group', { name: 'Social login' })).toBeVisible();
    await expect(view.getByRole('list', { name: 'Wallets' })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'Connect with the wallets collapsed');
    await view.getByRole('button', { name: 'Continue with a wallet', exact: true }).click();
    const first = view.getByRole('list', { name: 'Wallets' }).getByRole('button').first();
    await expect(first).toBeFocused();
    expect(await focusInsideModal(page)).toBe(true);
    await expect(view.getByRole('button', { name: `${WALLET}, installed`, exact: true })).toBeVisible();
  });

  test("customWallets: listed in Connect and All Wallets, found by search, paired through WalletConnect", async ({ page, urls }) => {
    await withOptions(page, {}, { customWallets: [CUSTOM_WALLET] });
    await openDemo(page, urls);
    await openModal(page);
    const view = dialog(page, 'Connect Wallet');
    const wallets = view.getByRole('list', { name: 'Wallets' });
    await expect(wallets.getByRole('button', { name: CUSTOM_WALLET.name, exact: true })).toBeVisible();

    await wallets.getByRole('button', { name: 'All Wallets', exact: true }).click();
    const allWallets = dialog(page, 'All Wallets');
    const grid = allWallets.getByRole('grid', { name: 'All wallets' });
    // After the installed wallet.
    await expect(grid.getByRole('gridcell').nth(1).getByRole('button', { name: CUSTOM_WALLET.name, exact: true })).toBeVisible();
    await allWallets.getByRole('searchbox', { name: 'Search wallet' }).fill('custom wal');
    const matching = allWallets.getByRole('grid', { name: 'Wallets matching custom wal' });
    await matching.getByRole('button', { name: CUSTOM_WALLET.name, exact: true }).click();
    await expect(dialog(page, CUSTOM_WALLET.name).getByRole('img', { name: `QR code for ${CUSTOM_WALLET.name}` })).toBeVisible();
  });

  test('certified registry wallets carry the badge in Connect and All Wallets, in their accessible names', async ({ page, urls, env }) => {
    const certified = await firstCertifiedWallet(env.api!);
    await openDemo(page, urls);
    await openModal(page);
    const view = dialog(page, 'Connect Wallet');
    const row = view.getByRole('button', { name: `${certified}, certified`, exact: true });
    await expect(row).toBeVisible();
    await expect(row).toContainText('certified');
    await view.getByRole('button', { name: 'All Wallets', exact: true }).click();
    const tile = dialog(page, 'All Wallets').getByRole('button', { name: `${certified}, certified`, exact: true });
    await expect(tile).toBeVisible();
    await expectNoSeriousViolations(page, 'AllWallets with certified wallets');
  });

  test('connect-method order: wallets first when one is installed (spec section 9), or the host’s connectMethodsOrder', async ({ page, urls }) => {
    await openDemo(page, urls);
    await openModal(page);
    let view = dialog(page, 'Connect Wallet');
    const email = () => view.getByRole('textbox', { name: 'Email' });
    const installed = () => view.getByRole('button', { name: `${WALLET}, installed`, exact: true });
    const social = () => view.getByRole('group', { name: 'Social login' });
    await expect(installed()).toBeVisible();
    expect(await above(installed(), email())).toBe(true);
    expect(await above(email(), social())).toBe(true);

    await withOptions(page, { connectMethodsOrder: ['email', 'social', 'wallet'] });
    await page.reload();
    await openModal(page);
    view = dialog(page, 'Connect Wallet');
    await expect(installed()).toBeVisible();
    expect(await above(email(), social())).toBe(true);
    expect(await above(social(), installed())).toBe(true);
  });
});

test.describe('Browser Wallet on desktop', () => {
  test.use({ walletOptions: { injectEthereum: true } });

  test('a window.ethereum no wallet announces is not listed on a computer (spec section 2)', async ({ page, urls }) => {
    // The test wallet's EIP-6963 announcements never reach the page: only its legacy window.ethereum is left.
    await page.addInitScript(() => {
      window.addEventListener('eip6963:announceProvider', (event) => event.stopImmediatePropagation(), true);
    });
    await openDemo(page, urls);
    expect(await page.evaluate(() => typeof (window as { ethereum?: unknown }).ethereum)).toBe('object');
    await openModal(page);
    const wallets = dialog(page, 'Connect Wallet').getByRole('list', { name: 'Wallets' });
    await expect(wallets.getByRole('button', { name: 'WalletConnect, QR code', exact: true })).toBeVisible();
    await expect(wallets.getByRole('button', { name: `${WALLET}, installed`, exact: true })).toHaveCount(0);
    await expect(wallets.getByRole('button', { name: /Browser Wallet/ })).toHaveCount(0);
  });
});

test.describe('no projectId', () => {
  test('the modal opens with Project ID Not Configured (spec §8), no email login, and an installed wallet still connects', async ({ page, urls }) => {
    await withOptions(page, {}, { projectId: '' });
    await openDemo(page, urls);
    await openModal(page);
    const connect = dialog(page, 'Connect Wallet');
    await expect(connect.getByRole('alert').filter({ hasText: 'Project ID Not Configured' })).toContainText(
      'Pass the projectId your Portico operator gave you',
    );
    // The embedded wallet needs the project: no email field.
    await expect(connect.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'Connect with the Project ID Not Configured alert');
    await connect.getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    await expectAccountView(page);
  });
});
