import { TRANSLATED_LOCALES, anvil, catalogueGaps, testCore } from '@portico/test-kit';
import { renderInLocale } from '@portico/test-kit/react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from '@rstest/core';
import type { ComponentType } from 'react';
import type { PorticoViewProps } from '@portico/shared-state';
import Account from '../src/views/Account';
import WalletReceive from '../src/views/WalletReceive';
import { anvilTwo, ethBalance, pusdBalance, transaction } from './account-api';
import { api, state } from './setup';

const LOCALES = new URL('../src/locales/', import.meta.url);

/** A view of a core connected to ADDRESS on Anvil Local (10,000 ETH) whose host asked for `locale`. */
async function renderConnected(View: ComponentType<PorticoViewProps>, locale: string) {
  const { core } = await testCore({
    api,
    connect: true,
    adapter: { nativeBalance: '10000.0' },
    options: { locale, networks: [anvil, anvilTwo] },
  });
  await renderInLocale(<View portico={core} />, core);
}

const direction = () => screen.getByRole('region', { name: 'Portico' }).getAttribute('dir');

describe('Account’s catalogues', () => {
  it.each(TRANSLATED_LOCALES)('%s has every English message, each with its arguments', (locale) => {
    expect(catalogueGaps(LOCALES, locale)).toEqual([]);
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

  it('speaks German with locale: de-DE: balances, dollar values, days and times in German formats', async () => {
    state.balances = [ethBalance, pusdBalance];
    // Mined earlier today (whatever the time the test runs at), so it is listed under "Heute"; German writes 0:00, not 00:00.
    state.history = { '': { data: [transaction(0, { minedAt: new Date(Math.max(Date.now() - 5 * 60_000, new Date().setHours(0, 0, 1, 0))).toISOString() })], next: null } };
    await renderConnected(Account, 'de-DE');
    // The header's balance and each token's quantity and value: German grouping and decimals, the dollar sign after.
    await waitFor(() => expect(screen.getByText('10.000 ETH')).toBeTruthy());
    // The same list is busy with skeleton rows until the balances arrive.
    await waitFor(() => expect(screen.getByRole('list', { name: 'Tokens' }).getAttribute('aria-busy')).toBe('false'));
    const tokens = screen.getByRole('list', { name: 'Tokens' });
    expect(within(tokens).getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      'Ether10.000ETH30.000.000,00\u00a0$',
      'PUPortico USD1.234,568PUSD1.234,57\u00a0$',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Aktivität' }));
    const activity = await screen.findByRole('list', { name: 'Aktivität, Heute' });
    const sent = within(activity).getByRole('listitem', { name: /^1,5 ETH gesendet an 0x7099…79C8 \d{1,2}:\d{2}$/u });
    expect(within(sent).getByText('4.500,00 $')).toBeTruthy(); // the text matcher reads the no-break space as a space
    expect(screen.getByRole('button', { name: 'Trennen' })).toBeTruthy();
    expect(direction()).toBe('ltr');
  });
});
