/**
 * The device approval pages (the link in the mail, opened in any browser): plain server-rendered
 * HTML, no script, no external asset; the one style block is allowed by its hash in the CSP.
 * Opening the link only shows a form: approving takes a press on its button (a POST), so mail
 * scanners that fetch links do not approve devices on their own.
 */
import { createHash } from 'node:crypto';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#141414}
main{max-width:420px;margin:32px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0002}
h1{font-size:20px;margin:0 0 16px}strong{word-break:break-all}
button{margin-top:20px;width:100%;padding:12px;font:inherit;font-weight:600;border:0;border-radius:8px;background:#1f5eff;color:#fff;cursor:pointer}
.note{color:#555;font-size:14px}`;

export const APPROVAL_PAGE_HEADERS = {
  'content-security-policy': [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

export const DEVICE_APPROVED = 'Device approved — return to the app';
export const LINK_UNUSABLE = 'This link has expired or was already used';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} · Portico</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function approvePage(input: { token: string; email: string; projectId: string }): string {
  return layout(
    'Approve device',
    `<h1>Approve this device?</h1>
<p>A device asked to sign in to <strong>${escape(input.projectId)}</strong> as <strong>${escape(input.email)}</strong>.</p>
<p class="note">Approve only if you just asked for it. After approving, you still enter the code we send next.</p>
<form method="post" action="approve">
<input type="hidden" name="token" value="${escape(input.token)}">
<button type="submit">Approve device</button>
</form>`,
  );
}

export function approvedPage(): string {
  return layout('Device approved', `<h1 role="status">${escape(DEVICE_APPROVED)}</h1><p>You can close this page.</p>`);
}

export function unusableLinkPage(): string {
  return layout('Link expired', `<h1 role="alert">${escape(LINK_UNUSABLE)}</h1><p>Ask for a new one from the app.</p>`);
}
