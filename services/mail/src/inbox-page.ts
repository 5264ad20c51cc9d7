/**
 * The inbox for people: a server-rendered list (subject, to, from, received) and a page per message
 * showing its text. No scripts and no external assets; every value from a message is escaped, and
 * the Content-Security-Policy allows nothing but the one inline stylesheet (by hash). The HTML body
 * of a message is never rendered: its text (mailparser derives one from the HTML) is enough to read
 * a code or a link, and rendering mail HTML safely is a job for a real Mailpit.
 */
import { createHash } from 'node:crypto';
import type { MailAddress, StoredMessage } from './message';
import type { Page } from './store';

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem; }
.notice { padding: .5rem .75rem; border: 1px solid; border-radius: .25rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: start; vertical-align: top; padding: .5rem; border-bottom: 1px solid color-mix(in srgb, currentColor 25%, transparent); }
.unread a { font-weight: 700; }
.snippet { margin: .25rem 0 0; opacity: .8; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 1rem; border: 1px solid; border-radius: .25rem; }
dt { font-weight: 700; }
dd { margin: 0 0 .5rem; }
a:focus-visible { outline: 3px solid; outline-offset: 2px; }
`;

/** Headers for every inbox page: nothing may load or run except the stylesheet above. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'Content-Type': 'text/html; charset=utf-8',
});

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const formatAddress = (a: MailAddress) => (a.Name ? `${a.Name} <${a.Address}>` : a.Address);
const formatAddresses = (list: readonly MailAddress[]) => list.map(formatAddress).join(', ');
const subjectText = (m: StoredMessage) => m.Subject || '(no subject)';

function time(iso: string): string {
  const text = `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(text)}</time>`;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<p class="notice" role="note">Development mail catcher: mail sent here is kept in memory and never delivered.</p>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface InboxView {
  page: Page;
  start: number;
  limit: number;
}

export function renderInbox({ page, start, limit }: InboxView): string {
  const { messages, matched, matchedUnread } = page;
  const rows = messages
    .map(
      (m) => `<tr${m.Read ? '' : ' class="unread"'}>
<td><a href="/view/${encodeURIComponent(m.ID)}">${escapeHtml(subjectText(m))}</a>${m.Read ? '' : ' <span class="visually-hidden">(unread)</span>'}
<p class="snippet">${escapeHtml(m.Snippet)}</p></td>
<td>${escapeHtml(formatAddresses(m.To))}</td>
<td>${escapeHtml(m.From ? formatAddress(m.From) : '')}</td>
<td>${time(m.Created)}</td>
</tr>`,
    )
    .join('\n');
  const nav: string[] = [];
  if (start > 0) nav.push(`<a href="/?start=${Math.max(0, start - limit)}&amp;limit=${limit}">Newer messages</a>`);
  if (start + limit < matched) nav.push(`<a href="/?start=${start + limit}&amp;limit=${limit}">Older messages</a>`);
  const list =
    matched === 0
      ? '<p>No messages yet. Send mail to the SMTP port and <a href="/">refresh</a>.</p>'
      : `<table>
<caption class="visually-hidden">Messages, newest first</caption>
<thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">From</th><th scope="col">Received</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${nav.length ? `<nav aria-label="Pages"><p>${nav.join(' · ')}</p></nav>` : ''}`;
  return layout(
    matchedUnread > 0 ? `Inbox (${matchedUnread} unread) · Portico mail` : 'Inbox · Portico mail',
    `<h1>Inbox</h1>
<p>${matched} message${matched === 1 ? '' : 's'}, ${matchedUnread} unread. <a href="/">Refresh</a></p>
${list}`,
  );
}

export function renderMessage(m: StoredMessage): string {
  const rows: Array<[string, string]> = [
    ['From', m.From ? formatAddress(m.From) : ''],
    ['To', formatAddresses(m.To)],
    ...(m.Cc.length ? ([['Cc', formatAddresses(m.Cc)]] as Array<[string, string]>) : []),
    ...(m.Bcc.length ? ([['Bcc', formatAddresses(m.Bcc)]] as Array<[string, string]>) : []),
  ];
  const attachments = [...m.Attachments, ...m.Inline].map((a) => a.FileName || a.ContentType).join(', ');
  return layout(
    `${subjectText(m)} · Portico mail`,
    `<p><a href="/">Back to the inbox</a></p>
<h1>${escapeHtml(subjectText(m))}</h1>
<dl>
${rows.map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v)}</dd>`).join('\n')}
<dt>Date</dt><dd>${time(m.Date)}</dd>
${attachments ? `<dt>Attachments (not kept)</dt><dd>${escapeHtml(attachments)}</dd>` : ''}
</dl>
<h2>Text</h2>
<pre>${escapeHtml(m.Text) || '(this message has no text)'}</pre>`,
  );
}

export function renderNotFound(what: string): string {
  return layout('Not found · Portico mail', `<h1>Not found</h1>\n<p>${escapeHtml(what)}</p>\n<p><a href="/">Back to the inbox</a></p>`);
}
