import { SUPPORTED_LOCALES, catalogueProblems } from '@portico/shared-state/i18n';
import { anvil, apiStub, testCore, type ApiStub } from '@portico/test-kit';
import { FakeIntersectionObserver, cleanupViews, renderInStore } from '@portico/test-kit/react';
import { LoadingPanel, useLocale } from '@portico/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import type { PorticoViewProps } from '@portico/shared-state';
import english from '../src/locales/en.json';
import Account from '../src/views/Account';
import WalletReceive from '../src/views/WalletReceive';
import { accountRoutes, anvilTwo, emptyAccountApi, ethBalance, pusdBalance, transaction, type AccountApiState } from './account-api';

let api: ApiStub;
let state: AccountApiState;
const originalObserver = globalThis.IntersectionObserver;
beforeAll(async () => {
  api = await apiStub(accountRoutes(() => state));
});
beforeEach(() => {
  state = emptyAccountApi();
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  cleanupViews();
  globalThis.IntersectionObserver = originalObserver;
  FakeIntersectionObserver.instances = [];
});
afterAll(() => api.close());

const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../src/locales/${locale}.json`, import.meta.url), 'utf8'));

/**
 * The view as the shell shows it: under an element with the store's language and writing direction (the
 * dialog), in a Suspense boundary (the outlet's) while the locale's catalogue loads.
 */
function Directed({ children }: { children: ReactNode }) {
  const { locale, dir } = useLocale();
  return (
    <section aria-label="Portico" lang={locale} dir={dir}>
      <Suspense fallback={<LoadingPanel />}>{children}</Suspense>
    </section>
  );
}

/** A view of a core connected to ADDRESS on Anvil Local (10,000 ETH) whose host asked for `locale`. */
async function renderConnected(View: ComponentType<PorticoViewProps>, locale: string) {
  const { core } = await testCore({
    api,
    connect: true,
    adapter: { nativeBalance: '10000.0' },
    options: { locale, networks: [anvil, anvilTwo] },
  });
  // Awaited: the view suspends while the locale's chunk loads, and React resumes it inside this act.
  await act(async () => {
    renderInStore(
      <Directed>
        <View portico={core} />
      </Directed>,
      core,
    );
  });
}

const direction = () => screen.getByRole('region', { name: 'Portico' }).getAttribute('dir');

describe('Account’s catalogues', () => {
  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))('%s has every English message, each with its arguments', (locale) => {
    const messages = catalogue(locale);
    expect(catalogueProblems(locale, messages, english)).toEqual([]);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });
});

describe('Account in a locale', () => {
  it('speaks Arabic, right to left, with locale: ar (names of buttons, tabs and links included)', async () => {
    await renderConnected(Account, 'ar');
    expect(await screen.findByRole('button', { name: 'نسخ العنوان' })).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'الأصول والنشاط' });
    expect(within(tabs).getByRole('tab', { name: 'الرموز' }).getAttribute('aria-selected')).toBe('true');
    expect(within(tabs).getByRole('tab', { name: 'النشاط' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Anvil Local ?، تغيير الشبكة$/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العرض في مستكشف الكتل' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'قطع الاتصال' })).toBeTruthy();
    expect(direction()).toBe('rtl');
  });

  it('says which networks to receive on in Arabic, with the dual for two networks', async () => {
    await renderConnected(WalletReceive, 'ar');
    expect(await screen.findByRole('img', { name: 'رمز QR لعنوانك' })).toBeTruthy();
    const networks = screen.getByRole('list', { name: 'لا ترسل الأصول إلا على هاتين الشبكتين:' });
    expect(within(networks).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Anvil Local (الحالية)', 'Anvil Two']);
    expect(direction()).toBe('rtl');
  });

  it('speaks German with locale: de-DE: balances, dollar values and times in German formats', async () => {
    state.balances = [ethBalance, pusdBalance];
    state.history = { '': { data: [transaction(0)], next: null } };
    await renderConnected(Account, 'de-DE');
    // The header's balance and each token's quantity and value: German grouping and decimals, the dollar sign after.
    await waitFor(() => expect(screen.getByText('10.000 ETH')).toBeTruthy());
    const tokens = await screen.findByRole('list', { name: 'Tokens' });
    expect(within(tokens).getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      'Ether10.000ETH30.000.000,00\u00a0$',
      'PUPortico USD1.234,568PUSD1.234,57\u00a0$',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Aktivität' }));
    const activity = await screen.findByRole('list', { name: 'Aktivität' });
    expect(within(activity).getByRole('listitem').textContent).toBe('Gesendetan 0x7099…79C81,5 ETHvor 5 Min.');
    expect(screen.getByRole('button', { name: 'Trennen' })).toBeTruthy();
    expect(direction()).toBe('ltr');
  });
});
