// Spec §3's MULTI_CHAIN connector (issue 32): one wallet that announces itself on eip155 (EIP-6963, the injected test
// wallet) and on Solana (the Wallet Standard test wallet, e2e/fixtures/solana-wallet.ts) under the same name is one
// row in Connect; picking it opens Select Chain (AppKit's ConnectingMultiChain), where the visitor picks the namespace
// and connects that side of the wallet.
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/a11y.ts';
import { DEV_ACCOUNTS } from '../fixtures/anvil.ts';
import { accountOutput, addressPattern, connectButton, dialog, openDemo } from '../fixtures/portico.ts';
import { anvilNetwork, freshSolanaKey, solanaLocalNetwork, useNetworks } from '../fixtures/solana.ts';
import { installSolanaWallet, SOLANA_WALLET_NAME } from '../fixtures/solana-wallet.ts';
import { expect, test, type PorticoUrls } from '../fixtures/test.ts';

// The EIP-6963 test wallet under the Solana test wallet's name: one wallet in two namespaces.
test.use({ walletOptions: { name: SOLANA_WALLET_NAME } });

/** Both wallets installed, Anvil Local and Solana Local configured, Connect open; resolves with the Solana address. */
async function openConnect(page: Page, urls: PorticoUrls, solanaRpc: string): Promise<{ connect: Locator; solanaAddress: string }> {
  const { secretKey, address } = await freshSolanaKey();
  await installSolanaWallet(page, { secretKey, rpcUrl: solanaRpc });
  await useNetworks(page, [anvilNetwork(urls.rpcUrl, urls.chainId), solanaLocalNetwork(solanaRpc)]);
  await openDemo(page, urls);
  await connectButton(page).click();
  return { connect: dialog(page, 'Connect Wallet'), solanaAddress: address };
}

/** The one row of the wallet in Connect, and Select Chain after picking it. */
async function selectChain(page: Page, connect: Locator): Promise<Locator> {
  const row = connect.getByRole('button', { name: `${SOLANA_WALLET_NAME}, installed`, exact: true });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAccessibleDescription('EVM, Solana');
  await row.click();
  const chains = dialog(page, 'Select Chain').getByRole('list', { name: `Chains of ${SOLANA_WALLET_NAME}` });
  await expect(chains.getByRole('button')).toHaveText(['EVM Networks', 'Solana']);
  return chains;
}

test.describe('a wallet on eip155 and Solana under one name (MULTI_CHAIN)', () => {
  test('one row; Select Chain → Solana connects its Solana side on Solana Local', async ({ page, urls, env }) => {
    const { connect, solanaAddress } = await openConnect(page, urls, env.solanaRpc!);
    const chains = await selectChain(page, connect);
    await expect(dialog(page, 'Select Chain').getByText(`Select Chain for ${SOLANA_WALLET_NAME}`)).toBeVisible();
    await expectNoSeriousViolations(page, 'ConnectingMultiChain');

    await chains.getByRole('button', { name: 'Solana', exact: true }).click();
    const account = dialog(page, 'Account');
    await expect(accountOutput(page)).toHaveText(solanaAddress, { timeout: 20_000 });
    await expect(account.getByRole('button', { name: /Solana Local/ })).toBeVisible();
  });

  test('by keyboard: Tab stays in the dialog to EVM Networks, Enter connects its EIP-6963 side on Anvil Local', async ({ page, urls, env }) => {
    const { connect } = await openConnect(page, urls, env.solanaRpc!);
    const chains = await selectChain(page, connect);
    const selectView = dialog(page, 'Select Chain');
    const evm = chains.getByRole('button', { name: 'EVM Networks', exact: true });
    // Focus starts on the view's heading; Tab walks the dialog's controls (Back, Close, the chains) and never leaves it.
    await expect(page.getByRole('heading', { name: 'Select Chain' })).toBeFocused();
    for (let presses = 0; presses < 6 && !(await evm.evaluate((element) => element.matches(':focus'))); presses++) {
      await page.keyboard.press('Tab');
      await expect(selectView.locator(':focus')).toHaveCount(1);
    }
    await expect(evm).toBeFocused();
    await page.keyboard.press('Enter');

    const account = dialog(page, 'Account');
    await expect(accountOutput(page)).toHaveText(addressPattern(DEV_ACCOUNTS[0]), { timeout: 20_000 });
    await expect(account.getByRole('button', { name: /Anvil Local/ })).toBeVisible();
  });
});
