// On-ramp against the real local parts: the onramp remote (its own origin), services/api's on-ramp
// routes and demo provider page, and anvil. Completing the purchase in the provider's window really
// credits the account on chain, and the API's indexer puts the transfer in Activity.
// Dev account #1 is used by no other spec for balances.
import type { Page } from '@playwright/test';
import { createPublicClient, http, parseEther, type Address } from 'viem';
import { DEV_ACCOUNTS } from '../fixtures/anvil.ts';
import { dialog, openDemo, openModal, recordRequests } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

const BUYER = DEV_ACCOUNTS[1] as Address;
const PROVIDER = 'Portico Pay (demo)';

async function connect(page: Page) {
  await openModal(page);
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Portico Test Wallet, installed', exact: true }).click();
  await expect(dialog(page, 'Account')).toBeVisible();
}

async function openBuy(page: Page) {
  await dialog(page, 'Account').getByRole('button', { name: 'Buy', exact: true }).click();
  const buy = dialog(page, 'Buy Crypto');
  await expect(buy.getByRole('list', { name: 'Choose a provider' })).toBeVisible();
  return buy;
}

test.describe('on-ramp', () => {
  test.use({ walletOptions: { account: BUYER } });

  test('buy 100 USD of ETH through the demo provider: credited on chain, shown in Activity', async ({ page, urls }) => {
    const node = createPublicClient({ transport: http(urls.rpcUrl) });
    const before = await node.getBalance({ address: BUYER });
    const requests = recordRequests(page);
    await openDemo(page, urls, '/');
    await connect(page);
    const buy = await openBuy(page);
    const provider = buy.getByRole('button', { name: new RegExp(`^${PROVIDER.replace(/[()]/g, '\\$&')}`) });
    await expect(provider).toContainText('Fees 1-2%');
    await provider.click();

    await expect(buy.getByLabel('Buy')).toHaveValue('ETH');
    await expect(buy.getByLabel('Currency')).toHaveValue('USD');
    await expect(buy.getByText('Limits: 10.00–7500.00 USD')).toBeVisible();
    await buy.getByLabel('Amount').fill('100');
    await buy.getByRole('button', { name: 'Get quote' }).click();
    const quote = buy.getByRole('region', { name: 'Quote' });
    await expect(quote).toBeVisible();
    await expect(quote.getByRole('note')).toHaveCount(0); // a real quote, not the sample
    const detail = (term: string) => quote.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(detail('Total')).toHaveText('100.00 USD');
    const fee = Number((await detail('Fee').textContent())!.split(' ')[0]);
    expect(fee).toBeGreaterThanOrEqual(1);
    expect(fee).toBeLessThanOrEqual(2);
    await expect(detail('Subtotal')).toHaveText(/^\d+\.\d\d USD$/);
    const quoted = (await detail('You receive').textContent())!;
    expect(quoted).toMatch(/^0\.03\d* ETH$/);

    // The remote came from its own origin, only now that Buy was opened.
    const onrampUrl = await page.evaluate(() => (window as unknown as { PORTICO_DEMO_CONFIG: { remotes: { onramp: string } } }).PORTICO_DEMO_CONFIG.remotes.onramp);
    expect(requests.to(onrampUrl).length).toBeGreaterThan(0);

    const popupPromise = page.waitForEvent('popup');
    await buy.getByRole('button', { name: `Continue to ${PROVIDER}` }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/\/onramp-demo\/\?session=/);
    await expect(dialog(page, 'Buy Crypto').getByText(`Continue in the ${PROVIDER} window.`)).toBeVisible();
    await expect(dialog(page, 'Buy Crypto').getByText('When the purchase is done, it appears in Activity.')).toBeVisible();

    await expect(popup.getByRole('heading', { name: 'Buy ETH' })).toBeVisible();
    await expect(popup.getByLabel('Amount')).toHaveValue('100');
    await expect(popup.getByLabel('Currency')).toHaveValue('USD');
    await popup.getByRole('button', { name: 'Complete purchase' }).click();
    await expect(popup.getByRole('status')).toHaveText('Purchase complete', { timeout: 20_000 });
    const received = (await popup.locator('dt', { hasText: /^Received$/ }).locator('xpath=following-sibling::dd[1]').textContent())!;
    expect(received).toBe(quoted);
    await expect(popup.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/);

    // The chain has it: exactly the purchased amount arrived.
    const after = await node.getBalance({ address: BUYER });
    expect(after - before).toBe(parseEther(received.split(' ')[0]!));
    await popup.close();

    // Activity: the indexer follows the chain; reopening the tab asks again until the transfer is there.
    await dialog(page, 'Buy Crypto').getByRole('button', { name: 'Back to account' }).click();
    const account = dialog(page, 'Account');
    await expect
      .poll(
        async () => {
          await account.getByRole('tab', { name: 'Tokens' }).click();
          await account.getByRole('tab', { name: 'Activity' }).click();
          return account.getByRole('list', { name: 'Activity' }).getByRole('listitem').filter({ hasText: /receive/i }).filter({ hasText: 'ETH' }).count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
  });

  test('options failure shows the canned sample data and says so', async ({ page, urls, env }) => {
    await page.route(`${env.api}/v1/onramp/options**`, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service unavailable' }) }),
    );
    await openDemo(page, urls, '/');
    await connect(page);
    const buy = await openBuy(page);
    await expect(buy.getByRole('note')).toContainText('sample data');
    await buy.getByRole('button', { name: /^Portico Pay \(demo\)/ }).click();
    await expect(buy.getByText('Limits: 10.00–7500.00 USD')).toBeVisible();
    await buy.getByLabel('Payment method').selectOption('ach_bank_account');
    await expect(buy.getByText('Limits: 10.00–25000.00 USD')).toBeVisible();
    await expect(buy.getByLabel('Currency').locator('option')).toHaveText(['USD', 'EUR']);
    await expect(buy.getByRole('note').first()).toContainText('sample data');
  });

  test('with the onramp flag off, no Buy and no request to the onramp remote', async ({ page, urls }) => {
    await page.addInitScript(() => {
      (window as unknown as { PORTICO_FEATURES: unknown }).PORTICO_FEATURES = { onramp: false };
    });
    const requests = recordRequests(page);
    await openDemo(page, urls, '/');
    const onrampUrl = await page.evaluate(() => (window as unknown as { PORTICO_DEMO_CONFIG: { remotes: { onramp?: string } } }).PORTICO_DEMO_CONFIG.remotes.onramp);
    expect(onrampUrl).toMatch(/\/remoteEntry\.js$/);
    await connect(page);
    const account = dialog(page, 'Account');
    await expect(account.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
    await expect(account.getByRole('button', { name: 'Buy', exact: true })).toHaveCount(0);
    await account.getByRole('tab', { name: 'Activity' }).click();
    // Even asked for by name, the view is refused without fetching the remote.
    await page.evaluate(() => (window as unknown as { portico: { open(o: { view: string }): Promise<void> } }).portico.open({ view: 'OnRampProviders' }));
    await expect(dialog(page).getByRole('alert')).toContainText('The onramp feature is turned off for this site.');
    await page.waitForLoadState('networkidle');
    expect(requests.to(onrampUrl!)).toEqual([]);
  });
});
