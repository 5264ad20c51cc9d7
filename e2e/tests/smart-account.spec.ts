// Smart accounts for the embedded wallet (issue 12): on the devchain, where the bundler runs, the embedded
// wallet has a smart account beside its EOA (Portico's account over Solady's ERC4337, EntryPoint v0.7; the
// demo starts on the EOA: demo/server.mjs says why). After "Switch to smart account", a send approved in
// ApproveTransaction goes to the bundler as a user operation, deploys the account and lands on chain.
import type { Address } from 'viem';
import { createPublicClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { previewSend } from '../fixtures/embedded.ts';
import { accountOutput, dialog, openDemo, useRealSendRemote } from '../fixtures/portico.ts';
import { PROVIDERS, socialLogin, uniqueUsername } from '../fixtures/social.ts';
import { expect, test } from '../fixtures/test.ts';

const github = PROVIDERS.find((provider) => provider.id === 'github')!;

test.describe('smart accounts', () => {
  test('switched to its smart account, a send goes as a user operation, deploys it and lands on chain', async ({ page, urls }, testInfo) => {
    // Login, the first user operation (account deployment included) and its receipt on a busy machine.
    test.setTimeout(120_000);
    const receiver = privateKeyToAddress(generatePrivateKey());
    const node = createPublicClient({ transport: http(urls.rpcUrl) });
    await useRealSendRemote(page, urls);
    await openDemo(page, urls);
    const eoa = await socialLogin(page, github, uniqueUsername(testInfo, 'smart'));
    const account = dialog(page, 'Account');
    await expect(account.getByText('EOA', { exact: true })).toBeVisible();
    await account.getByRole('button', { name: 'Switch to smart account' }).click();
    await expect(accountOutput(page)).not.toHaveText(eoa, { timeout: 20_000 });
    await expect(account.getByText('Smart account', { exact: true })).toBeVisible();
    await expect(account.getByText('This application might not support Smart Accounts')).toBeVisible();
    const address = (await accountOutput(page).textContent()) as Address;
    await expect(account.getByText('10 ETH', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(await node.getCode({ address })).toBeUndefined();

    const approval = await previewSend(page, receiver);
    await approval.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dialog(page, 'Send').getByText('Sent', { exact: true })).toBeVisible({ timeout: 60_000 });

    expect(await node.getBalance({ address: receiver })).toBe(parseEther('0.1'));
    // The first user operation deployed the account (smartAccountDeployed).
    expect((await node.getCode({ address }))?.length).toBeGreaterThan(2);
  });

  test('the host’s default account type: a page asking for smart accounts starts on it; Account switches to the EOA and back', async ({ page, urls }, testInfo) => {
    await page.addInitScript(() => {
      (window as unknown as { PORTICO_OPTIONS: unknown }).PORTICO_OPTIONS = { defaultAccountTypes: { eip155: 'smartAccount' } };
    });
    await openDemo(page, urls);
    const smartAccount = await socialLogin(page, github, uniqueUsername(testInfo, 'switch'));
    const account = dialog(page, 'Account');
    await expect(account.getByText('Smart account', { exact: true })).toBeVisible();
    await account.getByRole('button', { name: 'Switch to EOA' }).click();
    await expect(accountOutput(page)).not.toHaveText(smartAccount, { timeout: 20_000 });
    await expect(accountOutput(page)).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    await expect(account.getByText('EOA', { exact: true })).toBeVisible();
    await account.getByRole('button', { name: 'Switch to smart account' }).click();
    await expect(accountOutput(page)).toHaveText(smartAccount, { timeout: 20_000 });
  });
});
