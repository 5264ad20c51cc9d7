// The embedded wallet's approval gate for the host's own requests (issue 11: "The host's own
// provider.request(...) goes through the same gate"; spec section 6): the page calls
// `portico.getProvider().request(...)` after an email login, as a dapp would. Signatures wait for
// ApproveTransaction and verify for the embedded address; a method on neither allow-list is refused and
// the modal says 'Action not allowed'; a safe read passes without asking. Then axe and the keyboard on
// the email login's views and the approval view.
import type { Page } from '@playwright/test';
import { createPublicClient, http, toHex, type Address, type Hex } from 'viem';
import { expectNoViolations } from '../fixtures/a11y.ts';
import { approveDeviceByMail, codeField, codeFromMail, embeddedLogin, uniqueEmail } from '../fixtures/embedded.ts';
import { accountOutput, button, dialog, focusInsideModal, openDemo, openModal } from '../fixtures/portico.ts';
import { expect, test, type PorticoUrls } from '../fixtures/test.ts';

/** How a host request ended, as the page saw it (errors keep their EIP-1193 code and Portico's short message). */
type Outcome =
  | { ok: true; result: unknown }
  | { ok: false; code: unknown; shortMessage: unknown; message: string; rejectedAt: number };

/**
 * `portico.getProvider().request({ method, params })` from the page, with a flag that says whether the
 * page's promise has settled yet (nothing may come back before the person decides).
 */
function hostRequest(page: Page, method: string, params: unknown[]) {
  let settled = false;
  const outcome = page
    .evaluate(
      async ({ method, params }): Promise<Outcome> => {
        type Provider = { request(args: { method: string; params: unknown[] }): Promise<unknown> };
        const portico = (window as unknown as { portico: { getProvider(): Provider | undefined } }).portico;
        const provider = portico.getProvider();
        if (!provider) throw new Error('no provider: the embedded wallet is not connected');
        try {
          return { ok: true, result: await provider.request({ method, params }) };
        } catch (error) {
          const { code, shortMessage, message } = error as { code?: unknown; shortMessage?: unknown; message?: unknown };
          return { ok: false, code, shortMessage, message: String(message), rejectedAt: performance.now() };
        }
      },
      { method, params },
    )
    .finally(() => {
      settled = true;
    });
  return { outcome, settled: () => settled };
}

/** Records in the page when the modal opens from now on (`performance.now()` of each open), read by `modalOpenings`. */
async function watchModalOpenings(page: Page) {
  await page.evaluate(() => {
    type State = { open: boolean };
    const portico = (window as unknown as { portico: { getState(): State; subscribeState(callback: (state: State) => void): () => void } }).portico;
    const openings: number[] = [];
    let wasOpen = portico.getState().open;
    portico.subscribeState(({ open }) => {
      if (open && !wasOpen) openings.push(performance.now());
      wasOpen = open;
    });
    (window as unknown as { modalOpenings: number[] }).modalOpenings = openings;
  });
}

const modalOpenings = (page: Page) => page.evaluate(() => (window as unknown as { modalOpenings: number[] }).modalOpenings);

/** The devchain's node: verifies EOA, ERC-1271 and ERC-6492 signatures alike. */
const nodeOf = (urls: PorticoUrls) => createPublicClient({ transport: http(urls.rpcUrl) });

/** Logs in with a fresh email (Account view, demo ETH on the devchain) and returns the embedded address. */
async function loggedIn(page: Page, urls: PorticoUrls, inbox: string, email: string): Promise<Address> {
  await openDemo(page, urls);
  const address = (await embeddedLogin(page, inbox, email)) as Address;
  // The API funds a new embedded wallet (development mode); reads below expect it settled.
  await expect(dialog(page, 'Account').getByText('10 ETH', { exact: true })).toBeVisible({ timeout: 20_000 });
  return address;
}

async function closeModal(page: Page) {
  await button(page, 'Close').click();
  await expect(dialog(page)).toBeHidden();
}

