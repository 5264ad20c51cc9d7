import type { Route } from '@playwright/test';
import { BALANCE, WALLET, button, dialog, openDemo, openModal, originOf } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

const failures = {
  'network error': (route: Route) => route.abort(),
  'HTTP 404': (route: Route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }),
} as const;

test.describe('a remote that cannot be loaded', () => {
  for (const [kind, fail] of Object.entries(failures)) {
    test(`account remote (${kind}): error view with Retry, the modal keeps working`, async ({ page, urls }) => {
      const matcher = originOf(urls.account);
      await page.route(matcher, fail);
      await openDemo(page, urls, '/');
      await openModal(page);
      await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();

      const alert = dialog(page).getByRole('alert');
      await expect(alert).toContainText('could not be loaded');
      await expect(button(page, 'Retry')).toBeVisible();

      // The rest of the modal works: Close closes, reopening shows the same error view.
      await button(page, 'Close').click();
      await expect(dialog(page)).toBeHidden();
      await openModal(page);
      await expect(dialog(page).getByRole('alert')).toContainText('could not be loaded');

      await page.unroute(matcher, fail);
      await button(page, 'Retry').click();
      await expect(dialog(page, 'Account').getByText(BALANCE)).toBeVisible();
      await expect(dialog(page).getByRole('alert')).toHaveCount(0);
    });
  }

  test('connect remote (network error): error view with Retry, then the wallet list', async ({ page, urls }) => {
    const matcher = originOf(urls.connect);
    const fail = failures['network error'];
    await page.route(matcher, fail);
    await openDemo(page, urls, '/');
    await openModal(page);

    await expect(dialog(page).getByRole('alert')).toContainText('could not be loaded');
    await expect(button(page, 'Retry')).toBeVisible();
    await button(page, 'Close').click();
    await expect(dialog(page)).toBeHidden();

    await openModal(page);
    await page.unroute(matcher, fail);
    await button(page, 'Retry').click();
    const connectView = dialog(page, 'Connect Wallet');
    await expect(connectView.getByRole('button', { name: `${WALLET}, installed`, exact: true })).toBeVisible();
    await connectView.getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
    await expect(dialog(page, 'Account').getByText(BALANCE)).toBeVisible();
  });
});
