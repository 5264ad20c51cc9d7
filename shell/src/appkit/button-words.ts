/**
 * The AppKit buttons' own words ("Connect Wallet", "Connecting…", "Networks") in the modal's locale
 * (`PorticoInstance.getLocale`). They take no arguments, so they are plain text and need no ICU runtime. English is
 * bundled (a server renders it, and the first render in the browser matches it); another locale is one small
 * chunk (`appkit-words-<locale>`), fetched once when a button first shows in it.
 */
import { DEFAULT_LOCALE, type SupportedLocale } from '@portico/shared-state/locales';
import english from './button-words/en.json';

export type ButtonTexts = typeof english;

export const ENGLISH_BUTTON_TEXTS: ButtonTexts = english;

const loaded = new Map<SupportedLocale, Promise<ButtonTexts>>();

/**
 * The buttons' words in `locale`: English for a word its catalogue lacks, and for every word while the chunk fails
 * to load (it is fetched again next time).
 *
 * @example
 * loadButtonTexts('de').then((texts) => texts.connect); // 'Wallet verbinden'
 */
export function loadButtonTexts(locale: SupportedLocale): Promise<ButtonTexts> {
  if (locale === DEFAULT_LOCALE) return Promise.resolve(english);
  let texts = loaded.get(locale);
  if (!texts) {
    texts = import(/* webpackChunkName: "appkit-words-[request]" */ `./button-words/${locale}.json`).then(
      (module: { default: Partial<ButtonTexts> }) => ({ ...english, ...module.default }),
      () => {
        loaded.delete(locale);
        return english;
      },
    );
    loaded.set(locale, texts);
  }
  return texts;
}