/** A text message the approval view must show as it is. */
const messageFor = (testId: string) => `Sign in to the Portico gate test\nrun ${testId}`;

const approveButton = (page: Page) => dialog(page, 'Approve Transaction').getByRole('button', { name: 'Approve', exact: true });
const rejectButton = (page: Page) => dialog(page, 'Approve Transaction').getByRole('button', { name: 'Reject', exact: true });

test.describe("the host's provider goes through the approval gate", () => {
  test('personal_sign: the message shown before signing; approved → a signature of the embedded address; rejected → 4001', async ({ page, urls, env }, testInfo) => {
    test.setTimeout(60_000);
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    const message = messageFor(testInfo.testId);

    // Modal closed: the request opens it on ApproveTransaction.
    await closeModal(page);
    const signing = hostRequest(page, 'personal_sign', [message, address]);
    const approval = dialog(page, 'Approve Transaction');
    await expect(approval.getByRole('region', { name: 'Message' })).toHaveText(message);
    await expect(approval.getByText('Signer', { exact: true })).toBeVisible();
    await expect(approval.getByText(address, { exact: true })).toBeVisible();
    await expect(approval.getByText('Anvil Local', { exact: true })).toBeVisible();
    // Nothing signed while the person has not decided.
    await page.waitForTimeout(500);
    expect(signing.settled()).toBe(false);
    await approveButton(page).click();
    const approved = await signing.outcome;
    expect(approved).toMatchObject({ ok: true, result: expect.stringMatching(/^0x[0-9a-f]+$/i) });
    const signature = (approved as { result: Hex }).result;
    // Through the node: the embedded wallet starts on its smart account (ERC-6492 until deployed, then ERC-1271).
    expect(await nodeOf(urls).verifyMessage({ address, message, signature })).toBe(true);
    // Opened for the request, closed after it.
    await expect(dialog(page)).toBeHidden();

    // Modal open on Account: the request stacks ApproveTransaction and goes back after the decision.
    await openModal(page);
    await expect(dialog(page, 'Account')).toBeVisible();
    const refused = hostRequest(page, 'personal_sign', [message, address]);
    await expect(approval.getByRole('region', { name: 'Message' })).toHaveText(message);
    await rejectButton(page).click();
    expect(await refused.outcome).toMatchObject({ ok: false, code: 4001 });
    await expect(dialog(page, 'Account')).toBeVisible();
  });

  test('eth_signTypedData_v4: domain, primary type and data shown; approved → a signature of the embedded address', async ({ page, urls, env }, testInfo) => {
    test.setTimeout(60_000);
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    const domain = { name: 'Portico Gate Test', version: '1', chainId: urls.chainId, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' } as const;
    const types = {
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person' },
        { name: 'contents', type: 'string' },
      ],
    } as const;
    const message = {
      from: { name: 'Ada', wallet: address },
      to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
      contents: `Hello from ${testInfo.testId}`,
    } as const;
    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        ...types,
      },
      primaryType: 'Mail',
      domain,
      message,
    };

    const signing = hostRequest(page, 'eth_signTypedData_v4', [address, JSON.stringify(typedData)]);
    const approval = dialog(page, 'Approve Transaction');
    await expect(approval.getByText('Portico Gate Test', { exact: true })).toBeVisible();
    await expect(approval.getByText('Primary type', { exact: true })).toBeVisible();
    await expect(approval.getByText('Mail', { exact: true })).toBeVisible();
    await expect(approval.getByRole('region', { name: 'Message' })).toContainText(message.contents);
    expect(signing.settled()).toBe(false);
    await approveButton(page).click();
    const approved = await signing.outcome;
    expect(approved).toMatchObject({ ok: true });
    const signature = (approved as { result: Hex }).result;
    expect(await nodeOf(urls).verifyTypedData({ address, domain, types, primaryType: 'Mail', message, signature })).toBe(true);
    await expect(dialog(page, 'Account')).toBeVisible();
  });

  test('a safe read (eth_getBalance) passes without the modal; eth_sign is refused and the modal says Action not allowed after 300 ms', async ({ page, urls, env }, testInfo) => {
    test.setTimeout(60_000);
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    await closeModal(page);
    await watchModalOpenings(page);

    const read = await hostRequest(page, 'eth_getBalance', [address, 'latest']).outcome;
    const node = nodeOf(urls);
    expect(read).toEqual({ ok: true, result: toHex(await node.getBalance({ address })) });
    await page.waitForTimeout(500);
    expect(await modalOpenings(page)).toEqual([]);
    await expect(dialog(page)).toBeHidden();

    const refused = await hostRequest(page, 'eth_sign', [address, '0xdeadbeef']).outcome;
    expect(refused).toMatchObject({ ok: false, code: 4200, shortMessage: 'Requested RPC call is not allowed' });
    await expect(dialog(page).getByRole('alert').filter({ hasText: 'Action not allowed' })).toBeVisible();
    const [opened, ...more] = await modalOpenings(page);
    expect(more).toEqual([]);
    // setTimeout never fires early: the modal opened at least 300 ms after the page saw the refusal.
    expect(opened! - (refused as { rejectedAt: number }).rejectedAt).toBeGreaterThanOrEqual(290);
    // Nothing to approve: the modal did not go to ApproveTransaction.
    await expect(dialog(page, 'Approve Transaction')).toHaveCount(0);
  });
});

