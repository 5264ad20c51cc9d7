// AppKit's React + ethers quick-start (examples/vite-react-ethers), its imports changed to @portico/react,
// @portico/js/networks and @portico/js/adapters, installed from their packed tarballs and built with Vite. The page
// signs, sends and reads with ethers v6 over useAppKitProvider('eip155') (BrowserProvider → getSigner), as on AppKit.
import type { Page } from '@playwright/test';
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem';
import { EXAMPLE_MESSAGE as MESSAGE, EXAMPLE_RECIPIENT as VITALIK, connectWithAppKitButton as connect, openExample as open, region, signedMessage } from '../fixtures/examples.ts';
import { ACCOUNT, WALLET, accountButton, button, dialog } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';
import { copiedUri, openWalletConnect } from '../fixtures/walletconnect-page.ts';
import { WC_ACCOUNT, startWcWallet } from '../fixtures/wc-wallet.ts';

const openExample = (page: Page, url: string | undefined) => open(page, 'vite-react-ethers', url, 'AppKit ethers React dApp Example');

test('connect through <appkit-button>; sign, send, balance, switch and disconnect through ethers over useAppKitProvider', async ({ page, env }) => {
  await openExample(page, env.exampleViteReactEthers);
  await expect(region(page, 'useAppKit')).toContainText('Connected: false');

  await connect(page);
  const appkit = region(page, 'useAppKit');
  await expect(appkit).toContainText(`Address: ${ACCOUNT}`);
  await expect(appkit).toContainText(`caip Address: eip155:${env.chainId}:${ACCOUNT}`);
  await expect(appkit).toContainText('Connected: true');
  await expect(region(page, 'useAppKitNetwork')).toContainText('Network: Anvil Local');
  await expect(region(page, 'useAppKitNetwork')).toContainText(`Chain Id: ${env.chainId}`);
  await expect(region(page, 'State')).toContainText(`selectedNetworkId: eip155:${env.chainId}`);
  await expect(region(page, 'WalletInfo')).toContainText(`Name: ${WALLET}`);
  await expect(accountButton(page)).toBeVisible();

  // BrowserProvider(walletProvider, chainId).getSigner() → signMessage: the signature verifies with viem.
  await button(page, 'Sign msg').click();
  expect(await verifyMessage({ address: ACCOUNT as Hex, message: MESSAGE, signature: await signedMessage(page) })).toBe(true);

  // signer.sendTransaction: the hash is shown, then the receipt's status (provider.waitForTransaction).
  const chain = createPublicClient({ transport: http(env.rpcUrl) });
  await button(page, 'Send tx').click();
  const sent = region(page, 'Sign Tx');
  await expect(sent).toContainText(/Hash: 0x[0-9a-f]{64}/, { timeout: 20_000 });
  const hash = /0x[0-9a-f]{64}/.exec((await sent.textContent()) ?? '')![0] as Hex;
  const receipt = await chain.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  expect(receipt.from.toLowerCase()).toBe(ACCOUNT.toLowerCase());
  expect(receipt.to?.toLowerCase()).toBe(VITALIK);
  await expect(sent).toContainText('Status: Success', { timeout: 20_000 });

  // provider.getBalance(address), shown with formatEther: what the node holds for the account now.
  await button(page, 'Get Balance').click();
  const balance = page.getByRole('heading', { name: /^Balance: \d+\.\d+ ETH$/ });
  await expect(balance).toBeVisible();
  const shown = /Balance: (\d+\.\d+) ETH/.exec((await balance.textContent()) ?? '')![1]!;
  expect(parseEther(shown)).toBe(await chain.getBalance({ address: ACCOUNT as Hex }));

  // useAppKitNetwork().switchNetwork(networks[1]) (Ethereum).
  await button(page, 'Switch').click();
  await expect(region(page, 'useAppKitNetwork')).toContainText(/Chain Id: 1(?!\d)/, { timeout: 15_000 });
  await expect(region(page, 'State')).toContainText('selectedNetworkId: eip155:1');

  // useDisconnect.
  await button(page, 'Disconnect').click();
  await expect(region(page, 'useAppKit')).toContainText('Connected: false');
  await expect(button(page, 'Connect Wallet')).toBeVisible();
});

test('a WalletConnect wallet paired through the QR view: ethers signs through useAppKitProvider’s WalletConnect provider', async ({ page, env, context }) => {
  const phone = await startWcWallet(env.relay!);
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.exampleViteReactEthers ?? 'http://x').origin });
    await openExample(page, env.exampleViteReactEthers);
    await openWalletConnect(page);
    await phone.pair(await copiedUri(page));
    await expect(dialog(page, 'Account')).toBeVisible();
    await page.keyboard.press('Escape');
    const appkit = region(page, 'useAppKit');
    await expect(appkit).toContainText(new RegExp(`Address: ${WC_ACCOUNT.address}`, 'i'), { timeout: 20_000 });
    await expect(appkit).toContainText('Connected: true');
    await button(page, 'Sign msg').click();
    const signature = await signedMessage(page);
    expect(await verifyMessage({ address: WC_ACCOUNT.address, message: MESSAGE, signature })).toBe(true);
    expect(phone.signed).toHaveLength(1);
    await button(page, 'Disconnect').click();
    await expect(appkit).toContainText('Connected: false');
  } finally {
    await phone.stop();
  }
});
