import { SUPPORTED_LOCALES, catalogueProblems, type SupportedLocale } from '@portico/shared-state/i18n';
import { stopTestCores, testCore } from '@portico/test-kit';
import { renderInStore } from '@portico/test-kit/react';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { Suspense } from 'react';
import { loadChrome, LoadingPanel, useMessages } from '../src';
import { loadMessages } from '../src/i18n';
import english from '../src/locales/en.json';

afterEach(() => {
  cleanup();
  stopTestCores();
});

const kitCatalogue = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../src/locales/${locale}.json`, import.meta.url), 'utf8'));

describe('the kit’s catalogues (the shell’s header)', () => {
  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))('%s has every English message, each with its arguments', (locale) => {
    const messages = kitCatalogue(locale);
    expect(catalogueProblems(locale, messages, english)).toEqual([]);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });

  it('loadChrome names the header’s buttons and titles; a wallet’s name stays a name', async () => {
    const chrome = await loadChrome('fr-CA');
    expect([chrome.locale, chrome.dir, chrome.back, chrome.close]).toEqual(['fr', 'ltr', 'Retour', 'Fermer']);
    expect(chrome.title('Connect', 'Connect Wallet')).toBe('Connecter un portefeuille');
    expect(chrome.title('ConnectingSocial', 'Log in with GitHub', 'GitHub')).toBe('Se connecter avec GitHub');
    expect(chrome.title('ConnectingExternal', 'Rabby')).toBe('Rabby');
  });
});

const messages = { greeting: 'Hello {name}', later: 'Only in English' };

function Greeting() {
  const t = useMessages(messages, loadGreeting);
  return (
    <p>
      {t('greeting', { name: 'Ada' })} · {t('later')}
    </p>
  );
}

let loads: SupportedLocale[] = [];
let failNext = false;
/** A remote's loader, counting its fetches; it fails once when told to. */
async function loadGreeting(locale: SupportedLocale) {
  loads.push(locale);
  if (failNext) {
    failNext = false;
    throw new Error('chunk failed');
  }
  return { default: { greeting: locale === 'es' ? 'Hola {name}' : 'Bonjour {name}' } };
}

async function renderGreeting(locale: string) {
  const { core } = await testCore({ start: false, options: { locale } });
  await act(async () => {
    renderInStore(
      <Suspense fallback={<LoadingPanel />}>
        <Greeting />
      </Suspense>,
      core,
    );
  });
}

describe('useMessages', () => {
  it('English without a fetch; another locale fetched once, with English for what it lacks', async () => {
    loads = [];
    await renderGreeting('en');
    expect(screen.getByText('Hello Ada · Only in English')).toBeTruthy();
    cleanup();
    await renderGreeting('es-MX');
    expect(await screen.findByText('Hola Ada · Only in English')).toBeTruthy();
    cleanup();
    await renderGreeting('es');
    expect(screen.getByText('Hola Ada · Only in English')).toBeTruthy();
    expect(loads).toEqual(['es']);
  });

  it('a failed fetch is asked for again next time', async () => {
    loads = [];
    failNext = true;
    await expect(loadMessages(messages, loadGreeting, 'fr')).rejects.toThrow('chunk failed');
    await renderGreeting('fr');
    expect(await screen.findByText('Bonjour Ada · Only in English')).toBeTruthy();
    expect(loads).toEqual(['fr', 'fr']);
  });
});
