// Swap against the real local parts: the swap remote (its own origin), services/api's /v1/convert
// routes, and the constant-product exchange services/devchain deployed on anvil. The quote comes
// from on-chain reserves, the approval and the swap are signed by the injected test wallet, and
// the balances are read back on chain. Dev account #3: the activity spec sends ETH from it, but no
// other spec touches its PUSD or PTK.
import type { Locator, Page } from '@playwright/test';
import { createPublicClient, erc20Abi, formatUnits, http, maxUint256, parseUnits, type Address } from 'viem';
import { expectNoSeriousViolations } from '../fixtures/a11y.ts';
import { DEV_ACCOUNTS } from '../fixtures/anvil.ts';
import { dialog, openDemo, openModal, recordRequests } from '../fixtures/portico.ts';
import { detail, openSwap, quote, SWAP_CHAIN as CHAIN, swapTokens, tokenBalance } from '../fixtures/swap.ts';
import { expect, test } from '../fixtures/test.ts';

const TRADER = DEV_ACCOUNTS[3] as Address;
const SLIPPAGE = 0.01; // spec section 9: 1 % by default

async function connect(page: Page) {
  await openModal(page);
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Portico Test Wallet, installed', exact: true }).click();
  await expect(dialog(page, 'Account')).toBeVisible();
}

/** Picks PUSD → PTK and 100 as the amount; resolves with the exact quoted PTK once the quote shows. */
async function quote100(swap: Locator): Promise<string> {
  const quoted = await quote(swap, 'PUSD', 'PTK', '100');
  await expect(detail(swap, 'Fee')).toHaveText('0.3 PUSD');
  return quoted;
}

