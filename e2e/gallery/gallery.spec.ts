// The gallery (see ../gallery.config.ts): the demo's React host page in each theme and language (its `?theme=` and
// `?locale=` switches), each view opened through the page's instance (`window.portico.open({ view })`), so the walk
// does not depend on the words of a language; the wallet is the injected test wallet.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { WALLET } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

const OUT = fileURLToPath(new URL('../../gallery/', import.meta.url));
const THEMES = ['dark', 'light'] as const;
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const LOCALES = ['en', 'ar'] as const;
/** The views before a wallet is connected, then after. */
const BEFORE = ['Connect', 'AllWallets', 'WhatIsAWallet'] as const;
const AFTER = ['Account', 'Networks', 'WhatIsANetwork', 'WalletReceive', 'WalletSend', 'Swap', 'OnRampProviders'] as const;

const shots: { view: string; combo: string; file: string }[] = [];

async function show(page: Page, view: string) {
  await page.evaluate((name) => (window as unknown as { portico: { open(options: object): Promise<void> } }).portico.open({ view: name }), view);
  await expect(page.getByRole('dialog')).toBeVisible();
  // The view's remote, its data and the card's motion settle.
  await page.waitForTimeout(900);
}

async function shoot(page: Page, view: string, combo: string) {
  const file = `${view}-${combo}.png`;
  await page.screenshot({ path: `${OUT}${file}` });
  shots.push({ view, combo, file });
}

for (const theme of THEMES) {
  for (const size of SIZES) {
    for (const locale of LOCALES) {
      const combo = `${theme}-${size.name}-${locale}`;
      test(`gallery ${combo}`, async ({ page, urls }) => {
        mkdirSync(OUT, { recursive: true });
        await page.setViewportSize({ width: size.width, height: size.height });
        // The e2e stack's demo names a 404 `send` remote (feature-flags.spec.ts): the real one here, the others as served.
        await page.addInitScript((send) => {
          Object.defineProperty(window, 'PORTICO_OPTIONS', {
            get: () => ({ remotes: { ...(window as unknown as { PORTICO_DEMO_CONFIG: { remotes: object } }).PORTICO_DEMO_CONFIG.remotes, send } }),
          });
        }, process.env.PORTICO_E2E_SEND_URL!);
        await page.goto(`${urls.demo}/?theme=${theme}&locale=${locale}`);
        await page.waitForFunction(() => 'portico' in window);
        for (const view of BEFORE) {
          await show(page, view);
          await shoot(page, view, combo);
        }
        await show(page, 'Connect');
        await page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${WALLET}`) }).click();
        await expect(page.getByRole('tab').first()).toBeVisible({ timeout: 20_000 });
        await page.waitForTimeout(900);
        await shoot(page, 'Account', combo);
        for (const [index, tab] of ['NFTs', 'Activity'].entries()) {
          await page.getByRole('tab').nth(index + 1).click();
          await page.waitForTimeout(900);
          await shoot(page, `Account-${tab}`, combo);
        }
        for (const view of AFTER.slice(1)) {
          await show(page, view);
          await shoot(page, view, combo);
        }
      });
    }
  }
}

test.afterAll(() => {
  const views = [...new Set(shots.map((shot) => shot.view))];
  const combos = [...new Set(shots.map((shot) => shot.combo))];
  const cell = (view: string, combo: string) => {
    const shot = shots.find((candidate) => candidate.view === view && candidate.combo === combo);
    return shot ? `<td><a href="${shot.file}"><img src="${shot.file}" alt="${view}, ${combo}" loading="lazy"></a></td>` : '<td></td>';
  };
  const rows = views.map((view) => `<tr><th scope="row">${view}</th>${combos.map((combo) => cell(view, combo)).join('')}</tr>`).join('\n');
  writeFileSync(
    `${OUT}index.html`,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portico gallery</title>
<style>body{font-family:system-ui;margin:16px}table{border-collapse:collapse}td,th{padding:4px;vertical-align:top}img{width:240px;border:1px solid #ccc}</style></head>
<body><h1>Portico gallery</h1><table><thead><tr><th></th>${combos.map((combo) => `<th scope="col">${combo}</th>`).join('')}</tr></thead>
<tbody>${rows}</tbody></table></body></html>\n`,
  );
});
