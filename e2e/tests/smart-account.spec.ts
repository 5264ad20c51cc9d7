// Smart accounts for the embedded wallet (issue 12): on the devchain, where the bundler runs, the embedded
// wallet starts on its smart account (Portico's account over Solady's ERC4337, EntryPoint v0.7; spec §5's
// default). A send approved in the secure site's approval screen (its frame in ApproveTransaction, issue 28) goes to the bundler as a user operation, deploys the account,
// lands on chain and shows in Activity; a host's wallet_sendCalls is one user operation; sign-in (SIWX) verifies
// the smart account's signature; a host asking for EOAs starts on the EOA and switches.
import type { Page } from '@playwright/test';
import { createPublicClient, http, parseEther, toHex, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import {
  APPROVAL,
  approvalDetail,
  approvalFrame,
  approvalFrameElement,
  approvalHeading,
  approvalMessage,
  approveInFrame,
  expectApprovalShown,
  previewSend,
  rejectInFrame,
  sameAddress,
} from '../fixtures/embedded.ts';
import { accountOutput, dialog, openDemo, useRealSendRemote } from '../fixtures/portico.ts';
import { openSiwxDemo, pageToken, sessionsApi, signedInAs, signedInOutput, SIGN_IN_TITLE } from '../fixtures/siwx.ts';
import { openProviderPopup, PROVIDERS, signInAtProvider, socialLogin, uniqueUsername } from '../fixtures/social.ts';
import { expect, test } from '../fixtures/test.ts';

const github = PROVIDERS.find((provider) => provider.id === 'github')!;
const NOT_DEPLOYED = 'Deploys with your first transaction';
const freshReceiver = () => privateKeyToAddress(generatePrivateKey());

/** `portico.getProvider().request(...)` from the page, as a dapp would call it. */
function hostRequest(page: Page, method: string, params: unknown[]): Promise<unknown> {
  return page.evaluate(
    ({ method, params }) => {
      type Provider = { request(args: { method: string; params: unknown[] }): Promise<unknown> };
      const portico = (window as unknown as { portico: { getProvider(): Provider | undefined } }).portico;
      return portico.getProvider()!.request({ method, params });
    },
    { method, params },
  );
}

test.describe('smart accounts', () => {
  test('the embedded wallet starts on its smart account; a send goes as a user operation, deploys it, lands on chain and shows in Activity', async ({
    page,
    urls,
  }, testInfo) => {
    // Login, the first user operation (account deployment included), its receipt and the indexer on a busy machine.
    test.setTimeout(120_000);
    const receiver = freshReceiver();
    const node = createPublicClient({ transport: http(urls.rpcUrl) });
    await useRealSendRemote(page, urls);
    await openDemo(page, urls);
    const address = (await socialLogin(page, github, uniqueUsername(testInfo, 'smart'))) as Address;
    const account = dialog(page, 'Account');
    await expect(account.getByText('Smart account', { exact: true })).toBeVisible();
    await expect(account.getByText(NOT_DEPLOYED)).toBeVisible();
    await expect(account.getByText('10 ETH', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(await node.getCode({ address })).toBeUndefined();

    await previewSend(page, receiver);
    // The screen says who sends and that the smart account pays the fee (its user operation's, set by the bundler).
    await expect(approvalDetail(page, APPROVAL.terms.account)).toHaveText(sameAddress(address));
    await expect(approvalDetail(page, APPROVAL.terms.fee)).toHaveText(APPROVAL.feeBySmartAccount);
    expect(await node.getBalance({ address: receiver })).toBe(0n);
    await approveInFrame(page);
    await expect(dialog(page, 'Send').getByText('Sent', { exact: true })).toBeVisible({ timeout: 60_000 });
    expect(await node.getBalance({ address: receiver })).toBe(parseEther('0.1'));
    // The first user operation deployed the account (smartAccountDeployed), and Account says so.
    expect((await node.getCode({ address }))?.length).toBeGreaterThan(2);

    await dialog(page, 'Send').getByRole('button', { name: 'Done' }).click();
    await expect(account.getByText(NOT_DEPLOYED)).toHaveCount(0, { timeout: 20_000 });
    // Activity: the send from the smart account, an inner call of the bundler's transaction.
    await expect
      .poll(
        async () => {
          await account.getByRole('tab', { name: 'Tokens' }).click();
          await account.getByRole('tab', { name: 'Activity' }).click();
          return account.getByRole('list', { name: 'Activity' }).getByRole('listitem').filter({ hasText: '0.1 ETH' }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    // Deployed, the account signs as ERC-1271 (no ERC-6492 wrapper): the node verifies it for the account's address.
    const message = `Deployed ${testInfo.testId}`;
    const signing = hostRequest(page, 'personal_sign', [message, address]);
    await expectApprovalShown(page, 'personal_sign', { origin: new URL(urls.demo).origin, account: address, chainId: urls.chainId });
    await expect(approvalMessage(page)).toHaveText(message);
    await approveInFrame(page);
    const signature = (await signing) as Hex;
    expect(signature.endsWith('6492'.repeat(16))).toBe(false);
    expect(await node.verifyMessage({ address, message, signature })).toBe(true);
  });

  test('wallet_sendCalls from the host: approved once, both calls in one user operation; wallet_getCallsStatus says confirmed', async ({ page, urls }, testInfo) => {
    test.setTimeout(120_000);
    const [first, second] = [freshReceiver(), freshReceiver()];
    const node = createPublicClient({ transport: http(urls.rpcUrl) });
    await openDemo(page, urls);
    const address = (await socialLogin(page, github, uniqueUsername(testInfo, 'calls'))) as Address;
    await expect(dialog(page, 'Account').getByText('10 ETH', { exact: true })).toBeVisible({ timeout: 20_000 });
    const chainId = toHex(urls.chainId);
    const capabilities = (await hostRequest(page, 'wallet_getCapabilities', [address, [chainId]])) as Record<string, { atomic?: { status: string } }>;
    expect(capabilities[chainId]?.atomic?.status).toBe('supported');

    const sending = hostRequest(page, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId,
        from: address,
        atomicRequired: true,
        calls: [
          { to: first, value: toHex(parseEther('0.01')) },
          { to: second, value: toHex(parseEther('0.02')) },
        ],
      },
    ]);
    // One screen for the whole batch: each call's recipient and amount, from the smart account.
    await expectApprovalShown(page, 'wallet_sendCalls', { origin: new URL(urls.demo).origin, account: address, chainId: urls.chainId });
    const screen = approvalFrame(page);
    await expect(screen.getByText(sameAddress(first))).toBeVisible();
    await expect(screen.getByText(sameAddress(second))).toBeVisible();
    await expect(screen.getByText(APPROVAL.eth(parseEther('0.01')), { exact: true })).toBeVisible();
    await expect(screen.getByText(APPROVAL.eth(parseEther('0.02')), { exact: true })).toBeVisible();
    // Nothing sent while the person has not decided.
    expect(await node.getBalance({ address: first })).toBe(0n);
    await approveInFrame(page);
    const { id } = (await sending) as { id: Hex };

    type CallsStatus = { status: number; atomic: boolean; receipts?: { transactionHash: Hex }[] };
    await expect.poll(async () => ((await hostRequest(page, 'wallet_getCallsStatus', [id])) as CallsStatus).status, { timeout: 60_000 }).toBe(200);
    const status = (await hostRequest(page, 'wallet_getCallsStatus', [id])) as CallsStatus;
    expect(status.atomic).toBe(true);
    expect(status.receipts).toHaveLength(1);
    expect(await node.getBalance({ address: first })).toBe(parseEther('0.01'));
    expect(await node.getBalance({ address: second })).toBe(parseEther('0.02'));
  });

  test('sign-in (SIWX, required) with the smart account: its signature verifies on the API (ERC-6492 before deployment)', async ({ page, urls, env }, testInfo) => {
    test.setTimeout(120_000);
    await openSiwxDemo(page, urls.demo, 'required');
    const popup = await openProviderPopup(page, github);
    const closed = popup.waitForEvent('close');
    await signInAtProvider(popup, uniqueUsername(testInfo, 'siwx'));
    await closed;

    const signView = dialog(page, SIGN_IN_TITLE);
    await expect(signView).toBeVisible({ timeout: 20_000 });
    // Spec §2: a pending transaction cancelled in the frame returns to the view before it, which says why.
    await signView.getByRole('button', { name: 'Sign', exact: true }).click();
    await rejectInFrame(page);
    await expect(signView.getByText('Signature declined')).toBeVisible({ timeout: 20_000 });
    await expect(approvalFrameElement(page)).toBeHidden();

    await signView.getByRole('button', { name: 'Try again', exact: true }).click();
    await expect(approvalHeading(page, 'personal_sign')).toBeVisible({ timeout: 20_000 });
    await expect(approvalMessage(page)).toContainText('wants you to sign in with your Ethereum account');
    await approveInFrame(page);

    // Its success (the replace flow, no ConnectingSiwe before it): the modal closes, signed in.
    await expect(dialog(page)).toBeHidden({ timeout: 20_000 });
    const address = (await accountOutput(page).textContent()) as Address;
    await expect(signedInOutput(page)).toHaveText(signedInAs(address), { timeout: 20_000 });
    const node = createPublicClient({ transport: http(urls.rpcUrl) });
    expect(await node.getCode({ address })).toBeUndefined();
    // Listed with the page's sign-in token: the list text's signature would have to be the smart account's own.
    const token = await pageToken(page, address);
    expect(token, 'window.porticoSiwx.getToken').toBeDefined();
    const sessions = await sessionsApi(env.api!).sessionsWithToken(address, token!);
    expect(sessions.map((session) => session.data.accountAddress.toLowerCase())).toEqual([address.toLowerCase()]);
  });

  test('a host asking for EOAs starts on the EOA; Account switches to the smart account (with the spec’s notice) and back', async ({ page, urls }, testInfo) => {
    await page.addInitScript(() => {
      (window as unknown as { PORTICO_OPTIONS: unknown }).PORTICO_OPTIONS = { defaultAccountTypes: { eip155: 'eoa' } };
    });
    await openDemo(page, urls);
    const eoa = await socialLogin(page, github, uniqueUsername(testInfo, 'switch'));
    const account = dialog(page, 'Account');
    await expect(account.getByText('EOA', { exact: true })).toBeVisible();
    await account.getByRole('button', { name: 'Switch to smart account' }).click();
    await expect(accountOutput(page)).not.toHaveText(eoa, { timeout: 20_000 });
    await expect(accountOutput(page)).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    await expect(account.getByText('Smart account', { exact: true })).toBeVisible();
    await expect(account.getByText('This application might not support Smart Accounts')).toBeVisible();
    await account.getByRole('button', { name: 'Switch to EOA' }).click();
    await expect(accountOutput(page)).toHaveText(eoa, { timeout: 20_000 });
  });
});
