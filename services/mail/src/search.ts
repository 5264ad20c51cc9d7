/**
 * The part of Mailpit's search syntax (https://mailpit.axllent.org/docs/usage/search-filters/)
 * that tests and people need, with Mailpit's semantics: terms are separated by spaces, "quoted
 * phrases" are one term, every term must match (AND), a leading `-` or `!` negates a term, and
 * matching is a case-insensitive substring match (`to:alice` matches "Alice <a@x>" and
 * "malice@x", exactly as Mailpit's SQL `LIKE` does). A term without a known prefix searches the
 * subject, the addresses, the Message-ID and the text. Mailpit filters this catcher does not
 * implement are refused with a 400 rather than silently ignored.
 */
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
const UNSUPPORTED = /^(tag:|is:tagged|has:|after:|before:|larger:|smaller:)/;

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

/** The filter for `query`; throws SearchSyntaxError naming a Mailpit filter this catcher lacks. */
export function parseSearch(query: string): Filter {
  const filters: Filter[] = [];
  for (const raw of terms(query)) {
    const exclude = raw.length > 1 && (raw.startsWith('-') || raw.startsWith('!'));
    const term = exclude ? raw.slice(1) : raw;
    const lower = term.toLowerCase();
    let filter: Filter | undefined;
    if (FLAGS[lower]) filter = FLAGS[lower];
    else if (UNSUPPORTED.test(lower)) {
      throw new SearchSyntaxError(`query: the filter '${term.replace(/:.*$/, ':')}' is not supported by this mail catcher; use to:, from:, cc:, bcc:, reply-to:, addressed:, subject:, message-id:, is:read, is:unread or words`);
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
