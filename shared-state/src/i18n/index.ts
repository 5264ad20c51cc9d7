/**
 * `@portico/shared-state/i18n`: the framework-free core of Portico's locales. ICU MessageFormat through
 * FormatJS's `intl-messageformat` (plurals and select at run time). The builds compile each catalogue to ASTs
 * and ship intl-messageformat without its parser (scripts/rsbuild-shared.ts `pluginPrecompiledCatalogues`);
 * unit tests read catalogues as written, so every function here takes a message text or its AST.
 * A subpath, not the package index: the UI kit bundles it once (it is a shared singleton).
 */
import { IntlMessageFormat, type Formatters, type PrimitiveType } from 'intl-messageformat';
import { numberFormat } from '../formatters';
import { DEFAULT_LOCALE, localeDirection, type Direction, type SupportedLocale } from './locales';

export * from './locales';

type MessageElement = ReturnType<IntlMessageFormat['getAst']>[number];

// Every message is built for one of SUPPORTED_LOCALES, which the browser always has. intl-messageformat's own
// resolveLocale asks `Intl.NumberFormat.supportedLocalesOf` first, whose first call in a page loads the list of
// every locale the browser has (about 100 ms in headless Chromium on a 2-core machine): the first open of the
// modal paid it. Its public static hook takes the tag as it is instead.
IntlMessageFormat.resolveLocale = (locales) => new Intl.Locale(Array.isArray(locales) ? locales[0]! : locales);

/**
 * One message: ICU MessageFormat text (`"{count, plural, one {# wallet} other {# wallets}}"`) as a catalogue is
 * written, or its AST as the build compiles it.
 */
export type Message = string | readonly MessageElement[];

/** A remote's messages: key → message. */
export type Catalogue = Readonly<Record<string, Message>>;

/** Whether `value` reads the same from Intl.NumberFormat in `locale` as its plain digits (see `messageFormatters`). */
const writtenPlain = (locale: string, value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1000 && !locale.startsWith('ar');

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The formatters messages use. A page's first Intl.NumberFormat costs about 25 ms (over 60 on a phone), and the
 * Connect view's counts ("3 wallets", "640+") made the first open, or a long task before it, pay that (issue 33).
 * A whole number from 0 to 999 without options reads as its plain digits in every shipped locale but Arabic, so it
 * is written so; anything else asks Intl (the shared cache of `formatters.ts`). Plural rules cost under 1 ms.
 */
const messageFormatters: Formatters = {
  getNumberFormat(locales, options) {
    const locale = String((Array.isArray(locales) ? locales[0] : locales) ?? DEFAULT_LOCALE);
    // A message's number styles are Intl's options (FormatJS types `useGrouping` more widely than TypeScript's lib).
    const intl = () => numberFormat(locale, options as Intl.NumberFormatOptions | undefined);
    if (options && Object.keys(options).length > 0) return intl();
    // intl-messageformat calls only `format` on what this returns.
    return { format: (value: number) => (writtenPlain(locale, value) ? String(value) : intl().format(value)) } as Intl.NumberFormat;
  },
  getDateTimeFormat: (...args) => new Intl.DateTimeFormat(...args),
  getPluralRules(locales, options) {
    const key = JSON.stringify([locales, options?.type]);
    let rules = pluralRules.get(key);
    if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locales, options)));
    return rules;
  },
};

/** `IntlMessageFormat` over a message text or AST (its constructor's type wants a mutable array; it does not write to it). */
const messageFormat = (message: Message, locale: string) =>
  new IntlMessageFormat(message as string | MessageElement[], locale, undefined, { formatters: messageFormatters });

/** Values a message interpolates (numbers are formatted for the locale, plurals picked by it). */
export type MessageValues = Record<string, PrimitiveType>;

/** `t(key, values)`: the message in the translator's locale, else in English; never the raw key. */
export interface Translator<Key extends string = string> {
  readonly locale: SupportedLocale;
  readonly dir: Direction;
  (key: Key, values?: MessageValues): string;
}

/**
 * A translator over a locale's catalogue with English behind it. Each message is parsed once, on first
 * use (`IntlMessageFormat`s are memoised per key). A message missing from `catalogue` comes from
 * `fallback` (formatted with English plural rules); a key missing from both is a programming error in
 * the caller and throws rather than show a raw key to the person.
 *
 * @example
 * const t = createTranslator('de', de, en);
 * t('walletCount', { count: 3 }) // "3 Wallets"
 */
export function createTranslator<C extends Catalogue>(
  locale: SupportedLocale,
  catalogue: Partial<C>,
  fallback: C,
): Translator<keyof C & string> {
  const formats = new Map<string, IntlMessageFormat>();
  const format = (key: string): IntlMessageFormat => {
    let message = formats.get(key);
    if (!message) {
      const own = catalogue[key];
      const english = fallback[key];
      if (own === undefined && english === undefined) throw new Error(`Portico has no message "${key}"`);
      message = own === undefined ? messageFormat(english!, DEFAULT_LOCALE) : messageFormat(own, locale);
      formats.set(key, message);
    }
    return message;
  };
  const translate = (key: string, values?: MessageValues) => String(format(key).format(values));
  return Object.assign(translate, { locale, dir: localeDirection(locale) });
}

/** The argument names a message uses (`{name}`, `{count, plural, …}`), nested ones included. */
function argumentNames(elements: readonly MessageElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    // Every element with a string `value` but a literal names an argument (a tag names itself: `<b>…</b>`).
    if ('value' in element && element.type !== 0 && typeof element.value === 'string') names.add(element.value);
    if ('options' in element) for (const option of Object.values(element.options)) argumentNames(option.value, names);
    if ('children' in element) argumentNames(element.children, names);
  }
  return names;
}

/**
 * What is wrong with a translated catalogue against the English one: a message that does not parse, a key
 * English does not have, or other arguments than English's. Missing keys are allowed (they show in English).
 * For each remote's catalogue test.
 *
 * @example expect(catalogueProblems('de', de, en)).toEqual([])
 */
export function catalogueProblems(locale: SupportedLocale, catalogue: Catalogue, english: Catalogue): string[] {
  const problems: string[] = [];
  const names = (message: Message, localeOfMessage: string) =>
    [...argumentNames(messageFormat(message, localeOfMessage).getAst())].sort().join(', ');
  for (const [key, message] of Object.entries(catalogue)) {
    const source = english[key];
    if (source === undefined) {
      problems.push(`${locale}: "${key}" is not an English message`);
      continue;
    }
    try {
      const own = names(message, locale);
      if (own !== names(source, DEFAULT_LOCALE)) problems.push(`${locale}: "${key}" uses {${own}}, English {${names(source, DEFAULT_LOCALE)}}`);
    } catch (error) {
      problems.push(`${locale}: "${key}" does not parse: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}

/** A part of a plain template: literal text, or the name of a `{name}` argument. */
export type TemplatePart = string | { argument: string };

/**
 * The parts of a plain template (literal text and `{name}` arguments) in order; `undefined` for a message with
 * plurals, selects, formats or tags.
 *
 * @example templateParts('Connected to {wallet}') // ['Connected to ', { argument: 'wallet' }]
 */
export function templateParts(message: Message): TemplatePart[] | undefined {
  const parts: TemplatePart[] = [];
  for (const element of messageFormat(message, DEFAULT_LOCALE).getAst()) {
    // ICU element types: 0 is literal text, 1 a plain argument.
    if (element.type === 0) parts.push(element.value);
    else if (element.type === 1) parts.push({ argument: element.value });
    else return undefined;
  }
  return parts;
}
