/** The AppKit buttons' words (src/appkit/button-words/): every locale says all of them, and each locale loads once. */
import { TRANSLATED_LOCALES, catalogueGaps } from '@portico/test-kit';
import { describe, expect, it } from '@rstest/core';
import { ENGLISH_BUTTON_TEXTS, loadButtonTexts } from '../src/appkit/button-words';

const WORDS = new URL('../src/appkit/button-words/', import.meta.url);

describe('the AppKit buttons’ words', () => {
  it.each(TRANSLATED_LOCALES)('%s has every English word', (locale) => {
    expect(catalogueGaps(WORDS, locale)).toEqual([]);
  });

  it('loads a locale’s words once, English as they are', async () => {
    expect(await loadButtonTexts('en')).toBe(ENGLISH_BUTTON_TEXTS);
    const german = loadButtonTexts('de');
    expect(loadButtonTexts('de')).toBe(german);
    expect(await german).toEqual({ connect: 'Wallet verbinden', connecting: 'Verbinden…', networks: 'Netzwerke' });
  });
});
