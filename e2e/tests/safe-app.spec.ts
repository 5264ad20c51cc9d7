// The Safe connector: the demo opened as a Safe App inside a Safe web app (played by a page that answers Safe's
// postMessage protocol as app.safe.global does), and the same page framed by another origin. The parents are pages of
// the e2e's local test servers (a public origin may not frame a loopback page: Chromium's Local Network Access); the
// site names its Safe deployment with `safeAppOrigins` (default https://app.safe.global, unit-tested).
import type { Page } from '@playwright/test';
import { DEV_ACCOUNTS } from '../fixtures/anvil.ts';
import { addressPattern } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

const SAFE_ADDRESS = DEV_ACCOUNTS[7]!;

/** A Safe web app page framing `appUrl`: it answers the frame's getSafeInfo with its Safe, records every method asked. */
function safeWebApp(appUrl: string, chainId: number) {
  const script = `
    window.safeRequests = [];
    const frame = document.querySelector('iframe');
    const appOrigin = new URL(frame.src).origin;
    window.addEventListener('message', (event) => {
      if (event.source !== frame.contentWindow || event.origin !== appOrigin) return;
      const { id, method } = event.data ?? {};
      if (typeof id !== 'string' || typeof method !== 'string') return;
      window.safeRequests.push(method);
      const answer = method === 'getSafeInfo'
        ? { id, success: true, version: '9.1.0', data: { safeAddress: ${JSON.stringify(SAFE_ADDRESS)}, chainId: ${chainId}, threshold: 1, owners: [], isReadOnly: false } }
        : { id, success: false, version: '9.1.0', error: method + ' is not answered here' };
      frame.contentWindow.postMessage(answer, appOrigin);
    });`;
  return `<!doctype html><title>Safe{Wallet}</title><iframe title="Safe App" src="${appUrl}" style="width:100%;height:95vh;border:0"></iframe><script>${script}</script>`;
}

/** Opens `parentUrl` (a page on a local test server) as the Safe web app framing the demo; the site trusts `safeOrigin`. */
async function openAsSafeApp(page: Page, parentUrl: string, safeOrigin: string, urls: { demo: string; chainId: number }) {
  await page.addInitScript((origin) => Object.assign(window, { PORTICO_OPTIONS: { safeAppOrigins: [origin] } }), safeOrigin);
  await page.goto(parentUrl);
  await page.setContent(safeWebApp(`${urls.demo}/`, urls.chainId));
  const app = page.frameLocator('iframe[title="Safe App"]');
  await expect(app.getByRole('heading', { name: 'Portico demo' })).toBeVisible();
  await app.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
  await expect(app.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible();
  return app;
}

test('opened as a Safe App in the site\'s Safe web app, Connect lists the Safe as installed and connects to its account without a prompt', async ({ page, urls, env }) => {
  const app = await openAsSafeApp(page, env.blankPage, new URL(env.blankPage).origin, urls);
  await app.getByRole('dialog').getByRole('button', { name: 'Safe, installed', exact: true }).click();
  await expect(app.getByRole('dialog', { name: 'Account' })).toBeVisible();
  await expect(app.getByRole('status', { name: 'Connected account' })).toHaveText(addressPattern(SAFE_ADDRESS));
  expect(await page.evaluate(() => (window as unknown as { safeRequests: string[] }).safeRequests)).toEqual(['getSafeInfo']);
});

test('attack: framed by an origin the site did not name as a Safe, the page lists no Safe and never posts to its parent', async ({ page, urls, env }) => {
  // The site's Safe is the blank page's origin; the page is framed by another local origin.
  const app = await openAsSafeApp(page, `${env.missingOrigin}/safe`, new URL(env.blankPage).origin, urls);
  // The other installed wallet is listed: the list is complete, with no Safe in it.
  await expect(app.getByRole('dialog').getByRole('button', { name: 'Portico Test Wallet, installed', exact: true })).toBeVisible();
  await expect(app.getByRole('dialog').getByRole('button', { name: /^Safe\b/ })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { safeRequests: string[] }).safeRequests)).toEqual([]);
});
