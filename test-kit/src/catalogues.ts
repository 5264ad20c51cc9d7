import { DEFAULT_LOCALE, SUPPORTED_LOCALES, catalogueProblems, type SupportedLocale } from '@portico/shared-state/i18n';
import { readFileSync } from 'node:fs';

/** Every locale but English (each package's `en.json` is the source the others translate). */
export const TRANSLATED_LOCALES = SUPPORTED_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/**
 * A package's catalogue for `locale`, read from its locales folder (a URL ending in `/`).
 * @example readCatalogue(new URL('../src/locales/', import.meta.url), 'ar')['quote.sample']
 */
export function readCatalogue(localesDir: URL, locale: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`${locale}.json`, localesDir), 'utf8'));
}

/**
 * What is wrong with a package's catalogue for `locale` against its `en.json`: shared state's `catalogueProblems`
 * (a message that does not parse, a key English lacks, other arguments than English's) and every English message
 * it lacks (each package translates all of them; at run time a missing one shows in English).
 * @example
 * it.each(TRANSLATED_LOCALES)('%s has every English message, each with its arguments', (locale) => {
 *   expect(catalogueGaps(new URL('../src/locales/', import.meta.url), locale)).toEqual([]);
 * });
 */
export function catalogueGaps(localesDir: URL, locale: SupportedLocale): string[] {
  const english = readCatalogue(localesDir, DEFAULT_LOCALE);
  const catalogue = readCatalogue(localesDir, locale);
  const missing = Object.keys(english).filter((key) => !Object.hasOwn(catalogue, key));
  return [...catalogueProblems(locale, catalogue, english), ...missing.map((key) => `${locale}: "${key}" is missing`)];
}
