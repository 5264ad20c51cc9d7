// WalletConnect through the product's own relay, with a real wallet client (SignClient) on the
// other end, as a phone would be: it reads the pairing URI from the modal, then approves.
import { qrText } from '../fixtures/qr.ts';
import { verifyMessage } from 'viem';
import { BALANCE, accountOutput, addressPattern, button, dialog, openDemo, openModal } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';
import { copiedUri, openWalletConnect } from '../fixtures/walletconnect-page.ts';
import { WC_ACCOUNT, startWcWallet, type WcWallet } from '../fixtures/wc-wallet.ts';

let wallet: WcWallet;

test.beforeEach(async ({ env, context, urls }) => {
  wallet = await startWcWallet(env.relay!);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(urls.demo).origin });
});

test.afterEach(async () => {
  await wallet.stop();
});

test.describe('WalletConnect with a wallet on the relay', () => {
  test('QR and Copy link carry the same wc: URI; the wallet approves; Account shows its account and balance', async ({ page, urls }) => {
    await openDemo(page, urls, '/');
    await openWalletConnect(page);
    const uri = await copiedUri(page);
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    expect(await qrText(page, 'QR code for WalletConnect')).toBe(uri);

    await wallet.pair(uri);
    const account = dialog(page, 'Account');
    await expect(account).toBeVisible();
    await expect(account.getByText(BALANCE)).toBeVisible();
    await expect(accountOutput(page)).toHaveText(addressPattern(WC_ACCOUNT.address));
  });

  test('personal_sign from the host page is answered by the wallet and verifies', async ({ page, urls }) => {
    await openDemo(page, urls, '/');
    await openWalletConnect(page);
    await wallet.pair(await copiedUri(page));
    await expect(accountOutput(page)).toHaveText(addressPattern(WC_ACCOUNT.address));

    const message = 'Sign in to Portico demo';
    const signature = await page.evaluate(
      ({ message, address }) =>
        (window as unknown as { portico: { getProvider(): { request(args: unknown): Promise<string> } } }).portico
          .getProvider()
          .request({ method: 'personal_sign', params: [message, address] }),
      { message, address: WC_ACCOUNT.address },
    );
    expect(await verifyMessage({ address: WC_ACCOUNT.address, message, signature: signature as `0x${string}` })).toBe(true);
    expect(wallet.signed).toHaveLength(1);
  });

  test('a reload restores the session without any prompt; a wallet-side disconnect reaches the page', async ({ page, urls }) => {
    await openDemo(page, urls, '/');
    await openWalletConnect(page);
    await wallet.pair(await copiedUri(page));
    await expect(accountOutput(page)).toHaveText(addressPattern(WC_ACCOUNT.address));

    await page.reload();
    await expect(accountOutput(page)).toHaveText(addressPattern(WC_ACCOUNT.address));
    await openModal(page);
    await expect(dialog(page, 'Account').getByText(BALANCE)).toBeVisible();

    await wallet.disconnectAll();
    await expect(accountOutput(page)).toHaveText('Not connected');
  });

  test('a wallet that rejects the session shows a clear error; Try again pairs with a fresh URI', async ({ page, urls }) => {
    await openDemo(page, urls, '/');
    await openWalletConnect(page);
    wallet.answerProposals('reject');
    const firstUri = await copiedUri(page);
    await wallet.pair(firstUri);
    await expect(dialog(page).getByRole('alert')).toContainText('Connection declined');

    wallet.answerProposals('approve');
    await button(page, 'Try again').click();
    await expect(page.getByRole('img', { name: 'QR code for WalletConnect' })).toBeVisible();
    const secondUri = await copiedUri(page);
    expect(secondUri).not.toBe(firstUri);
    await wallet.pair(secondUri);
    await expect(accountOutput(page)).toHaveText(addressPattern(WC_ACCOUNT.address));
  });

  test('an expired pairing is replaced by a new URI', async ({ page, urls }) => {
    await page.clock.install();
    await openDemo(page, urls, '/');
    await openWalletConnect(page);
    const firstUri = await copiedUri(page);
    // 4 minutes lifetime; a URI with 10 s or less left is expired.
    await page.clock.fastForward('03:51');
    let freshUri = firstUri;
    await expect.poll(async () => (freshUri = await copiedUri(page)), { timeout: 15_000 }).not.toBe(firstUri);
    expect(freshUri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    expect(await qrText(page, 'QR code for WalletConnect')).toBe(freshUri);
  });
});
