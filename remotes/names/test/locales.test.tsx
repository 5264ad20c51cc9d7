import { RECEIVER, TRANSLATED_LOCALES, apiStub, catalogueGaps, profileRoutes, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderInLocale } from '@portico/test-kit/react';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import RegisterAccountName from '../src/views/RegisterAccountName';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(profileRoutes(new Map([['taken.portico.eth', RECEIVER]])));
});
afterEach(cleanupViews);
afterAll(() => api.close());

const LOCALES = new URL('../src/locales/', import.meta.url);

describe('Names’ catalogues', () => {
  it.each(TRANSLATED_LOCALES)('%s has every English message, each with its arguments', (locale) => {
    expect(catalogueGaps(LOCALES, locale)).toEqual([]);
  });
});

describe('RegisterAccountName in a locale', () => {
  it('speaks Arabic, right to left, with locale: ar; a taken name says so in Arabic', async () => {
    const { core } = await testCore({ api, connect: true, views: ['Account', 'RegisterAccountName'], options: { locale: 'ar' } });
    await renderInLocale(<RegisterAccountName portico={core} />, core);
    const name = await screen.findByRole('textbox', { name: 'الاسم' });
    expect((screen.getByRole('button', { name: 'تسجيل' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('rtl');
    fireEvent.change(name, { target: { value: 'taken' } });
    // The spec's 500 ms debounce runs for real.
    const taken = await screen.findByText('الاسم مستخدم بالفعل', {}, { timeout: 3000 });
    expect(taken.getAttribute('role')).toBe('status');
  });
});
