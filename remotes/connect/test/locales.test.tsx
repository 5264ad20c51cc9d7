import { SUPPORTED_LOCALES, catalogueProblems } from '@portico/shared-state/i18n';
import { apiStub, registryRoutes, registryWallets, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderInStore } from '@portico/test-kit/react';
import { LoadingPanel, useLocale } from '@portico/ui';
import { act, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { Suspense, type ReactNode } from 'react';
import english from '../src/locales/en.json';
import Connect from '../src/views/Connect';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(registryRoutes(registryWallets(60)));
});
afterEach(cleanupViews);
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

async function renderConnect(locale: string) {
  const { core } = await testCore({ api, options: { locale } });
  // Awaited: the view suspends while the locale's chunk loads, and React resumes it inside this act.
  await act(async () => {
    renderInStore(
      <Directed>
        <Connect portico={core} />
      </Directed>,
      core,
    );
  });
}

describe('Connect’s catalogues', () => {
  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))('%s has every English message, each with its arguments', (locale) => {
    const messages = catalogue(locale);
    expect(catalogueProblems(locale, messages, english)).toEqual([]);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });
});

describe('Connect in a locale', () => {
  it('speaks Arabic, right to left, with locale: ar (Arabic plural for the wallet count)', async () => {
    await renderConnect('ar');
    const wallets = await screen.findByRole('list', { name: 'المحافظ' });
    expect(await within(wallets).findByRole('button', { name: 'كل المحافظ' })).toBeTruthy();
    expect(await within(wallets).findByText(/^(60|٦٠) محفظة$/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('rtl');
  });

  it('speaks German with locale: de-DE, left to right', async () => {
    await renderConnect('de-DE');
    const wallets = await screen.findByRole('list', { name: 'Wallets' });
    expect(await within(wallets).findByRole('button', { name: 'Alle Wallets' })).toBeTruthy();
    expect(await within(wallets).findByText('60 Wallets')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Portico' }).getAttribute('dir')).toBe('ltr');
  });
});
