import { CHAIN, TRANSLATED_LOCALES, apiStub, catalogueGaps, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderInLocale } from '@portico/test-kit/react';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import WalletSend from '../src/views/WalletSend';

let api: ApiStub;
beforeAll(async () => {
  const usdc = { name: 'USD Coin', symbol: 'USDC', chainId: CHAIN, quantity: { decimals: '6', numeric: '1250.5' } };
  api = await apiStub({ 'GET /v1/account/:address/balance': { json: { balances: [usdc] } } });
});
afterEach(cleanupViews);
afterAll(() => api.close());

const LOCALES = new URL('../src/locales/', import.meta.url);

async function renderSend(locale: string) {
  const { core } = await testCore({ api, connect: true, views: ['Account', 'WalletSend'], options: { locale } });
  await renderInLocale(<WalletSend portico={core} />, core);
}

describe('Send’s catalogues', () => {
  it.each(TRANSLATED_LOCALES)('%s has every English message, each with its arguments', (locale) => {
    expect(catalogueGaps(LOCALES, locale)).toEqual([]);
  });
});

describe('Send in a locale', () => {
  it('speaks Arabic, right to left, with locale: ar', async () => {
    await renderSend('ar');
    expect(await screen.findByRole('button', { name: 'الرمز: اختر رمزًا' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'المبلغ' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'عنوان المستلم' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'معاينة الإرسال' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('rtl');
  });

  it('shows balances in the token sheet with the locale’s separators (de: 1.250,5)', async () => {
    await renderSend('de');
    const pill = await screen.findByRole('button', { name: 'Token: Token wählen' });
    expect(screen.getByRole('textbox', { name: 'Empfängeradresse' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Senden prüfen' })).toBeTruthy();
    fireEvent.click(pill);
    expect(await screen.findByRole('button', { name: 'USDC USD Coin 1.250,5' })).toBeTruthy();
  });
});
