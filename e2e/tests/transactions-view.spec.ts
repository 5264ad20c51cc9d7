// The Transactions view (spec §2: the optional history view, feature `history`): the Account view's Activity list on
// its own, which a site opens with `open({ view: 'Transactions' })`. A fresh account (anvil impersonates it) is minted
// PUSD by the devchain's deployer; once the API has indexed it the view lists it under Today, with no tabs around it.
// With `history` off the view is refused with a visible reason, as every feature-gated view is.
import type { Page } from '@playwright/test';
import { encodeFunctionData, keccak256, parseAbi, parseUnits, toHex, type Address } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { expectNoViolations } from '../fixtures/a11y.ts';
import { DEV_ACCOUNTS, rpc } from '../fixtures/anvil.ts';
import { WALLET, dialog, openDemo, openModal } from '../fixtures/portico.ts';
import { swapTokens } from '../fixtures/swap.ts';
import { expect, test } from '../fixtures/test.ts';

/** An account no other spec knows (no key needed: anvil impersonates it). */
const HOLDER = privateKeyToAddress(keccak256(toHex('portico e2e transactions view')));
/** The devchain's deployer (dev account #9, unlocked on anvil) owns the tokens and may mint. */
const DEPLOYER = DEV_ACCOUNTS[9] as Address;

/** The host page's own call, as a site opens the view. */
const hostOpens = (page: Page) =>
  page.evaluate(() => (window as unknown as { portico: { open(options: { view: string }): Promise<void> } }).portico.open({ view: 'Transactions' }));
const hostCloses = (page: Page) => page.evaluate(() => (window as unknown as { portico: { close(): Promise<void> } }).portico.close());

async function connect(page: Page) {
  await openModal(page);
  await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
  await expect(dialog(page, 'Account')).toBeVisible();
}

test.describe('Transactions view', () => {
  test.use({ walletOptions: { account: HOLDER } });

  test("lists the account's activity under Today, on its own, titled Activity", async ({ page, urls, env }) => {
    // The mint is indexed before the view shows it, on a busy 2-core machine.
    test.setTimeout(90_000);
    const { token } = await swapTokens(env.api!);
    const mint = encodeFunctionData({ abi: parseAbi(['function mint(address to, uint256 value)']), functionName: 'mint', args: [HOLDER, parseUnits('5', 6)] });
    const hash = await rpc<string>(urls.rpcUrl, 'eth_sendTransaction', [{ from: DEPLOYER, to: token('PUSD'), data: mint }]);
    await expect.poll(() => rpc(urls.rpcUrl, 'eth_getTransactionReceipt', [hash])).not.toBeNull();

    await openDemo(page, urls, '/');
    await connect(page);
    await hostOpens(page);
    const view = dialog(page, 'Activity');
    await expect(view).toBeVisible();
    await expect(view.getByRole('tablist')).toHaveCount(0);
    await expect(view.getByRole('button', { name: 'Back' })).toHaveCount(0);
    const today = view.getByRole('list', { name: 'Activity, Today' });
    // The indexer follows the chain: each open asks again, until the mint is there.
    await expect
      .poll(
        async () => {
          await hostCloses(page);
          await hostOpens(page);
          return today.getByRole('listitem').count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect(today.getByRole('listitem').first()).toHaveAccessibleName(/^Minted 5 PUSD \d{1,2}:\d{2}/);
    await expectNoViolations(page, 'Transactions');
  });

  test('is refused with a visible reason when the history feature is off', async ({ page, urls }) => {
    await page.addInitScript(() => {
      (window as unknown as { PORTICO_FEATURES: unknown }).PORTICO_FEATURES = { history: false };
    });
    await openDemo(page, urls, '/');
    await connect(page);
    await expect(dialog(page, 'Account').getByRole('tab', { name: 'Activity' })).toHaveCount(0);
    await hostOpens(page);
    await expect(dialog(page, 'Activity').getByRole('alert')).toContainText('The history feature is turned off for this site.');
  });
});
