// On-ramp against the real local parts: the onramp remote (its own origin), services/api's on-ramp
// routes and demo provider page, and anvil. The quote follows the typed amount (no button); completing
// the purchase in the provider's window really credits the account on chain, the modal moves on to the
// result by itself (it follows the API's purchase session), and the API's indexer puts the transfer in Activity.
// Dev account #1 is used by no other spec for balances.
import type { Locator, Page } from '@playwright/test';
import { createPublicClient, http, parseEther, type Address } from 'viem';
import { expectNoSeriousViolations } from '../fixtures/a11y.ts';
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

/** A quote row's value, by its term. */
const detail = (quote: Locator, term: string) => quote.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe('on-ramp', () => {
  test.use({ walletOptions: { account: BUYER } });

  test('buy 100 USD of ETH through the demo provider: quote as typed, presets, credited on chain, the modal shows the result by itself', async ({ page, urls }) => {
    const node = createPublicClient({ transport: http(urls.rpcUrl) });
    const before = await node.getBalance({ address: BUYER });
    const requests = recordRequests(page);
    await openDemo(page, urls, '/');
    await connect(page);
    const buy = await openBuy(page);
    const provider = buy.getByRole('button', { name: new RegExp(`^${PROVIDER.replace(/[()]/g, '\\$&')}`) });
    await expect(provider).toContainText('Fees 1-2%');
    await provider.click();

    await expect(buy.getByRole('button', { name: 'Buy: ETH' })).toBeVisible();
    await expect(buy.getByRole('button', { name: 'Currency: USD' })).toBeVisible();
    await expect(buy.getByText('Limits: $10.00–$7,500.00')).toBeVisible();
    await expect(buy.getByRole('button', { name: /quote/i })).toHaveCount(0);
    const amount = buy.getByRole('textbox', { name: 'Amount', exact: true });
    const quote = buy.getByLabel('Quote', { exact: true });
    const continueButton = buy.getByRole('button', { name: `Continue to ${PROVIDER}` });
    await expect(continueButton).toBeDisabled();

    // Typed: the quote arrives without a button.
    await amount.pressSequentially('100');
    await expect(detail(quote, 'Total')).toHaveText('$100.00');
    await expect(quote.getByRole('note')).toHaveCount(0); // a real quote, not the sample
    const fee = Number((await detail(quote, 'Fee').textContent())!.replace(/^\$/, ''));
    expect(fee).toBeGreaterThanOrEqual(1);
    expect(fee).toBeLessThanOrEqual(2);
    await expect(detail(quote, 'Subtotal')).toHaveText(/^\$\d+\.\d\d$/);
    const receive = buy.getByRole('textbox', { name: 'You receive' });
    await expect(receive).toHaveValue(/^0\.03\d*$/);
    await expect(buy.getByRole('radio', { name: '$100', exact: true })).toBeChecked();

    // A preset: the amount and the quote follow; the quote never shows the old total for the new amount.
    await buy.getByRole('radio', { name: '$250', exact: true }).check();
    await expect(amount).toHaveValue('250');
    await expect(detail(quote, 'Total')).toHaveText('$250.00');
    await expect(receive).toHaveValue(/^0\.08\d*$/);
    await buy.getByRole('radio', { name: '$100', exact: true }).check();
    await expect(detail(quote, 'Total')).toHaveText('$100.00');
    const quoted = Number(await receive.inputValue());
    await expectNoSeriousViolations(page, 'OnRampProviders, quote');

    // The remote came from its own origin, only now that Buy was opened.
    const onrampUrl = await page.evaluate(() => (window as unknown as { PORTICO_DEMO_CONFIG: { remotes: { onramp: string } } }).PORTICO_DEMO_CONFIG.remotes.onramp);
    expect(requests.to(onrampUrl).length).toBeGreaterThan(0);

    const popupPromise = page.waitForEvent('popup');
    await continueButton.click();
    const popup = await popupPromise;
    await popup.waitForURL(/\/onramp-demo\/\?session=/);
    await expect(buy.getByText(`Continue in the ${PROVIDER} window.`)).toBeVisible();
    await expect(buy.getByText('This screen moves on by itself when the purchase is done.')).toBeVisible();

    await expect(popup.getByRole('heading', { name: 'Buy ETH' })).toBeVisible();
    await expect(popup.getByLabel('Amount')).toHaveValue('100');
    await expect(popup.getByLabel('Currency')).toHaveValue('USD');
    await popup.getByRole('button', { name: 'Complete purchase' }).click();
    await expect(popup.getByRole('status')).toHaveText('Purchase complete', { timeout: 20_000 });
    const received = (await popup.locator('dt', { hasText: /^Received$/ }).locator('xpath=following-sibling::dd[1]').textContent())!;
    const [receivedAmount, receivedSymbol] = received.split(' ');
    expect(receivedSymbol).toBe('ETH');
    // The quote's amount, in human precision (4 significant digits).
    expect(Math.abs(Number(receivedAmount) - quoted) / quoted).toBeLessThan(0.001);
    const txHash = (await popup.getByTestId('tx-hash').textContent())!;
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);

    // The chain has it: exactly the purchased amount arrived.
    const after = await node.getBalance({ address: BUYER });
    expect(after - before).toBe(parseEther(receivedAmount!));

    // The modal moves on by itself, with the popup still open and nothing clicked.
    const result = buy.getByRole('status').filter({ hasText: 'Purchase complete' });
    await expect(result).toBeVisible({ timeout: 10_000 });
    // The amount in human precision (4 significant digits), as the quote showed it.
    await expect(result).toContainText(`${Number(Number(receivedAmount).toPrecision(4))} ETH`);
    await expect(result).toContainText(`$100.00 paid with ${PROVIDER}`);
    await expect(buy.getByTitle(txHash)).toBeVisible();
    await expect(buy.getByRole('button', { name: 'Copy transaction hash' })).toBeVisible();
    await expectNoSeriousViolations(page, 'OnRampProviders, purchase complete');
    await popup.close();

    // Activity: the indexer follows the chain; reopening the tab asks again until the transfer is there.
    await buy.getByRole('button', { name: 'Done' }).click();
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
    await expect(buy.getByText('Limits: $10.00–$7,500.00')).toBeVisible();
    await buy.getByRole('radio', { name: 'Bank account' }).check();
    await expect(buy.getByText('Limits: $10.00–$25,000.00')).toBeVisible();
    await buy.getByRole('button', { name: 'Currency: USD' }).click();
    const currencies = buy.getByRole('dialog', { name: 'Select a currency' });
    await expect(currencies.getByRole('button', { name: /^(USD|EUR) / })).toHaveCount(2);
    await currencies.getByRole('button', { name: /^EUR / }).click();
    await expect(buy.getByText('Limits: €10.00–€25,000.00')).toBeVisible();
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
