// Bitcoin sign-in (issue 32): a bitcoin-only demo page (Bitcoin Testnet) with `?siwx=required`, the injected bitcoin
// test wallet (Wallet Standard, a real secp256k1 key, BIP-322 by bip322-js) signing the "… with your Bitcoin
// account" text with its payment (P2WPKH) address, the API verifying BIP-322 itself and keeping the session.
import { accountOutput, connectButton, dialog } from '../fixtures/portico.ts';
import { PROJECT, SIGN_IN_TITLE, openSiwxDemo, sessionsApi, signedInOutput } from '../fixtures/siwx.ts';
import { useNetworks } from '../fixtures/solana.ts';
import { BITCOIN_WALLET_NAME, bitcoinTestnetNetwork, freshBitcoinKey, installBitcoinWallet } from '../fixtures/bitcoin-wallet.ts';
import { expect, test } from '../fixtures/test.ts';

const CHAIN = bitcoinTestnetNetwork.caipNetworkId;

test('bitcoin-only page, sign-in required: the payment address signs BIP-322, the API keeps the session, the page is signed in', async ({ page, urls, env }) => {
  const { payment } = await installBitcoinWallet(page, { secretKey: freshBitcoinKey() });
  await useNetworks(page, [bitcoinTestnetNetwork]);
  await openSiwxDemo(page, urls.demo, 'required');
  await connectButton(page).click();
  await dialog(page, 'Connect Wallet').getByRole('button', { name: BITCOIN_WALLET_NAME }).click();
  const signView = dialog(page, SIGN_IN_TITLE);
  await expect(signView).toBeVisible({ timeout: 20_000 });
  await expect(signView.getByText('Portico demo wants you to sign in', { exact: true })).toBeVisible();

  await signView.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(signedInOutput(page)).toHaveText(new RegExp(`^${payment} on ${CHAIN} until \\d{4}-\\d{2}-\\d{2}T`));
  await expect(accountOutput(page)).toHaveText(payment);

  const token = await page.evaluate(
    ([chainId, address]) =>
      (window as unknown as { porticoSiwx: { getToken(chainId: string, address: string): string | undefined } }).porticoSiwx.getToken(chainId, address),
    [CHAIN, payment] as const,
  );
  const listed = await fetch(`${env.api}/v1/sessions/${payment}?chainId=${encodeURIComponent(CHAIN)}&projectId=${PROJECT}`, { headers: { authorization: `Bearer ${token}` } });
  expect(listed.status).toBe(200);
  const [session] = ((await listed.json()) as { sessions: { message: string; signature: string; data: { nonce: string } }[] }).sessions;
  const host = new URL(urls.demo).host;
  expect(session!.message).toMatch(new RegExp(`^${host} wants you to sign in with your Bitcoin account:\\n${payment}\\n\\n`));

  // Attacker: the witness replayed (nonce used), or moved onto the same text with a fresh nonce.
  const api = sessionsApi(env.api!);
  const origin = new URL(urls.demo).origin;
  expect(await api.signIn(session!.message, session!.signature, origin)).toMatchObject({ status: 401, body: { error: 'Nonce expired or already used' } });
  const otherNonce = session!.message.replace(`Nonce: ${session!.data.nonce}`, `Nonce: ${await api.nonce()}`);
  expect(await api.signIn(otherNonce, session!.signature, origin)).toMatchObject({ status: 401, body: { error: 'Invalid signature' } });
});
