// Issue 30: AppKit's Next.js App Router + wagmi example (examples/nextjs-app-router) on the packed host packages,
// server-rendered by `next start` with wagmi's cookieStorage / cookieToInitialState: a returning connected visitor's
// first HTML already names the account, and the page hydrates without a mismatch.
import type { Page } from '@playwright/test';
import { verifyMessage, type Hex } from 'viem';
import { EXAMPLE_MESSAGE, region, signedMessage } from '../fixtures/examples.ts';
import { ACCOUNT, WALLET, button, dialog } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

/** Console messages about hydration (React's mismatch errors and warnings). */
function hydrationComplaints(page: Page): string[] {
  const heard: string[] = [];
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) heard.push(`${message.type()}: ${message.text().slice(0, 200)}`);
  });
  page.on('pageerror', (error) => {
    if (/hydrat/i.test(error.message)) heard.push(`page error: ${error.message.slice(0, 200)}`);
  });
  return heard;
}

test('a returning connected visitor: the server’s first HTML names the account, hydration matches, wagmi signs through Portico', async ({ page, env }) => {
  const url = env.exampleNextjsAppRouter;
  if (!url) throw new Error('examples/nextjs-app-router is not built: run `pnpm build` (scripts/build-examples.mjs)');
  const complaints = hydrationComplaints(page);

  // A first visit: the server renders a visitor with no connection.
  const first = await page.goto(`${url}/`);
  expect(await first!.text()).toContain('Connected: <!-- -->false');
  await expect(page.getByRole('heading', { name: 'AppKit Wagmi Next.js App Router Example' })).toBeVisible();
  await button(page, 'Connect Wallet').click();
  await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
  await expect(dialog(page, 'Account')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(region(page, 'wagmi useAccount')).toContainText(`Address: ${ACCOUNT}`);
  await expect(region(page, 'useAppKit')).toContainText('Connected: true');

  // The visitor comes back: wagmi's cookie tells the server who is connected, before any script runs.
  const again = await page.reload();
  const html = await again!.text();
  expect(html).toContain(`Address: <!-- -->${ACCOUNT}`);
  await expect(region(page, 'wagmi useAccount')).toContainText('Connected: true');
  // Portico restores the session in the page, without a prompt, and both agree.
  await expect(region(page, 'useAppKit')).toContainText(`Address: ${ACCOUNT}`);
  await button(page, 'Sign msg').click();
  expect(await verifyMessage({ address: ACCOUNT as Hex, message: EXAMPLE_MESSAGE, signature: await signedMessage(page) })).toBe(true);
  expect(complaints).toEqual([]);

  await button(page, 'Disconnect').click();
  await expect(region(page, 'wagmi useAccount')).toContainText('Connected: false');
  expect(await (await page.reload())!.text()).toContain('Connected: <!-- -->false');
});
