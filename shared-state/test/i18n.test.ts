import { describe, expect, it, rs } from '@rstest/core';
import { minimalOptions } from '@portico/test-kit';
import { parseOptions } from '../src/options';
import { formatRelativeTime, formatUsd } from '../src/formatters';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  canonicalLocale,
  catalogueProblems,
  createTranslator,
  localeDirection,
  matchLocale,
  resolveLocale,
  templateParts,
  SUPPORTED_LOCALES,
  type Catalogue,
} from '../src/i18n';

const english = {
  walletCount: '{count, plural, one {# wallet} other {# wallets}}',
  continueIn: 'Continue in {name}',
  close: 'Close',
};

describe('resolveLocale: option, then the page lang, then English', () => {
  it.each([
    ['the option wins over the page', 'de', 'fr', 'de'],
    ['a region or script matches by language', 'pt-BR', undefined, 'pt'],
    ['zh-Hant-TW', 'zh-Hant-TW', undefined, 'zh'],
    ['case does not matter', 'AR-eg', undefined, 'ar'],
    ['no option: the page lang', undefined, 'ja-JP', 'ja'],
    ['an unsupported option falls to the page lang', 'sw', 'ko', 'ko'],
    ['nothing supported: English', 'sw', 'xx-YY', 'en'],
    ['a malformed page lang: English', undefined, 'not a tag!', 'en'],
    ['an empty page lang: English', undefined, '', 'en'],
  ])('%s', (_name, option, pageLang, expected) => {
    expect(resolveLocale(option, pageLang)).toBe(expected);
  });

  it('matchLocale and canonicalLocale refuse anything that is not one BCP 47 tag', () => {
    expect(canonicalLocale('en_US')).toBeUndefined();
    expect(canonicalLocale('')).toBeUndefined();
    expect(canonicalLocale('de-de')).toBe('de-DE');
    expect(matchLocale('12345')).toBeUndefined();
    expect(matchLocale(undefined)).toBeUndefined();
  });
});

describe('localeDirection', () => {
  it.each([
    ['ar', 'rtl'],
    ['ar-EG', 'rtl'],
    ['he', 'rtl'],
    ['fa-IR', 'rtl'],
    ['ur', 'rtl'],
    ['en', 'ltr'],
    ['hi', 'ltr'],
    ['not a tag!', 'ltr'],
  ])('%s is %s', (locale, direction) => {
    expect(localeDirection(locale)).toBe(direction);
  });
});

describe('createTranslator', () => {
  it('never asks the browser for its list of locales (its first call costs the first open ~100 ms)', () => {
    const supportedLocalesOf = rs.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    try {
      const t = createTranslator('de', { greeting: 'Hallo {name}' }, { greeting: 'Hello {name}' });
      expect(t('greeting', { name: 'Ada' })).toBe('Hallo Ada');
      expect(supportedLocalesOf).not.toHaveBeenCalled();
    } finally {
      supportedLocalesOf.mockRestore();
    }
  });

  it('formats ICU plurals with the locale’s rules (Arabic has six forms)', () => {
    const t = createTranslator('en', english, english);
    expect(t('walletCount', { count: 1 })).toBe('1 wallet');
    expect(t('walletCount', { count: 1200 })).toBe('1,200 wallets');

    const arabic = {
      walletCount:
        '{count, plural, zero {لا محافظ} one {محفظة واحدة} two {محفظتان} few {# محافظ} many {# محفظة} other {# محفظة}}',
    };
    const ar = createTranslator('ar', arabic, english);
    expect(ar('walletCount', { count: 0 })).toBe('لا محافظ');
    expect(ar('walletCount', { count: 2 })).toBe('محفظتان');
    expect(ar('walletCount', { count: 3 })).toMatch(/^(3|٣) محافظ$/);
    expect(ar.dir).toBe('rtl');
    expect(ar.locale).toBe('ar');
  });

  it('interpolates values and formats numbers for the locale', () => {
    const t = createTranslator('de', { walletCount: '{count, plural, one {# Wallet} other {# Wallets}}' }, english);
    expect(t('walletCount', { count: 1200 })).toBe('1.200 Wallets');
    expect(t.dir).toBe('ltr');
  });

  it('counts up to 999 make no Intl.NumberFormat (the first costs the open ~25 ms) and read as Intl writes them', () => {
    const count = { walletCount: '{count, plural, one {# wallet} other {# wallets}}', plain: '{count, number}' };
    const NumberFormat = Intl.NumberFormat;
    const made = rs.fn();
    Intl.NumberFormat = new Proxy(NumberFormat, { construct: (target, args: [string?, Intl.NumberFormatOptions?]) => (made(), new target(...args)) });
    try {
      for (const locale of SUPPORTED_LOCALES.filter((tag) => tag !== 'ar')) {
        const t = createTranslator(locale, count, count);
        for (const value of [0, 1, 7, 42, 640, 999]) {
          expect(t('plain', { count: value })).toBe(new NumberFormat(locale).format(value));
          expect(t('walletCount', { count: value })).toContain(new NumberFormat(locale).format(value));
        }
      }
      expect(made).not.toHaveBeenCalled();
      // Larger numbers, fractions and Arabic go to Intl.
      expect(createTranslator('de', count, count)('plain', { count: 1000 })).toBe('1.000');
      expect(createTranslator('en', count, count)('plain', { count: 1.5 })).toBe('1.5');
      expect(createTranslator('ar', count, count)('plain', { count: 3 })).toBe(new NumberFormat('ar').format(3));
    } finally {
      Intl.NumberFormat = NumberFormat;
    }
  });

  it('a message missing from the locale comes in English, never as its key', () => {
    const t = createTranslator('fr', { close: 'Fermer' }, english);
    expect(t('close')).toBe('Fermer');
    expect(t('continueIn', { name: 'Rabby' })).toBe('Continue in Rabby');
  });

  it('a key no catalogue has is refused with its name', () => {
    const t = createTranslator('en', english, english) as (key: string) => string;
    expect(() => t('nope')).toThrow('Portico has no message "nope"');
  });
});

