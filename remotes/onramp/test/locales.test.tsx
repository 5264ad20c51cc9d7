import { TRANSLATED_LOCALES, apiStub, catalogueGaps, readCatalogue, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderInLocale } from '@portico/test-kit/react';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import OnRampProviders from '../src/views/OnRampProviders';
import { onRampDown, onRampRoutes } from './onramp-routes';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(onRampRoutes);
});
afterEach(cleanupViews);
afterAll(() => api.close());

const LOCALES = new URL('../src/locales/', import.meta.url);

/**
 * OnRampProviders in `locale` (`chooseProvider`: the provider list's name there), with the demo provider chosen
 * (its button is named by its label and fee range).
 */
async function openBuyForm(locale: string, chooseProvider: string) {
  const { core } = await testCore({ api, connect: true, views: ['Account', 'OnRampProviders'], options: { locale } });
  await renderInLocale(<OnRampProviders portico={core} />, core);
  const providers = await screen.findByRole('list', { name: chooseProvider });
  fireEvent.click(within(providers).getByRole('button', { name: /^Portico Pay \(demo\)/ }));
}

describe('On-ramp’s catalogues', () => {
  it.each(TRANSLATED_LOCALES)('%s has every English message, each with its arguments', (locale) => {
    expect(catalogueGaps(LOCALES, locale)).toEqual([]);
  });
});

describe('OnRampProviders in a locale', () => {
  it('API down, in Arabic (rtl): the canned data and the canned quote still say they are samples', async () => {
    api.override(onRampDown);
    await openBuyForm('ar', 'اختر مزوّد خدمة');
    const ar = readCatalogue(LOCALES, 'ar');
    expect(screen.getByRole('note').textContent).toBe(ar['providers.sample']);
    expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('rtl');
    const methods = screen.getByRole('radiogroup', { name: 'طريقة الدفع' });
    expect(within(methods).getAllByRole('radio')).toHaveLength(2);
    expect(within(methods).getByRole('radio', { name: 'حساب مصرفي' })).toBeTruthy();
    expect(within(methods).getByRole('radio', { name: 'بطاقة' })).toHaveProperty('checked', true);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: ar['buy.presets'] })).getAllByRole('radio')[3]!);
    const quote = await screen.findByLabelText(ar['quote.label']!, {}, { timeout: 2000 });
    expect(within(quote).getAllByRole('term').map((term) => term.textContent)).toContain(ar['quote.total']);
    expect(screen.getAllByRole('note').map((note) => note.textContent)).toContain(ar['quote.sample']);
    expect(screen.getByRole('button', { name: 'المتابعة إلى Portico Pay (demo)' })).toBeTruthy();
  });

  it('writes money in the locale (de: 10,00 $–7.500,00 $, presets 50 $ …)', async () => {
    await openBuyForm('de', 'Wähle einen Anbieter');
    expect(await screen.findByRole('radiogroup', { name: 'Zahlungsmethode' })).toBeTruthy();
    expect(screen.getByText('Limits: 10,00 $–7.500,00 $')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^250\s\$$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Portico Pay (demo) Gebühren 1-2% Ändern' })).toBeTruthy();
  });
});
