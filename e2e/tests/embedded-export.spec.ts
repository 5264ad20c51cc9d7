// Exporting the embedded wallet's private key (issue 28): its own screen in the secure site's frame — a fresh code by
// mail, the typed word EXPORT, and the key shown only there. The modal's Account only asks (SHOW_EXPORT); the frame's
// screen shows in the modal's 'Export Private Key' view, as an approval shows in 'Approve Transaction'. Checked here: the key shown is the wallet's own (viem
// derives its address); a session token copied to a second browser is refused at /wallet/export, even with the mailed
// code; a used code does not export again, a fresh one does.
import type { Page } from '@playwright/test';
import { getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expectNoSeriousViolations } from '../fixtures/a11y.ts';
import { approvalFrame, copiedSessionToken, expectFrameRevealed, loggedIn, thiefWithToken, uniqueEmail, waitOutThrottle } from '../fixtures/embedded.ts';
import { codeIn, mailCountTo, nthMailTo } from '../fixtures/inbox.ts';
import { dialog } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

/** What the secure site's export screen says (services/secure-site src/page/export-screen.ts). */
const EXPORT = {
  heading: 'Export private key',
  /** The modal's view showing the frame's export screen. */
  dialog: 'Export Private Key',
  accountButton: 'Export private key',
  codeSent: (email: string) => `We sent a code to ${email}`,
  code: 'Email code',
  confirm: 'Type EXPORT to confirm',
  show: 'Show private key',
  privateKey: 'Private key',
  done: 'Done',
  mailSubject: 'Your Portico key export code',
} as const;

const frame = (page: Page) => approvalFrame(page);
const keyField = (page: Page) => frame(page).getByRole('textbox', { name: EXPORT.privateKey, exact: true });

/** Account → "Export private key": the frame's screen in 'Export Private Key', the code mailed to `email`; its code. */
async function openExport(page: Page, inbox: string, email: string): Promise<string> {
  const mailsBefore = await mailCountTo(inbox, email);
  await dialog(page, 'Account').getByRole('button', { name: EXPORT.accountButton, exact: true }).click();
  await expect(dialog(page, EXPORT.dialog)).toBeVisible({ timeout: 20_000 });
  await expect(frame(page).getByRole('heading', { level: 1, name: EXPORT.heading, exact: true })).toBeVisible({ timeout: 20_000 });
  await expectFrameRevealed(page);
  await expect(frame(page).getByText(EXPORT.codeSent(email), { exact: true })).toBeVisible();
  const mail = await nthMailTo(inbox, email, mailsBefore + 1);
  expect(mail.subject).toBe(EXPORT.mailSubject);
  return codeIn(mail.text);
}

/**
 * Types the code and the word on the frame's screen and clicks "Show private key" (Playwright waits until it is enabled)
 * once the frame stands still: each change of the screen's height moves the dialog, and the frame follows it.
 */
async function showKey(page: Page, code: string) {
  await frame(page).getByRole('textbox', { name: EXPORT.code, exact: true }).fill(code);
  await frame(page).getByRole('textbox', { name: EXPORT.confirm, exact: true }).fill('EXPORT');
  await expectFrameRevealed(page);
  await frame(page).getByRole('button', { name: EXPORT.show, exact: true }).click();
}

/** "Done" once the frame stands still (the key's screen has its own height), then Account is back. */
async function done(page: Page) {
  await expectFrameRevealed(page);
  await frame(page).getByRole('button', { name: EXPORT.done, exact: true }).click();
  await expect(dialog(page, 'Account')).toBeVisible();
}

test.describe('embedded wallet: exporting the private key (issue 28)', () => {
  test('a fresh mailed code and EXPORT show the key in the frame only; a copied token is refused at /wallet/export; a used code does not export again', async ({
    page,
    browser,
    urls,
    env,
  }, testInfo) => {
    // A login, two waits for the mail throttle (30 s per address) and two exports on a busy 2-core machine.
    test.setTimeout(180_000);
    // The EOA is the key's own address (the demo's default smart account is derived from it).
    await page.addInitScript(() => {
      (window as unknown as { PORTICO_OPTIONS: unknown }).PORTICO_OPTIONS = { defaultAccountTypes: { eip155: 'eoa' } };
    });
    const email = uniqueEmail(testInfo);
    const address = await loggedIn(page, urls, env.inbox!, email);
    await expect(dialog(page, 'Account').getByText('EOA', { exact: true })).toBeVisible();

    // The sign-in code's mail started the address's throttle.
    await waitOutThrottle(page, env.inbox!, email);
    const code = await openExport(page, env.inbox!, email);
    await expect(frame(page).getByRole('button', { name: EXPORT.show, exact: true })).toBeDisabled();
    // axe takes the modal with the frame in it.
    await expectNoSeriousViolations(page, 'the key export screen');

    // A thief with the session token (read here from the frame's storage) and even the mailed code, in another browser
    // on the secure site's own origin: refused as Bearer, and with a proof from any key but the device's.
    const thief = await thiefWithToken(browser, env.secureSite!, await copiedSessionToken(page, env.secureSite!));
    const body = JSON.stringify({ code });
    const asBearer = await thief.asBearer('/wallet/export', body);
    expect(asBearer.status).toBe(401);
    expect(asBearer.text).toMatch(/device-bound session is required/);
    const withOwnKey = await thief.withOwnKey('/wallet/export', body);
    expect(withOwnKey.status).toBe(401);
    expect(withOwnKey.text).toMatch(/not the key the session is bound to/);
    expect(`${asBearer.text}${withOwnKey.text}`).not.toMatch(/0x[0-9a-fA-F]{40}/);
    await thief.close();

    // The person, in the frame: the code (untouched by the thief's tries) and EXPORT show the key, the wallet's own.
    await showKey(page, code);
    await expect(keyField(page)).toBeVisible({ timeout: 20_000 });
    const privateKey = (await keyField(page).inputValue()) as `0x${string}`;
    expect(privateKeyToAccount(privateKey).address).toBe(getAddress(address));
    // Only in the frame: the modal and the host page never see it.
    expect(await page.content()).not.toContain(privateKey.slice(2));
    await expectNoSeriousViolations(page, 'the key export screen with the key');
    await done(page);

    // Again: a fresh code is mailed; the used one is refused (and shows nothing), the fresh one shows the key.
    await waitOutThrottle(page, env.inbox!, email);
    const fresh = await openExport(page, env.inbox!, email);
    await showKey(page, code);
    await expect(frame(page).getByRole('alert')).toHaveText(/^(Invalid code|No code to check: request a new one)$/, { timeout: 20_000 });
    await expect(keyField(page)).toHaveCount(0);
    await showKey(page, fresh);
    await expect(keyField(page)).toHaveValue(privateKey, { timeout: 20_000 });
    await done(page);
  });
});
