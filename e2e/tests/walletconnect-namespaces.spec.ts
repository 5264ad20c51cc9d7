// One WalletConnect session across namespaces (issue 13): a host with an EVM, the local Solana, a Polkadot, a
// Cosmos and a Bitcoin network pairs once through the QR/URI with the published SignClient wallet (wc-wallet.ts,
// real keys per namespace). The host then sees every namespace connected and signs in each through the session's
// provider, as AppKit hosts do; every signature is verified here against the wallet's key (BIP-322 for bitcoin).
// SOL sent from the modal's Send view over the session lands on the local SVM.
import { serializeSignDoc, type StdSignature } from '@cosmjs/amino';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { signatureVerify } from '@polkadot/util-crypto';
import { SOLANA_LOCAL_CAIP2 } from '@portico/solana-rpc/accounts';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import type { Page } from '@playwright/test';
import { Verifier } from 'bip322-js';
import { createHash } from 'node:crypto';
import { bitcoinTestnetNetwork } from '../fixtures/bitcoin-wallet.ts';
import { accountOutput, addressPattern, connectButton, dialog, NETWORK, openDemo, useRealSendRemote } from '../fixtures/portico.ts';
import { airdrop, anvilNetwork, freshSolanaKey, solBalance, solanaLocalNetwork, useNetworks } from '../fixtures/solana.ts';
import { expect, test } from '../fixtures/test.ts';
import { copiedUri, openWalletConnect } from '../fixtures/walletconnect-page.ts';
import { WC_ACCOUNT, startWcWallet, type WcWallet } from '../fixtures/wc-wallet.ts';
import { pickToken } from '../fixtures/tokens.ts';

const POLKADOT_CAIP2 = 'polkadot:91b171bb158e2d3848fa23a9f1c25182';
const COSMOS_CAIP2 = 'cosmos:cosmoshub-4';
// Balances and sends are eip155 and solana only (spec section 5): these RPC URLs are never asked (port 9: discard).
const polkadotNetwork = {
  id: POLKADOT_CAIP2.split(':')[1],
  name: 'Polkadot',
  chainNamespace: 'polkadot',
  caipNetworkId: POLKADOT_CAIP2,
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/polkadot'] } },
};
const cosmosNetwork = {
  id: 'cosmoshub-4',
  name: 'Cosmos Hub',
  chainNamespace: 'cosmos',
  caipNetworkId: COSMOS_CAIP2,
  nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/cosmos'] } },
};
const NAMESPACES = ['eip155', 'solana', 'polkadot', 'cosmos', 'bip122'] as const;

let wallet: WcWallet;

test.beforeEach(async ({ env, context, urls }) => {
  wallet = await startWcWallet(env.relay!, { solanaRpc: env.solanaRpc! });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(urls.demo).origin });
});

test.afterEach(async () => {
  await wallet.stop();
});

type Host = {
  portico: {
    getAccount(namespace: string): { address?: string; isConnected: boolean };
    getProvider(namespace: string): { request(args: unknown, chainId: string): Promise<unknown> };
    disconnect(namespace?: string): Promise<void>;
  };
};

/** The address the host sees connected in each namespace (undefined where none). */
const connectedAddresses = (page: Page) =>
  page.evaluate(
    (namespaces) => namespaces.map((namespace) => (window as unknown as Host).portico.getAccount(namespace)).map((account) => (account.isConnected ? account.address : undefined)),
    [...NAMESPACES],
  );

/** A wallet request through the host's provider for `namespace`: `request({ method, params }, caipNetworkId)`. */
const hostRequest = (page: Page, namespace: string, chainId: string, method: string, params: unknown) =>
  page.evaluate(({ namespace, chainId, method, params }) => (window as unknown as Host).portico.getProvider(namespace).request({ method, params }, chainId), {
    namespace,
    chainId,
    method,
    params,
  });

async function pairOnce(page: Page, urls: Parameters<typeof openDemo>[1], solanaRpc: string) {
  await useNetworks(page, [anvilNetwork(urls.rpcUrl, urls.chainId), solanaLocalNetwork(solanaRpc), polkadotNetwork, cosmosNetwork, bitcoinTestnetNetwork]);
  await openDemo(page, urls);
  await openWalletConnect(page);
  await wallet.pair(await copiedUri(page));
  await expect(accountOutput(page)).toHaveText(addressPattern(WC_ACCOUNT.address), { timeout: 20_000 });
}

