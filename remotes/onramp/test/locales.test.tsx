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
    expect(screen.getByRole('note').textContent).toBe(readCatalogue(LOCALES, 'ar')['providers.sample']);
    expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('rtl');
    const method = screen.getByRole('combobox', { name: 'طريقة الدفع' });
    expect(within(method).getAllByRole('option').map((option) => option.textContent)).toEqual(['بطاقة', 'حساب مصرفي']);
    fireEvent.change(screen.getByRole('textbox', { name: 'المبلغ' }), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'احصل على عرض سعر' }));
    const quote = await screen.findByRole('region', { name: 'عرض السعر' });
    expect(within(quote).getByRole('note').textContent).toBe(readCatalogue(LOCALES, 'ar')['quote.sample']);
    expect(within(quote).getByRole('button', { name: 'المتابعة إلى Portico Pay (demo)' })).toBeTruthy();
  });

  it('writes limits with the locale’s decimal mark (de: 10,00–7500,00 USD)', async () => {
    await openBuyForm('de', 'Wähle einen Anbieter');
    expect(await screen.findByRole('combobox', { name: 'Zahlungsmethode' })).toBeTruthy();
    expect(screen.getByText('Limits: 10,00–7500,00 USD')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anbieter wechseln' })).toBeTruthy();
  });
});
