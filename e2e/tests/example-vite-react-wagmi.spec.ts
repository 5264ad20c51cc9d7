// Issue 30: AppKit's React + Wagmi quick-start (examples/vite-react-wagmi), its imports changed to @portico/react,
// @portico/js/networks and @portico/wagmi, installed from their packed tarballs and built with Vite. What Portico
// connects shows in AppKit's hooks and in wagmi's alike, and wagmi's actions go through that connection.
import type { Page } from '@playwright/test';
import { createPublicClient, http, verifyMessage, type Hex } from 'viem';
import { approveButton, embeddedLoginToAccount, expectFrameRevealed, nodeOf, uniqueEmail } from '../fixtures/embedded.ts';
import { EXAMPLE_MESSAGE as MESSAGE, EXAMPLE_RECIPIENT as VITALIK, connectWithAppKitButton as connect, openExample as open, region, signedMessage } from '../fixtures/examples.ts';
import { ACCOUNT, WALLET, accountButton, button, dialog } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';
import { copiedUri, openWalletConnect } from '../fixtures/walletconnect-page.ts';
import { WC_ACCOUNT, startWcWallet } from '../fixtures/wc-wallet.ts';

const openExample = (page: Page, url: string | undefined) => open(page, 'vite-react-wagmi', url, 'AppKit Wagmi React dApp Example');

async function expectConnectedEverywhere(page: Page, chainId: number) {
  const wagmi = region(page, 'wagmi useAccount');
  await expect(wagmi).toContainText(`Address: ${ACCOUNT}`);
  await expect(wagmi).toContainText(`Chain: ${chainId}`);
  await expect(wagmi).toContainText('Status: connected');
  await expect(wagmi).toContainText('Connector: Portico');
  const appkit = region(page, 'useAppKit');
  await expect(appkit).toContainText(`Address: ${ACCOUNT}`);
  await expect(appkit).toContainText('Connected: true');
  await expect(region(page, 'State')).toContainText(`selectedNetworkId: eip155:${chainId}`);
}

async function signAndCheck(page: Page) {
  await button(page, 'Sign msg').click();
  expect(await verifyMessage({ address: ACCOUNT as Hex, message: MESSAGE, signature: await signedMessage(page) })).toBe(true);
}

/** wagmi's useAccount as the example shows it. */
async function expectWagmiConnected(page: Page, address: string, chainId: number) {
  const wagmi = region(page, 'wagmi useAccount');
  await expect(wagmi).toContainText(new RegExp(`Address: ${address}`, 'i'), { timeout: 20_000 });
  await expect(wagmi).toContainText(`Chain: ${chainId}`);
  await expect(wagmi).toContainText('Status: connected');
  await expect(wagmi).toContainText('Connector: Portico');
}

