import type { Page, Response } from '@playwright/test';
import { WALLET, button, dialog, openDemo, openModal } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

/** Words only another locale's catalogue holds (the shell's header and the Connect remote, es/fr/de). */
const OTHER_LOCALE_WORDS = ['Wallet verbinden', 'Conectar billetera', 'Connecter un portefeuille', 'Mit einer Wallet fortfahren'];

/** Every script the page fetches, with its text (to look for other locales' words in it). */
function recordScripts(page: Page) {
  const scripts: Promise<{ url: string; text: string }>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  return () => Promise.all(scripts);
}

test.describe('locales', () => {
  test('locale: ar shows the Connect view in Arabic, the dialog right to left', async ({ page, urls }) => {
    await page.addInitScript(() => {
      const host = window as unknown as { PORTICO_OPTIONS?: object };
      host.PORTICO_OPTIONS = { ...host.PORTICO_OPTIONS, locale: 'ar' };
    });
    const localeChunks: string[] = [];
    page.on('request', (request) => {
      const chunk = /connect-locale-(\w+)/.exec(request.url());
      if (chunk) localeChunks.push(chunk[1]!);
    });
    await openDemo(page, urls);
    await openModal(page);

    const connect = dialog(page, 'ربط المحفظة');
    await expect(connect).toBeVisible();
    await expect(connect).toHaveAttribute('dir', 'rtl');
    await expect(connect).toHaveAttribute('lang', 'ar');
    await expect(connect.getByRole('list', { name: 'المحافظ', exact: true })).toBeVisible();
    await expect(connect.getByRole('button', { name: 'كل المحافظ', exact: true })).toBeVisible();
    // The tag in Arabic too ("Portico Test Wallet، مثبّتة"): the wallet's Latin name first.
    await expect(connect.getByRole('button', { name: new RegExp(`^${WALLET}\\P{L}+\\p{Script=Arabic}`, 'u') })).toBeVisible();
    await expect(button(page, 'إغلاق')).toBeVisible();
    // The Connect remote fetched Arabic, and only Arabic.
    expect(localeChunks).toEqual(['ar']);

    // The back arrow sits on the right in RTL, the close button on the left.
    await connect.getByRole('button', { name: 'كل المحافظ', exact: true }).click();
    const allWallets = dialog(page, 'كل المحافظ');
    await expect(allWallets.getByRole('searchbox', { name: 'البحث عن محفظة' })).toBeVisible();
    const back = (await button(page, 'رجوع').boundingBox())!;
    const close = (await button(page, 'إغلاق').boundingBox())!;
    expect(back.x).toBeGreaterThan(close.x);
  });

  test('the page’s lang picks the locale when the host sets none (de-DE → German)', async ({ page, urls }) => {
    await openDemo(page, urls);
    await page.evaluate(() => {
      document.documentElement.lang = 'de-DE';
    });
    await openModal(page);
    const connect = dialog(page, 'Wallet verbinden');
    await expect(connect).toHaveAttribute('dir', 'ltr');
    await expect(connect.getByRole('button', { name: 'Alle Wallets', exact: true })).toBeVisible();
  });

  test('a page in English fetches no other locale', async ({ page, urls }) => {
    const scripts = recordScripts(page);
    await openDemo(page, urls);
    await openModal(page);
    const connect = dialog(page, 'Connect Wallet');
    await expect(connect.getByRole('button', { name: 'All Wallets', exact: true })).toBeVisible();
    await expect(connect).toHaveAttribute('lang', 'en');
    await connect.getByRole('button', { name: 'All Wallets', exact: true }).click();
    await expect(dialog(page, 'All Wallets').getByRole('searchbox', { name: 'Search wallet' })).toBeVisible();

    const fetched = await scripts();
    expect(fetched.map(({ url }) => url).filter((url) => /locale/.test(url))).toEqual([]);
    for (const { url, text } of fetched) {
      for (const words of OTHER_LOCALE_WORDS) expect(text.includes(words), `${url} holds "${words}"`).toBe(false);
    }
  });
});
