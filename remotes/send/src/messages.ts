/**
 * The Send remote's words (`./locales/<locale>.json`, ICU MessageFormat). English is bundled with the view
 * (every other locale falls back to it); any other locale is its own chunk, fetched the first time the view
 * renders in that locale, so a page in English fetches none.
 */
import type { SupportedLocale } from '@portico/shared-state/i18n';
import { useMessages } from '@portico/ui';
import english from './locales/en.json';

// Named chunks (`send-locale-de`, …): what a locale costs is visible in the build, and in the network panel.
const loadCatalogue = (locale: SupportedLocale) => import(/* webpackChunkName: "send-locale-[request]" */ `./locales/${locale}.json`);

/** `t(key, values)` in the modal's locale; suspends while its catalogue loads. */
export function useSendMessages() {
  return useMessages(english, loadCatalogue);
}

/** The `t` helpers take. */
export type SendMessages = ReturnType<typeof useSendMessages>;
