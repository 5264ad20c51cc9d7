// Pay in any namespace (issue 32): the host's `pay` option with a Solana recipient, paid in SOL on the local SVM
// (services/solana-rpc) from the injected Wallet Standard test wallet (e2e/fixtures/solana-wallet.ts) through the send
// path; from an EVM wallet the view offers the switch to Solana first; and a site without a Solana network says
// 'Chain is not supported' in the view instead of throwing at the host.
import type { Page } from '@playwright/test';
import { createSolanaRpc, signature as toSignature } from '@solana/kit';
import { DEV_ACCOUNTS } from '../fixtures/anvil.ts';
import { accountOutput, addressPattern, dialog, openDemo, WALLET } from '../fixtures/portico.ts';
import { airdrop, anvilNetwork, freshSolanaKey, solBalance, solanaLocalNetwork, useNetworks } from '../fixtures/solana.ts';
import { installSolanaWallet, setSolanaWalletMode, SOLANA_WALLET_NAME } from '../fixtures/solana-wallet.ts';
import { expect, test, type PorticoUrls } from '../fixtures/test.ts';

const SOLANA_EXPLORER = 'https://explorer.solana.com';

/** The pay flag on, and the host's payment (kept beside the networks `useNetworks` sets). */
async function usePayment(page: Page, pay: { recipient: string; amount: string; symbol: string }) {
  await page.addInitScript((payment) => {
    const host = window as unknown as { PORTICO_FEATURES?: object; PORTICO_OPTIONS?: object };
    host.PORTICO_FEATURES = { pay: true };
    host.PORTICO_OPTIONS = { ...host.PORTICO_OPTIONS, pay: payment };
  }, pay);
}

/** Opens the Pay view the way a host does (`portico.open({ view: 'Pay' })`). */
async function openPay(page: Page) {
  await page.evaluate(() => (window as unknown as { portico: { open(o: { view: string }): Promise<void> } }).portico.open({ view: 'Pay' }));
  return dialog(page, 'Pay');
}

/**
 * The demo on Anvil Local and Solana Local with the Solana test wallet installed (its payer holds 2 SOL) and a payment
 * of 0.5 SOL to a new Solana account.
 */
async function openEvmAndSolanaSite(page: Page, urls: PorticoUrls, solanaRpc: string) {
  const payer = await freshSolanaKey();
  const receiver = await freshSolanaKey();
  await airdrop(solanaRpc, payer.address, 2);
  await installSolanaWallet(page, { secretKey: payer.secretKey, rpcUrl: solanaRpc });
  await useNetworks(page, [anvilNetwork(urls.rpcUrl, urls.chainId), solanaLocalNetwork(solanaRpc)]);
  await usePayment(page, { recipient: receiver.address, amount: '0.5', symbol: 'SOL' });
  await openDemo(page, urls);
  return { payer, receiver };
}

