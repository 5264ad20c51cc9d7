// The embedded wallet's approval gate for the host's own requests (issue 11: "The host's own
// provider.request(...) goes through the same gate"; spec section 6): the page calls
// `portico.getProvider().request(...)` after an email login, as a dapp would. Signatures wait for the secure
// site's own approval screen (issue 28: drawn in its frame, shown by the modal in ApproveTransaction), are decided
// there and verify for the embedded address; Back in the modal cancels (4001) and Close does not leave the request;
// a method on neither allow-list is refused and the modal says 'Action not allowed'; a safe read passes without
// asking. Then axe and the keyboard on the email login's views and the approval view with its frame.
import type { Page } from '@playwright/test';
import { toHex, type Address, type Hex } from 'viem';
import { expectNoViolations } from '../fixtures/a11y.ts';
import {
  APPROVAL,
  approvalDetail,
  approvalFrame,
  approvalFrameElement,
  approvalHeading,
  approvalMessage,
  approveButton,
  approveInFrame,
  approveDeviceByMail,
  codeField,
  codeFromMail,
  expectApprovalShown,
  hostRequest,
  loggedIn,
  nodeOf,
  rejectInFrame,
  uniqueEmail,
} from '../fixtures/embedded.ts';
import { accountOutput, button, dialog, openDemo, openModal } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

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

async function closeModal(page: Page) {
  await button(page, 'Close').click();
  await expect(dialog(page)).toBeHidden();
}

/** A text message the approval view must show as it is. */
const messageFor = (testId: string) => `Sign in to the Portico gate test\nrun ${testId}`;

/**
 * Focus is in the modal: inside the dialog, or in the secure site's frame while it shows an approval (the frame is the
 * modal element's own child drawn through its slot, outside the dialog element, over the view's body; the focus trap
 * lets focus into it).
 */
function focusInsideModalOrFrame(page: Page): Promise<boolean> {
  return page.evaluate((frameTitle) => {
    const host = document.querySelector('portico-modal');
    if (!host) return false;
    if (document.activeElement?.matches(`portico-modal > iframe[title="${frameTitle}"]`)) return true;
    const active = document.activeElement === host ? host.shadowRoot?.activeElement : undefined;
    if (!active) return false;
    const box = host.shadowRoot!.querySelector('[role="dialog"], dialog');
    return box ? box.contains(active) : true;
  }, APPROVAL.frameTitle);
}

/** What has the focus, for the failure message: the modal's element's name, or inside the frame its element's. */
async function focusedName(page: Page): Promise<string> {
  const outside = await page.evaluate((frameTitle) => {
    if (document.activeElement?.matches(`portico-modal > iframe[title="${frameTitle}"]`)) return 'frame';
    const active = document.querySelector('portico-modal')?.shadowRoot?.activeElement;
    if (!active) return `page: ${document.activeElement?.tagName ?? 'none'}`;
    return active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 30) ?? active.tagName;
  }, APPROVAL.frameTitle);
  if (outside !== 'frame') return outside;
  return `frame: ${await approveButton(page).evaluate((element) => {
    const active = element.ownerDocument.activeElement;
    return active?.getAttribute('aria-label') ?? active?.textContent?.trim().slice(0, 30) ?? active?.tagName ?? 'none';
  })}`;
}

/** The frame's Approve button has the focus: the page's focus is in the frame, and the frame's is on Approve. */
async function approveFocused(page: Page): Promise<boolean> {
  const inFrame = await page.evaluate(
    (frameTitle) => document.activeElement?.matches(`portico-modal > iframe[title="${frameTitle}"]`) ?? false,
    APPROVAL.frameTitle,
  );
  return inFrame && (await approveButton(page).evaluate((element) => element.ownerDocument.activeElement === element));
}

