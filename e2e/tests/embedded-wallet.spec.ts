// The embedded wallet (issue 11) end to end: the modal's hidden iframe on the secure site's own origin,
// email login through real SMTP and the mail catcher's inbox, a device approved by the mailed link, the
// wallet's smart account on anvil (funded by the API's development mode; its sends are user operations), the approval gate for a send (the
// secure site's own screen in its frame, issue 28), and what
// the modal does when the secure site is down or another origin posts look-alike messages.
import type { Page } from '@playwright/test';
import { createPublicClient, http, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import {
  approveDeviceByMail,
  approveInFrame,
  codeField,
  codeFromMail,
  embeddedLogin,
  previewSend,
  rejectInFrame,
  submitEmail,
  uniqueEmail,
  waitOutThrottle,
  wrongCode,
} from '../fixtures/embedded.ts';
import { mailCountTo } from '../fixtures/inbox.ts';
import { freePort } from '../fixtures/net.ts';
import {
  accountOutput,
  dialog,
  expectAccountView,
  expectClosedOrConnectView,
  openDemo,
  openModal,
  useRealSendRemote,
  WALLET,
} from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

/** A receiver no other test touches: its balance starts at 0. */
const freshReceiver = (): Address => privateKeyToAddress(generatePrivateKey());

test.describe('email login', () => {
  test('the code from the inbox → Account on anvil with the embedded address and its demo ETH', async ({ page, urls, env }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await openDemo(page, urls);
    const address = await embeddedLogin(page, env.inbox!, email);
    const account = dialog(page, 'Account');
    await expect(account.getByText('Anvil Local')).toBeVisible();
    // The API funds a new embedded wallet on the devchain (development mode only).
    await expect(account.getByText('10 ETH', { exact: true })).toBeVisible({ timeout: 20_000 });
    const node = createPublicClient({ transport: http(urls.rpcUrl) });
    expect(await node.getBalance({ address: address as Address })).toBe(parseEther('10'));
    // The account view is the embedded wallet's: its email and "Sign out".
    await expect(account.getByRole('button', { name: 'Edit email' })).toBeVisible();
    await expect(account.getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  test('a wrong code shows the server’s message; the right one still logs in', async ({ page, urls, env }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await openDemo(page, urls);
    await submitEmail(page, email);
    await approveDeviceByMail(page, env.inbox!, email, 1);
    const otp = dialog(page, 'Confirm Email');
    const code = await codeFromMail(env.inbox!, email, 2);
    await codeField(otp).fill(wrongCode(code));
    await expect(otp.getByRole('alert')).toContainText('Invalid code');
    await expect(accountOutput(page)).toHaveText('Not connected');
    await codeField(otp).fill(code);
    await expect(dialog(page, 'Account')).toBeVisible({ timeout: 20_000 });
  });

  test('a second mail within 30 s: Please try again after N seconds', async ({ page, urls, env }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await openDemo(page, urls);
    await submitEmail(page, email);
    const device = dialog(page, 'Register Device');
    await expect(device.getByText('Register this device to continue')).toBeVisible();
    await expect(device.getByRole('status')).toBeVisible();
    await device.getByRole('button', { name: 'Resend link' }).click();
    await expect(device.getByRole('alert')).toHaveText(/Please try again after \d+ seconds/);
    expect(await mailCountTo(env.inbox!, email)).toBe(1);
  });

  test('a new device: EmailVerifyDevice, approved by the mailed link, then the code → the same address', async ({ page, browser, urls, env }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(testInfo);
    await openDemo(page, urls);
    const address = await embeddedLogin(page, env.inbox!, email);

    // Another browser (fresh storage: a device the API never saw), after the mail throttle.
    await waitOutThrottle(page, env.inbox!, email);
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await openDemo(second, urls);
      await submitEmail(second, email);
      const device = dialog(second, 'Register Device');
      await expect(device.getByText('Register this device to continue')).toBeVisible();
      await expect(device.getByText(`Approve the login link we sent to ${email}`)).toBeVisible();
      await approveDeviceByMail(second, env.inbox!, email, 3);
      const otp = dialog(second, 'Confirm Email');
      await expect(otp.getByText(`Enter the code we sent to ${email}`)).toBeVisible();
      await codeField(otp).fill(await codeFromMail(env.inbox!, email, 4));
      await expect(dialog(second, 'Account')).toBeVisible({ timeout: 20_000 });
      await expect(accountOutput(second)).toHaveText(address);
    } finally {
      await other.close();
    }
  });

  test('update email: a code to the current address, then one to the new → Account shows the new email', async ({ page, urls, env }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(testInfo, 'old');
    const newEmail = uniqueEmail(testInfo, 'new');
    await openDemo(page, urls);
    const address = await embeddedLogin(page, env.inbox!, email);
    // The first code goes to the current address, which had a mail moments ago.
    await waitOutThrottle(page, env.inbox!, email);

    await dialog(page, 'Account').getByRole('button', { name: 'Edit email' }).click();
    const edit = dialog(page, 'Update Email');
    await edit.getByRole('textbox', { name: 'New email' }).fill(newEmail);
    await edit.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(edit.getByText(`Enter the code we sent to ${email}`)).toBeVisible();
    // Each code field submits by itself at 6 digits.
    await codeField(edit).fill(await codeFromMail(env.inbox!, email, 3));
    await expect(edit.getByText(`Enter the code we sent to ${newEmail}`)).toBeVisible();
    await codeField(edit).fill(await codeFromMail(env.inbox!, newEmail, 1));
    await expect(edit.getByRole('status').filter({ hasText: `Your email is now ${newEmail}` })).toBeVisible();
    await edit.getByRole('button', { name: 'Done' }).click();

    // The same wallet, now under the new address.
    await expect(dialog(page, 'Account').getByText(newEmail)).toBeVisible();
    await expect(accountOutput(page)).toHaveText(address);
  });

  test('a reload keeps the session: Account without logging in again', async ({ page, urls, env }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await openDemo(page, urls);
    const address = await embeddedLogin(page, env.inbox!, email);
    const mails = await mailCountTo(env.inbox!, email);

    await page.reload();
    await expect(accountOutput(page)).toHaveText(address, { timeout: 20_000 });
    await openModal(page);
    await expect(dialog(page, 'Account').getByText(email)).toBeVisible();
    expect(await mailCountTo(env.inbox!, email)).toBe(mails);
  });

  test('sign out → Connect; the session is over (also after a reload)', async ({ page, urls, env }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await openDemo(page, urls);
    await embeddedLogin(page, env.inbox!, email);

    await dialog(page, 'Account').getByRole('button', { name: 'Sign out' }).click();
    await expectClosedOrConnectView(page);
    await expect(accountOutput(page)).toHaveText('Not connected');
    if (!(await dialog(page).isVisible())) await openModal(page);
    await expect(dialog(page, 'Connect Wallet').getByRole('textbox', { name: 'Email' })).toBeVisible();

    await page.reload();
    await openModal(page);
    await expect(dialog(page, 'Connect Wallet').getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(accountOutput(page)).toHaveText('Not connected');
  });
});

test.describe('send through the approval gate', () => {
  test('0.1 ETH from Account → Send, shown and approved in the secure site’s frame, lands on chain', async ({ page, urls, env }, testInfo) => {
    const receiver = freshReceiver();
    await useRealSendRemote(page, urls);
    await openDemo(page, urls);
    await embeddedLogin(page, env.inbox!, uniqueEmail(testInfo));
    await expect(dialog(page, 'Account').getByText('10 ETH', { exact: true })).toBeVisible({ timeout: 20_000 });

    await previewSend(page, receiver);
    const node = createPublicClient({ transport: http(urls.rpcUrl) });
    // Nothing sent while the person has not decided.
    expect(await node.getBalance({ address: receiver })).toBe(0n);
    await approveInFrame(page);
    await expect(dialog(page, 'Send').getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect(await node.getBalance({ address: receiver })).toBe(parseEther('0.1'));
  });

  test('rejected in the secure site’s frame: nothing is sent, the send view says so', async ({ page, urls, env }, testInfo) => {
    const receiver = freshReceiver();
    await useRealSendRemote(page, urls);
    await openDemo(page, urls);
    const address = await embeddedLogin(page, env.inbox!, uniqueEmail(testInfo));
    await expect(dialog(page, 'Account').getByText('10 ETH', { exact: true })).toBeVisible({ timeout: 20_000 });
    const node = createPublicClient({ transport: http(urls.rpcUrl) });

    await previewSend(page, receiver);
    await rejectInFrame(page);
    const send = dialog(page, 'Send');
    await expect(send.getByRole('alert')).toContainText('Signature declined');
    expect(await node.getBalance({ address: receiver })).toBe(0n);
    expect(await node.getBalance({ address: address as Address })).toBe(parseEther('10'));
  });
});

test.describe('when the secure site cannot be trusted or reached', () => {
  test('secure site down: after the 20 s load timeout the alert; an injected wallet still connects', async ({ page, urls }, testInfo) => {
    test.setTimeout(60_000);
    const closed = `http://127.0.0.1:${await freePort()}/`;
    await page.addInitScript((url) => {
      (window as unknown as { PORTICO_OPTIONS: unknown }).PORTICO_OPTIONS = { embeddedWallet: { url } };
    }, closed);
    await openDemo(page, urls);
    // The iframe loads when the person starts the email login.
    await submitEmail(page, uniqueEmail(testInfo));
    await expect(dialog(page).getByRole('alert').filter({ hasText: 'Network Error - Could not load embedded wallet' })).toBeVisible({
      timeout: 30_000,
    });
    await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    await expectAccountView(page);
  });

  test('a page on another origin posting look-alike messages at the modal’s window changes nothing', async ({ page, urls, env }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await openDemo(page, urls);
    await submitEmail(page, email);
    const device = dialog(page, 'Register Device');
    await expect(device.getByText('Register this device to continue')).toBeVisible();

    // Another origin's page in the same tab posts what the secure site would: replies, a user, new accounts.
    const stranger = new URL(env.blankPage).origin;
    expect(stranger).not.toBe(new URL(urls.demo).origin);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'Stranger';
      document.body.append(frame);
      return new Promise((resolve) => frame.addEventListener('load', resolve));
    }, env.blankPage);
    const strangerFrame = page.frames().find((frame) => frame.url().startsWith(stranger))!;
    await strangerFrame.evaluate(() => {
      const address = '0x000000000000000000000000000000000000dEaD';
      const user = { email: 'mallory@example.com', address, chainId: 31337, accounts: [{ address, type: 'eoa' }], preferredAccountType: 'eoa', authProvider: 'email' };
      const post = (event: string, payload: unknown, id?: string) =>
        window.parent.postMessage({ type: 'portico:embedded', ...(id ? { id } : {}), event, payload }, '*');
      post('@portico-frame/READY', {});
      for (let n = 0; n < 50; n++) {
        const id = n.toString().padStart(11, '0');
        post('@portico-frame/CONNECT_DEVICE_SUCCESS', {}, id);
        post('@portico-frame/CONNECT_OTP_SUCCESS', user, id);
        post('@portico-frame/GET_USER_SUCCESS', user, id);
      }
      post('@portico-frame/ACCOUNTS_CHANGED', { accounts: [address] });
      post('@portico-frame/SESSION_EXPIRED', {});
    });

    await page.waitForTimeout(1_000);
    await expect(device.getByText('Register this device to continue')).toBeVisible();
    await expect(dialog(page, 'Account')).toHaveCount(0);
    await expect(accountOutput(page)).toHaveText('Not connected');
    await expect(page.getByText('mallory@example.com')).toHaveCount(0);
    // The real flow still works afterwards.
    await approveDeviceByMail(page, env.inbox!, email, 1);
    await codeField(dialog(page, 'Confirm Email')).fill(await codeFromMail(env.inbox!, email, 2));
    await expect(dialog(page, 'Account')).toBeVisible({ timeout: 20_000 });
    await expect(accountOutput(page)).not.toHaveText(/dEaD/i);
  });
});