test.describe('swap', () => {
  test.use({ walletOptions: { account: TRADER } });

  test('100 PUSD → PTK twice: each approval exactly the swap amount unless the visitor allows unlimited; balances move by the quote within slippage', async ({ page, urls, env }) => {
    test.setTimeout(60_000);
    const node = createPublicClient({ transport: http(urls.rpcUrl) });
    const { token, router } = await swapTokens(env.api!);
    const [PUSD, PTK] = [token('PUSD'), token('PTK')];
    const balance = (erc20: Address) => tokenBalance(urls.rpcUrl, erc20, TRADER);
    const allowanceOnChain = () => node.readContract({ address: PUSD, abi: erc20Abi, functionName: 'allowance', args: [TRADER, router] });
    const allowance = await (await fetch(`${env.api}/v1/convert/allowance?projectId=portico-demo&tokenAddress=${CHAIN}:${PUSD}&userAddress=${TRADER}`)).json();
    expect(allowance).toEqual({ allowance: '0' }); // a fresh chain: the approval step must show

    const requests = recordRequests(page);
    await openDemo(page, urls, '/');
    await connect(page);
    const swap = await openSwap(page);
    // The remote came from its own origin, only now that Swap was opened.
    const swapUrl = await page.evaluate(() => (window as unknown as { PORTICO_DEMO_CONFIG: { remotes: { swap: string } } }).PORTICO_DEMO_CONFIG.remotes.swap);
    expect(requests.to(swapUrl).length).toBeGreaterThan(0);
    // Slippage is in its settings popover (spec section 9: 1 % by default); Esc closes only the popover.
    const settings = swap.getByRole('button', { name: 'Slippage settings' });
    await settings.click();
    await expect(swap.getByRole('dialog', { name: 'Slippage settings' }).getByRole('radio', { name: '1%' })).toBeChecked();
    await expect(swap.getByRole('dialog', { name: 'Slippage settings' }).getByRole('radio', { name: '1%' })).toBeFocused();
    await expectNoSeriousViolations(page, 'Swap, slippage settings');
    await page.keyboard.press('Escape');
    await expect(swap.getByRole('dialog', { name: 'Slippage settings' })).toHaveCount(0);
    await expect(settings).toBeFocused();
    await expect(swap).toBeVisible();
    // The token sheet, then Esc: back on the pill that opened it.
    await swap.getByRole('button', { name: 'You pay: Select token' }).click();
    await expect(swap.getByRole('dialog', { name: 'Select token' }).getByRole('button', { name: /^PUSD Portico USD \d/ })).toBeVisible();
    await expectNoSeriousViolations(page, 'Swap, token sheet');
    await page.keyboard.press('Escape');
    await expect(swap.getByRole('button', { name: 'You pay: Select token' })).toBeFocused();

    // First swap: approval needed, for exactly the 100 PUSD being swapped (the default).
    const [pusd0, ptk0] = [await balance(PUSD), await balance(PTK)];
    const quoted = await quote100(swap);
    await expect(swap.getByRole('checkbox', { name: 'Allow unlimited PUSD' })).not.toBeChecked();
    const steps = swap.getByRole('list', { name: 'Steps' });
    await expect(steps.getByRole('listitem')).toHaveText(['1Approve PUSD', '2Swap']);
    await swap.getByRole('button', { name: 'Approve PUSD' }).click();
    await expect(swap.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({ timeout: 20_000 });
    await expect(swap.getByRole('button', { name: 'Approve PUSD' })).toHaveCount(0);
    // Approve became Swap in place: the same button keeps focus, step 1 is ticked, nothing jumped to the top.
    await expect(swap.getByRole('button', { name: 'Swap', exact: true })).toBeFocused();
    await expect(steps.getByRole('listitem')).toHaveText(['Approve PUSDdone', '2Swap']);
    await expectNoSeriousViolations(page, 'Swap, approved');
    expect(await allowanceOnChain()).toBe(parseUnits('100', 6));
    await swap.getByRole('button', { name: 'Swap', exact: true }).click();
    const done = swap.getByRole('status').filter({ hasText: 'Swapped' });
    await expect(done).toBeVisible({ timeout: 20_000 });
    await expect(done).toContainText('100 PUSD for');
    await expect(swap.getByRole('button', { name: 'Copy transaction hash' })).toBeVisible();
    await expectNoSeriousViolations(page, 'Swap, swapped');
    expect(await balance(PUSD)).toBe(pusd0 - parseUnits('100', 6));
    const received = (await balance(PTK)) - ptk0;
    const quotedWei = parseUnits(quoted, 18);
    expect(received).toBeGreaterThanOrEqual((quotedWei * BigInt(10_000 - SLIPPAGE * 10_000)) / 10_000n);
    expect(received).toBeLessThanOrEqual(quotedWei); // nobody else traded: exactly the quote, at most

    // Second swap: the exact allowance was used up, so approval shows again; this time the visitor
    // asks for an unlimited one.
    await swap.getByRole('button', { name: 'Swap again' }).click();
    const [pusd1, ptk1] = [await balance(PUSD), await balance(PTK)];
    const quoted2 = await quote100(swap);
    await swap.getByRole('checkbox', { name: 'Allow unlimited PUSD' }).check();
    await swap.getByRole('button', { name: 'Approve PUSD' }).click();
    await expect(swap.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({ timeout: 20_000 });
    await expect(swap.getByRole('button', { name: 'Approve PUSD' })).toHaveCount(0);
    expect(await allowanceOnChain()).toBe(maxUint256);
    await swap.getByRole('button', { name: 'Swap', exact: true }).click();
    await expect(swap.getByRole('status').filter({ hasText: 'Swapped' })).toBeVisible({ timeout: 20_000 });
    expect(await balance(PUSD)).toBe(pusd1 - parseUnits('100', 6));
    expect((await balance(PTK)) - ptk1).toBeGreaterThanOrEqual((parseUnits(quoted2, 18) * 99n) / 100n);
    // Selling into the pool moved its price: the second 100 PUSD bought less PTK.
    expect(parseUnits(quoted2, 18)).toBeLessThan(quotedWei);

    // Done returns to Account, where the balances were refreshed from the chain.
    await swap.getByRole('button', { name: 'Done' }).click();
    const account = dialog(page, 'Account');
    await account.getByRole('tab', { name: 'Tokens' }).click();
    // What the chain holds after both swaps (other specs move this account's PUSD too: read, not assumed).
    const pusdLeft = Number(formatUnits(await balance(PUSD), 6)).toLocaleString('en-US', { maximumFractionDigits: 3 });
    await expect(account.getByRole('list', { name: 'Tokens' }).getByRole('listitem').filter({ hasText: 'Portico USD' })).toContainText(pusdLeft);
  });
});