for (const silent of [false, true]) {
  test.describe(silent ? 'a wallet that emits no events' : 'an injected wallet that emits events', () => {
    test.use({ walletOptions: { silent } });

    test('connect through <appkit-button>: wagmi and AppKit both see it; sign, send, balance, switch, disconnect through wagmi and AppKit', async ({ page, env }) => {
      await openExample(page, env.exampleViteReactWagmi);
      await expect(region(page, 'wagmi useAccount')).toContainText('Status: disconnected');
      await expect(region(page, 'useAppKit')).toContainText('Connected: false');

      await connect(page);
      await expectConnectedEverywhere(page, env.chainId);
      await expect(region(page, 'WalletInfo')).toContainText(`Name: ${WALLET}`);
      await expect(accountButton(page)).toBeVisible();

      // wagmi's useSignMessage through the Portico connector; the signature verifies with viem.
      await signAndCheck(page);

      // wagmi's useBalance (the local chain through the site's /rpc): anvil's dev account has 10,000 ETH in wei.
      await button(page, 'Get Balance').click();
      await expect(page.getByRole('heading', { name: /^Balance: \d{19,} ETH$/ })).toBeVisible();

      // wagmi's useSendTransaction + useWaitForTransactionReceipt (2 confirmations): on chain, from the account.
      await button(page, 'Send tx').click();
      const sent = region(page, 'Sign Tx');
      await expect(sent).toContainText(/Hash: 0x[0-9a-f]{64}/);
      const hash = /0x[0-9a-f]{64}/.exec((await sent.textContent()) ?? '')![0] as Hex;
      const chain = createPublicClient({ transport: http(env.rpcUrl) });
      const receipt = await chain.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe('success');
      expect(receipt.from.toLowerCase()).toBe(ACCOUNT.toLowerCase());
      expect(receipt.to?.toLowerCase()).toBe(VITALIK);
      await chain.request({ method: 'anvil_mine' as never, params: ['0x1'] as never });
      await expect(sent).toContainText('Status: success');

      // AppKit's useAppKitNetwork().switchNetwork(networks[1]) (Ethereum): wagmi follows Portico's network.
      await button(page, 'Switch').click();
      await expect(region(page, 'wagmi useAccount')).toContainText('Chain: 1', { timeout: 15_000 });
      await expect(region(page, 'State')).toContainText('selectedNetworkId: eip155:1');

      // AppKit's useDisconnect: wagmi is disconnected too.
      await button(page, 'Disconnect').click();
      await expect(region(page, 'wagmi useAccount')).toContainText('Status: disconnected');
      await expect(region(page, 'useAppKit')).toContainText('Connected: false');
      await expect(button(page, 'Connect Wallet')).toBeVisible();
    });

    test('a returning visitor: after a reload wagmi reconnects to what Portico restored, without a prompt', async ({ page, env, wallet }) => {
      await openExample(page, env.exampleViteReactWagmi);
      await connect(page);
      await expectConnectedEverywhere(page, env.chainId);
      await page.reload();
      await expectConnectedEverywhere(page, env.chainId);
      // Since the reload: the session was read back (eth_accounts), never asked for again.
      const methods = (await wallet.calls(page)).map((call) => call.method);
      expect(methods).not.toContain('eth_requestAccounts');
      await signAndCheck(page);
    });
  });
}

test('a WalletConnect wallet paired through the QR view: wagmi sees its account and signs through it', async ({ page, env, context }) => {
  const phone = await startWcWallet(env.relay!);
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.exampleViteReactWagmi ?? 'http://x').origin });
    await openExample(page, env.exampleViteReactWagmi);
    await openWalletConnect(page);
    await phone.pair(await copiedUri(page));
    await expect(dialog(page, 'Account')).toBeVisible();
    await page.keyboard.press('Escape');
    await expectWagmiConnected(page, WC_ACCOUNT.address, env.chainId);
    await button(page, 'Sign msg').click();
    const signature = await signedMessage(page);
    expect(await verifyMessage({ address: WC_ACCOUNT.address, message: MESSAGE, signature })).toBe(true);
    expect(phone.signed).toHaveLength(1);
    await button(page, 'Disconnect').click();
    await expect(region(page, 'wagmi useAccount')).toContainText('Status: disconnected');
  } finally {
    await phone.stop();
  }
});

test('the embedded email wallet: wagmi sees its account; wagmi’s signMessage is approved in the secure site’s frame and verifies on chain', async ({ page, env }, testInfo) => {
  await openExample(page, env.exampleViteReactWagmi);
  await button(page, 'Connect Wallet').click();
  await embeddedLoginToAccount(page, env.inbox!, uniqueEmail(testInfo, 'wagmi'));
  await page.keyboard.press('Escape');
  // AppKit's hook and wagmi's name the same embedded account.
  const appkit = region(page, 'useAppKit');
  await expect(appkit).toContainText(/Address: 0x[0-9a-fA-F]{40}/);
  const address = /0x[0-9a-fA-F]{40}/.exec((await appkit.textContent()) ?? '')![0];
  await expectWagmiConnected(page, address, env.chainId);
  await button(page, 'Sign msg').click();
  await expectFrameRevealed(page);
  await approveButton(page).click();
  const signature = await signedMessage(page);
  // The embedded wallet's smart account signs with ERC-1271 (ERC-6492 before it is deployed): the node verifies.
  expect(await nodeOf(env).verifyMessage({ address: address as Hex, message: MESSAGE, signature })).toBe(true);
});