test.describe("the host's provider goes through the approval gate", () => {
  test('personal_sign: the message shown in the secure site’s frame before signing; approved there → a signature of the embedded address; rejected there → 4001', async ({ page, urls, env }, testInfo) => {
    test.setTimeout(60_000);
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    const message = messageFor(testInfo.testId);

    // Modal closed: the request opens it on ApproveTransaction.
    await closeModal(page);
    const signing = hostRequest(page, 'personal_sign', [message, address]);
    // The secure site's screen: the message as it is, who signs, on which network, for which page.
    await expectApprovalShown(page, 'personal_sign', { origin: new URL(urls.demo).origin, account: address, chainId: urls.chainId });
    await expect(approvalMessage(page)).toHaveText(message);
    // Nothing signed while the person has not decided (a bounded wait: it proves that nothing came back meanwhile).
    await page.waitForTimeout(500);
    expect(signing.settled()).toBe(false);
    await approveInFrame(page);
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
    await expect(approvalHeading(page, 'personal_sign')).toBeVisible({ timeout: 20_000 });
    await expect(approvalMessage(page)).toHaveText(message);
    expect(refused.settled()).toBe(false);
    await rejectInFrame(page);
    expect(await refused.outcome).toMatchObject({ ok: false, code: 4001 });
    await expect(dialog(page, 'Account')).toBeVisible();
  });

  test('eth_signTypedData_v4: domain, primary type and data shown in the frame; approved there → a signature of the embedded address', async ({ page, urls, env }, testInfo) => {
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
    await expectApprovalShown(page, 'eth_signTypedData_v4', { origin: new URL(urls.demo).origin, account: address, chainId: urls.chainId });
    await expect(approvalDetail(page, APPROVAL.terms.domain)).toHaveText(domain.name);
    await expect(approvalDetail(page, APPROVAL.terms.contract)).toHaveText(new RegExp(`^${domain.verifyingContract}$`, 'i'));
    await expect(approvalDetail(page, APPROVAL.terms.type)).toHaveText('Mail');
    const shown = approvalMessage(page);
    await expect(shown).toContainText(message.contents);
    await expect(shown).toContainText('Ada');
    await expect(shown).toContainText('Bob');
    expect(signing.settled()).toBe(false);
    await approveInFrame(page);
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
    await expect(dialog(page, APPROVAL.dialog)).toHaveCount(0);
  });

  test('while the frame shows an approval, Close does not leave it and Back cancels it: 4001, nothing signed, back on Account', async ({ page, urls, env }, testInfo) => {
    test.setTimeout(60_000);
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    const message = messageFor(testInfo.testId);
    const signing = hostRequest(page, 'personal_sign', [message, address]);
    const approval = dialog(page, APPROVAL.dialog);
    await expect(approvalHeading(page, 'personal_sign')).toBeVisible({ timeout: 20_000 });

    // Close is refused while the person has not decided: the view and the frame's screen stay, the request waits.
    await button(page, 'Close').click();
    // A bounded wait: it proves the modal did not close or answer meanwhile.
    await page.waitForTimeout(500);
    await expect(approval).toBeVisible();
    await expect(approvalHeading(page, 'personal_sign')).toBeVisible();
    expect(signing.settled()).toBe(false);

    // Back asks the frame to reject (CANCEL_APPROVAL): the page hears 4001 and the modal is on Account again.
    await approval.getByRole('button', { name: 'Back', exact: true }).click();
    expect(await signing.outcome).toMatchObject({ ok: false, code: 4001 });
    await expect(dialog(page, 'Account')).toBeVisible();
    // The modal hides the frame again.
    await expect(approvalFrameElement(page)).toBeHidden();
  });
});

test.describe('accessibility of the email login and the approval gate', () => {
  test('axe on Connect with the email form, EmailVerifyOtp and ApproveTransaction with its frame; Tab order and the focus trap through the frame', async ({ page, urls, env }, testInfo) => {
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
    await expect(dialog(page, APPROVAL.dialog)).toBeVisible({ timeout: 20_000 });
    await expect(approvalMessage(page)).toBeVisible({ timeout: 20_000 });
    // Approve is enabled once the frame has been seen for a moment: from then on it is in the tab order.
    await expect(approveButton(page)).toBeEnabled();
    // The modal and, through it, the secure site's frame (axe runs in frames too).
    await expectNoViolations(page, 'ApproveTransaction');
    await expect(approvalFrame(page).getByRole('heading', { level: 1 })).toHaveCount(1);

    // Tab and Shift+Tab go round the dialog and the frame over it: past the last and first elements and on to Approve again.
    for (const key of ['Tab', 'Shift+Tab']) {
      let approveReached = 0;
      const path: string[] = [];
      // Two rounds at least: the dialog's Back and Close, the frame (itself a stop) and its Message, Reject and Approve.
      for (let step = 0; step < 16; step++) {
        await page.keyboard.press(key);
        path.push(await focusedName(page));
        expect(await focusInsideModalOrFrame(page), `${key} ×${step + 1}: ${path.join(' → ')}`).toBe(true);
        if (await approveFocused(page)) approveReached++;
      }
      expect(approveReached, `${key} cycles through the dialog and the frame: ${path.join(' → ')}`).toBeGreaterThanOrEqual(2);
    }
    expect(signing.settled()).toBe(false);
    await rejectInFrame(page);
    expect(await signing.outcome).toMatchObject({ ok: false, code: 4001 });
  });
});
