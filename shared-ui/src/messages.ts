/**
 * The kit's own words (`./locales/<locale>.json`, ICU MessageFormat): its parts' labels, the shell's chrome, and
 * the English that shared state and the shell say in the spec's wording (announcements, outlet errors, controllers'
 * toasts and errors), keyed `said.`, `outlet.` and `error.` (an error's key names the error it comes from).
 * English is bundled with the kit; any other locale is its own chunk, fetched once (the shell's chrome asks for
 * it when the modal opens, so a view's parts usually find it there).
 */
import { templateParts, type SupportedLocale, type Translator } from '@portico/shared-state/i18n';
import { useEffect, useState } from 'react';
import { loadMessages, useLocale, useMessages } from './i18n';
import english from './locales/en.json';

export type KitKey = keyof typeof english;
export type KitMessages = Translator<KitKey>;

// Named chunks (`ui-locale-de`, …), like the remotes' catalogues.
export const loadKitCatalogue = (locale: SupportedLocale) => import(/* webpackChunkName: "ui-locale-[request]" */ `./locales/${locale}.json`);

/** `t(key, values)` for a kit part in the modal's locale; suspends while the kit's catalogue loads. */
export function useKitMessages(): KitMessages {
  return useMessages(english, loadKitCatalogue);
}

const englishMessages = loadMessages(english, loadKitCatalogue, 'en') as KitMessages;

/**
 * `useKitMessages` without suspending, for the loading panel (a Suspense fallback must not suspend itself):
 * English until the locale's catalogue has arrived, then that.
 */
export function useKitMessagesNow(): KitMessages {
  const messages = loadMessages(english, loadKitCatalogue, useLocale().locale);
  const [arrived, setArrived] = useState<KitMessages>();
  useEffect(() => {
    if (!(messages instanceof Promise)) return;
    let current = true;
    messages.then((loaded) => current && setArrived(() => loaded), () => undefined);
    return () => {
      current = false;
    };
  }, [messages]);
  return messages instanceof Promise ? (arrived ?? englishMessages) : messages;
}

/** One known English text: its key, and a pattern whose named groups are the message's arguments. */
interface KnownText {
  key: KitKey;
  pattern: RegExp;
  takesArguments: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English the kit recognises, from its English catalogue (whose `said.`, `outlet.` and `error.` messages are
 * plain `{name}` templates); made at the first `sayKnown`, not when the kit loads.
 */
const makeKnownTexts = (): KnownText[] =>
  (Object.keys(english) as KitKey[])
    .filter((key) => /^(said|outlet|error)\./.test(key))
    .flatMap((key) => {
      const parts = templateParts(english[key]);
      if (!parts) return [];
      const names = new Set<string>();
      const source = parts
        .map((part) => {
          if (typeof part === 'string') return escapeRegExp(part);
          if (names.has(part.argument)) return `\\k<${part.argument}>`;
          names.add(part.argument);
          return `(?<${part.argument}>.+?)`;
        })
        .join('');
      return [{ key, pattern: new RegExp(`^${source}$`, 's'), takesArguments: names.size > 0 }];
    })
    // Exact texts first: "Connected to your wallet" is its own message, not "Connected to {wallet}".
    .sort((a, b) => Number(a.takesArguments) - Number(b.takesArguments));
let knownTexts: KnownText[] | undefined;

/**
 * English from shared state or the shell, in the spec's wording, in `t`'s locale; any other text (a remote's own,
 * already in the locale, or an error Portico does not know) as it is. Trailing white space is kept: the live
 * region repeats an announcement by appending a no-break space.
 *
 * @example
 * sayKnown(t)('The send feature could not be loaded.'); // de: 'Die Funktion „send“ konnte nicht geladen werden.'
 */
export function sayKnown(t: KitMessages): (text: string) => string {
  return (text) => {
    const body = text.trimEnd();
    for (const { key, pattern } of (knownTexts ??= makeKnownTexts())) {
      const found = pattern.exec(body);
      if (!found) continue;
      // A number stays a number, for the locale's plural rules and digits.
      const values = Object.fromEntries(Object.entries(found.groups ?? {}).map(([name, value]) => [name, /^\d+$/.test(value) ? Number(value) : value]));
      return t(key, values) + text.slice(body.length);
    }
    return text;
  };
}
