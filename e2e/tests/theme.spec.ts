// The theme variables (issue 32: AppKit's whole set, spec §9 THEME_DEFAULTS) as a person sees them: the host's
// colour mix tints the dialog's background by its strength, and the QR colour draws the code's modules.
import type { Page } from '@playwright/test';
import { dialog, openDemo, openModal } from '../fixtures/portico.ts';
import { expect, test } from '../fixtures/test.ts';

type ThemeHost = { portico: { setThemeVariables(variables: Record<string, string | number>): void; setThemeMode(mode: 'light' | 'dark'): void } };

const setTheme = (page: Page, variables: Record<string, string | number>, mode: 'light' | 'dark' = 'dark') =>
  page.evaluate(
    ({ variables, mode }) => {
      const { portico } = window as unknown as ThemeHost;
      portico.setThemeMode(mode);
      portico.setThemeVariables(variables);
    },
    { variables, mode },
  );

/** The dialog's background as 0–255 channels (a mixed colour computes to `color(srgb r g b)`, a plain one to `rgb()`). */
const background = (page: Page) =>
  dialog(page, 'Connect Wallet').evaluate((element) => {
    const value = getComputedStyle(element).backgroundColor;
    const numbers = (value.match(/[\d.]+/g) ?? []).map(Number);
    return value.startsWith('color(') ? numbers.map((channel) => Math.round(channel * 255)) : numbers.slice(0, 3);
  });

test.describe('theme variables', () => {
  test('the colour mix tints the dialog by its strength (none at 0: the spec background), in both modes', async ({ page, urls }) => {
    await openDemo(page, urls, '/');
    await openModal(page);
    // Spec §9: dark background #121313, light #fff.
    await setTheme(page, { '--portico-color-mix-strength': 0 });
    await expect.poll(() => background(page)).toEqual([18, 19, 19]);
    await setTheme(page, { '--portico-color-mix': '#ff0000', '--portico-color-mix-strength': 50 });
    // Half #ff0000, half #121313.
    await expect.poll(() => background(page)).toEqual([136, 9, 9]);
    await setTheme(page, { '--portico-color-mix-strength': 0 }, 'light');
    await expect.poll(() => background(page)).toEqual([255, 255, 255]);
  });

  test('the QR colour draws the WalletConnect code', async ({ page, urls }) => {
    await openDemo(page, urls, '/');
    await setTheme(page, { '--portico-qr-color': '#1a2b3c' });
    await openModal(page);
    await dialog(page, 'Connect Wallet').getByRole('button', { name: 'WalletConnect, QR code' }).click();
    const qr = dialog(page, 'WalletConnect').getByRole('img', { name: 'QR code for WalletConnect' });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((svg) => getComputedStyle(svg.querySelector('path')!).fill)).toBe('rgb(26, 43, 60)');
  });
});
