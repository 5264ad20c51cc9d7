import { SUPPORTED_LOCALES, catalogueProblems } from '@portico/shared-state/i18n';
import { RECEIVER, apiStub, profileRoutes, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderInStore } from '@portico/test-kit/react';
import { LoadingPanel, useLocale } from '@portico/ui';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { Suspense, type ReactNode } from 'react';
import english from '../src/locales/en.json';
import RegisterAccountName from '../src/views/RegisterAccountName';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(profileRoutes(new Map([['taken.portico.eth', RECEIVER]])));
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

describe('Names’ catalogues', () => {
  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))('%s has every English message, each with its arguments', (locale) => {
    const messages = catalogue(locale);
    expect(catalogueProblems(locale, messages, english)).toEqual([]);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });
});

describe('RegisterAccountName in a locale', () => {
  it('speaks Arabic, right to left, with locale: ar; a taken name says so in Arabic', async () => {
    const { core } = await testCore({ api, connect: true, views: ['Account', 'RegisterAccountName'], options: { locale: 'ar' } });
    // Awaited: the view suspends while the locale's chunk loads, and React resumes it inside this act.
    await act(async () => {
      renderInStore(
        <Directed>
          <RegisterAccountName portico={core} />
        </Directed>,
        core,
      );
    });
    const name = await screen.findByRole('textbox', { name: 'الاسم' });
    expect((screen.getByRole('button', { name: 'تسجيل' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('rtl');
    fireEvent.change(name, { target: { value: 'taken' } });
    // The spec's 500 ms debounce runs for real.
    const taken = await screen.findByText('الاسم مستخدم بالفعل', {}, { timeout: 3000 });
    expect(taken.getAttribute('role')).toBe('status');
  });
});
