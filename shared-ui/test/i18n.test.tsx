import type { SupportedLocale } from '@portico/shared-state/i18n';
import { TRANSLATED_LOCALES, catalogueGaps, stopTestCores, testCore } from '@portico/test-kit';
import { renderInLocale } from '@portico/test-kit/react';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import { loadChrome, useMessages } from '../src';
import { loadMessages } from '../src/i18n';

afterEach(() => {
  cleanup();
  stopTestCores();
});

describe('the kit’s catalogues (the shell’s header)', () => {
  it.each(TRANSLATED_LOCALES)('%s has every English message, each with its arguments', (locale) => {
    expect(catalogueGaps(new URL('../src/locales/', import.meta.url), locale)).toEqual([]);
  });

  it('loadChrome names the header’s buttons and titles; a wallet’s name stays a name', async () => {
    const chrome = await loadChrome('fr-CA');
    expect([chrome.locale, chrome.dir, chrome.back, chrome.close]).toEqual(['fr', 'ltr', 'Retour', 'Fermer']);
    expect(chrome.title('Connect', 'Connect Wallet')).toBe('Connecter un portefeuille');
    expect(chrome.title('ConnectingSocial', 'Log in with GitHub', 'GitHub')).toBe('Se connecter avec GitHub');
    expect(chrome.title('ConnectingExternal', 'Rabby')).toBe('Rabby');
    expect(chrome.title('WhatIsAWallet', 'What is a Wallet?')).toBe('Qu’est-ce qu’un portefeuille ?');
    expect(chrome.title('GetWallet', 'Get Rainbow', 'Rainbow')).toBe('Obtenir Rainbow');
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
  await renderInLocale(<Greeting />, core);
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
