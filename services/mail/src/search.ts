/**
 * The part of Mailpit's search syntax (https://mailpit.axllent.org/docs/usage/search-filters/)
 * that tests and people need, with Mailpit's semantics: terms are separated by spaces, "quoted
 * phrases" are one term, every term must match (AND), a leading `-` or `!` negates a term, and
 * matching is a case-insensitive substring match (`to:alice` matches "Alice <a@x>" and
 * "malice@x", exactly as Mailpit's SQL `LIKE` does). A term without a known prefix searches the
 * subject, the addresses, the Message-ID and the text. `after:`/`before:` compare the time received
 * with a date read in the `tz` time zone (Mailpit's search parameter; default the server's zone).
 * Mailpit filters this catcher does not implement, and dates it cannot read, are refused with a
 * 400 rather than silently ignored.
 */
import { DateTime, IANAZone } from 'luxon';
import type { MailAddress, StoredMessage } from './message';

type Filter = (m: StoredMessage) => boolean;

const addressText = (list: readonly (MailAddress | null)[]) =>
  list
    .filter((a): a is MailAddress => a !== null)
    .map((a) => `${a.Name} ${a.Address}`)
    .join(' ')
    .toLowerCase();

const FIELD_PREFIXES: Record<string, (m: StoredMessage) => string> = {
  'to:': (m) => addressText(m.To),
  'from:': (m) => addressText([m.From]),
  'cc:': (m) => addressText(m.Cc),
  'bcc:': (m) => addressText(m.Bcc),
  'reply-to:': (m) => addressText(m.ReplyTo),
  'addressed:': (m) => addressText([m.From, ...m.To, ...m.Cc, ...m.Bcc, ...m.ReplyTo]),
  'subject:': (m) => m.Subject.toLowerCase(),
  'message-id:': (m) => m.MessageID.toLowerCase(),
};

const FLAGS: Record<string, Filter> = {
  'is:read': (m) => m.Read,
  'is:unread': (m) => !m.Read,
};

/** Mailpit filters that are not implemented here. */
const UNSUPPORTED = /^(tag:|is:tagged|has:|larger:|smaller:)/;

const DATE_EXAMPLES = 'e.g. 2026-01-31, 2026-01-31T14:30, 2026-01-31T14:30:00Z, "2026-01-31 14:30" or 2026/1/31';

/**
 * The date forms read (a subset of what Mailpit's dateparse reads), first match wins; a date without
 * an offset is in `zone`. ISO 8601 also covers the basic form (20260131) and a `Z` or `+13:00` offset.
 */
const DATE_READERS: ReadonlyArray<(text: string, zone: string) => DateTime> = [
  (text, zone) => DateTime.fromISO(text, { zone }),
  (text, zone) => DateTime.fromSQL(text, { zone }),
  ...['yyyy/M/d', 'yyyy/M/d H:mm', 'yyyy/M/d H:mm:ss'].map((format) => (text: string, zone: string) => DateTime.fromFormat(text, format, { zone })),
];

/** Milliseconds since the epoch of `text` read in `zone`, or undefined. */
function readDate(text: string, zone: string): number | undefined {
  for (const read of DATE_READERS) {
    const date = read(text, zone);
    if (date.isValid) return date.toMillis();
  }
  return undefined;
}

/** Is `name` a time zone of the IANA tz database (what Mailpit's `tz` names)? */
export const isKnownTimeZone = (name: string) => IANAZone.isValidZone(name);

const receivedAt = (m: StoredMessage) => Date.parse(m.Created);

/**
 * Mailpit's `after:`/`before:` as its SQL has them: both bounds inclusive (`Created >= t`,
 * `Created <= t`), and a negated one is the opposite inclusive bound (`-after:t` is `Created <= t`).
 */
const DATE_FILTERS: Record<string, (at: number, exclude: boolean) => Filter> = {
  'after:': (at, exclude) => (exclude ? (m) => receivedAt(m) <= at : (m) => receivedAt(m) >= at),
  'before:': (at, exclude) => (exclude ? (m) => receivedAt(m) >= at : (m) => receivedAt(m) <= at),
};

const everything = (m: StoredMessage) =>
  [m.Subject, addressText([m.From, ...m.To, ...m.Cc, ...m.Bcc, ...m.ReplyTo]), m.MessageID, m.Text].join(' ').toLowerCase();

/** Mailpit's cleanString: address punctuation becomes spaces, whitespace collapses, lower case. */
const clean = (term: string) =>
  term
    .replace(/[\r\n\t<>",;()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Splits on whitespace outside double quotes and drops the quotes (Mailpit's ArgsParser). */
function terms(query: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of query) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && /\s/.test(ch)) {
      if (current) out.push(current);
      current = '';
    } else current += ch;
  }
  if (current) out.push(current);
  return out;
}

export class SearchSyntaxError extends Error {}

export interface SearchOptions {
  /** IANA time zone of `after:`/`before:` dates without an offset (Mailpit's `tz`); default the server's. */
  timeZone?: string;
}

/** The filter for `query`; throws SearchSyntaxError naming a Mailpit filter this catcher lacks or a date it cannot read. */
export function parseSearch(query: string, { timeZone = 'system' }: SearchOptions = {}): Filter {
  const filters: Filter[] = [];
  for (const raw of terms(query)) {
    const exclude = raw.length > 1 && (raw.startsWith('-') || raw.startsWith('!'));
    const term = exclude ? raw.slice(1) : raw;
    const lower = term.toLowerCase();
    const datePrefix = Object.keys(DATE_FILTERS).find((p) => lower.startsWith(p));
    if (datePrefix) {
      // Mailpit cleans the date as any term, then upper-cases it (the T and Z of ISO 8601).
      const text = clean(term.slice(datePrefix.length)).toUpperCase();
      if (text === '') continue; // blank, as `to:`
      const at = readDate(text, timeZone);
      if (at === undefined) throw new SearchSyntaxError(`query: ${datePrefix} cannot read the date '${text}'; use ${DATE_EXAMPLES}`);
      filters.push(DATE_FILTERS[datePrefix]!(at, exclude));
      continue;
    }
    let filter: Filter | undefined;
    if (FLAGS[lower]) filter = FLAGS[lower];
    else if (UNSUPPORTED.test(lower)) {
      throw new SearchSyntaxError(
        `query: the filter '${term.replace(/:.*$/, ':')}' is not supported by this mail catcher; use to:, from:, cc:, bcc:, reply-to:, addressed:, subject:, message-id:, after:, before:, is:read, is:unread or words`,
      );
    } else {
      const prefix = Object.keys(FIELD_PREFIXES).find((p) => lower.startsWith(p));
      const field = prefix ? FIELD_PREFIXES[prefix]! : everything;
      const needle = clean(prefix ? term.slice(prefix.length) : term);
      if (needle === '') continue; // Mailpit ignores blank terms such as `to:`
      filter = (m) => field(m).includes(needle);
    }
    const matches = filter;
    filters.push(exclude ? (m) => !matches(m) : matches);
  }
  return (m) => filters.every((f) => f(m));
}
