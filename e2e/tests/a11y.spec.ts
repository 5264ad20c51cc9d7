// axe-core on every registered view of the modal (issue 8): 0 serious or critical violations.
// Each view is reached the way a person would (or through the page's `portico.open({ view })`
// where no button leads there), and checked once its content has loaded.
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/a11y.ts';
import { DEV_ACCOUNTS } from '../fixtures/anvil.ts';
import { WALLET, button, dialog, openDemo, openModal } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';
import { pickToken } from '../fixtures/tokens.ts';

async function connect(page: Page): Promise<Locator> {
  await openModal(page);
  await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
  const account = dialog(page, 'Account');
  await expect(account.getByText('10,000 ETH')).toBeVisible();
  return account;
}

test.describe('axe on every view', () => {
  // Several views per test, each with a full axe run (a few seconds each on a busy 2-core machine).
  test.describe.configure({ timeout: 90_000 });

  test('Connect, AllWallets, ConnectingWalletConnect, ConnectingExternal', async ({ page, urls, wallet }) => {
    await openDemo(page, urls, '/');
    await openModal(page);
    const connectView = dialog(page, 'Connect Wallet');
    await expect(connectView.getByRole('button', { name: `${WALLET}, installed`, exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'Connect');

    await connectView.getByRole('button', { name: 'All Wallets', exact: true }).click();
    const allWallets = dialog(page, 'All Wallets');
    await expect(allWallets.getByRole('button', { name: 'Rainbow', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'AllWallets');
    await button(page, 'Back').click();

    await dialog(page, 'Connect Wallet').getByRole('button', { name: 'WalletConnect, QR code', exact: true }).click();
    await expect(dialog(page, 'WalletConnect').getByRole('img', { name: 'QR code for WalletConnect' })).toBeVisible();
    await expectNoSeriousViolations(page, 'ConnectingWalletConnect');
    await button(page, 'Back').click();

    await wallet.setMode(page, 'manual');
    await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    await expect(dialog(page, WALLET).getByText(`Continue in ${WALLET}`)).toBeVisible();
    await expectNoSeriousViolations(page, 'ConnectingExternal');
    await wallet.settlePending(page, 'reject');
    await expect(dialog(page, WALLET).getByRole('button', { name: 'Try again', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'ConnectingExternal, declined');
  });

  test('Account and its tabs, Networks, WalletReceive', async ({ page, urls }) => {
    await openDemo(page, urls, '/');
    const account = await connect(page);
    await expectNoSeriousViolations(page, 'Account');

    await account.getByRole('tab', { name: 'Tokens' }).click();
    await expect(account.getByRole('list', { name: 'Tokens' })).toBeVisible();
    await expectNoSeriousViolations(page, 'Account, Tokens');
    await account.getByRole('tab', { name: 'NFTs' }).click();
    await expect(account.getByRole('list', { name: 'NFTs' }).getByRole('img').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'Account, NFTs');
    await account.getByRole('tab', { name: 'Activity' }).click();
    await expect(account.getByRole('list', { name: 'Activity' }).or(account.getByText('No activity yet'))).toBeVisible();
    await expectNoSeriousViolations(page, 'Account, Activity');

    await account.getByRole('button', { name: /Anvil Local/ }).click();
    await expect(dialog(page, 'Choose Network').getByRole('button', { name: 'Anvil Second' })).toBeVisible();
    await expectNoSeriousViolations(page, 'Networks');
    await button(page, 'Back').click();

    await dialog(page, 'Account').getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(dialog(page, 'Receive').getByRole('img', { name: 'QR code for your address' })).toBeVisible();
    await expectNoSeriousViolations(page, 'WalletReceive');
  });

  test('UnsupportedChain', async ({ page, urls, wallet }) => {
    await openDemo(page, urls, '/');
    await connect(page);
    await button(page, 'Close').click();
    await wallet.emitChainChanged(page, '0x1');
    await expect(dialog(page, 'Switch Network').getByText(/Unsupported chain/)).toBeVisible();
    await expectNoSeriousViolations(page, 'UnsupportedChain');
  });

  test('WalletSend and its preview', async ({ page, urls }) => {
    // The demo's default `send` URL is a 404 for the feature-flag tests: use the real remote.
    await page.addInitScript(
      (remotes) => {
        (window as unknown as { PORTICO_OPTIONS: unknown }).PORTICO_OPTIONS = { remotes };
      },
      { connect: `${urls.connect}/remoteEntry.js`, account: `${urls.account}/remoteEntry.js`, send: process.env.PORTICO_E2E_SEND_URL! },
    );
    await openDemo(page, urls, '/');
    const account = await connect(page);
    await account.getByRole('button', { name: 'Send', exact: true }).click();
    const send = dialog(page, 'Send');
    await expect(send.getByRole('button', { name: 'Token: ETH' })).toBeVisible();
    await expectNoSeriousViolations(page, 'WalletSend');
    await pickToken(send, 'Token', 'ETH');
    await send.getByLabel('Amount').fill('0.5');
    await send.getByLabel('Receiver address').fill(DEV_ACCOUNTS[6]!);
    await send.getByRole('button', { name: 'Preview send' }).click();
    await expect(send.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'WalletSend, preview');
  });

  test('Swap, OnRampProviders, RegisterAccountName', async ({ page, urls }) => {
    await openDemo(page, urls, '/');
    const account = await connect(page);
    await account.getByRole('button', { name: 'Swap', exact: true }).click();
    await expect(dialog(page, 'Swap').getByRole('button', { name: /^You pay: / })).toBeVisible();
    await expectNoSeriousViolations(page, 'Swap');
    await button(page, 'Back').click();

    await dialog(page, 'Account').getByRole('button', { name: 'Buy', exact: true }).click();
    const buy = dialog(page, 'Buy Crypto');
    await expect(buy.getByRole('list', { name: 'Choose a provider' })).toBeVisible();
    await expectNoSeriousViolations(page, 'OnRampProviders');
    await buy.getByRole('button', { name: /^Portico Pay \(demo\)/ }).click();
    await expect(buy.getByLabel('Amount')).toBeVisible();
    await expectNoSeriousViolations(page, 'OnRampProviders, amount');
    await button(page, 'Back').click();

    await dialog(page, 'Account').getByRole('button', { name: 'Choose a name for this account' }).click();
    await expect(dialog(page, 'Choose Name').getByRole('textbox', { name: 'Name' })).toBeVisible();
    await expectNoSeriousViolations(page, 'RegisterAccountName');
  });

  test('Pay', async ({ page, urls }) => {
    await page.addInitScript((recipient) => {
      const demo = window as unknown as { PORTICO_FEATURES: unknown; PORTICO_OPTIONS: unknown };
      demo.PORTICO_FEATURES = { pay: true };
      demo.PORTICO_OPTIONS = { pay: { recipient, amount: '0.01', symbol: 'ETH' } };
    }, DEV_ACCOUNTS[6]!);
    await openDemo(page, urls, '/');
    await connect(page);
    await page.evaluate(() => (window as unknown as { portico: { open(o: { view: string }): Promise<void> } }).portico.open({ view: 'Pay' }));
    await expect(dialog(page, 'Pay').getByRole('button', { name: /^Pay/ })).toBeEnabled();
    await expectNoSeriousViolations(page, 'Pay');
  });
});
