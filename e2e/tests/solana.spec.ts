// Solana end to end (issue 13, first slice): the local SVM (services/solana-rpc over litesvm), an injected wallet
// speaking the Wallet Standard with a real ed25519 key (e2e/fixtures/solana-wallet.ts), and the modal's solana
// adapter: connect, the SOL balance from the chain, a SOL send approved in the wallet and checked on chain, a
// declined send, and switching between an EVM and a Solana network.
import { DEV_ACCOUNTS } from '../fixtures/anvil.ts';
import { accountOutput, addressPattern, dialog, openDemo, useRealSendRemote, WALLET } from '../fixtures/portico.ts';
import { airdrop, anvilNetwork, freshSolanaKey, solBalance, solanaLocalNetwork, useNetworks } from '../fixtures/solana.ts';
import { installSolanaWallet, setSolanaWalletMode, SOLANA_WALLET_NAME } from '../fixtures/solana-wallet.ts';
import { expect, test } from '../fixtures/test.ts';

test.describe('Solana on the local SVM', () => {
  test('connect the Wallet Standard wallet: Account shows its address and its SOL from the chain', async ({ page, urls, env }) => {
    const { secretKey, address } = await freshSolanaKey();
    await airdrop(env.solanaRpc!, address, 5);
    await installSolanaWallet(page, { secretKey, rpcUrl: env.solanaRpc! });
    await useNetworks(page, [solanaLocalNetwork(env.solanaRpc!), anvilNetwork(urls.rpcUrl, urls.chainId)]);
    await openDemo(page, urls);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: SOLANA_WALLET_NAME }).click();
    const account = dialog(page, 'Account');
    await expect(account).toBeVisible({ timeout: 20_000 });
    await expect(accountOutput(page)).toHaveText(address);
    await expect(account.getByText('5 SOL', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(account.getByRole('button', { name: /Solana Local/ })).toBeVisible();
  });

  test('send 0.5 SOL: approved in the wallet, it lands on the local SVM; a declined one sends nothing', async ({ page, urls, env }) => {
    test.setTimeout(90_000);
    const { secretKey, address } = await freshSolanaKey();
    const receiver = await freshSolanaKey();
    await airdrop(env.solanaRpc!, address, 5);
    await installSolanaWallet(page, { secretKey, rpcUrl: env.solanaRpc! });
    await useRealSendRemote(page, urls);
    await useNetworks(page, [solanaLocalNetwork(env.solanaRpc!), anvilNetwork(urls.rpcUrl, urls.chainId)]);
    await openDemo(page, urls);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: SOLANA_WALLET_NAME }).click();
    const account = dialog(page, 'Account');
    await expect(account.getByText('5 SOL', { exact: true })).toBeVisible({ timeout: 20_000 });

    await account.getByRole('button', { name: 'Send', exact: true }).click();
    const send = dialog(page, 'Send');
    await send.getByRole('radio', { name: /^SOL, balance/ }).check();
    await send.getByLabel('Amount').fill('0.5');
    // A receiver that is not a Solana address is refused before anything is signed.
    await send.getByLabel('Receiver address').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    await send.getByRole('button', { name: 'Preview send' }).click();
    await expect(send.getByRole('alert')).toHaveText('Invalid address');
    await send.getByLabel('Receiver address').fill(receiver.address);

    await setSolanaWalletMode(page, 'reject');
    await send.getByRole('button', { name: 'Preview send' }).click();
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(send.getByRole('alert')).toContainText('Signature declined');
    expect(await solBalance(env.solanaRpc!, receiver.address)).toBe(0n);

    await setSolanaWalletMode(page, 'approve');
    await send.getByRole('button', { name: 'Try again' }).click();
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(send.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect(await solBalance(env.solanaRpc!, receiver.address)).toBe(500_000_000n);
  });

  test('both namespaces: a Solana wallet and an EVM wallet connected side by side; switching networks shows each one’s account', async ({ page, urls, env }) => {
    const { secretKey, address } = await freshSolanaKey();
    await installSolanaWallet(page, { secretKey, rpcUrl: env.solanaRpc! });
    await useNetworks(page, [anvilNetwork(urls.rpcUrl, urls.chainId), solanaLocalNetwork(env.solanaRpc!)]);
    await openDemo(page, urls);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: SOLANA_WALLET_NAME }).click();
    const account = dialog(page, 'Account');
    await expect(accountOutput(page)).toHaveText(address, { timeout: 20_000 });

    // On the EVM network nothing is connected yet: connect the injected EVM wallet there.
    await account.getByRole('button', { name: /Solana Local/ }).click();
    await dialog(page, 'Choose Network').getByRole('button', { name: 'Anvil Local' }).click();
    await expect(account.getByText('No wallet is connected.')).toBeVisible();
    await account.getByRole('button', { name: 'Connect a wallet' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: WALLET, exact: true }).click();
    await expect(account.getByRole('button', { name: /Anvil Local/ })).toBeVisible({ timeout: 20_000 });
    await expect(accountOutput(page)).toHaveText(addressPattern(DEV_ACCOUNTS[0]));

    // Back on Solana: the Solana wallet's account, still connected.
    await account.getByRole('button', { name: /Anvil Local/ }).click();
    await dialog(page, 'Choose Network').getByRole('button', { name: 'Solana Local' }).click();
    await expect(account.getByRole('button', { name: /Solana Local/ })).toBeVisible();
    await expect(accountOutput(page)).toHaveText(address);
  });
});