test.describe('one WalletConnect session, every namespace', () => {
  test('one pairing connects eip155, solana, polkadot, cosmos and bip122; each signs a message that verifies against the wallet key', async ({ page, urls, env }) => {
    await pairOnce(page, urls, env.solanaRpc!);
    const { solana, polkadot, cosmos, bip122 } = wallet.keys;
    await expect.poll(() => connectedAddresses(page)).toEqual([WC_ACCOUNT.address, solana.address, polkadot.address, cosmos.address, bip122.address]);

    const text = 'Portico signs in every namespace';
    const bytes = new TextEncoder().encode(text);

    const solanaReply = (await hostRequest(page, 'solana', SOLANA_LOCAL_CAIP2, 'solana_signMessage', {
      message: getBase58Decoder().decode(bytes),
      pubkey: solana.address,
    })) as { signature: string };
    expect(ed25519.verify(new Uint8Array(getBase58Encoder().encode(solanaReply.signature)), bytes, solana.publicKey)).toBe(true);

    const polkadotReply = (await hostRequest(page, 'polkadot', POLKADOT_CAIP2, 'polkadot_signMessage', { address: polkadot.address, message: text })) as {
      signature: `0x${string}`;
    };
    expect(signatureVerify(text, polkadotReply.signature, polkadot.address).isValid).toBe(true);

    // ADR-036's amino doc for an arbitrary message (what the modal's cosmos adapter signs too).
    const signDoc = {
      chain_id: '',
      account_number: '0',
      sequence: '0',
      fee: { gas: '0', amount: [] },
      msgs: [{ type: 'sign/MsgSignData', value: { signer: cosmos.address, data: Buffer.from(text).toString('base64') } }],
      memo: '',
    };
    const cosmosReply = (await hostRequest(page, 'cosmos', COSMOS_CAIP2, 'cosmos_signAmino', { signerAddress: cosmos.address, signDoc })) as {
      signature: StdSignature;
      signed: typeof signDoc;
    };
    expect(cosmosReply.signed).toEqual(signDoc);
    expect(cosmosReply.signature.pub_key.value).toBe(Buffer.from(cosmos.publicKey).toString('base64'));
    const digest = createHash('sha256').update(serializeSignDoc(cosmosReply.signed)).digest();
    expect(secp256k1.verify(Buffer.from(cosmosReply.signature.signature, 'base64'), digest, cosmos.publicKey)).toBe(true);

    // WalletConnect's bip122 signMessage, as AppKit's bitcoin connector sends it: a BIP-322 signature by the payment address.
    const bitcoinReply = (await hostRequest(page, 'bip122', bitcoinTestnetNetwork.caipNetworkId, 'signMessage', {
      message: text,
      account: bip122.address,
      address: bip122.address,
    })) as { address: string; signature: string };
    expect(bitcoinReply.address).toBe(bip122.address);
    expect(Verifier.verifySignature(bip122.address, text, bitcoinReply.signature)).toBe(true);
    expect(Verifier.verifySignature(bip122.address, 'another message', bitcoinReply.signature)).toBe(false);
    expect(wallet.requests).toEqual(['solana_signMessage', 'polkadot_signMessage', 'cosmos_signAmino', 'signMessage']);
  });

  test('a reload restores every namespace without a prompt; disconnecting one namespace ends the session in all', async ({ page, urls, env }) => {
    await pairOnce(page, urls, env.solanaRpc!);
    const { solana, polkadot, cosmos, bip122 } = wallet.keys;
    const all = [WC_ACCOUNT.address, solana.address, polkadot.address, cosmos.address, bip122.address];
    await expect.poll(() => connectedAddresses(page)).toEqual(all);

    await page.reload();
    await expect.poll(() => connectedAddresses(page), { timeout: 20_000 }).toEqual(all);

    await page.evaluate(() => (window as unknown as Host).portico.disconnect('polkadot'));
    await expect.poll(() => connectedAddresses(page)).toEqual(NAMESPACES.map(() => undefined));
    await expect.poll(() => wallet.sessions()).toEqual([]);
  });

  test('send 0.5 SOL from the Send view over the session: the wallet signs and sends it, and it lands on the local SVM', async ({ page, urls, env }) => {
    test.setTimeout(90_000);
    const { solana } = wallet.keys;
    const receiver = await freshSolanaKey();
    await airdrop(env.solanaRpc!, solana.address, 5);
    await useRealSendRemote(page, urls);
    await pairOnce(page, urls, env.solanaRpc!);

    // The session's Solana account is the one shown once Solana Local is chosen, with its SOL from the chain.
    const account = dialog(page, 'Account');
    await account.getByRole('button', { name: new RegExp(NETWORK) }).click();
    await dialog(page, 'Choose Network').getByRole('button', { name: 'Solana Local' }).click();
    await expect(accountOutput(page)).toHaveText(solana.address);
    await expect(account.getByText('5 SOL', { exact: true })).toBeVisible({ timeout: 20_000 });

    await account.getByRole('button', { name: 'Send', exact: true }).click();
    const send = dialog(page, 'Send');
    await pickToken(send, 'Token', 'SOL');
    await send.getByLabel('Amount').fill('0.5');
    await send.getByLabel('Receiver address').fill(receiver.address);
    await send.getByRole('button', { name: 'Preview send' }).click();
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(send.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect(await solBalance(env.solanaRpc!, receiver.address)).toBe(500_000_000n);
    expect(wallet.requests).toEqual(['solana_signAndSendTransaction']);
  });
});

test.describe('a site only WalletConnect serves (spec §2: no adapters)', () => {
  test('opens on the QR code with All Wallets below; All Wallets and back; the pairing connects polkadot and cosmos', async ({ page, urls }) => {
    await useNetworks(page, [polkadotNetwork, cosmosNetwork]);
    await openDemo(page, urls);
    await connectButton(page).click();
    const view = dialog(page, 'Connect Wallet');
    await expect(view.getByRole('img', { name: 'QR code for WalletConnect' })).toBeVisible();
    await view.getByRole('button', { name: 'All Wallets', exact: true }).click();
    const allWallets = dialog(page, 'All Wallets');
    await expect(allWallets.getByRole('grid', { name: 'All wallets' })).toBeVisible();
    await allWallets.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(view.getByRole('img', { name: 'QR code for WalletConnect' })).toBeVisible();

    await wallet.pair(await copiedUri(page));
    await expect(dialog(page, 'Account')).toBeVisible({ timeout: 20_000 });
    const { polkadot, cosmos } = wallet.keys;
    await expect.poll(() => connectedAddresses(page)).toEqual([undefined, undefined, polkadot.address, cosmos.address, undefined]);
  });
});
