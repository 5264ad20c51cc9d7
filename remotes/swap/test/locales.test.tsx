import { CHAIN, PUSD_ADDRESS, TRANSLATED_LOCALES, apiStub, catalogueGaps, exchangeRoutes, initialExchange, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderInLocale } from '@portico/test-kit/react';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import Swap from '../src/views/Swap';

let api: ApiStub;
beforeAll(async () => {
  const pusd = { name: 'Portico USD', symbol: 'PUSD', chainId: CHAIN, address: `${CHAIN}:${PUSD_ADDRESS}`, quantity: { decimals: '6', numeric: '25000' } };
  api = await apiStub({ ...exchangeRoutes(initialExchange()), 'GET /v1/account/:address/balance': { json: { balances: [pusd] } } });
});
afterEach(cleanupViews);
afterAll(() => api.close());

const LOCALES = new URL('../src/locales/', import.meta.url);

async function renderSwap(locale: string) {
  const { core } = await testCore({ api, connect: true, views: ['Account', 'Swap'], options: { locale } });
  await renderInLocale(<Swap portico={core} />, core);
}

describe('Swap’s catalogues', () => {
  it.each(TRANSLATED_LOCALES)('%s has every English message, each with its arguments', (locale) => {
    expect(catalogueGaps(LOCALES, locale)).toEqual([]);
  });
});

describe('Swap in a locale', () => {
  it('speaks Arabic, right to left, with locale: ar', async () => {
    await renderSwap('ar');
    fireEvent.click(await screen.findByRole('button', { name: 'تدفع: اختر رمزًا' }));
    expect(await within(screen.getByRole('dialog', { name: 'اختر رمزًا' })).findByRole('group', { name: 'مقترحة' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'ابحث عن الرموز' }), { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'تستلم: اختر رمزًا' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تبديل الرموز' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('rtl');
  });

  it('writes percentages and balances the Turkish way (%1, 25.000)', async () => {
    await renderSwap('tr');
    fireEvent.click(await screen.findByRole('button', { name: /^Ödediğiniz: / }));
    expect(await screen.findByRole('button', { name: /^PUSD .*25\.000$/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Kayma ayarları' }));
    const slippage = screen.getByRole('radiogroup', { name: 'Kayma toleransı' });
    expect(within(slippage).getByRole('radio', { name: '%1' })).toHaveProperty('checked', true);
    expect(within(slippage).getByRole('radio', { name: '%0,5' })).toBeTruthy();
  });
});