/** The rows of the payment's review, "term: detail". */
const reviewRows = (pay: ReturnType<typeof dialog>) =>
  pay.getByRole('term').evaluateAll((terms) => terms.map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`));

test.describe('Pay on Solana', () => {
  test('pays 0.5 SOL on the local SVM from the Solana wallet: a decline can be retried, then it is confirmed with its signature', async ({ page, urls, env }) => {
    test.setTimeout(90_000);
    const payer = await freshSolanaKey();
    const receiver = await freshSolanaKey();
    await airdrop(env.solanaRpc!, payer.address, 5);
    await installSolanaWallet(page, { secretKey: payer.secretKey, rpcUrl: env.solanaRpc! });
    const solanaLocal = { ...solanaLocalNetwork(env.solanaRpc!), blockExplorers: { default: { name: 'Solana Explorer', url: SOLANA_EXPLORER } } };
    await useNetworks(page, [solanaLocal, anvilNetwork(urls.rpcUrl, urls.chainId)]);
    await usePayment(page, { recipient: receiver.address, amount: '0.5', symbol: 'SOL' });
    await openDemo(page, urls);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: SOLANA_WALLET_NAME }).click();
    await expect(dialog(page, 'Account').getByText('5 SOL', { exact: true })).toBeVisible({ timeout: 20_000 });

    const pay = await openPay(page);
    await expect(pay.getByRole('button', { name: 'Pay 0.5 SOL' })).toBeEnabled({ timeout: 20_000 });
    expect(await reviewRows(pay)).toEqual(['Amount: 0.5 SOL', `To: ${receiver.address.slice(0, 6)}…${receiver.address.slice(-4)}`, 'Network: Solana Local']);

    await setSolanaWalletMode(page, 'reject');
    await pay.getByRole('button', { name: 'Pay 0.5 SOL' }).click();
    await pay.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(pay.getByRole('alert')).toHaveText(/^Payment failed: Signature declined/);
    expect(await solBalance(env.solanaRpc!, receiver.address)).toBe(0n);

    await setSolanaWalletMode(page, 'approve');
    await pay.getByRole('button', { name: 'Try again' }).click();
    await expect(pay.getByRole('term').filter({ hasText: 'Network fee' })).toBeVisible();
    await pay.getByRole('button', { name: 'Confirm payment' }).click();
    const sent = pay.getByRole('status').filter({ hasText: 'Payment sent' });
    await expect(sent).toBeVisible({ timeout: 30_000 });
    await expect(sent).toContainText(`0.5 SOL to ${receiver.address.slice(0, 6)}…${receiver.address.slice(-4)}`);
    await expect(pay.getByRole('button', { name: 'Copy transaction hash' })).toBeVisible();
    // The explorer link names the transaction's signature, which the local SVM has confirmed.
    const href = await pay.getByRole('link', { name: 'View on block explorer' }).getAttribute('href');
    expect(href).toMatch(new RegExp(`^${SOLANA_EXPLORER}/tx/[1-9A-HJ-NP-Za-km-z]{64,88}$`));
    const { value } = await createSolanaRpc(env.solanaRpc!).getSignatureStatuses([toSignature(href!.split('/tx/')[1]!)]).send();
    expect(value[0]?.err).toBeNull();
    expect(value[0]?.confirmationStatus).toMatch(/^(confirmed|finalized)$/);
    expect(await solBalance(env.solanaRpc!, receiver.address)).toBe(500_000_000n);

    // Opened on its own by the host: Done leaves the one view, which closes the modal (spec §2).
    await pay.getByRole('button', { name: 'Done' }).click();
    await expect(dialog(page)).toBeHidden();
  });

  test('on an EVM network with both wallets connected: the Solana payment offers the switch to Solana Local, then Pay', async ({ page, urls, env }) => {
    test.setTimeout(90_000);
    const { payer } = await openEvmAndSolanaSite(page, urls, env.solanaRpc!);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: SOLANA_WALLET_NAME }).click();
    const account = dialog(page, 'Account');
    await expect(accountOutput(page)).toHaveText(payer.address, { timeout: 20_000 });
    // The EVM wallet beside it, on Anvil Local (Choose Network offers to connect one there).
    await account.getByRole('button', { name: /Solana Local/ }).click();
    await dialog(page, 'Choose Network').getByRole('button', { name: 'Anvil Local' }).click();
    await dialog(page, 'Choose Network').getByRole('button', { name: 'Connect a wallet for EVM' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    await expect(accountOutput(page)).toHaveText(addressPattern(DEV_ACCOUNTS[0]!), { timeout: 20_000 });

    const pay = await openPay(page);
    await expect(pay.getByText('This payment is on Solana Local. Your wallet is on Anvil Local.')).toBeVisible();
    await expect(pay.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await pay.getByRole('button', { name: 'Switch to Solana Local' }).click();
    await expect(pay.getByRole('button', { name: 'Pay 0.5 SOL' })).toBeEnabled({ timeout: 20_000 });
    expect(await reviewRows(pay)).toContain('Network: Solana Local');
    await expect(accountOutput(page)).toHaveText(payer.address);
  });

  test('with only an EVM wallet connected: Connect a wallet for Solana, and the wallet that connects brings the visitor back to Pay', async ({ page, urls, env }) => {
    test.setTimeout(90_000);
    const { payer } = await openEvmAndSolanaSite(page, urls, env.solanaRpc!);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    await expect(accountOutput(page)).toHaveText(addressPattern(DEV_ACCOUNTS[0]!), { timeout: 20_000 });

    const pay = await openPay(page);
    await pay.getByRole('button', { name: 'Connect a wallet for Solana' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: SOLANA_WALLET_NAME }).click();
    await expect(pay.getByRole('button', { name: 'Pay 0.5 SOL' })).toBeEnabled({ timeout: 20_000 });
    expect(await reviewRows(pay)).toContain('Network: Solana Local');
    await expect(accountOutput(page)).toHaveText(payer.address);
  });

  test('a Solana payment on a site with no Solana network: Chain is not supported in the view, nothing thrown at the host', async ({ page, urls }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await useNetworks(page, [anvilNetwork(urls.rpcUrl, urls.chainId)]);
    await usePayment(page, { recipient: (await freshSolanaKey()).address, amount: '0.5', symbol: 'SOL' });
    await openDemo(page, urls);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    await expect(accountOutput(page)).toHaveText(addressPattern(DEV_ACCOUNTS[0]!), { timeout: 20_000 });

    const pay = await openPay(page);
    await expect(pay.getByRole('alert')).toHaveText('Chain is not supported');
    await expect(pay.getByText('This payment needs a Solana network, and this site offers none.')).toBeVisible();
    await expect(pay.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
