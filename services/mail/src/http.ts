/**
 * The HTTP side: the subset of Mailpit's API v1 that tests and services read (field names and
 * status codes from Mailpit's swagger.json, errors as Mailpit sends them: a plain-text body), and
 * the inbox pages for people. Deviations, all on bad input: parameters Mailpit would silently
 * ignore or misread (a non-numeric `limit`, an unknown parameter or time zone, a body that is not
 * JSON on DELETE, which Mailpit answers by deleting everything) get a 400 naming the parameter.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { PAGE_HEADERS, renderInbox, renderMessage, renderNotFound } from './inbox-page';
import { appInformation, type InfoSources } from './info';
import type { MailLimits } from './limits';
import { messageBody, MESSAGE_ID_PATTERN, summary, type StoredMessage } from './message';
import { isKnownTimeZone, parseSearch, SearchSyntaxError } from './search';
import type { MessageStore } from './store';

class HttpError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** Mailpit's default page size. */
const DEFAULT_PAGE_SIZE = 50;
/** Bounds of `start` and `limit`: far above any mailbox this catcher keeps. */
const MAX_PAGE_PARAM = 1_000_000;
/** Longest search query accepted. */
const MAX_QUERY_CHARS = 1000;
/** Longest `tz` accepted; tz database names are at most about 30 characters. */
export const MAX_TIME_ZONE_CHARS = 64;

function wholeNumber(min: number, max: number) {
  return z
    .string()
    .refine((v) => /^\d{1,10}$/.test(v) && Number(v) >= min && Number(v) <= max, `must be a whole number from ${min} to ${max}`)
    .transform(Number);
}

const pageParams = {
  start: wholeNumber(0, MAX_PAGE_PARAM).default(0),
  limit: wholeNumber(1, MAX_PAGE_PARAM).default(DEFAULT_PAGE_SIZE),
};
const listQuery = z.strictObject(pageParams);
const searchQuery = z.strictObject({
  ...pageParams,
  query: z
    .string({ error: 'is required, e.g. to:someone@example.com' })
    .trim()
    .min(1, 'must not be empty, e.g. to:someone@example.com')
    .max(MAX_QUERY_CHARS, `must be at most ${MAX_QUERY_CHARS} characters`),
  // Empty is no time zone, as in Mailpit.
  tz: z
    .string()
    .max(MAX_TIME_ZONE_CHARS, `must be at most ${MAX_TIME_ZONE_CHARS} characters`)
    .refine((name) => name === '' || isKnownTimeZone(name), 'must be a time zone of the IANA tz database, e.g. Pacific/Auckland or UTC')
    .optional(),
});
const noParams = z.strictObject({});
// 'latest' (the newest message, as in Mailpit) matches the pattern too.
const messageIdParam = z.object({
  ID: z.string().regex(MESSAGE_ID_PATTERN, "must be a message ID (letters, digits, '-' and '_', up to 64) or 'latest'"),
});

function issueMessage(error: z.ZodError, known: readonly string[]): string {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    return `${issue.keys.join(', ')}: unknown (${known.length ? `expected ${known.join(', ')}` : 'this endpoint takes no parameters'})`;
  }
  const field = issue.path.length ? issue.path.join('.') : 'request';
  return `${field}: ${issue.message}`;
}

/** Parses `input` or throws a 400 `<field>: <reason>`. */
function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw new HttpError(400, issueMessage(r.error, schema instanceof z.ZodObject ? Object.keys(schema.shape) : []));
  return r.data;
}

const query = <S extends z.ZodObject>(c: Context, schema: S): z.output<S> => parseOr400(schema, c.req.query());

function findMessage(store: MessageStore, id: string): StoredMessage {
  const message = store.get(parseOr400(messageIdParam, { ID: id }).ID);
  if (!message) throw new HttpError(404, id === 'latest' ? 'the mailbox is empty' : `message not found: ${id}`);
  return message;
}

