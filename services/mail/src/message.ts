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

export interface StoredMessage extends Message {
  /** When the catcher received it (RFC 3339). */
  Created: string;
  /** Up to 200 characters of the body, whitespace collapsed. */
  Snippet: string;
  Read: boolean;
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

const SNIPPET_CHARS = 200;

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

/** Like Mailpit's snippet: whitespace collapsed, cut at 200 characters with "...". */
function snippet(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim()); // code points: never split a surrogate pair
  return chars.length <= SNIPPET_CHARS ? chars.join('') : `${chars.slice(0, SNIPPET_CHARS).join('')}...`;
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

/** The Message object the API returns (no Created/Snippet/Read, as in Mailpit). */
export function messageBody(m: StoredMessage): Message {
  const { Created: _created, Snippet: _snippet, Read: _read, ...message } = m;
  return message;
}
