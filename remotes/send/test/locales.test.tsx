import { SUPPORTED_LOCALES, catalogueProblems } from '@portico/shared-state/i18n';
import { CHAIN, apiStub, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderInStore } from '@portico/test-kit/react';
import { LoadingPanel, useLocale } from '@portico/ui';
import { act, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { Suspense, type ReactNode } from 'react';
import english from '../src/locales/en.json';
import WalletSend from '../src/views/WalletSend';

let api: ApiStub;
beforeAll(async () => {
  const usdc = { name: 'USD Coin', symbol: 'USDC', chainId: CHAIN, quantity: { decimals: '6', numeric: '1250.5' } };
  api = await apiStub({ 'GET /v1/account/:address/balance': { json: { balances: [usdc] } } });
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

async function renderSend(locale: string) {
  const { core } = await testCore({ api, connect: true, views: ['Account', 'WalletSend'], options: { locale } });
  // Awaited: the view suspends while the locale's chunk loads, and React resumes it inside this act.
  await act(async () => {
    renderInStore(
      <Directed>
        <WalletSend portico={core} />
      </Directed>,
      core,
    );
  });
}

describe('Send’s catalogues', () => {
  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))('%s has every English message, each with its arguments', (locale) => {
    const messages = catalogue(locale);
    expect(catalogueProblems(locale, messages, english)).toEqual([]);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });
});

describe('Send in a locale', () => {
  it('speaks Arabic, right to left, with locale: ar', async () => {
    await renderSend('ar');
    expect(await screen.findByRole('radiogroup', { name: 'الرمز' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'المبلغ' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'عنوان المستلم' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'معاينة الإرسال' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('rtl');
  });

  it('shows balances with the locale’s separators (de: 1.250,5)', async () => {
    await renderSend('de');
    expect(await screen.findByRole('radio', { name: /^USDC, .*1\.250,5$/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Empfängeradresse' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Senden prüfen' })).toBeTruthy();
  });
});
