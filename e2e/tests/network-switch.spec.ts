// Network switching in a person's words (issue 31 "Errors in human words", issue 32 / spec §4 "Disconnect sets
// loading"): a declined switch says the wallet declined and names the network; a chain the wallet cannot add says
// 'Chain is not supported' (spec §8); a network in a namespace with no wallet offers to connect one there (the page
// keeps its wallet meanwhile, and Back returns to Choose Network); UnsupportedChain offers Disconnect; Disconnect is
// busy while the wallet lets go; a network the site did not configure raises the Network Not Found alert. The
// embedded wallet switches too (spec §4: the AUTH connector reconnects on the network).
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/a11y.ts';
import { DEV_ACCOUNTS } from '../fixtures/anvil.ts';
import { loggedIn, uniqueEmail } from '../fixtures/embedded.ts';
import { accountOutput, addressPattern, button, connectButton, dialog, openDemo, openModal, WALLET } from '../fixtures/portico.ts';
import { anvilNetwork, freshSolanaKey, solanaLocalNetwork, useNetworks } from '../fixtures/solana.ts';
import { installSolanaWallet, SOLANA_WALLET_NAME } from '../fixtures/solana-wallet.ts';
import { expect, test } from '../fixtures/test.ts';

const STUBBORN_WALLET = 'Stubborn Wallet';

/**
 * Runs in the page before its scripts: an EIP-6963 wallet that knows only the first local chain and cannot add
 * another (wallet_addEthereumChain answers 4200), and that lets go of the site (wallet_revokePermissions) only when
 * the test calls `window.__releaseStubbornWallet()`. Reads go to anvil.
 */
function announceStubbornWallet({ rpcUrl, chainId, account }: { rpcUrl: string; chainId: number; account: string }) {
  const refuse = (code: number, message: string) => Promise.reject(Object.assign(new Error(message), { code }));
  let release: () => void = () => undefined;
  const letGo = new Promise<null>((resolve) => (release = () => resolve(null)));
  (window as unknown as { __releaseStubbornWallet: () => void }).__releaseStubbornWallet = () => release();
  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account];
    if (method === 'eth_chainId') return `0x${chainId.toString(16)}`;
    if (method === 'wallet_switchEthereumChain') return refuse(4902, 'Unrecognized chain ID.');
    if (method === 'wallet_addEthereumChain') return refuse(4200, 'This wallet cannot add networks.');
    if (method === 'wallet_revokePermissions') return letGo;
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const json = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (json.error) return refuse(json.error.code, json.error.message);
    return json.result;
  };
  const icon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#375"/></svg>')}`;
  const detail = Object.freeze({
    info: Object.freeze({ uuid: '00000000-0000-4000-8000-00000000abcd', name: 'Stubborn Wallet', icon, rdns: 'dev.portico.stubborn' }),
    provider: { request, on: () => undefined, removeListener: () => undefined },
  });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

/** Account, connected through `walletName` on Anvil Local; then its network button opens Choose Network. */
async function chooseNetworkAfterConnecting(page: Page, walletName: string) {
  await openModal(page);
  await dialog(page, 'Connect Wallet').getByRole('button', { name: `${walletName}, installed`, exact: true }).click();
  await dialog(page, 'Account').getByRole('button', { name: /Anvil Local/ }).click();
  return dialog(page, 'Choose Network');
}

