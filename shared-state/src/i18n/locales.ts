/**
 * `@portico/shared-state/locales`: which locale the modal speaks and its writing direction, without the ICU
 * runtime (`./i18n` re-exports all of it with the translators), for code that only needs the locale: the AppKit
 * buttons pick their words with it.
 */

/** Every locale Portico's catalogues exist in; each remote ships one JSON file per entry. */
export const SUPPORTED_LOCALES = ['en', 'es', 'fr', 'de', 'pt', 'ja', 'zh', 'ko', 'ar', 'hi', 'ru', 'tr'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/** The locale every catalogue is written in first and every missing message falls back to. */
export const DEFAULT_LOCALE: SupportedLocale = 'en';

/** Languages written right to left (the dialog mirrors for them). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

export type Direction = 'ltr' | 'rtl';

/** `Intl.getCanonicalLocales` without the throw: `undefined` for anything that is not one BCP 47 tag. */
export function canonicalLocale(tag: string): string | undefined {
  try {
    const [canonical, ...rest] = Intl.getCanonicalLocales(tag);
    return rest.length === 0 ? canonical : undefined;
  } catch {
    return undefined;
  }
}

/** A supported locale for a tag by its language (`pt-BR` → `pt`, `zh-Hant-TW` → `zh`); `undefined` if none. */
export function matchLocale(tag: string | undefined): SupportedLocale | undefined {
  const canonical = tag ? canonicalLocale(tag) : undefined;
  const language = canonical?.split('-')[0]!.toLowerCase();
  return SUPPORTED_LOCALES.find((locale) => locale === language);
}

/**
 * The locale the modal speaks: the host's `locale` option, else the page's `lang`, else English. A tag
 * Portico has no catalogue for (or a malformed page `lang`) falls through to the next source.
 *
 * @example resolveLocale(options.locale, document.documentElement.lang) // 'ar' for <html lang="ar-EG">
 */
export function resolveLocale(option: string | undefined, pageLang?: string): SupportedLocale {
  return matchLocale(option) ?? matchLocale(pageLang) ?? DEFAULT_LOCALE;
}

/** `rtl` for Arabic, Hebrew, Persian and Urdu; `ltr` otherwise. */
export function localeDirection(locale: string): Direction {
  return RTL_LANGUAGES.has((canonicalLocale(locale) ?? locale).split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}
