// Solana end to end (issue 13): the local SVM (services/solana-rpc over litesvm), an injected wallet speaking the
// Wallet Standard with a real ed25519 key (e2e/fixtures/solana-wallet.ts), and the modal's solana adapter: connect,
// the SOL balance from the chain, Receive, SOL and SPL (PUSD) sends approved in the wallet and checked on chain, a
// declined send, bad receivers refused, the chain's RPC not answering, switching between an EVM and a Solana
// network, and on a phone with no Solana wallet, Phantom's browse-page deep link (spec section 7). The networks are the demo's own shapes (demo/networks.mjs), Solana Local first.
import { createServer } from 'node:http';
import type { Page } from '@playwright/test';
import { getBase58Encoder } from '@solana/kit';
import { PUSD_MINT, SOLANA_DEV_ACCOUNTS, SOLANA_LOCAL_CAIP2 } from '@portico/solana-rpc/accounts';
import { solanaCaipNetworkId } from '../../demo/networks.mjs';
import { DEV_ACCOUNTS, SECOND_CHAIN_ID } from '../fixtures/anvil.ts';
import { injectApiFault } from '../fixtures/faults.ts';
import { accountOutput, addressPattern, button, dialog, openDemo, useRealSendRemote, WALLET } from '../fixtures/portico.ts';
import { qrText } from '../fixtures/qr.ts';
import { airdrop, anvilNetwork, freshSolanaKey, solBalance, solanaLocalNetwork, tokenBalance, useNetworks } from '../fixtures/solana.ts';
import { installSolanaWallet, setSolanaWalletMode, SOLANA_WALLET_NAME } from '../fixtures/solana-wallet.ts';
import { expect, test, type PorticoUrls } from '../fixtures/test.ts';
import { pickToken } from '../fixtures/tokens.ts';

/** demo/server.mjs's startPortico (plain JavaScript, imported at run time as global-setup does). */
type StartPortico = (options: object) => Promise<{ urls: { demo: string }; close(): Promise<void> }>;
const DEMO_SERVER = new URL('../../demo/server.mjs', import.meta.url).href;

/** Solana Local (the default) and Anvil Local; the Solana wallet installed; the demo open with its Account view after connecting. */
async function connectSolanaWallet(page: Page, urls: PorticoUrls, solanaRpc: string, secretKey: Uint8Array) {
  await installSolanaWallet(page, { secretKey, rpcUrl: solanaRpc });
  await useNetworks(page, [solanaLocalNetwork(solanaRpc), anvilNetwork(urls.rpcUrl, urls.chainId)]);
  await openDemo(page, urls);
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await dialog(page, 'Connect Wallet').getByRole('button', { name: SOLANA_WALLET_NAME }).click();
  const account = dialog(page, 'Account');
  await expect(account).toBeVisible({ timeout: 20_000 });
  return account;
}

/** A funded fresh Solana wallet connected (5 SOL), its Send view open with 0.5 SOL chosen; the real send remote. */
async function openSolanaSend(page: Page, urls: PorticoUrls, solanaRpc: string) {
  const { secretKey, address } = await freshSolanaKey();
  await airdrop(solanaRpc, address, 5);
  await useRealSendRemote(page, urls);
  const account = await connectSolanaWallet(page, urls, solanaRpc, secretKey);
  await expect(account.getByText('5 SOL', { exact: true })).toBeVisible({ timeout: 20_000 });
  await account.getByRole('button', { name: 'Send', exact: true }).click();
  const send = dialog(page, 'Send');
  await pickToken(send, 'Token', 'SOL');
  await send.getByLabel('Amount').fill('0.5');
  return { send, address };
}

