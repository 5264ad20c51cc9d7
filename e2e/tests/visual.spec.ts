// Visual snapshots of the key views (issue 31): a change in the look fails here even when every role and name still
// matches. The font is pinned to Debian's `fonts-inter` (scripts/setup.sh installs it; Arabic falls back to
// fonts-dejavu-core), so the pictures do not depend on what `system-ui` resolves to. The connected views use a dev
// account no other test spends from (its balances and empty activity are the same whatever ran before), so the
// threshold can be tight: 0.2 % of the dialog's pixels, anti-aliasing ignored. Four buttons in another order fail it.
// Update after an intended change: `cd e2e && npx playwright test tests/visual.spec.ts --update-snapshots`, then look
// at every changed PNG before committing it.
import type { Locator, Page } from '@playwright/test';
import { toHex } from 'viem';
import { approvalFrame, approvalMessage, approveButton, expectApprovalShown, hostRequest, loggedIn, rejectInFrame, uniqueEmail } from '../fixtures/embedded.ts';
import { DEV_ACCOUNTS } from '../fixtures/anvil.ts';
import { dialog, openModal, WALLET } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

const PINNED_FONT = "Inter, 'DejaVu Sans', sans-serif";
const COMBOS = [
  { theme: 'dark', size: 'desktop', viewport: { width: 1280, height: 800 } },
  { theme: 'light', size: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const TOLERANCE = { maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide' } as const;
/** Read-only elsewhere (account.spec.ts's API-failure test only reads it). */
const QUIET_ACCOUNT = DEV_ACCOUNTS[7];

/** The pinned font and the real `send` remote (the e2e demo names a 404 one for the feature-flag tests). */
async function pinLook(page: Page) {
  await page.addInitScript(
    ({ font, send }) => {
      Object.defineProperty(window, 'PORTICO_OPTIONS', {
        get: () => ({
          themeVariables: { '--portico-font-family': font },
          remotes: { ...(window as unknown as { PORTICO_DEMO_CONFIG: { remotes: object } }).PORTICO_DEMO_CONFIG.remotes, send },
        }),
      });
    },
    { font: PINNED_FONT, send: process.env.PORTICO_E2E_SEND_URL! },
  );
}

/** The view as a person would look at it: the card's motion over, fonts and the images in view loaded. */
async function settled(page: Page, view: Locator) {
  await expect(view).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await expect
    .poll(() =>
      view.evaluate((element) =>
        [...element.querySelectorAll('img')].every((image) => {
          const box = image.getBoundingClientRect();
          const inView = box.bottom > 0 && box.top < innerHeight && box.width > 0;
          return !inView || (image.complete && image.naturalWidth > 0);
        }),
      ),
    )
    .toBe(true);
  await expect.poll(() => view.evaluate((element) => element.closest('[data-resizing]') === null)).toBe(true);
}

async function showView(page: Page, view: string) {
  await page.evaluate((name) => (window as unknown as { portico: { open(options: object): Promise<void> } }).portico.open({ view: name }), view);
}

for (const { theme, size, viewport } of COMBOS) {
  test.describe(`the key views look as recorded (${theme}, ${size})`, () => {
    test.use({ viewport, walletOptions: { account: QUIET_ACCOUNT } });

    test('Connect and All Wallets', async ({ page, urls }) => {
      await pinLook(page);
      await page.goto(`${urls.demo}/?theme=${theme}`);
      await openModal(page);
      const connect = dialog(page, 'Connect Wallet');
      await settled(page, connect);
      await expect(connect).toHaveScreenshot(`connect-${theme}-${size}.png`, TOLERANCE);
      await connect.getByRole('button', { name: /^All Wallets/ }).click();
      const all = dialog(page, 'All Wallets');
      await expect(all.getByRole('button', { name: /^Portico Test Wallet/ }).first()).toBeVisible();
      await settled(page, all);
      await expect(all).toHaveScreenshot(`all-wallets-${theme}-${size}.png`, TOLERANCE);
    });

    test('Account (Tokens, NFTs, Activity), Send, Swap and Buy', async ({ page, urls }) => {
      await pinLook(page);
      await page.goto(`${urls.demo}/?theme=${theme}`);
      await openModal(page);
      await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
      const account = dialog(page, 'Account');
      await expect(account.getByRole('list', { name: 'Tokens' })).toHaveAttribute('aria-busy', 'false');
      await settled(page, account);
      await expect(account).toHaveScreenshot(`account-tokens-${theme}-${size}.png`, TOLERANCE);
      await account.getByRole('tab', { name: 'NFTs' }).click();
      await expect(account.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true');
      await settled(page, account);
      await expect(account).toHaveScreenshot(`account-nfts-${theme}-${size}.png`, TOLERANCE);
      await account.getByRole('tab', { name: 'Activity' }).click();
      await expect(account.getByText('No activity yet')).toBeVisible();
      await settled(page, account);
      await expect(account).toHaveScreenshot(`account-activity-${theme}-${size}.png`, TOLERANCE);

      for (const [view, title] of [
        ['WalletSend', 'Send'],
        ['Swap', 'Swap'],
        ['OnRampProviders', 'Buy Crypto'],
      ] as const) {
        await showView(page, view);
        const shown = dialog(page, title);
        await settled(page, shown);
        await expect(shown).toHaveScreenshot(`${view.toLowerCase()}-${theme}-${size}.png`, TOLERANCE);
      }
    });
  });
}

test('the embedded wallet’s approval, drawn by the secure site in its frame (dark, desktop)', async ({ page, urls, env }, testInfo) => {
  await pinLook(page);
  const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
  const signing = hostRequest(page, 'personal_sign', [toHex('Welcome to Portico'), address]);
  await expectApprovalShown(page, 'personal_sign', { origin: new URL(urls.demo).origin, account: address, chainId: urls.chainId });
  const modal = dialog(page);
  await settled(page, modal);
  await expect(approveButton(page)).toBeEnabled();
  // The frame is as tall as its screen: what will be signed is wholly in view, not squeezed or scrolled away.
  await expect(approvalMessage(page)).toBeInViewport({ ratio: 1 });
  // The account is a new embedded wallet each run, and the demo's port a new one: the picture shows fixed stand-ins of
  // the same length. (Not masked: a mask lies over the frame, which then counts itself covered and waits again.)
  await approvalFrame(page).getByText(address, { exact: true }).evaluate((node) => (node.textContent = `0x${'0'.repeat(40)}`));
  await approvalFrame(page).getByText(/^Requested by /).evaluate((node) => (node.textContent = 'Requested by http://127.0.0.1:40000'));
  await expect(modal).toHaveScreenshot('approval-personal-sign-dark-desktop.png', TOLERANCE);
  await expect(approveButton(page)).toBeEnabled();
  await rejectInFrame(page);
  expect(await signing.outcome).toMatchObject({ ok: false, code: 4001 });
});
