/**
 * A received message in the shapes of Mailpit's HTTP API (field names as in its swagger.json:
 * `Message` for one message, `MessageSummary` for list entries), built from the raw bytes with
 * mailparser. Attachment contents are not kept: the API describes them, the catcher does not serve them.
 */
import { randomBytes } from 'node:crypto';
import { simpleParser, type AddressObject, type Attachment } from 'mailparser';

export interface MailAddress {
  Name: string;
  Address: string;
}

export interface AttachmentInfo {
  PartID: string;
  FileName: string;
  ContentType: string;
  ContentID: string;
  Size: number;
}

export interface Message {
  ID: string;
  MessageID: string;
  /** `null` when the message has no From header (Mailpit's `*mail.Address`). */
  From: MailAddress | null;
  To: MailAddress[];
  Cc: MailAddress[];
  /** The Bcc header plus every envelope recipient no header names, as Mailpit records them. */
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  ReturnPath: string;
  Subject: string;
  /** The Date header, else the time received (RFC 3339). */
  Date: string;
  Tags: string[];
  /** The SMTP user; always empty here, the catcher takes no authentication. */
  Username: string;
  Text: string;
  HTML: string;
  /** Size of the raw message in bytes. */
  Size: number;
  Inline: AttachmentInfo[];
  Attachments: AttachmentInfo[];
}

/** Header name (Go's canonical form, e.g. `Message-Id`) → its values in order, as Mailpit's headers endpoint. */
export type MessageHeaders = Record<string, string[]>;

export interface StoredMessage extends Message {
  /** When the catcher received it (RFC 3339). */
  Created: string;
  /** Mailpit's snippet of the text: see `snippet`. */
  Snippet: string;
  Read: boolean;
  /** The message source exactly as received after DATA (`Size` bytes). */
  source: Buffer;
  /** The source's header section, read as Mailpit reads it. */
  headers: MessageHeaders;
}

export interface MessageSummary {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: MailAddress | null;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  Subject: string;
  Created: string;
  Username: string;
  Tags: string[];
  Size: number;
  /** Number of attachments (not inline parts). */
  Attachments: number;
  Snippet: string;
}

/** 22 URL-safe characters, the length of Mailpit's ids. */
export const newMessageId = () => randomBytes(16).toString('base64url');

/** Mailpit's id syntax is opaque; this accepts its ids and ours and nothing that needs escaping. */
export const MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Mailpit's snippet length: 200 bytes of UTF-8 (internal/tools/snippets.go, `limit := 200`), then "...".
 * Its swagger.json says "up to 250 characters", which this also meets; the code is what Mailpit sends.
 */
export const SNIPPET_MAX_BYTES = 200;

function addresses(header: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  // Groups ("Team: a@x, b@y;") are flattened to their members.
  return objects
    .flatMap((o) => o.value)
    .flatMap((a) => (a.group ? a.group : [a]))
    .filter((a) => a.address !== undefined)
    .map((a) => ({ Name: a.name, Address: a.address! }));
}

function attachmentInfo(a: Attachment): AttachmentInfo {
  return { PartID: a.partId ?? '', FileName: a.filename ?? '', ContentType: a.contentType, ContentID: a.cid ?? '', Size: a.size };
}

/**
 * Mailpit's `truncate` (borrowed there from Tailscale): cut at `maxBytes`, backing up to the start of
 * the character that the cut falls in or right after, so it never splits one (and may drop a whole one).
 */
function truncateUtf8(bytes: Buffer, maxBytes: number): string {
  let end = maxBytes;
  while (end > 0 && (bytes[end - 1]! & 0xc0) === 0x80) end--; // continuation bytes
  if (end > 0 && (bytes[end - 1]! & 0xc0) === 0xc0) end--; // the lead byte of a multi-byte character
  return bytes.subarray(0, end).toString('utf8');
}

/**
 * Mailpit's CreateSnippet for a text body: U+FEFF as a space, runs of ASCII white space (Go's `\s`)
 * as one space, trimmed; over SNIPPET_MAX_BYTES it is cut there and "..." added.
 */
export function snippet(text: string): string {
  const collapsed = text.replaceAll('\uFEFF', ' ').replace(/[\t\n\f\r ]+/g, ' ').trim();
  const bytes = Buffer.from(collapsed, 'utf8');
  return bytes.length <= SNIPPET_MAX_BYTES ? collapsed : `${truncateUtf8(bytes, SNIPPET_MAX_BYTES)}...`;
}

