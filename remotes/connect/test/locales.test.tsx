import { TRANSLATED_LOCALES, apiStub, catalogueGaps, registryRoutes, registryWallets, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderInLocale } from '@portico/test-kit/react';
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import Connect from '../src/views/Connect';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(registryRoutes(registryWallets(60)));
});
afterEach(cleanupViews);
afterAll(() => api.close());

const LOCALES = new URL('../src/locales/', import.meta.url);

async function renderConnect(locale: string) {
  const { core } = await testCore({ api, options: { locale } });
  await renderInLocale(<Connect portico={core} />, core);
}

describe('Connect’s catalogues', () => {
  it.each(TRANSLATED_LOCALES)('%s has every English message, each with its arguments', (locale) => {
    expect(catalogueGaps(LOCALES, locale)).toEqual([]);
  });
});

describe('Connect in a locale', () => {
  it('speaks Arabic, right to left, with locale: ar (Arabic plural for the wallet count)', async () => {
    await renderConnect('ar');
    const wallets = await screen.findByRole('list', { name: 'المحافظ' });
    expect(await within(wallets).findByRole('button', { name: 'كل المحافظ' })).toBeTruthy();
    expect(await within(wallets).findByText(/^(60|٦٠) محفظة$/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('rtl');
  });

  it('speaks German with locale: de-DE, left to right', async () => {
    await renderConnect('de-DE');
    const wallets = await screen.findByRole('list', { name: 'Wallets' });
    expect(await within(wallets).findByRole('button', { name: 'Alle Wallets' })).toBeTruthy();
    expect(await within(wallets).findByText('60 Wallets')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('ltr');
  });
});
