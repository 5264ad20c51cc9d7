// AllWallets against the product's registry service (services/api on its own port, real database).
import type { Page } from '@playwright/test';
import { accountOutput, addressPattern, button, dialog, openDemo, openModal } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';
import { WC_ACCOUNT, startWcWallet } from '../fixtures/wc-wallet.ts';

interface RegistryPage {
  count: number;
  data: Array<{ id: string; name: string; badge_type?: string | null }>;
}

/** A tile's accessible name: a certified wallet's badge is announced after its name. */
const shownName = (wallet: RegistryPage['data'][number]) => (wallet.badge_type === 'certified' ? `${wallet.name}, certified` : wallet.name);

async function registry(api: string, query: string): Promise<RegistryPage> {
  const response = await fetch(`${api}/v1/wallets?projectId=portico-demo&${query}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as RegistryPage;
}

async function openAllWallets(page: Page) {
  await openModal(page);
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'All Wallets', exact: true }).click();
  const view = dialog(page, 'All Wallets');
  await expect(view.getByRole('grid', { name: 'All wallets' })).toBeVisible();
  return view;
}

test.describe('AllWallets', () => {
  test('pages through the registry as the person scrolls', async ({ page, urls, env }) => {
    const [first, second] = await Promise.all([registry(env.api!, 'page=1&entries=40'), registry(env.api!, 'page=2&entries=40')]);
    await openDemo(page, urls, '/');
    const view = await openAllWallets(page);
    await expect(view.getByRole('button', { name: shownName(first.data[0]!), exact: true })).toBeVisible();

    const pageTwoWallet = view.getByRole('button', { name: shownName(second.data[5]!), exact: true });
    await expect(pageTwoWallet).toHaveCount(0);
    const grid = view.getByRole('grid', { name: 'All wallets' });
    await expect
      .poll(
        async () => {
          await grid.hover();
          await page.mouse.wheel(0, 150); // small steps (a row stays in view for two of them): rows scrolled past are virtualised away
          return pageTwoWallet.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
  });

  test('search finds a wallet by name and says when nothing matches', async ({ page, urls }) => {
    await openDemo(page, urls, '/');
    const view = await openAllWallets(page);
    const search = view.getByRole('searchbox', { name: 'Search wallet' });
    await search.fill('rainbow');
    await expect(view.getByRole('grid', { name: 'Wallets matching rainbow' }).getByRole('button', { name: 'Rainbow', exact: true })).toBeVisible();
    await search.fill('no such wallet zzz');
    await expect(view.getByText('No wallet found')).toBeVisible();
  });

  test('the host’s exclude and include lists shape the registry', async ({ page, urls, env }) => {
    const [rainbow] = (await registry(env.api!, 'search=rainbow')).data;
    await page.addInitScript((id) => {
      (window as unknown as { PORTICO_OPTIONS: unknown }).PORTICO_OPTIONS = { excludeWalletIds: [id] };
    }, rainbow!.id);
    await openDemo(page, urls, '/');
    let view = await openAllWallets(page);
    await view.getByRole('searchbox', { name: 'Search wallet' }).fill('rainbow');
    await expect(view.getByText('No wallet found')).toBeVisible();

    const only = (await registry(env.api!, 'page=3&entries=2')).data;
    await page.addInitScript((ids) => {
      (window as unknown as { PORTICO_OPTIONS: unknown }).PORTICO_OPTIONS = { includeWalletIds: ids };
    }, only.map((wallet) => wallet.id));
    await page.reload();
    view = await openAllWallets(page);
    const grid = view.getByRole('grid', { name: 'All wallets' });
    for (const wallet of only) await expect(grid.getByRole('button', { name: shownName(wallet), exact: true })).toBeVisible();
    // The included wallets, plus the wallet installed in this browser, listed first.
    await expect(grid.getByRole('gridcell').first().getByRole('button', { name: 'Portico Test Wallet, installed', exact: true })).toBeVisible();
    await expect(grid.getByRole('gridcell')).toHaveCount(only.length + 1);
  });

  test('a wallet picked from the registry and connected shows up as a recent wallet', async ({ page, urls, env, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(urls.demo).origin });
    const wallet = await startWcWallet(env.relay!);
    try {
      await openDemo(page, urls, '/');
      const view = await openAllWallets(page);
      await view.getByRole('searchbox', { name: 'Search wallet' }).fill('rainbow');
      await view.getByRole('button', { name: 'Rainbow', exact: true }).click();
      await expect(dialog(page, 'Rainbow').getByRole('img', { name: 'QR code for Rainbow' })).toBeVisible();
      await button(page, 'Copy link').click();
      await wallet.pair(await page.evaluate(() => navigator.clipboard.readText()));
      await expect(accountOutput(page)).toHaveText(addressPattern(WC_ACCOUNT.address));

      await button(page, 'Disconnect').click();
      await expect(accountOutput(page)).toHaveText('Not connected');
      await openModal(page);
      await expect(dialog(page, 'Connect Wallet').getByRole('button', { name: 'Rainbow, recent', exact: true })).toBeVisible();
    } finally {
      await wallet.stop();
    }
  });

  test('a page whose origin the project does not allow gets the Invalid App Configuration alert', async ({ page, urls }) => {
    await page.addInitScript(() => {
      (window as unknown as { PORTICO_OPTIONS: unknown }).PORTICO_OPTIONS = { projectId: 'portico-demo-restricted' };
    });
    await openDemo(page, urls, '/');
    await openModal(page);
    const alert = dialog(page).getByRole('alert').filter({ hasText: 'Invalid App Configuration' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(`Origin ${new URL(urls.demo).origin} not found on Allowlist`);
  });
});
