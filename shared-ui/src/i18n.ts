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
import { use } from 'react';

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

/** Per English catalogue (one per remote), each locale's translator, or its catalogue on the way. */
const translators = new WeakMap<Catalogue, Map<SupportedLocale, Translator | Promise<Translator>>>();

/**
 * The translator for `locale` over a remote's catalogues: at once for English, else a promise of it (one
 * fetch per locale; a failed fetch is tried again on the next call).
 */
export function loadMessages<C extends Catalogue>(
  english: C,
  load: CatalogueLoader<C>,
  locale: SupportedLocale,
): Translator<keyof C & string> | Promise<Translator<keyof C & string>> {
  let byLocale = translators.get(english);
  if (!byLocale) translators.set(english, (byLocale = new Map()));
  const known = byLocale.get(locale);
  if (known) return known;
  const made: Translator | Promise<Translator> =
    locale === DEFAULT_LOCALE
      ? createTranslator(locale, english, english)
      : load(locale).then(
          (module) => {
            const translator = createTranslator(locale, module.default, english);
            byLocale.set(locale, translator);
            return translator;
          },
          (error: unknown) => {
            byLocale.delete(locale);
            throw error;
          },
        );
  byLocale.set(locale, made);
  return made;
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
  const messages = loadMessages(english, load, useLocale().locale);
  return messages instanceof Promise ? use(messages) : messages;
}
