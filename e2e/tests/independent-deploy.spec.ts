// Each remote is built, versioned and deployed on its own: a new release of one remote is picked up
// by changing only the host's config; an incompatible one is refused inside the modal.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { accountOutput, addressPattern, BALANCE, button, dialog, openDemo, openModal, WALLET, ACCOUNT } from '../fixtures/portico.ts';
import { buildRemoteVariant, buildStamp, removeRemoteVariant, serveBuild } from '../fixtures/remote-variant.ts';
import type { StaticServer } from '../fixtures/net.ts';
import { expect, test } from '../fixtures/test.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const others = ['shell/dist', 'remotes/connect/dist', 'remotes/send/dist'].map((dir) => join(ROOT, dir));

let nextRelease: StaticServer;
let incompatible: StaticServer;
let stampsBefore: Array<Record<string, number>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stampsBefore = others.map(buildStamp);
  // The account team's next release: one label changed in its English catalogue, nothing else.
  nextRelease = await serveBuild(
    buildRemoteVariant('account', 'next', (source) => source.replace('"action.receive": "Receive"', '"action.receive": "Receive funds"')),
  );
  // A build against another shared-state contract (as if built with a future shared-state).
  incompatible = await serveBuild(
    buildRemoteVariant('account', 'incompatible', (source) =>
      source.replace('export const porticoContract = __PORTICO_CONTRACT__;', 'export const porticoContract = 999;'),
    ),
  );
});

test.afterAll(async () => {
  await nextRelease?.close();
  await incompatible?.close();
  removeRemoteVariant('account', 'next');
  removeRemoteVariant('account', 'incompatible');
});

/** The host changes one line of its config: where the account remote lives. */
async function pointAccountRemoteAt(page: Page, urls: { connect: string; send: string }, accountEntry: string) {
  await page.addInitScript(
    (remotes) => {
      (window as unknown as { PORTICO_OPTIONS: unknown }).PORTICO_OPTIONS = { remotes };
    },
    { connect: `${urls.connect}/remoteEntry.js`, account: accountEntry, send: urls.send },
  );
}

test('a new release of one remote is live by changing only the host config', async ({ page, urls }) => {
  await pointAccountRemoteAt(page, urls, `${nextRelease.url}/remoteEntry.js`);
  await openDemo(page, urls, '/');
  await openModal(page);
  await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
  const account = dialog(page, 'Account');
  await expect(account.getByRole('button', { name: 'Receive funds' })).toBeVisible();
  await expect(account.getByText(BALANCE)).toBeVisible();
  await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
  // The shell and the other remotes were not rebuilt.
  expect(others.map(buildStamp)).toEqual(stampsBefore);
});

test('a remote built against another shared-state contract is refused in the modal; the rest works', async ({ page, urls }) => {
  await pointAccountRemoteAt(page, urls, `${incompatible.url}/remoteEntry.js`);
  await openDemo(page, urls, '/');
  await openModal(page);
  await dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true }).click();
  const modal = dialog(page, 'Account');
  await expect(modal.getByRole('alert')).toContainText('not compatible with this version of Portico');
  await expect(modal.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The connection itself went through, and closing still works.
  await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
  await button(page, 'Close').click();
  await expect(dialog(page)).toBeHidden();
});