test.describe('Solana on the local SVM', () => {
  test('connect the Wallet Standard wallet: Account shows its address and its SOL from the chain', async ({ page, urls, env }) => {
    const { secretKey, address } = await freshSolanaKey();
    await airdrop(env.solanaRpc!, address, 5);
    const account = await connectSolanaWallet(page, urls, env.solanaRpc!, secretKey);
    await expect(accountOutput(page)).toHaveText(address);
    await expect(account.getByText('5 SOL', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(account.getByRole('button', { name: /Solana Local/ })).toBeVisible();
  });

  test('send 0.5 SOL: approved in the wallet, it lands on the local SVM; a declined one sends nothing', async ({ page, urls, env }) => {
    test.setTimeout(90_000);
    const receiver = await freshSolanaKey();
    const { send } = await openSolanaSend(page, urls, env.solanaRpc!);
    await send.getByLabel('Receiver address').fill(receiver.address);

    await setSolanaWalletMode(page, 'reject');
    await send.getByRole('button', { name: 'Preview send' }).click();
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(send.getByRole('alert')).toContainText('Signature declined');
    expect(await solBalance(env.solanaRpc!, receiver.address)).toBe(0n);

    await setSolanaWalletMode(page, 'approve');
    await send.getByRole('button', { name: 'Try again' }).click();
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(send.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect(await solBalance(env.solanaRpc!, receiver.address)).toBe(500_000_000n);
  });

  test('both namespaces: a Solana wallet and an EVM wallet connected side by side; switching networks shows each one’s account', async ({ page, urls, env }) => {
    const { secretKey, address } = await freshSolanaKey();
    await installSolanaWallet(page, { secretKey, rpcUrl: env.solanaRpc! });
    await useNetworks(page, [anvilNetwork(urls.rpcUrl, urls.chainId), solanaLocalNetwork(env.solanaRpc!)]);
    await openDemo(page, urls);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: SOLANA_WALLET_NAME }).click();
    const account = dialog(page, 'Account');
    await expect(accountOutput(page)).toHaveText(address, { timeout: 20_000 });

    // On the EVM network nothing is connected yet: Choose Network offers to connect an EVM wallet there.
    await account.getByRole('button', { name: /Solana Local/ }).click();
    const networks = dialog(page, 'Choose Network');
    await networks.getByRole('button', { name: 'Anvil Local' }).click();
    await networks.getByRole('button', { name: 'Connect a wallet for EVM' }).click();
    await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    await expect(account.getByRole('button', { name: /Anvil Local/ })).toBeVisible({ timeout: 20_000 });
    await expect(accountOutput(page)).toHaveText(addressPattern(DEV_ACCOUNTS[0]));

    // Back on Solana: the Solana wallet's account, still connected.
    await account.getByRole('button', { name: /Anvil Local/ }).click();
    await dialog(page, 'Choose Network').getByRole('button', { name: 'Solana Local' }).click();
    await expect(account.getByRole('button', { name: /Solana Local/ })).toBeVisible();
    await expect(accountOutput(page)).toHaveText(address);
  });
  test('Receive shows the Solana address, as text and as a QR code, only for Solana networks; Copy address copies it', async ({ page, urls, env, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(urls.demo).origin });
    const { secretKey, address } = await freshSolanaKey();
    const account = await connectSolanaWallet(page, urls, env.solanaRpc!, secretKey);
    await account.getByRole('button', { name: 'Receive', exact: true }).click();
    const receive = dialog(page, 'Receive');
    await expect(receive.getByRole('img', { name: 'QR code for your address' })).toBeVisible();
    expect(await qrText(page, 'QR code for your address')).toBe(address);
    await expect(receive.getByText(address, { exact: true })).toBeVisible();
    // The address is valid on the Solana network only, not on Anvil Local.
    await expect(receive.getByRole('list', { name: 'Only send assets on this network:' }).getByRole('listitem')).toHaveText(['Solana Local (current)']);
    await receive.getByRole('button', { name: 'Copy address' }).click();
    await expect(receive.getByText('Address copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  });

  test('send 12.5 PUSD (SPL) from a dev account: the new receiver holds it on the local SVM', async ({ page, urls, env }) => {
    test.setTimeout(90_000);
    // Dev account 3 holds 10 000 PUSD from genesis; no other spec sends from it.
    const sender = SOLANA_DEV_ACCOUNTS[3]!;
    const receiver = await freshSolanaKey();
    await useRealSendRemote(page, urls);
    const account = await connectSolanaWallet(page, urls, env.solanaRpc!, new Uint8Array(getBase58Encoder().encode(sender.secretKeyBase58)));
    await expect(accountOutput(page)).toHaveText(sender.address);

    await account.getByRole('button', { name: 'Send', exact: true }).click();
    const send = dialog(page, 'Send');
    await pickToken(send, 'Token', 'PUSD', { timeout: 20_000 });
    await send.getByLabel('Amount').fill('12.5');
    await send.getByLabel('Receiver address').fill(receiver.address);
    await send.getByRole('button', { name: 'Preview send' }).click();
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(send.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect(await tokenBalance(env.solanaRpc!, receiver.address, PUSD_MINT.address)).toBe(12_500_000n);
  });

  test('bad receivers on Solana: an EVM address and a too-short base58 string give Invalid address, and nothing is sent', async ({ page, urls, env }) => {
    const { send, address } = await openSolanaSend(page, urls, env.solanaRpc!);
    for (const bad of [DEV_ACCOUNTS[1]!, 'Hrhf2PpozV5n9Ng69bqCKt']) {
      await send.getByLabel('Receiver address').fill(bad);
      await send.getByRole('button', { name: 'Preview send' }).click();
      await expect(send.getByRole('alert')).toHaveText('Invalid address');
      // Still the form: no preview to confirm, and the amount kept.
      await expect(send.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
      await expect(send.getByLabel('Amount')).toHaveValue('0.5');
    }
    expect(await solBalance(env.solanaRpc!, address)).toBe(5_000_000_000n);
  });

  test('the Solana RPC not answering: Account says the balance is unavailable after the RPC timeout, and reads it again once the RPC is back', async ({ page, urls, env }) => {
    test.setTimeout(120_000);
    const { secretKey, address } = await freshSolanaKey();
    await airdrop(env.solanaRpc!, address, 5);
    const rpcOrigin = new URL(env.solanaRpc!).origin;
    const fault = await injectApiFault(page, (url) => url.origin === rpcOrigin, 'no answer');
    const account = await connectSolanaWallet(page, urls, env.solanaRpc!, secretKey);
    await expect(accountOutput(page)).toHaveText(address);
    await expect(account.getByText('Loading balance…', { exact: true })).toBeVisible();
    // The modal's RPC timeout (10 s) ends the read: the person is told, not left waiting.
    await expect(account.getByText('Balance unavailable', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(account.getByRole('alert')).toHaveText('Token Balance Unavailable');
    expect(fault.count()).toBeGreaterThan(0);

    // The RPC is back: coming back to Account reads the balance again (the spec pauses retries for up to 30 s after a failure).
    await fault.heal();
    await expect(async () => {
      await account.getByRole('button', { name: 'Receive', exact: true }).click();
      await button(page, 'Back').click();
      await expect(account.getByText('5 SOL', { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 45_000, intervals: [5_000] });
  });

  test('the demo started with solanaRpcUrl lists Solana Local after its EVM networks, and the Solana wallet connects there', async ({ page, urls, env }) => {
    const { secretKey, address } = await freshSolanaKey();
    await airdrop(env.solanaRpc!, address, 2);
    await installSolanaWallet(page, { secretKey, rpcUrl: env.solanaRpc! });
    const { startPortico } = (await import(DEMO_SERVER)) as { startPortico: StartPortico };
    const portico = await startPortico({
      host: new URL(urls.demo).hostname,
      ports: { demo: 0, shell: 0, connect: 0, account: 0, send: 0, swap: 0, onramp: 0, names: 0 },
      rpcUrl: urls.rpcUrl,
      chainId: urls.chainId,
      extraChains: [{ rpcUrl: env.secondRpcUrl!, chainId: SECOND_CHAIN_ID, name: 'Anvil Second' }],
      apiUrl: env.api,
      solanaRpcUrl: env.solanaRpc!,
    });
    try {
      await openDemo(page, { ...urls, demo: portico.urls.demo });
      await page.getByRole('button', { name: 'Connect Wallet' }).click();
      await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
      const account = dialog(page, 'Account');
      await account.getByRole('button', { name: /Anvil Local/ }).click({ timeout: 20_000 });
      // Networks of both namespaces: each group under its namespace, the EVM ones first (the host's order).
      const choose = dialog(page, 'Choose Network');
      await expect(choose.getByRole('list', { name: 'EVM networks' }).getByRole('button')).toHaveText([/Anvil Local/, /Anvil Second/]);
      const solanaNetworks = choose.getByRole('list', { name: 'Solana networks' }).getByRole('button');
      await expect(solanaNetworks).toHaveText([/Solana Local/]);
      await solanaNetworks.click();
      // No Solana wallet yet: Choose Network offers one; on the demo's Solana network it connects and its SOL comes from
      // the demo's RPC URL.
      await choose.getByRole('button', { name: 'Connect a wallet for Solana' }).click();
      await dialog(page, 'Connect Wallet').getByRole('button', { name: SOLANA_WALLET_NAME }).click();
      await expect(account.getByRole('button', { name: /Solana Local/ })).toBeVisible({ timeout: 20_000 });
      await expect(accountOutput(page)).toHaveText(address);
      await expect(account.getByText('2 SOL', { exact: true })).toBeVisible({ timeout: 20_000 });
    } finally {
      await portico.close();
    }
  });

  test('the demo names the local SVM by its genesis hash, and gives up on a node that does not answer', async ({ env }) => {
    expect(await solanaCaipNetworkId(env.solanaRpc!)).toBe(SOLANA_LOCAL_CAIP2);
    const silent = createServer(() => undefined);
    await new Promise<void>((listening) => silent.listen(0, '127.0.0.1', listening));
    const { port } = silent.address() as { port: number };
    try {
      await expect(solanaCaipNetworkId(`http://127.0.0.1:${port}`, 300)).rejects.toThrow(
        `the Solana node at http://127.0.0.1:${port} did not give its genesis hash (no answer within 300 ms)`,
      );
    } finally {
      silent.closeAllConnections();
      await new Promise((closed) => silent.close(closed));
    }
  });
});

/** Phantom's id in the wallet registry (shared/data/wallets.json, rdns app.phantom). */
const PHANTOM_ID = 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393';

test.describe('Solana on a phone with no Solana wallet injected', () => {
  test.use({
    isMobile: true,
    hasTouch: true,
    viewport: { width: 390, height: 844 },
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });

  test('Phantom links to its browse page with this page (spec section 7), and only while Solana is active', async ({ page, urls, env }) => {
    await page.addInitScript((id) => {
      const host = window as unknown as { PORTICO_OPTIONS?: object };
      host.PORTICO_OPTIONS = { ...host.PORTICO_OPTIONS, featuredWalletIds: [id] };
    }, PHANTOM_ID);
    await useNetworks(page, [solanaLocalNetwork(env.solanaRpc!), anvilNetwork(urls.rpcUrl, urls.chainId)]);
    await openDemo(page, urls);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    const connect = dialog(page, 'Connect Wallet');
    const pageUrl = new URL(page.url());
    await expect(connect.getByRole('link', { name: /Phantom/ })).toHaveAttribute(
      'href',
      `https://phantom.app/ul/browse/${encodeURIComponent(pageUrl.href)}?ref=${encodeURIComponent(pageUrl.origin)}`,
    );

    // With an EVM network active (open({ namespace }) selects it) Phantom is an ordinary entry (WalletConnect), not a
    // way off the site.
    await page.keyboard.press('Escape');
    await page.evaluate(() => (window as unknown as { portico: { open(options: object): Promise<void> } }).portico.open({ namespace: 'eip155' }));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(connect.getByRole('button', { name: /Phantom/ })).toBeVisible();
    await expect(connect.getByRole('link', { name: /Phantom/ })).toHaveCount(0);
  });
});
