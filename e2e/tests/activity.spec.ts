// Activity tells what happened, against the real local parts: a fresh account (anvil impersonates it, so the
// test wallet's transactions, forwarded to anvil, really go out from it) gets PUSD from the devchain's deployer,
// then the host page asks the modal's provider to approve the devchain exchange, swap PUSD → PTK on it and send
// PUSD to dev account #3; the API indexes the chain, and Activity lists each under Today, named by what happened
// and with whom — the send by its recipient, not the token contract.
import type { Page } from '@playwright/test';
import { encodeFunctionData, erc20Abi, formatUnits, keccak256, parseAbi, parseEther, parseUnits, toHex, type Address, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { DEV_ACCOUNTS, rpc } from '../fixtures/anvil.ts';
import { dialog, openDemo, openModal } from '../fixtures/portico.ts';
import { swapTokens, tokenBalance } from '../fixtures/swap.ts';
import { expect, test } from '../fixtures/test.ts';

/** An account no other spec knows (no key needed: anvil impersonates it). */
const TRADER = privateKeyToAddress(keccak256(toHex('portico e2e activity')));
const RECEIVER = DEV_ACCOUNTS[3] as Address; // 0x90F7…b906
/** The devchain's deployer (dev account #9, unlocked on anvil) owns the tokens and may mint. */
const DEPLOYER = DEV_ACCOUNTS[9] as Address;

async function connect(page: Page) {
  await openModal(page);
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Portico Test Wallet, installed', exact: true }).click();
  await expect(dialog(page, 'Account')).toBeVisible();
}

/** Waits for the receipt of `hash` on anvil. */
async function mined(rpcUrl: string, hash: string) {
  await expect.poll(() => rpc(rpcUrl, 'eth_getTransactionReceipt', [hash])).not.toBeNull();
}

/** The host page's eth_sendTransaction through the modal's provider (the test wallet approves; anvil mines). */
async function hostSends(page: Page, rpcUrl: string, to: Address, data: Hex) {
  const hash = await page.evaluate(
    ({ from, to, data }) =>
      (window as unknown as { portico: { getProvider(): { request(args: unknown): Promise<string> } } }).portico
        .getProvider()
        .request({ method: 'eth_sendTransaction', params: [{ from, to, data }] }),
    { from: TRADER, to, data },
  );
  await mined(rpcUrl, hash);
}

const ROUTER_ABI = parseAbi(['function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)']);

test.describe('activity', () => {
  test.use({ walletOptions: { account: TRADER } });

  test('a swap with its approval and a PUSD send: each row under Today says what happened and with whom', async ({ page, urls, env }) => {
    // An approval, a swap and a send, each indexed before Activity shows it, on a busy 2-core machine.
    test.setTimeout(120_000);
    const { token, router } = await swapTokens(env.api!);
    const [PUSD, PTK] = [token('PUSD'), token('PTK')];
    await rpc(urls.rpcUrl, 'anvil_impersonateAccount', [TRADER]);
    await rpc(urls.rpcUrl, 'anvil_setBalance', [TRADER, toHex(parseEther('10'))]);
    const mint = parseAbi(['function mint(address to, uint256 value)']);
    const data = encodeFunctionData({ abi: mint, functionName: 'mint', args: [TRADER, parseUnits('100', 6)] });
    await mined(urls.rpcUrl, await rpc<string>(urls.rpcUrl, 'eth_sendTransaction', [{ from: DEPLOYER, to: PUSD, data }]));

    await openDemo(page, urls, '/');
    await connect(page);
    const ptkBefore = await tokenBalance(urls.rpcUrl, PTK, TRADER);
    await hostSends(page, urls.rpcUrl, PUSD, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, parseUnits('10', 6)] }));
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
    const swap = encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactTokensForTokens', args: [parseUnits('10', 6), 1n, [PUSD, PTK], TRADER, deadline] });
    await hostSends(page, urls.rpcUrl, router, swap);
    // What the row shows: the PTK received, as balances show amounts (en-US, at most 3 decimals).
    const ptk = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(
      formatUnits((await tokenBalance(urls.rpcUrl, PTK, TRADER)) - ptkBefore, 18) as unknown as number,
    );
    await hostSends(page, urls.rpcUrl, PUSD, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECEIVER, parseUnits('1.5', 6)] }));

    const account = dialog(page, 'Account');
    const today = account.getByRole('list', { name: 'Activity, Today' });
    // The indexer follows the chain; reopening the tab asks again until all four are there.
    await expect
      .poll(
        async () => {
          await account.getByRole('tab', { name: 'Tokens' }).click();
          await account.getByRole('tab', { name: 'Activity' }).click();
          return today.getByRole('listitem').count();
        },
        { timeout: 30_000 },
      )
      .toBe(4);
    await expect(account.getByRole('heading', { name: 'Today', level: 3 })).toBeVisible();
    const rows = today.getByRole('listitem');
    // Each name ends with the time of day.
    await expect(rows.nth(0)).toHaveAccessibleName(/^Sent 1\.5 PUSD to 0x90F7…b906 \d{1,2}:\d{2}/);
    await expect(rows.nth(1)).toHaveAccessibleName(new RegExp(`^Swapped 10 PUSD → ${ptk.replace(/[.,]/g, '\\$&')} PTK \\d{1,2}:\\d{2}`));
    await expect(rows.nth(2)).toHaveAccessibleName(/^Approved 10 PUSD for Portico Exchange \d{1,2}:\d{2}/);
    await expect(rows.nth(3)).toHaveAccessibleName(/^Minted 100 PUSD \d{1,2}:\d{2}/);
    await expect(today).not.toContainText(`${PUSD.slice(0, 6)}…${PUSD.slice(-4)}`); // the token contract is nobody's counterparty
  });
});