/** A catalogue as the builds ship it: through scripts/icu-catalogue-loader.cjs, with the parser intl-messageformat uses. */
async function compileCatalogue(file: string, catalogue: Record<string, string>): Promise<Catalogue> {
  const require = createRequire(import.meta.url);
  const loader = require('../../scripts/icu-catalogue-loader.cjs') as (this: object, source: string) => void;
  const parser = createRequire(require.resolve('intl-messageformat')).resolve('@formatjs/icu-messageformat-parser');
  return new Promise((resolve, reject) => {
    loader.call(
      {
        resourcePath: file,
        getOptions: () => ({ parser: join(dirname(parser), 'index.js') }),
        async: () => (error: Error | null, output?: string) => (error ? reject(error) : resolve(JSON.parse(output!))),
      },
      JSON.stringify(catalogue),
    );
  });
}

describe('catalogues compiled at build time', () => {
  const german = { walletCount: '{count, plural, one {# Wallet} other {# Wallets}}', continueIn: 'Weiter in {name}' };

  it('the loader turns every message into its AST, and translators read it as they read text', async () => {
    const compiled = await compileCatalogue('/remote/src/locales/de.json', german);
    expect(Array.isArray(compiled.walletCount)).toBe(true);
    const fromAst = createTranslator('de', compiled, english);
    const fromText = createTranslator('de', german, english);
    expect(fromAst('walletCount', { count: 1200 })).toBe(fromText('walletCount', { count: 1200 }));
    expect(fromAst('continueIn', { name: 'Rabby' })).toBe('Weiter in Rabby');
  });

  it('the loader refuses a message that does not parse, naming the file', async () => {
    await expect(compileCatalogue('/remote/src/locales/de.json', { broken: '{count, plural, one {# Wallet}' })).rejects.toThrow(
      '/remote/src/locales/de.json',
    );
  });

  it('templateParts reads a plain template from its text or its AST; anything richer is not one', async () => {
    const compiled = await compileCatalogue('/kit/locales/en.json', { connected: 'Connected to {wallet}.', count: german.walletCount });
    expect(templateParts('Connected to {wallet}.')).toEqual(['Connected to ', { argument: 'wallet' }, '.']);
    expect(templateParts(compiled.connected!)).toEqual(['Connected to ', { argument: 'wallet' }, '.']);
    expect(templateParts(compiled.count!)).toBeUndefined();
  });
});

describe('formatters take the locale', () => {
  const NOW = Date.UTC(2030, 5, 15, 12, 0, 0);
  it('relative times and dollars in German and Arabic; English by default', () => {
    expect(formatRelativeTime(NOW - 5 * 60_000, NOW)).toBe('5 min. ago');
    expect(formatRelativeTime(NOW - 30 * 3_600_000, NOW, 'de')).toBe('gestern');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(1234.5, 'de').replace(/\s/g, ' ')).toBe('1.234,50 $');
    expect(formatUsd(1, 'ar')).toMatch(/US\$|\$/);
  });
});

describe('the locale host option', () => {
  it('keeps a BCP 47 tag as given; absent by default', () => {
    expect(parseOptions(minimalOptions({ locale: 'pt-BR' })).locale).toBe('pt-BR');
    expect(parseOptions(minimalOptions()).locale).toBeUndefined();
  });

  it.each(['en_US', '', 'english please', 42])('refuses %j, naming the field', (locale) => {
    expect(() => parseOptions(minimalOptions({ locale }))).toThrow(/locale.*(BCP 47|Invalid input|expected string)/i);
  });
});

describe('catalogueProblems', () => {
  it('accepts a faithful translation, with missing keys', () => {
    expect(catalogueProblems('de', { walletCount: '{count, plural, one {# Wallet} other {# Wallets}}' }, english)).toEqual([]);
  });

  it('names unknown keys, changed arguments and messages that do not parse', () => {
    expect(catalogueProblems('de', { extra: 'x', continueIn: 'Weiter in {wallet}', close: 'Schließen {' }, english)).toEqual([
      'de: "extra" is not an English message',
      'de: "continueIn" uses {wallet}, English {name}',
      expect.stringMatching(/^de: "close" does not parse/),
    ]);
  });
});
