// Sign-In With Solana (issue 32): a Solana-only demo page with `?siwx=required`, the injected Solana test wallet
// (Wallet Standard, a real ed25519 key) signing the Sign-In With Solana text through solana:signMessage (it has no
// solana:signIn), the API verifying the ed25519 signature and keeping the session. An attacker's replays of that
// signature (same nonce again, another nonce, another domain) are refused. Revoke sign-in signs the revocation with
// the same wallet (ed25519), not the eip155 provider.
import type { Page } from '@playwright/test';
import { SOLANA_LOCAL_CAIP2 } from '@portico/solana-rpc/accounts';
import { accountOutput, connectButton, dialog } from '../fixtures/portico.ts';
import { NOT_SIGNED_IN, PROJECT, SIGN_IN_REQUIRED, SIGN_IN_TITLE, openSiwxDemo, sessionsApi, signedInOutput } from '../fixtures/siwx.ts';
import { freshSolanaKey, solanaLocalNetwork, useNetworks } from '../fixtures/solana.ts';
import { installSolanaWallet, setSolanaWalletMode, SOLANA_WALLET_NAME } from '../fixtures/solana-wallet.ts';
import { expect, test } from '../fixtures/test.ts';

/** The API's words (services/api: routes/sessions.ts, sessions/message.ts). */
const NONCE_UNUSABLE = 'Nonce expired or already used';
const INVALID_SIGNATURE = 'Invalid signature';

/** A Solana-only page (Solana Local) with required sign-in, the Solana wallet installed; connects until the sign view. */
async function connectSolanaUntilSignView(page: Page, demoUrl: string, solanaRpc: string) {
  const { secretKey, address } = await freshSolanaKey();
  await installSolanaWallet(page, { secretKey, rpcUrl: solanaRpc });
  await useNetworks(page, [solanaLocalNetwork(solanaRpc)]);
  await openSiwxDemo(page, demoUrl, 'required');
  await connectButton(page).click();
  await dialog(page, 'Connect Wallet').getByRole('button', { name: SOLANA_WALLET_NAME }).click();
  const signView = dialog(page, SIGN_IN_TITLE);
  await expect(signView).toBeVisible({ timeout: 20_000 });
  return { signView, address };
}

/** The sign-in token the page holds for the account (`window.porticoSiwx.getToken`). */
const pageToken = (page: Page, address: string) =>
  page.evaluate(
    ([chainId, account]) =>
      (window as unknown as { porticoSiwx: { getToken(chainId: string, address: string): string | undefined } }).porticoSiwx.getToken(chainId, account),
    [SOLANA_LOCAL_CAIP2, address] as const,
  );

test.describe('Sign-In With Solana, required', () => {
  test('connect, sign: the Sign-In With Solana text is signed, the API keeps the session, the page is signed in', async ({ page, urls, env }) => {
    const { signView, address } = await connectSolanaUntilSignView(page, urls.demo, env.solanaRpc!);
    const host = new URL(urls.demo).host;
    await expect(signView.getByText('Portico demo wants you to sign in', { exact: true })).toBeVisible();
    await expect(signView.getByText(host, { exact: true })).toBeVisible();
    await expect(signView.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled();

    await signView.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(signedInOutput(page)).toHaveText(new RegExp(`^${address} on ${SOLANA_LOCAL_CAIP2} until \\d{4}-\\d{2}-\\d{2}T`));
    await expect(accountOutput(page)).toHaveText(address);

    // The API lists the session to the page's token: the standard text for this page and account, signed.
    const token = await pageToken(page, address);
    expect(token, 'window.porticoSiwx.getToken').toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const listed = await fetch(`${env.api}/v1/sessions/${address}?chainId=${encodeURIComponent(SOLANA_LOCAL_CAIP2)}&projectId=${PROJECT}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.status).toBe(200);
    const [session] = ((await listed.json()) as { sessions: { message: string; signature: string; data: { nonce: string } }[] }).sessions;
    expect(session!.message).toMatch(new RegExp(`^${host} wants you to sign in with your Solana account:\\n${address}\\n\\nSign in to the Portico demo\\n\\nURI: `));
    expect(session!.message).toContain(`\nChain ID: ${SOLANA_LOCAL_CAIP2}\nNonce: ${session!.data.nonce}\n`);

    // Attacker: the signature replayed (the nonce is used), or moved onto a text with another nonce or domain.
    const api = sessionsApi(env.api!);
    const origin = new URL(urls.demo).origin;
    expect(await api.signIn(session!.message, session!.signature, origin)).toMatchObject({ status: 401, body: { error: NONCE_UNUSABLE } });
    const otherNonce = session!.message.replace(`Nonce: ${session!.data.nonce}`, `Nonce: ${await api.nonce()}`);
    expect(await api.signIn(otherNonce, session!.signature, origin)).toMatchObject({ status: 401, body: { error: INVALID_SIGNATURE } });
    // Another of the project's pages (localhost is on the demo's list too), with a fresh nonce: still not what was signed.
    const otherSite = 'http://localhost:3000';
    const otherDomain = otherNonce.replace(`${host} wants`, 'localhost:3000 wants').replace(`URI: ${origin}`, `URI: ${otherSite}`);
    expect(otherDomain).not.toBe(otherNonce);
    expect(await api.signIn(otherDomain, session!.signature, otherSite)).toMatchObject({ status: 401, body: { error: INVALID_SIGNATURE } });

    // The page keeps the session across a reload: the wallet reconnects and the API lists the session to its token.
    await page.reload();
    await expect(signedInOutput(page)).toHaveText(new RegExp(`^${address} on ${SOLANA_LOCAL_CAIP2}`));
  });

  test('Revoke sign-in: the Solana wallet signs the revocation (ed25519), the API drops the session and refuses its JWT', async ({ page, urls, env }) => {
    const { signView, address } = await connectSolanaUntilSignView(page, urls.demo, env.solanaRpc!);
    await signView.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(signedInOutput(page)).toHaveText(new RegExp(`^${address} on ${SOLANA_LOCAL_CAIP2}`));
    const token = (await pageToken(page, address))!;
    const api = sessionsApi(env.api!);
    expect((await api.verify(token)).status).toBe(200);

    await page.getByRole('button', { name: 'Revoke sign-in' }).click();
    await expect(signedInOutput(page)).toHaveText(NOT_SIGNED_IN);
    await expect(page.getByRole('button', { name: 'Revoke sign-in' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await api.verify(token)).toEqual({ status: 401, body: { error: 'Session revoked' } });
    expect(await pageToken(page, address)).toBeUndefined();
  });

  test('declined in the wallet: "Signature declined", the view cannot be closed; Cancel disconnects', async ({ page, urls, env }) => {
    const { signView } = await connectSolanaUntilSignView(page, urls.demo, env.solanaRpc!);
    await setSolanaWalletMode(page, 'reject');
    await signView.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(signView.getByText('Signature declined')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: SIGN_IN_REQUIRED })).toHaveCount(1);
    await expect(signView).toBeVisible();
    await expect(signedInOutput(page)).toHaveText(NOT_SIGNED_IN);

    await signView.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(accountOutput(page)).toHaveText('Not connected');
    await expect(signedInOutput(page)).toHaveText(NOT_SIGNED_IN);
  });
});
