// An EOA wallet_sendCalls interrupted by a reload (issue 29). The embedded wallet sends an EOA batch one transaction
// per call; the page is reloaded while the second call's transaction — signed, its hash recorded in the secure site's
// storage — is on its way to the node (held here, so it never arrives). After the reload the host's
// wallet_getCallsStatus answers EIP-5792's partial failure (600, atomic false) with the one receipt that exists; the
// calls never sent stay unsent (the account's nonce moved once, the other receivers got nothing); and the modal's
// Account says so: 'Batch stopped after 1 of 3 calls', until dismissed.
import type { Request, Route } from '@playwright/test';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { parseEther, toHex, type Address } from 'viem';
import { approveInFrame, expectApprovalShown, hostRequest, loggedIn, nodeOf, uniqueEmail } from '../fixtures/embedded.ts';
import { accountOutput, dialog, openModal } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

/** A JSON-RPC request the secure site sends through the API's proxy (`POST {api}/v1/?chainId=…`), or undefined. */
const proxiedRpcMethod = (request: Request): string | undefined => {
  const url = new URL(request.url());
  if (request.method() !== 'POST' || url.pathname !== '/v1/' || !url.searchParams.has('chainId')) return undefined;
  return (request.postDataJSON() as { method?: string } | null)?.method;
};

test.describe('an EOA batch interrupted by a reload', () => {
  test('getCallsStatus after the reload: 600 with the first receipt, the other calls never sent; Account says "Batch stopped after 1 of 3 calls"', async ({
    page,
    urls,
    env,
  }, testInfo) => {
    // Login (mail), three transactions' approval and receipts, a reload and its restore on a busy machine.
    test.setTimeout(180_000);
    // The host asks for EOAs: the devchain would otherwise start the embedded wallet on its smart account (one user operation).
    await page.addInitScript(() => {
      (window as unknown as { PORTICO_OPTIONS: unknown }).PORTICO_OPTIONS = { defaultAccountTypes: { eip155: 'eoa' } };
    });
    const eoa = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo, 'batch'));
    const node = nodeOf(urls);
    const nonce = await node.getTransactionCount({ address: eoa });

    // The second broadcast is held: the page goes away before the node hears of that transaction.
    let broadcasts = 0;
    let heldBroadcast: Route | undefined;
    let secondSigned = () => {};
    const secondBroadcast = new Promise<void>((resolve) => (secondSigned = resolve));
    await page.route(
      (url) => url.pathname === '/v1/',
      async (route) => {
        if (proxiedRpcMethod(route.request()) === 'eth_sendRawTransaction' && ++broadcasts === 2) {
          heldBroadcast = route;
          secondSigned();
          return;
        }
        await route.continue();
      },
    );

    const receivers = Array.from({ length: 3 }, () => privateKeyToAddress(generatePrivateKey()));
    const calls = receivers.map((to) => ({ to, value: toHex(parseEther('0.01')) }));
    const sent = hostRequest(page, 'wallet_sendCalls', [{ version: '2.0.0', chainId: toHex(urls.chainId), from: eoa, atomicRequired: false, calls }]);
    await expectApprovalShown(page, 'wallet_sendCalls', { origin: new URL(urls.demo).origin, account: eoa, chainId: urls.chainId });
    await approveInFrame(page);
    const outcome = await sent.outcome;
    expect(outcome).toMatchObject({ ok: true, result: { id: expect.stringMatching(/^0x[0-9a-f]{64}$/) } });
    const { id } = (outcome as { result: { id: string } }).result;
    await secondBroadcast;

    await page.reload();
    await heldBroadcast?.abort().catch(() => undefined);
    await expect(accountOutput(page)).toHaveText(eoa, { timeout: 20_000 });

    const status = await hostRequest(page, 'wallet_getCallsStatus', [id]).outcome;
    expect(status).toMatchObject({ ok: true, result: { version: '2.0.0', id, chainId: toHex(urls.chainId), atomic: false, status: 600 } });
    const { receipts } = (status as { result: { receipts: { status: string; transactionHash: `0x${string}` }[] } }).result;
    expect(receipts.map((receipt) => receipt.status)).toEqual(['0x1']);
    expect((await node.getTransaction({ hash: receipts[0]!.transactionHash })).to?.toLowerCase()).toBe(receivers[0]!.toLowerCase());
    // Never re-sent: not by the reloaded page, not after the status was asked.
    expect(await node.getTransactionCount({ address: eoa, blockTag: 'pending' })).toBe(nonce + 1);
    expect(await Promise.all(receivers.map((address: Address) => node.getBalance({ address })))).toEqual([parseEther('0.01'), 0n, 0n]);

    await openModal(page);
    const account = dialog(page, 'Account');
    const report = account.getByRole('status', { name: 'Batch stopped after 1 of 3 calls' });
    await expect(report).toBeVisible({ timeout: 20_000 });
    await expect(report.getByText('2 calls were not sent and will not be sent on their own.')).toBeVisible();
    await report.getByRole('button', { name: 'Dismiss' }).click();
    await expect(report).toBeHidden();
    expect(await node.getTransactionCount({ address: eoa, blockTag: 'pending' })).toBe(nonce + 1);
  });
});
