/**
 * The On-ramp remote's words (`./locales/<locale>.json`, ICU MessageFormat). English is bundled with the views
 * (every other locale falls back to it); any other locale is its own chunk, fetched the first time a view
 * renders in that locale, so a page in English fetches none.
 */
import type { SupportedLocale } from '@portico/shared-state/i18n';
import { useMessages } from '@portico/ui';
import english from './locales/en.json';

// Named chunks (`onramp-locale-de`, …): what a locale costs is visible in the build, and in the network panel.
const loadCatalogue = (locale: SupportedLocale) => import(/* webpackChunkName: "onramp-locale-[request]" */ `./locales/${locale}.json`);

/** `t(key, values)` in the modal's locale; suspends while its catalogue loads. */
export function useOnRampMessages() {
  return useMessages(english, loadCatalogue);
}

/** The `t` views hand to the helpers that word their state. */
export type OnRampMessages = ReturnType<typeof useOnRampMessages>;

/** A payment method's name in the locale; a method the catalogue does not know keeps the API's (or shared-state's) name. */
export function paymentMethodLabel(t: OnRampMessages, id: string, fallback: string): string {
  const key = `method.${id}`;
  return key in english ? t(key as keyof typeof english) : fallback;
}