test.describe('accessibility of the email login and the approval gate', () => {
  test('axe on Connect with the email form, EmailVerifyOtp and ApproveTransaction; Tab order and the focus trap', async ({ page, urls, env }, testInfo) => {
    // Three full axe runs and a login on a busy 2-core machine.
    test.setTimeout(120_000);
    const email = uniqueEmail(testInfo);
    await openDemo(page, urls);
    await openModal(page);
    const connect = dialog(page, 'Connect Wallet');
    const emailField = connect.getByRole('textbox', { name: 'Email' });
    await expect(emailField).toBeVisible();
    await expectNoViolations(page, 'Connect with the email form');

    // Keyboard: the email field, then Tab → Continue.
    await emailField.fill(email);
    await emailField.focus();
    await page.keyboard.press('Tab');
    await expect(connect.getByRole('button', { name: 'Continue', exact: true })).toBeFocused();

    // Enter submits; this browser is a new device: the link in the mail, then the code.
    await page.keyboard.press('Enter');
    await expect(dialog(page, 'Register Device').getByText(`Approve the login link we sent to ${email}`)).toBeVisible();
    await approveDeviceByMail(page, env.inbox!, email, 1);
    const otp = dialog(page, 'Confirm Email');
    await expect(otp.getByText(`Enter the code we sent to ${email}`)).toBeVisible();
    await expect(codeField(otp)).toBeVisible();
    await expectNoViolations(page, 'EmailVerifyOtp');
    await codeField(otp).fill(await codeFromMail(env.inbox!, email, 2));
    await expect(dialog(page, 'Account')).toBeVisible({ timeout: 20_000 });
    const address = (await accountOutput(page).textContent()) as Address;

    const signing = hostRequest(page, 'personal_sign', [messageFor(testInfo.testId), address]);
    const approval = dialog(page, 'Approve Transaction');
    await expect(approval.getByRole('region', { name: 'Message' })).toBeVisible();
    await expectNoViolations(page, 'ApproveTransaction');

    // Tab and Shift+Tab go round inside the dialog: past the last and first elements and on to Approve again.
    const approveFocused = () => approveButton(page).evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element);
    for (const key of ['Tab', 'Shift+Tab']) {
      let approveReached = 0;
      for (let step = 0; step < 12; step++) {
        await page.keyboard.press(key);
        expect(await focusInsideModal(page), `${key} ×${step + 1}`).toBe(true);
        if (await approveFocused()) approveReached++;
      }
      expect(approveReached, `${key} cycles through the dialog`).toBeGreaterThanOrEqual(2);
    }
    await rejectButton(page).click();
    expect(await signing.outcome).toMatchObject({ ok: false, code: 4001 });
  });
});