/** RFC 9110 `tchar`: the bytes of a header name Go canonicalises. */
const HEADER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Go's textproto.CanonicalMIMEHeaderKey, which Mailpit's headers endpoint uses: the first letter and
 * every letter after '-' upper case, the rest lower case (`message-id` → `Message-Id`); a name with
 * other characters is kept as it is.
 */
export function canonicalHeaderName(name: string): string {
  if (!HEADER_TOKEN.test(name)) return name;
  return name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

/**
 * The header section as Go's net/mail reads it for Mailpit's headers endpoint: names canonical, a
 * folded value unfolded (each line trimmed of spaces and tabs, joined by one space), values neither
 * decoded nor reordered, names in alphabetical order (Go's JSON map order).
 */
function readHeaders(lines: ReadonlyArray<{ line: string }>): MessageHeaders {
  const headers = new Map<string, string[]>();
  for (const { line } of lines) {
    const unfolded = line
      .split(/\r?\n/)
      .map((part) => part.replace(/^[ \t]+|[ \t]+$/g, ''))
      .join(' ');
    const colon = unfolded.indexOf(':');
    if (colon <= 0) continue; // not a header line; mailparser keeps none, Go would refuse the message
    const name = canonicalHeaderName(unfolded.slice(0, colon));
    const value = unfolded.slice(colon + 1).replace(/^[ \t]+/, '');
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  return Object.fromEntries([...headers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export interface Envelope {
  /** `MAIL FROM` ('' for a bounce). */
  from: string;
  /** `RCPT TO` addresses. */
  to: string[];
}

/**
 * Parses `raw`. As Mailpit does: envelope recipients no To/Cc/Bcc header names (blind copies) are
 * added to `Bcc`, so a search by recipient finds them; `ReturnPath` is the envelope sender.
 */
export async function parseMessage(raw: Buffer, envelope: Envelope, received: Date): Promise<StoredMessage> {
  const parsed = await simpleParser(raw, { keepCidLinks: true });
  const id = newMessageId();
  const to = addresses(parsed.to);
  const cc = addresses(parsed.cc);
  const bcc = addresses(parsed.bcc);
  const named = new Set([...to, ...cc, ...bcc].map((a) => a.Address.toLowerCase()));
  const blind = [...new Set(envelope.to)].filter((a) => !named.has(a.toLowerCase())).map((a) => ({ Name: '', Address: a }));
  const from = addresses(parsed.from)[0] ?? null;
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const text = parsed.text ?? '';
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : received;
  return {
    ID: id,
    MessageID: parsed.messageId ? parsed.messageId.replace(/^<|>$/g, '') : `${id}@portico-mail`,
    From: from,
    To: to,
    Cc: cc,
    Bcc: [...bcc, ...blind],
    ReplyTo: addresses(parsed.replyTo),
    ReturnPath: envelope.from || (from?.Address ?? ''),
    Subject: parsed.subject ?? '',
    Date: date.toISOString(),
    Tags: [],
    Username: '',
    Text: text,
    HTML: html,
    Size: raw.byteLength,
    Inline: parsed.attachments.filter((a) => a.related).map(attachmentInfo),
    Attachments: parsed.attachments.filter((a) => !a.related).map(attachmentInfo),
    Created: received.toISOString(),
    // mailparser derives `text` from the HTML when there is no text part, so this covers both.
    Snippet: snippet(text),
    Read: false,
    source: raw,
    headers: readHeaders(parsed.headerLines),
  };
}

export function summary(m: StoredMessage): MessageSummary {
  return {
    ID: m.ID,
    MessageID: m.MessageID,
    Read: m.Read,
    From: m.From,
    To: m.To,
    Cc: m.Cc,
    Bcc: m.Bcc,
    ReplyTo: m.ReplyTo,
    Subject: m.Subject,
    Created: m.Created,
    Username: m.Username,
    Tags: m.Tags,
    Size: m.Size,
    Attachments: m.Attachments.length,
    Snippet: m.Snippet,
  };
}

/** The Message object the API returns (no Created/Snippet/Read, as in Mailpit; source and headers have their own endpoints). */
export function messageBody(m: StoredMessage): Message {
  const { Created: _created, Snippet: _snippet, Read: _read, source: _source, headers: _headers, ...message } = m;
  return message;
}
