import { SUPPORTED_LOCALES, catalogueProblems } from '@portico/shared-state/i18n';
import { CHAIN, PUSD_ADDRESS, apiStub, exchangeRoutes, initialExchange, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderInStore } from '@portico/test-kit/react';
import { LoadingPanel, useLocale } from '@portico/ui';
import { act, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { Suspense, type ReactNode } from 'react';
import english from '../src/locales/en.json';
import Swap from '../src/views/Swap';

let api: ApiStub;
beforeAll(async () => {
  const pusd = { name: 'Portico USD', symbol: 'PUSD', chainId: CHAIN, address: `${CHAIN}:${PUSD_ADDRESS}`, quantity: { decimals: '6', numeric: '25000' } };
  api = await apiStub({ ...exchangeRoutes(initialExchange()), 'GET /v1/account/:address/balance': { json: { balances: [pusd] } } });
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

async function renderSwap(locale: string) {
  const { core } = await testCore({ api, connect: true, views: ['Account', 'Swap'], options: { locale } });
  // Awaited: the view suspends while the locale's chunk loads, and React resumes it inside this act.
  await act(async () => {
    renderInStore(
      <Directed>
        <Swap portico={core} />
      </Directed>,
      core,
    );
  });
}

describe('Swap’s catalogues', () => {
  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))('%s has every English message, each with its arguments', (locale) => {
    const messages = catalogue(locale);
    expect(catalogueProblems(locale, messages, english)).toEqual([]);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });
});

describe('Swap in a locale', () => {
  it('speaks Arabic, right to left, with locale: ar', async () => {
    await renderSwap('ar');
    const from = await screen.findByRole('radiogroup', { name: 'من' });
    expect(await within(from).findByRole('group', { name: 'مقترحة' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'إلى' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'البحث عن رموز' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تبديل الرموز' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('rtl');
  });

  it('writes percentages and balances the Turkish way (%1, 25.000)', async () => {
    await renderSwap('tr');
    const from = await screen.findByRole('radiogroup', { name: 'Gönderilen' });
    expect(await within(from).findByRole('radio', { name: /^PUSD, .*25\.000$/ })).toBeTruthy();
    const slippage = screen.getByRole('radiogroup', { name: 'Kayma toleransı' });
    expect(within(slippage).getByRole('radio', { name: '%1' })).toHaveProperty('checked', true);
    expect(within(slippage).getByRole('radio', { name: '%0,5' })).toBeTruthy();
  });
});
