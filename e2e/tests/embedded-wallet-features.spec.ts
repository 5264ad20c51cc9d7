// The embedded wallet (issues 11, 12) on its smart account, Portico's default on the devchain (spec §5):
// "balances, activity, send, swap and names work with it as with an injected wallet". Send is in
// embedded-wallet.spec.ts; here the swap (native ETH through the router, then an ERC-20 with its approval),
// each step a user operation through the bundler, and a name registration signed by the smart account
// (ERC-6492 before its first user operation, ERC-1271 after). Each wallet step is shown by the secure site's own
// approval screen (its frame in ApproveTransaction, issue 28) with what it will do and approved there; the results are read back on chain and from the API, then the
// Account's balance, tokens and activity (the indexer reads the user operations) after the swaps.
import type { Page } from '@playwright/test';
import { createPublicClient, formatEther, formatUnits, http, parseEther, parseUnits, type Address } from 'viem';
import {
  APPROVAL,
  approvalDetail,
  approvalHeading,
  approvalMessage,
  approveInFrame,
  expectApprovalShown,
  loggedIn,
  sameAddress,
  uniqueEmail,
} from '../fixtures/embedded.ts';
import { availability, DEVCHAIN_COIN_TYPE, freshLabel, namesOf, openRegisterView } from '../fixtures/names.ts';
import { dialog } from '../fixtures/portico.ts';
import { openSwap, quote, swapTokens, tokenBalance } from '../fixtures/swap.ts';
import { expect, test, type PorticoUrls } from '../fixtures/test.ts';

/** A balance as the modal shows it (spec: at most 3 decimals, grouped). */
const shown = (decimal: string) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(Number(decimal));

/**
 * The transaction waiting on the secure site's approval screen: sent by this page from the embedded smart account
 * on the devchain, with `rows` (term → what it says); its fee is the user operation's, paid by the smart account.
 */
async function pendingTransaction(page: Page, urls: PorticoUrls, from: Address, rows: Record<string, string | RegExp>) {
  await expectApprovalShown(page, 'eth_sendTransaction', { origin: new URL(urls.demo).origin, account: from, chainId: urls.chainId });
  for (const [term, text] of Object.entries(rows)) await expect(approvalDetail(page, term)).toHaveText(text);
  await expect(approvalDetail(page, APPROVAL.terms.fee)).toHaveText(APPROVAL.feeBySmartAccount);
}

const approve = approveInFrame;

