// Sign In With Farcaster (issue 12) end to end: the modal's QR code and deep link for a channel on the local
// auth relay, the "Farcaster app" (a script with @farcaster/auth-client) signing with the account's custody
// key, the API verifying the signature and the custody against the IdRegistry on anvil, the embedded wallet
// logged in with the fid's username. An unregistered custody key is refused; leaving the view starts over.
import { accountOutput, dialog, openDemo } from '../fixtures/portico.ts';
import { approveInFarcasterApp, farcasterAccount, FARCASTER_UNREGISTERED_KEY, openFarcasterSignIn } from '../fixtures/farcaster.ts';
import { expect, test } from '../fixtures/test.ts';

test.describe('Farcaster login', () => {
  test('the Farcaster app approves the QR code’s sign-in → Account with the username', async ({ page, urls, env }) => {
    const alice = farcasterAccount('alice');
    await openDemo(page, urls);
    const uri = await openFarcasterSignIn(page);
    await expect(dialog(page).getByRole('button', { name: 'Copy link' })).toBeVisible();
    await approveInFarcasterApp(env.farcasterRelay!, uri, alice);
    const account = dialog(page, 'Account');
    await expect(account).toBeVisible({ timeout: 20_000 });
    await expect(account.getByText('alice', { exact: true })).toBeVisible();
    await expect(account.getByText('Signed in with Farcaster')).toBeVisible();
    await expect(accountOutput(page)).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  });

  test('a signature from a key that is not the fid’s custody address is refused; nothing is connected', async ({ page, urls, env }) => {
    const bob = farcasterAccount('bob');
    await openDemo(page, urls);
    const uri = await openFarcasterSignIn(page);
    await approveInFarcasterApp(env.farcasterRelay!, uri, { ...bob, custodyKey: FARCASTER_UNREGISTERED_KEY });
    await expect(dialog(page).getByRole('alert')).toHaveText('This Farcaster account could not be verified', { timeout: 20_000 });
    await expect(dialog(page).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(accountOutput(page)).toHaveText('Not connected');
  });

  test('leaving the view drops the sign-in: coming back shows a new code, which logs in', async ({ page, urls, env }) => {
    const carol = farcasterAccount('carol');
    await openDemo(page, urls);
    const first = await openFarcasterSignIn(page);
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await expect(dialog(page, 'Connect Wallet')).toBeVisible();
    const second = await openFarcasterSignIn(page);
    expect(second).not.toBe(first);
    await approveInFarcasterApp(env.farcasterRelay!, second, carol);
    await expect(dialog(page, 'Account').getByText('carol', { exact: true })).toBeVisible({ timeout: 20_000 });
  });
});
