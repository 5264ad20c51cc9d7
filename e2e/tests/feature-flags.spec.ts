// Remotes load lazily: nothing before the page's load event, the account remote only when the
// Account view is shown, and the `send` remote only when its flag is on and Send is clicked.
// Test pages override flags with window.PORTICO_FEATURES, which the demo pages merge into options.features.
import {
  ACCOUNT,
  BALANCE,
  WALLET,
  accountOutput,
  addressPattern,
  button,
  connectWithTestWallet,
  dialog,
  openModal,
  recordRequests,
  settle,
} from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

test.describe('lazy remotes', () => {
  test('no remote is requested before load; account only once the Account view opens', async ({ page, urls, env }) => {
    const requests = recordRequests(page);
    await page.goto(urls.demo + '/', { waitUntil: 'load' });
    // The page's own record of what it fetched before its load event (Resource Timing), so the
    // shell's idle prefetch right after load cannot be mistaken for an early fetch.
    const beforeLoad = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < navigation!.loadEventStart)
        .map((entry) => entry.name);
    });
    const from = (origin: string) => beforeLoad.filter((url) => new URL(url).origin === new URL(origin).origin);
    expect(beforeLoad.length, 'the page did load its own scripts').toBeGreaterThan(0);
    expect(from(urls.connect), 'connect remote before load').toEqual([]);
    expect(from(urls.account), 'account remote before load').toEqual([]);
    await settle(page);
    expect(requests.to(urls.account), 'account remote before the modal opens').toEqual([]);

    await openModal(page);
    await expect(dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true })).toBeVisible();
    expect(requests.to(urls.connect).length, 'connect remote once the modal opens').toBeGreaterThan(0);
    await settle(page);
    expect(requests.to(urls.account), 'account remote while on the Connect view').toEqual([]);

    await dialog(page).getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    await expect(dialog(page, 'Account').getByText(BALANCE)).toBeVisible();
    expect(requests.to(urls.account).length).toBeGreaterThan(0);

    // Connected page, reloaded: still nothing from the account remote until the modal opens.
    requests.clear();
    await page.reload({ waitUntil: 'load' });
    await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
    await settle(page);
    expect(requests.to(urls.account), 'account remote after reload, modal closed').toEqual([]);
    await openModal(page);
    await expect(dialog(page, 'Account').getByText(BALANCE)).toBeVisible();
    expect(requests.to(urls.account).length).toBeGreaterThan(0);

    // Only configured origins were ever contacted; the send remote never was.
    // The page's own services: the chain's RPC and the Portico API (origin allow-list check at init).
    const services = [urls.rpcUrl, env.api!];
    const known = new Set([urls.demo, urls.shell, urls.connect, urls.account, ...services].map((u) => new URL(u).origin));
    const unknown = requests.all().filter((u) => !known.has(new URL(u).origin));
    expect(unknown).toEqual([]);
    expect(requests.to(env.missingOrigin)).toEqual([]);
  });

  test('send is on by default: Send is offered, its remote is not requested until clicked', async ({ page, urls }) => {
    const requests = recordRequests(page);
    await page.goto(urls.demo + '/');
    await connectWithTestWallet(page);
    await expect(button(page, 'Send')).toBeVisible();
    await settle(page);
    expect(requests.to(urls.send)).toEqual([]);
  });

  test('send flag off: no Send button and the send remote is never requested', async ({ page, urls }) => {
    await page.addInitScript(() => {
      (window as unknown as { PORTICO_FEATURES?: Record<string, boolean> }).PORTICO_FEATURES = { send: false };
    });
    const requests = recordRequests(page);
    await page.goto(urls.demo + '/');
    await connectWithTestWallet(page);
    await expect(dialog(page, 'Account').getByText(BALANCE)).toBeVisible();
    await expect(button(page, 'Send')).toHaveCount(0);
    await settle(page);
    expect(requests.to(urls.send)).toEqual([]);
  });

  test('send flag on with a missing remote: Send requests it and shows the error view', async ({ page, urls }) => {
    await page.addInitScript(() => {
      (window as unknown as { PORTICO_FEATURES?: Record<string, boolean> }).PORTICO_FEATURES = { send: true };
    });
    const requests = recordRequests(page);
    await page.goto(urls.demo + '/');
    await connectWithTestWallet(page);
    expect(requests.to(urls.send)).toEqual([]);
    await button(page, 'Send').click();
    await expect(dialog(page).getByRole('alert')).toContainText('could not be loaded');
    await expect(button(page, 'Retry')).toBeVisible();
    expect(requests.to(urls.send).length).toBeGreaterThan(0);
    // The modal still works around the failed view.
    await button(page, 'Close').click();
    await expect(dialog(page)).toBeHidden();
  });
});

test('with swaps, onramp and names off the page downloads none of their code', async ({ page, urls }) => {
  await page.addInitScript(() => {
    (window as unknown as { PORTICO_FEATURES: unknown }).PORTICO_FEATURES = { swaps: false, onramp: false, names: false };
  });
  const requests = recordRequests(page);
  await page.goto(urls.demo + '/');
  await connectWithTestWallet(page);
  const account = dialog(page, 'Account');
  await expect(account.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  for (const name of ['Swap', 'Buy', 'Choose a name for this account']) {
    await expect(account.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await account.getByRole('tab', { name: 'Activity' }).click();
  await settle(page);
  // Where the host would load them from, had the flags been on.
  const remotes = await page.evaluate(
    () => (window as unknown as { PORTICO_DEMO_CONFIG: { remotes: Record<string, string> } }).PORTICO_DEMO_CONFIG.remotes,
  );
  for (const remote of ['swap', 'onramp', 'names']) {
    expect(remotes[remote], `${remote} is deployed`).toBeTruthy();
    expect(requests.to(remotes[remote]!), `${remote} remote`).toEqual([]);
  }
});
