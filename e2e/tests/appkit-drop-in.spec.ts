// Issue 14: AppKit's React quick-start, only its imports changed to the shell's AppKit drop-in
// (demo/src/appkit-quickstart, /appkit.html), runs against the demo's services.
import { ACCOUNT, WALLET, accountButton, button, dialog, expectClosedOrConnectView } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

test('the AppKit quick-start connects, shows the account and network through its hooks, and disconnects', async ({ page, urls }) => {
  await page.goto(`${urls.demo}/appkit.html`);
  await expect(page.getByRole('heading', { name: 'AppKit ethers React dApp Example' })).toBeVisible();
  const account = page.getByRole('region', { name: 'useAppKit' });
  const network = page.getByRole('region', { name: 'Network' });
  await expect(account).toContainText('Connected: false');
  // Before a wallet connects, the quick-start's first network is the active one.
  await expect(network).toContainText('Network: Ethereum');
  // <AppKitNetworkButton />, AppKit's React component, names the active network (server-safe: a plain button).
  await expect(button(page, 'Ethereum')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Theme' })).toContainText('"--w3m-accent": "#000000"');

  // <appkit-button>: Connect Wallet opens the modal; the test wallet sits on the demo's local chain.
  await button(page, 'Connect Wallet').click();
  await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
  await expect(dialog(page, 'Account')).toBeVisible();
  await expect(account).toContainText(`Address: ${ACCOUNT}`);
  await expect(account).toContainText(`caip Address: eip155:31337:${ACCOUNT}`);
  await expect(account).toContainText('Connected: true');
  await expect(page.getByRole('region', { name: 'WalletInfo' })).toContainText(`Name: ${WALLET}`);
  await expect(network).toContainText('Network: Anvil Local');
  await expect(network).toContainText('chainId: 31337');
  await expect(page.getByRole('region', { name: 'State' })).toContainText('selectedNetworkId: eip155:31337');
  await expect(page.getByRole('region', { name: 'Events' })).toContainText(/Last event: (CONNECT_SUCCESS|SWITCH_NETWORK|MODAL_\w+)/);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  // The quick-start's Get Balance calls useAppKitBalance().fetchBalance(): the account's ETH on the local chain.
  await button(page, 'Get Balance').click();
  await expect(page.getByRole('heading', { name: /^Balance: \d+(\.\d+)? ETH$/ })).toBeVisible();

  // Once connected, <appkit-button> shows the network's icon, the balance, the avatar and the short address (AppKit's
  // anatomy), and opens Account.
  await expect(accountButton(page)).toHaveAccessibleName(/^\d[\d,.]* ETH 0xf39F…2266$/);
  await accountButton(page).click();
  await expect(dialog(page, 'Account')).toBeVisible();
  await page.keyboard.press('Escape');

  // <AppKitNetworkButton /> follows the network and opens Networks, listing the quick-start's networks.
  await button(page, 'Anvil Local').click();
  const networks = dialog(page, 'Choose Network');
  await expect(networks).toBeVisible();
  await expect(networks.getByRole('button', { name: 'Ethereum', exact: true })).toBeVisible();
  await expect(networks.getByRole('button', { name: 'Arbitrum One', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  // The quick-start's Disconnect button calls useDisconnect().disconnect().
  await button(page, 'Disconnect').click();
  await expect(account).toContainText('Connected: false');
  await expect(button(page, 'Connect Wallet')).toBeVisible();
  await expectClosedOrConnectView(page);
});
