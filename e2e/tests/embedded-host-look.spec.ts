// The embedded wallet and the host (issue 32; spec §7): the secure site's approval screen in the host's theme and
// naming the dapp (SYNC_THEME, SYNC_DAPP_DATA from the modal); ERC-7811 wallet_getAssets answered from the API's
// balances for the host's provider; ERC-7715 grant and revoke refused with 5700 (smartSessions, docs/embedded-wallet.md).
import { toHex, type Address } from 'viem';
import { APPROVAL, approvalFrame, expectApprovalShown, hostRequest, loggedIn, rejectInFrame, uniqueEmail } from '../fixtures/embedded.ts';
import { dialog } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

/** The demo's `metadata.name` (demo/server.mjs); it has no icon, so the screen draws its monogram. */
const DAPP_NAME = 'Portico demo';
/** Spec §9's dark background #121313, the modal's and the frame's, as Chromium gives it through the frame's color-mix. */
const DARK_BACKGROUND = 'color(srgb 0.0705882 0.0745098 0.0745098)';

test.describe("the secure site's screens take the host's look", () => {
  test("the approval screen names the dapp, in the host's dark theme", async ({ page, urls, env }, testInfo) => {
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    const signing = hostRequest(page, 'personal_sign', [toHex('look'), address]);
    await expectApprovalShown(page, 'personal_sign', { origin: new URL(urls.demo).origin, account: address, chainId: urls.chainId });
    // Chromium's own preference is light here: dark comes from the modal.
    await expect(approvalFrame(page).locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);
    await expect(approvalFrame(page).getByText(DAPP_NAME, { exact: true })).toBeVisible();
    await rejectInFrame(page);
    expect(await signing.outcome).toMatchObject({ ok: false, code: 4001 });
  });
});

test.describe("the host's provider", () => {
  test('wallet_getAssets: the account’s ETH from the API, valid assets only; grant and revoke permissions: 5700', async ({ page, urls, env }, testInfo) => {
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo));
    const chain = toHex(urls.chainId);
    const { outcome } = hostRequest(page, 'wallet_getAssets', [{ account: address, chainFilter: [chain] }]);
    const assets = (await outcome) as { ok: true; result: Record<string, { address: string; balance: string; type: string; metadata: Record<string, unknown> }[]> };
    expect(assets.ok).toBe(true);
    expect(Object.keys(assets.result)).toEqual([chain]);
    const native = assets.result[chain]!.find((asset) => asset.type === 'NATIVE');
    // The API's development mode funds a new embedded account with 10 ETH.
    expect(native).toMatchObject({ address: 'native', balance: toHex(10n * 10n ** 18n), metadata: { symbol: 'ETH', decimals: 18 } });
    for (const asset of assets.result[chain]!) {
      expect(asset).toMatchObject({ address: expect.any(String), balance: expect.any(String), type: expect.stringMatching(/^(ERC20|NATIVE)$/) });
      expect(asset.metadata).toMatchObject({ name: expect.any(String), symbol: expect.any(String), iconUrl: expect.any(String), decimals: expect.any(Number), price: expect.any(Number) });
    }
    const other = await hostRequest(page, 'wallet_getAssets', [{ account: '0x000000000000000000000000000000000000dEaD' as Address }]).outcome;
    expect(other).toMatchObject({ ok: false, code: -32602 });

    for (const method of ['wallet_grantPermissions', 'wallet_revokePermissions']) {
      const refused = await hostRequest(page, method, [{}]).outcome;
      expect(refused).toMatchObject({ ok: false, code: 5700, message: expect.stringContaining('Unsupported non-optional capability') });
    }
    // Refused before any screen: nothing waits for the person.
    await expect(dialog(page, APPROVAL.dialog)).toBeHidden();
  });
});