function messagesSummary(store: MessageStore, start: number, limit: number, filter?: (m: StoredMessage) => boolean) {
  const page = store.page(start, limit, filter);
  const stats = store.stats();
  return {
    total: stats.total,
    unread: stats.unread,
    // Mailpit's legacy field: the number of messages in this response.
    count: page.messages.length,
    messages_count: page.matched,
    messages_unread: page.matchedUnread,
    start,
    tags: [] as string[],
    messages: page.messages.map(summary),
  };
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `store` holds the messages; `smtpCounters` and `startedAt` feed `/api/v1/info`. */
export interface HttpAppOptions extends InfoSources {
  limits: MailLimits;
  /**
   * Host header names accepted (lower case, IPv6 in brackets). Bound to loopback, only loopback
   * names are: a web page cannot read the inbox by pointing its own domain at 127.0.0.1 (DNS
   * rebinding). `undefined` accepts any Host (an operator chose to expose the catcher).
   */
  allowedHostNames?: ReadonlySet<string>;
  log: (line: string) => void;
}

export const loopbackHostNames = (bindHost: string): ReadonlySet<string> =>
  new Set([...LOOPBACK_NAMES, bindHost.includes(':') ? `[${bindHost.toLowerCase()}]` : bindHost.toLowerCase()]);

/** Bytes of a DELETE body: an `IDs` list as long as the mailbox, with room for formatting. */
export const deleteBodyBytes = (limits: Pick<MailLimits, 'maxMessages'>) => 1024 + limits.maxMessages * 80;

export function createHttpApp({ store, smtpCounters, startedAt, limits, allowedHostNames, log }: HttpAppOptions): Hono {
  const app = new Hono();
  const deleteBody = z.strictObject({
    IDs: z
      .array(z.string().regex(MESSAGE_ID_PATTERN, "must be message IDs (letters, digits, '-' and '_', up to 64)"))
      .max(limits.maxMessages, `must list at most ${limits.maxMessages} IDs`)
      .optional(),
  });

  app.use(async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    if (allowedHostNames) {
      let hostName: string | undefined;
      try {
        hostName = new URL(`http://${c.req.header('host') ?? ''}`).hostname.toLowerCase();
      } catch {
        hostName = undefined;
      }
      if (!hostName || !allowedHostNames.has(hostName)) {
        throw new HttpError(403, `Host not allowed: open the inbox as http://127.0.0.1:<port> or http://localhost:<port>`);
      }
    }
    await next();
  });

  app.get('/api/v1/messages', (c) => {
    const { start, limit } = query(c, listQuery);
    return c.json(messagesSummary(store, start, limit));
  });

  app.delete(
    '/api/v1/messages',
    bodyLimit({
      maxSize: deleteBodyBytes(limits),
      onError: () => {
        throw new HttpError(413, `body: must be at most ${deleteBodyBytes(limits)} bytes`);
      },
    }),
    async (c) => {
      const text = await c.req.text();
      let ids: string[] | undefined;
      if (text.trim() !== '') {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw new HttpError(400, 'body: must be JSON, e.g. {"IDs":["..."]}, or empty to delete every message');
        }
        ids = parseOr400(deleteBody, json).IDs;
      }
      // As in Mailpit: no IDs (or an empty list) deletes every message.
      store.delete(ids?.length ? ids : undefined);
      return c.text('ok');
    },
  );

  app.get('/api/v1/message/:ID', (c) => {
    const message = findMessage(store, c.req.param('ID'));
    // Mailpit marks a message read when its summary is fetched.
    store.markRead(message);
    return c.json(messageBody(message));
  });

  // As Mailpit: reading the headers or the source does not mark a message read.
  app.get('/api/v1/message/:ID/headers', (c) => {
    query(c, noParams);
    return c.json(findMessage(store, c.req.param('ID')).headers);
  });

  app.get('/api/v1/message/:ID/raw', (c) => {
    query(c, noParams);
    return c.body(new Uint8Array(findMessage(store, c.req.param('ID')).source), 200, { 'Content-Type': 'text/plain; charset=utf-8' });
  });

  app.get('/api/v1/info', (c) => {
    query(c, noParams);
    return c.json(appInformation({ store, smtpCounters, startedAt }));
  });

  app.get('/api/v1/search', (c) => {
    const { start, limit, query: text, tz } = query(c, searchQuery);
    let filter: (m: StoredMessage) => boolean;
    try {
      filter = parseSearch(text, { timeZone: tz || undefined });
    } catch (err) {
      if (err instanceof SearchSyntaxError) throw new HttpError(400, err.message);
      throw err;
    }
    return c.json(messagesSummary(store, start, limit, filter));
  });

  app.get('/', (c) => {
    const { start, limit } = query(c, listQuery);
    return c.body(renderInbox({ page: store.page(start, limit), start, limit }), 200, PAGE_HEADERS);
  });

  app.get('/view/:ID', (c) => {
    const id = c.req.param('ID');
    const message = MESSAGE_ID_PATTERN.test(id) ? store.get(id) : undefined;
    if (!message) return c.body(renderNotFound('This message does not exist: it was deleted, or pushed out by newer mail.'), 404, PAGE_HEADERS);
    store.markRead(message);
    return c.body(renderMessage(message), 200, PAGE_HEADERS);
  });

  // Mailpit's 404 body.
  app.notFound((c) => c.text('404 page not found', 404));

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.text(err.message, err.status);
    log(`mail: unexpected error in ${c.req.method} ${c.req.path}: ${(err as Error).stack ?? String(err)}`);
    return c.text('internal error', 500);
  });

  return app;
}