test.describe('a switch that does not happen names the network', () => {
  test.use({ walletOptions: { account: DEV_ACCOUNTS[6] } });

  test('declined in the wallet: it says the wallet declined, the network stays, and the person may try again', async ({ page, urls, wallet }) => {
    await openDemo(page, urls);
    const networks = await chooseNetworkAfterConnecting(page, WALLET);
    // The test wallet does not know Anvil Second: it asks the person to add it, and the person declines (4001).
    await wallet.setMode(page, 'reject');
    await networks.getByRole('button', { name: 'Anvil Second' }).click();
    await expect(networks.getByRole('alert')).toHaveText('Your wallet declined the switch to Anvil Second.');
    await expect(networks.getByText(/wallet_switchEthereumChain/)).toHaveCount(0);
    await expectNoSeriousViolations(page, 'Networks, switch declined');

    await wallet.setMode(page, 'approve');
    await networks.getByRole('button', { name: 'Anvil Second' }).click();
    await expect(dialog(page, 'Account').getByRole('button', { name: /Anvil Second/ })).toBeVisible({ timeout: 20_000 });
  });

  test('a wallet that cannot add the network: Chain is not supported', async ({ page, urls }) => {
    await page.addInitScript(announceStubbornWallet, { rpcUrl: urls.rpcUrl, chainId: urls.chainId, account: DEV_ACCOUNTS[6] });
    await openDemo(page, urls);
    const networks = await chooseNetworkAfterConnecting(page, STUBBORN_WALLET);
    await networks.getByRole('button', { name: 'Anvil Second' }).click();
    await expect(networks.getByRole('alert')).toHaveText('Could not switch to Anvil Second. Chain is not supported.');
    await button(page, 'Back').click();
    await expect(dialog(page, 'Account').getByRole('button', { name: /Anvil Local/ })).toBeVisible();
  });

  test('the site asks for a network it did not configure: the modal shows Network Not Found (spec §8), the host learns it failed', async ({ page, urls }) => {
    await openDemo(page, urls);
    const refusal = await page.evaluate(async () => {
      const portico = (window as unknown as { portico: { switchNetwork(network: object): Promise<void> } }).portico;
      const mainnet = { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://eth.example'] } } };
      return portico.switchNetwork(mainnet).then(() => 'switched', (error: Error) => error.name);
    });
    expect(refusal).toBe('NetworkNotFoundError');
    await openModal(page);
    const alert = dialog(page).getByRole('alert').filter({ hasText: 'Network Not Found' });
    await expect(alert).toContainText("Network eip155:1 not found - please make sure it is included in the 'networks' array");
    await expectNoSeriousViolations(page, 'Connect with the Network Not Found alert');
  });
});

test.describe('a network in another namespace', () => {
  test.use({ walletOptions: { account: DEV_ACCOUNTS[6] } });

  test('with no wallet there, it offers to connect one; the page keeps its EVM wallet until then', async ({ page, urls, env }) => {
    const { secretKey, address } = await freshSolanaKey();
    await installSolanaWallet(page, { secretKey, rpcUrl: env.solanaRpc! });
    await useNetworks(page, [anvilNetwork(urls.rpcUrl, urls.chainId), solanaLocalNetwork(env.solanaRpc!)]);
    await openDemo(page, urls);
    const networks = await chooseNetworkAfterConnecting(page, WALLET);

    await networks.getByRole('button', { name: 'Solana Local' }).click();
    const connectSolana = networks.getByRole('button', { name: 'Connect a wallet for Solana' });
    await expect(connectSolana).toBeFocused();
    await expect(networks.getByText('No Solana wallet is connected. Connect one to use Solana Local.')).toBeVisible();
    await expect(networks.getByText('No wallet is connected.')).toHaveCount(0);
    await expect(accountOutput(page)).toHaveText(addressPattern(DEV_ACCOUNTS[6]));
    await expectNoSeriousViolations(page, 'Networks, connect a Solana wallet');

    await connectSolana.click();
    const connect = dialog(page, 'Connect Wallet');
    await expect(connect.getByRole('button', { name: SOLANA_WALLET_NAME })).toBeVisible();
    await expect(connect.getByRole('button', { name: `${WALLET}, installed`, exact: true })).toHaveCount(0);
    // Back, without connecting: Choose Network again, the page still on its EVM wallet's network.
    await button(page, 'Back').click();
    await expect(networks.getByRole('button', { name: 'Anvil Local' })).toHaveAttribute('aria-current', 'true');
    await expect(accountOutput(page)).toHaveText(addressPattern(DEV_ACCOUNTS[6]));

    await networks.getByRole('button', { name: 'Solana Local' }).click();
    await networks.getByRole('button', { name: 'Connect a wallet for Solana' }).click();
    await connect.getByRole('button', { name: SOLANA_WALLET_NAME }).click();
    await expect(dialog(page, 'Account').getByRole('button', { name: /Solana Local/ })).toBeVisible({ timeout: 20_000 });
    await expect(accountOutput(page)).toHaveText(address);
  });
});

test.describe('UnsupportedChain and Disconnect', () => {
  test.use({ walletOptions: { account: DEV_ACCOUNTS[6] } });

  test('UnsupportedChain offers Disconnect beside the networks; it disconnects the page', async ({ page, urls, wallet }) => {
    await openDemo(page, urls);
    await openModal(page);
    await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    await expect(dialog(page, 'Account')).toBeVisible();
    await button(page, 'Close').click();
    await wallet.emitChainChanged(page, '0x1');
    const unsupported = dialog(page, 'Switch Network');
    await expect(unsupported.getByText(/Unsupported chain/)).toBeVisible();
    await expect(unsupported.getByRole('button', { name: 'Anvil Local' })).toBeVisible();
    await expectNoSeriousViolations(page, 'UnsupportedChain with Disconnect');
    await unsupported.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(connectButton(page)).toBeVisible();
  });

  test('Disconnect is busy while the wallet lets go, then the modal closes', async ({ page, urls }) => {
    await page.addInitScript(announceStubbornWallet, { rpcUrl: urls.rpcUrl, chainId: urls.chainId, account: DEV_ACCOUNTS[6] });
    await openDemo(page, urls);
    await openModal(page);
    await dialog(page, 'Connect Wallet').getByRole('button', { name: `${STUBBORN_WALLET}, installed`, exact: true }).click();
    const disconnect = dialog(page, 'Account').getByRole('button', { name: 'Disconnect', exact: true });
    await disconnect.click();
    await expect(disconnect).toHaveAttribute('aria-busy', 'true');
    await expect(disconnect).toBeDisabled();
    await expectNoSeriousViolations(page, 'Account, disconnecting');
    await page.evaluate(() => (window as unknown as { __releaseStubbornWallet: () => void }).__releaseStubbornWallet());
    await expect(dialog(page)).toBeHidden();
    await expect(connectButton(page)).toBeVisible();
  });
});

test.describe('the embedded wallet', () => {
  test('an email-wallet user switches to Anvil Second and back: Account shows each network, then the same account and its ETH', async ({ page, urls, env }, testInfo) => {
    // A login (the mail, the funding) on a busy 2-core machine.
    test.setTimeout(120_000);
    const address = await loggedIn(page, urls, env.inbox!, uniqueEmail(testInfo, 'switch'));
    await dialog(page, 'Account').getByRole('button', { name: /Anvil Local/ }).click();
    await dialog(page, 'Choose Network').getByRole('button', { name: 'Anvil Second' }).click();
    await expect(dialog(page, 'Account').getByRole('button', { name: /Anvil Second/ })).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousViolations(page, 'Account of the embedded wallet on Anvil Second');

    await dialog(page, 'Account').getByRole('button', { name: /Anvil Second/ }).click();
    await dialog(page, 'Choose Network').getByRole('button', { name: 'Anvil Local' }).click();
    await expect(dialog(page, 'Account').getByRole('button', { name: /Anvil Local/ })).toBeVisible({ timeout: 20_000 });
    await expect(accountOutput(page)).toHaveText(addressPattern(address));
    await expect(dialog(page, 'Account').getByText('10 ETH', { exact: true })).toBeVisible({ timeout: 20_000 });
  });
});
