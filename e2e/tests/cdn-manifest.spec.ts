// The CDN layout (docs/operating.md, "CDN layout"): a host that follows the manifest gets each remote's current
// release; rolling one forward or back is a change of the manifest alone, live at the next page load. The plain
// page's shell tag carries the manifest's integrity hash, and the shell loads each remote's entry from the manifest
// with its hash, so the browser runs no other bytes.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNT, accountOutput, addressPattern, button, connectButton, connectWithTestWallet, dialog, openDemo, openModal, WALLET } from '../fixtures/portico.ts';
import { buildRemoteVariant, publishToCdn, removeRemoteVariant, type CdnRelease } from '../fixtures/remote-variant.ts';
import { expect, test } from '../fixtures/test.ts';

// The tests change the one manifest the run's CDN serves.
test.describe.configure({ mode: 'serial' });

let cdn: { url: string; dir: string };
let published: string;
let nextRelease: CdnRelease;

const manifestFile = () => join(cdn.dir, 'manifest.json');
type Manifest = { shell: CdnRelease; remotes: Record<string, CdnRelease> };
const readManifest = () => JSON.parse(readFileSync(manifestFile(), 'utf8')) as Manifest;
/** The operator's whole act of rolling: one edit of the manifest. */
const writeManifest = (change: (manifest: Manifest) => void) => {
  const manifest = readManifest();
  change(manifest);
  writeFileSync(manifestFile(), JSON.stringify(manifest, null, 2));
};

test.beforeAll(async ({ env }) => {
  test.setTimeout(120_000);
  if (!env.cdn || !env.cdnDir) throw new Error('the CDN layout is not served: run `pnpm build` (scripts/build-cdn.mjs) before e2e');
  cdn = { url: env.cdn, dir: env.cdnDir };
  published = readFileSync(manifestFile(), 'utf8');
  // The account team's next release: one label changed in its English catalogue, published under a new version.
  const dist = buildRemoteVariant('account', 'cdn-next', (source) => source.replace('"action.receive": "Receive"', '"action.receive": "Receive funds"'));
  nextRelease = await publishToCdn(cdn.dir, 'account', `${readManifest().remotes.account!.version}-next`, dist);
});

test.afterEach(() => writeFileSync(manifestFile(), published));

test.afterAll(() => {
  removeRemoteVariant('account', 'cdn-next');
  if (nextRelease) rmSync(join(cdn.dir, 'account', nextRelease.version), { recursive: true, force: true });
});

/** The host names no remotes, only the manifest to follow. */
async function followManifest(page: Page) {
  await page.addInitScript((manifestUrl) => {
    (window as unknown as { PORTICO_OPTIONS: unknown }).PORTICO_OPTIONS = { remotes: undefined, manifestUrl };
  }, `${cdn.url}/manifest.json`);
}

const receive = (page: Page, name: string) => dialog(page, 'Account').getByRole('button', { name, exact: true });

test('a host following the manifest gets each current release; rolling account forward and back is a manifest change', async ({ page, urls }) => {
  await followManifest(page);
  await openDemo(page, urls, '/plain.html');
  await connectWithTestWallet(page);
  await expect(receive(page, 'Receive')).toBeVisible();
  await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));

  writeManifest((manifest) => {
    manifest.remotes.account = nextRelease;
  });
  await page.reload();
  await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
  await openModal(page);
  await expect(receive(page, 'Receive funds')).toBeVisible();

  writeFileSync(manifestFile(), published);
  await page.reload();
  await expect(accountOutput(page)).toHaveText(addressPattern(ACCOUNT));
  await openModal(page);
  await expect(receive(page, 'Receive')).toBeVisible();
});

test('the plain page loads the versioned shell with the manifest’s integrity hash', async ({ page, urls }) => {
  const { shell } = readManifest();
  const shellResponse = page.waitForResponse(`${cdn.url}/${shell.entry}`);
  await openDemo(page, urls, '/plain.html');
  expect((await shellResponse).ok()).toBe(true);
  const tag = await page.evaluate(() => {
    const script = document.getElementById('portico-shell') as HTMLScriptElement;
    return { integrity: script.integrity, crossOrigin: script.crossOrigin };
  });
  expect(tag).toEqual({ integrity: shell.integrity, crossOrigin: 'anonymous' });
  await openModal(page);
  await expect(dialog(page, 'Connect Wallet')).toBeVisible();
});

test('a shell that does not match the manifest’s integrity hash is refused by the browser, and the page says so', async ({ page, urls }) => {
  writeManifest((manifest) => {
    manifest.shell.integrity = `sha384-${Buffer.alloc(48).toString('base64')}`;
  });
  const refusal = page.waitForEvent('console', (message) => message.type() === 'error' && message.text().includes('integrity'));
  await openDemo(page, urls, '/plain.html');
  await expect(page.getByRole('alert')).toHaveText('Portico could not be loaded: its script did not arrive or did not match its integrity hash.');
  await refusal;
  expect(await page.evaluate(() => 'Portico' in window)).toBe(false);
  await connectButton(page).click();
  await expect(dialog(page)).toHaveCount(0);
});

for (const [host, path] of [['plain page', '/plain.html'], ['React host', '/']] as const) {
  test(`${host}: a remote entry changed on the CDN is refused, the view offers Retry and none of its code runs`, async ({ page, urls }) => {
    const entryFile = join(cdn.dir, readManifest().remotes.connect!.entry);
    const original = readFileSync(entryFile, 'utf8');
    const wallet = dialog(page, 'Connect Wallet').getByRole('button', { name: `${WALLET}, installed`, exact: true });
    // The attacker's change: the same URL, the manifest untouched, code of theirs in front of the remote's.
    writeFileSync(entryFile, `document.body.insertAdjacentHTML('beforeend', '<button type="button">Claim your airdrop</button>');\n${original}`);
    try {
      await followManifest(page);
      const refusal = page.waitForEvent('console', (message) => message.type() === 'error' && message.text().includes('integrity'));
      await openDemo(page, urls, path);
      await openModal(page);
      await expect(dialog(page, 'Connect Wallet').getByRole('alert')).toHaveText('The connect feature could not be loaded.');
      await refusal;
      await expect(button(page, 'Claim your airdrop')).toHaveCount(0);
      await expect(wallet).toHaveCount(0);
    } finally {
      writeFileSync(entryFile, original);
    }
    // The file put back (and the browser's copy of the changed one dropped): Retry loads the release.
    await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');
    await button(page, 'Retry').click();
    await expect(wallet).toBeVisible();
    await expect(button(page, 'Claim your airdrop')).toHaveCount(0);
  });
}

test('versioned files are cached for good, the manifest is revalidated at every use', async ({ request }) => {
  const { shell, remotes } = readManifest();
  for (const file of [shell.entry, remotes.account!.entry]) {
    expect((await request.get(`${cdn.url}/${file}`)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  expect((await request.get(`${cdn.url}/manifest.json`)).headers()['cache-control']).toBe('no-cache');
});
