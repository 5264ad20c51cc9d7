/**
 * Locales in views: `useMessages` gives a view its remote's catalogue in the modal's locale (the host's `locale`
 * option, else the page's `lang`, else English; `@portico/shared-state/i18n`). English ships inside each remote
 * (it is every other locale's fallback); any other locale is the remote's own `import()`, one chunk per locale,
 * fetched the first time a view asks for it. While it loads the view suspends (the shell's view outlet shows its
 * loading panel). The kit bundles the ICU core once for every remote: it is a shared singleton.
 */
import { optionsAtom } from '@portico/shared-state';
import {
  DEFAULT_LOCALE,
  createTranslator,
  localeDirection,
  resolveLocale,
  type Catalogue,
  type Direction,
  type SupportedLocale,
  type Translator,
} from '@portico/shared-state/i18n';
import { useAtomValue } from 'jotai';
import { use, type ReactPromise } from 'react';

/** A remote's `(locale) => import(`./locales/${locale}.json`)`: one chunk per locale. */
export type CatalogueLoader<C extends Catalogue> = (locale: SupportedLocale) => Promise<{ default: Partial<C> }>;

/** The page's `lang` (none on a server). */
function pageLang(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement.lang;
}

/** The locale the modal speaks for a host's `locale` option, and its writing direction. */
export function pageLocale(option: string | undefined): { locale: SupportedLocale; dir: Direction } {
  const locale = resolveLocale(option, pageLang());
  return { locale, dir: localeDirection(locale) };
}

/** The modal's locale and direction (from the options in the shell's store). */
export function useLocale(): { locale: SupportedLocale; dir: Direction } {
  return pageLocale(useAtomValue(optionsAtom)?.locale);
}

/**
 * A locale's translator on the way. Once it has arrived the promise says so as React's `use` reads a thenable
 * (`status`, `value`), so `use` returns the translator without suspending.
 */
type TranslatorOnTheWay = Promise<Translator> & ReactPromise<Translator>;

/**
 * Per English catalogue (one per remote): English's translator, and each other locale's promise of one. The
 * promise stays cached after it settles: a view that suspended on it must call `use()` on that same promise
 * when React resumes it.
 */
const translators = new WeakMap<Catalogue, Map<SupportedLocale, Translator | TranslatorOnTheWay>>();

/** English's translator, or the locale's cached promise (one fetch per locale; a failed one is forgotten). */
function cachedTranslator(english: Catalogue, load: CatalogueLoader<Catalogue>, locale: SupportedLocale): Translator | TranslatorOnTheWay {
  let byLocale = translators.get(english);
  if (!byLocale) translators.set(english, (byLocale = new Map()));
  const known = byLocale.get(locale);
  if (known) return known;
  if (locale === DEFAULT_LOCALE) {
    const translator = createTranslator(locale, english, english);
    byLocale.set(locale, translator);
    return translator;
  }
  const loading: TranslatorOnTheWay = load(locale).then(
    (module) => {
      const translator = createTranslator(locale, module.default, english);
      Object.assign(loading, { status: 'fulfilled', value: translator });
      return translator;
    },
    (error: unknown) => {
      byLocale.delete(locale);
      throw error;
    },
  );
  byLocale.set(locale, loading);
  return loading;
}

/**
 * The translator for `locale` over a remote's catalogues: at once for English or a locale already loaded, else a
 * promise of it (one fetch per locale; a failed fetch is tried again on the next call).
 */
export function loadMessages<C extends Catalogue>(
  english: C,
  load: CatalogueLoader<C>,
  locale: SupportedLocale,
): Translator<keyof C & string> | Promise<Translator<keyof C & string>> {
  const messages = cachedTranslator(english, load, locale);
  return messages instanceof Promise && messages.status === 'fulfilled' ? messages.value : messages;
}

/**
 * `t(key, values)` for a view, in the modal's locale. Suspends while the locale's chunk loads; a failed
 * load reaches the outlet's error boundary (its Retry asks again).
 *
 * @example
 * // remotes/<name>/src/messages.ts
 * import english from './locales/en.json';
 * const load = (locale: SupportedLocale) => import(`./locales/${locale}.json`);
 * export const useConnectMessages = () => useMessages(english, load);
 * // in a view: const t = useConnectMessages(); <p>{t('walletCount', { count })}</p>
 */
export function useMessages<C extends Catalogue>(english: C, load: CatalogueLoader<C>): Translator<keyof C & string> {
  const messages = cachedTranslator(english, load, useLocale().locale);
  // Always `use` a locale's promise, loaded or not: React replays a view that suspended on it expecting `use` again.
  return messages instanceof Promise ? use(messages) : messages;
}