test.describe('the embedded wallet on its smart account on the devchain', () => {
  test('swap ETH → PUSD, then PUSD → PTK with its ERC-20 approval, each step approved on the secure site’s screen; Account shows the ETH left, the tokens and the swaps in Activity', async ({
    page,
    urls,
    env,
  }, testInfo) => {
    // A login, three approved transactions and the indexer catching up, on a busy 2-core machine.
    test.setTimeout(180_000);
    const node = createPublicClient({ transport: http(urls.rpcUrl) });
    const { token, router } = await swapTokens(env.api!);
    const [PUSD, PTK] = [token('PUSD'), token('PTK')];
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    const swap = await openSwap(page);

    // ETH → PUSD: the native coin needs no approval; one call to the router carrying the 0.5 ETH.
    const quotedPusd = parseUnits(await quote(swap, 'ETH', 'PUSD', '0.5'), 6);
    await expect(swap.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    await swap.getByRole('button', { name: 'Swap', exact: true }).click();
    await pendingTransaction(page, urls, address, { To: sameAddress(router), Amount: '0.5 ETH', Action: APPROVAL.swap('0.5 ETH', 'PUSD'), [APPROVAL.recipient]: sameAddress(address) });
    // Nothing is sent while the person has not decided: the account is still not deployed and holds its 10 ETH.
    expect(await node.getCode({ address })).toBeUndefined();
    expect(await node.getBalance({ address })).toBe(parseEther('10'));
    await approve(page);
    const swapped = swap.getByRole('status').filter({ hasText: 'Swapped' });
    await expect(swapped).toBeVisible({ timeout: 30_000 });
    await expect(swapped).toContainText('0.5 ETH for');
    const pusd = await tokenBalance(urls.rpcUrl, PUSD, address);
    expect(pusd).toBeGreaterThanOrEqual((quotedPusd * 99n) / 100n); // within the default 1 % slippage
    expect(pusd).toBeLessThanOrEqual(quotedPusd);

    // PUSD → PTK: first the approval of exactly 100 PUSD to the router, in whole tokens once the token is read.
    await swap.getByRole('button', { name: 'Swap again' }).click();
    // The swapped PUSD is in the picker (the portfolio was refreshed), so 100 of it can be swapped.
    await swap.getByRole('button', { name: /^You pay: / }).click();
    await expect(swap.getByRole('dialog', { name: 'Select token' }).getByRole('button', { name: /^PUSD Portico USD [1-9]/ })).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    const quotedPtk = parseUnits(await quote(swap, 'PUSD', 'PTK', '100'), 18);
    await swap.getByRole('button', { name: 'Approve PUSD' }).click();
    await pendingTransaction(page, urls, address, {
      To: sameAddress(PUSD),
      Amount: '0 ETH',
      Action: APPROVAL.tokenApproval(router, '100 PUSD'),
    });
    await approve(page);
    await expect(swap.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({ timeout: 30_000 });
    await expect(swap.getByRole('button', { name: 'Approve PUSD' })).toHaveCount(0);
    await swap.getByRole('button', { name: 'Swap', exact: true }).click();
    await pendingTransaction(page, urls, address, { To: sameAddress(router), Amount: '0 ETH', Action: APPROVAL.swap('100 PUSD', 'PTK'), [APPROVAL.recipient]: sameAddress(address) });
    await approve(page);
    await expect(swapped).toBeVisible({ timeout: 30_000 });
    await expect(swapped).toContainText('100 PUSD for');
    const pusdLeft = await tokenBalance(urls.rpcUrl, PUSD, address);
    expect(pusdLeft).toBe(pusd - parseUnits('100', 6));
    const ptk = await tokenBalance(urls.rpcUrl, PTK, address);
    expect(ptk).toBeGreaterThanOrEqual((quotedPtk * 99n) / 100n);
    expect(ptk).toBeLessThanOrEqual(quotedPtk);

    // Done → Account: the ETH left after 0.5 ETH and three fees, and the tokens, refreshed from the chain.
    await swap.getByRole('button', { name: 'Done' }).click();
    const account = dialog(page, 'Account');
    const eth = await node.getBalance({ address });
    expect(eth).toBeLessThan(parseEther('9.5'));
    await expect(account.getByText(`${shown(formatEther(eth))} ETH`, { exact: true })).toBeVisible({ timeout: 20_000 });
    await account.getByRole('tab', { name: 'Tokens' }).click();
    const tokens = account.getByRole('list', { name: 'Tokens' });
    await expect(tokens.getByRole('listitem').filter({ hasText: 'Portico USD' })).toContainText(shown(formatUnits(pusdLeft, 6)));
    await expect(tokens.getByRole('listitem').filter({ hasText: 'Portico Token' })).toContainText(shown(formatUnits(ptk, 18)));

    // Activity: both swaps, once the indexer has them (reopening the tab asks again).
    await expect
      .poll(
        async () => {
          await account.getByRole('tab', { name: 'Tokens' }).click();
          await account.getByRole('tab', { name: 'Activity' }).click();
          const items = account.getByRole('list', { name: 'Activity' }).getByRole('listitem');
          return [await items.filter({ hasText: /Swapped 0\.5 ETH/ }).count(), await items.filter({ hasText: /Swapped 100 PUSD/ }).count()];
        },
        { timeout: 30_000 },
      )
      .toEqual([1, 1]);
  });

  test('register a name: the personal_sign shows the registration message on the secure site’s approval screen; approved → the name is the embedded account’s', async ({
    page,
    urls,
    env,
  }, testInfo) => {
    test.setTimeout(120_000);
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    const view = await openRegisterView(page);
    const label = freshLabel('embedded');
    const name = `${label}.portico.eth`;
    await view.getByRole('textbox', { name: 'Name' }).fill(label);
    await expect(availability(page)).toHaveText('Available');
    await view.getByRole('button', { name: 'Register' }).click();

    // What will be signed: the registration message for this name on the devchain, by the embedded account.
    await expectApprovalShown(page, 'personal_sign', { origin: new URL(urls.demo).origin, account: address, chainId: urls.chainId });
    const message = approvalMessage(page);
    await expect(message).toContainText(`"name":"${name}"`);
    await expect(message).toContainText(`"chainId":31337`);
    await expect(message).toContainText(`"coinType":${DEVCHAIN_COIN_TYPE}`);
    await expect(approvalHeading(page, 'personal_sign')).toBeVisible();
    await approve(page);

    const success = dialog(page, 'Name Registered');
    await expect(success.getByText(name)).toBeVisible({ timeout: 20_000 });
    await success.getByRole('button', { name: 'Done' }).click();
    const account = dialog(page, 'Account');
    await expect(account.getByText(name, { exact: true })).toBeVisible();
    await expect(account.getByRole('button', { name: 'Choose a name for this account' })).toHaveCount(0);

    // The API verified the embedded wallet's signature and stored the name for its address.
    const names = await namesOf(env.api!, address);
    expect(names[0]).toMatchObject({ name, addresses: { [DEVCHAIN_COIN_TYPE]: { address: expect.stringMatching(sameAddress(address)) } } });
  });
});
