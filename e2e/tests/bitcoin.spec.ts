// Bitcoin (issue 13, bip122): an injected wallet speaking the Wallet Standard's bitcoin features with a real
// secp256k1 key (e2e/fixtures/bitcoin-wallet.ts) and the modal's bip122 adapter: connect (the account is the
// payment address, spec section 3), a declined connect, and a message signed through the host API's provider,
// verified here with BIP-322 (bip322-js).
import { Verifier } from 'bip322-js';
import { accountOutput, dialog, openDemo } from '../fixtures/portico.ts';
import { anvilNetwork, useNetworks } from '../fixtures/solana.ts';
import { BITCOIN_WALLET_NAME, bitcoinTestnetNetwork, freshBitcoinKey, installBitcoinWallet, setBitcoinWalletMode } from '../fixtures/bitcoin-wallet.ts';
import { expect, test } from '../fixtures/test.ts';

type HostWindow = {
  portico: {
    getAccount(namespace: string): { address?: string; allAccounts: Array<{ address: string; type: string }> };
    getProvider(namespace: string): {
      accounts: Array<{ address: string }>;
      features: Record<string, { signMessage(input: { account: unknown; message: Uint8Array }): Promise<Array<{ signature: Uint8Array }>> }>;
    };
  };
};

test.describe('Bitcoin through the Wallet Standard', () => {
  test.beforeEach(async ({ page, urls }) => {
    await useNetworks(page, [bitcoinTestnetNetwork, anvilNetwork(urls.rpcUrl, urls.chainId)]);
  });

  test('connect: Account shows the payment address on Bitcoin Testnet; the ordinals address is listed beside it', async ({ page, urls }) => {
    const { payment, ordinals } = await installBitcoinWallet(page, { secretKey: freshBitcoinKey() });
    await openDemo(page, urls);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: BITCOIN_WALLET_NAME }).click();
    const account = dialog(page, 'Account');
    await expect(account).toBeVisible({ timeout: 20_000 });
    await expect(accountOutput(page)).toHaveText(payment);
    await expect(account.getByRole('button', { name: /Bitcoin Testnet/ })).toBeVisible();
    const listed = await page.evaluate(() => (window as unknown as HostWindow).portico.getAccount('bip122').allAccounts);
    expect(listed).toEqual([
      { namespace: 'bip122', address: payment, type: 'payment' },
      { namespace: 'bip122', address: ordinals, type: 'eoa' },
    ]);
  });

  test('a declined connect leaves nothing connected; trying again connects', async ({ page, urls }) => {
    const { payment } = await installBitcoinWallet(page, { secretKey: freshBitcoinKey(), mode: 'reject' });
    await openDemo(page, urls);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: BITCOIN_WALLET_NAME }).click();
    await expect(dialog(page).getByText('Connection declined')).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as HostWindow).portico.getAccount('bip122').address)).toBeUndefined();
    await setBitcoinWalletMode(page, 'approve');
    await dialog(page).getByRole('button', { name: 'Try again', exact: true }).click();
    await expect(accountOutput(page)).toHaveText(payment, { timeout: 20_000 });
  });

  test('sign a message through the host API (getProvider): the BIP-322 signature verifies for the payment address', async ({ page, urls }) => {
    const { payment } = await installBitcoinWallet(page, { secretKey: freshBitcoinKey() });
    await openDemo(page, urls);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: BITCOIN_WALLET_NAME }).click();
    await expect(accountOutput(page)).toHaveText(payment, { timeout: 20_000 });

    const message = 'Sign in to the Portico demo ✓';
    const signature = await page.evaluate(async (text) => {
      const { portico } = window as unknown as HostWindow;
      const address = portico.getAccount('bip122').address;
      const wallet = portico.getProvider('bip122');
      const account = wallet.accounts.find((candidate) => candidate.address === address);
      const [output] = await wallet.features['bitcoin:signMessage']!.signMessage({ account, message: new TextEncoder().encode(text) });
      return btoa(String.fromCharCode(...output!.signature));
    }, message);
    expect(Verifier.verifySignature(payment, message, signature)).toBe(true);
    expect(Verifier.verifySignature(payment, 'another message', signature)).toBe(false);
  });
});
