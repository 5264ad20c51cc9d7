import { SUPPORTED_LOCALES, catalogueProblems } from '@portico/shared-state/i18n';
import { apiStub, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderInStore } from '@portico/test-kit/react';
import { LoadingPanel, useLocale } from '@portico/ui';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { Suspense, type ReactNode } from 'react';
import english from '../src/locales/en.json';
import OnRampProviders from '../src/views/OnRampProviders';
import { onRampDown, onRampRoutes } from './onramp-routes';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(onRampRoutes);
});
afterEach(cleanupViews);
afterAll(() => api.close());

const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../src/locales/${locale}.json`, import.meta.url), 'utf8'));

/** The view as the shell shows it: under the dialog's lang and dir, in the outlet's Suspense while the catalogue loads. */
function Directed({ children }: { children: ReactNode }) {
  const { locale, dir } = useLocale();
  return (
    <section aria-label="Portico" lang={locale} dir={dir}>
      <Suspense fallback={<LoadingPanel />}>{children}</Suspense>
    </section>
  );
}

/**
 * OnRampProviders in `locale` (`chooseProvider`: the provider list's name there), with the demo provider chosen
 * (its button is named by its label and fee range).
 */
async function openBuyForm(locale: string, chooseProvider: string) {
  const { core } = await testCore({ api, connect: true, views: ['Account', 'OnRampProviders'], options: { locale } });
  // Awaited: the view suspends while the locale's chunk loads, and React resumes it inside this act.
  await act(async () => {
    renderInStore(
      <Directed>
        <OnRampProviders portico={core} />
      </Directed>,
      core,
    );
  });
  const providers = await screen.findByRole('list', { name: chooseProvider });
  fireEvent.click(within(providers).getByRole('button', { name: /^Portico Pay \(demo\)/ }));
}

describe('On-ramp’s catalogues', () => {
  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))('%s has every English message, each with its arguments', (locale) => {
    const messages = catalogue(locale);
    expect(catalogueProblems(locale, messages, english)).toEqual([]);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });
});

describe('OnRampProviders in a locale', () => {
  it('API down, in Arabic (rtl): the canned data and the canned quote still say they are samples', async () => {
    api.override(onRampDown);
    await openBuyForm('ar', 'اختر مزوّد خدمة');
    expect(screen.getByRole('note').textContent).toBe(catalogue('ar')['providers.sample']);
    expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('rtl');
    const method = screen.getByRole('combobox', { name: 'طريقة الدفع' });
    expect(within(method).getAllByRole('option').map((option) => option.textContent)).toEqual(['بطاقة', 'حساب مصرفي']);
    fireEvent.change(screen.getByRole('textbox', { name: 'المبلغ' }), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'احصل على عرض سعر' }));
    const quote = await screen.findByRole('region', { name: 'عرض السعر' });
    expect(within(quote).getByRole('note').textContent).toBe(catalogue('ar')['quote.sample']);
    expect(within(quote).getByRole('button', { name: 'المتابعة إلى Portico Pay (demo)' })).toBeTruthy();
  });

  it('writes limits with the locale’s decimal mark (de: 10,00–7500,00 USD)', async () => {
    await openBuyForm('de', 'Wähle einen Anbieter');
    expect(await screen.findByRole('combobox', { name: 'Zahlungsmethode' })).toBeTruthy();
    expect(screen.getByText('Limits: 10,00–7500,00 USD')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anbieter wechseln' })).toBeTruthy();
  });
});
