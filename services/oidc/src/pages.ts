/**
 * The server-rendered pages: the login form, the consent page, errors and the index.
 *
 * No script. Every page says it is a local test provider, so it cannot pass for the real sign-in
 * page of Google & co. Every value from a request is HTML-escaped.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { clientIdFor, PROVIDER_NAMES, SOCIAL_PROVIDERS, USERNAME_MAX_LENGTH, type SocialProvider } from './providers';

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f4f5; color: #18181b; }
main { max-width: 28rem; margin: 3rem auto; padding: 1.5rem 2rem; background: #fff; border-radius: 12px; }
.banner { background: #fef3c7; border: 1px solid #b45309; border-radius: 8px; padding: .5rem .75rem; font-size: .875rem; }
h1 { font-size: 1.375rem; margin: 1rem 0; }
label { display: block; font-weight: 600; margin-bottom: .25rem; }
input { font: inherit; width: 100%; box-sizing: border-box; padding: .5rem; border: 1px solid #52525b; border-radius: 6px; }
input[aria-invalid="true"] { border-color: #b91c1c; }
.hint { color: #52525b; font-size: .875rem; margin: .25rem 0 0; }
.error { color: #b91c1c; font-weight: 600; margin: .5rem 0 0; }
.buttons { display: flex; gap: .75rem; margin-top: 1.25rem; }
button { font: inherit; padding: .5rem 1.25rem; border-radius: 6px; border: 1px solid #18181b; background: #18181b; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #18181b; }
button:focus-visible, input:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
code { font-size: .875rem; }
`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface Page {
  title: string;
  body: string;
}

/**
 * The whole document and its headers.
 * @param formActionOrigins where a form post may end up: the pages' forms post here, and the
 *   redirects that follow go on to the client's redirect URI (browsers apply form-action to them).
 */
export function renderPage({ title, body }: Page, formActionOrigins: readonly string[]) {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note"><strong>Development only.</strong> This is Portico's local test provider, not a real sign-in service. It asks for no password: any username signs in.</p>
${body}
</main>
</body>
</html>
`;
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action ${["'self'", ...formActionOrigins].join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
  return { html, headers };
}

export function sendPage(res: ServerResponse, status: number, page: Page, formActionOrigins: readonly string[]) {
  const { html, headers } = renderPage(page, formActionOrigins);
  res.writeHead(status, headers);
  res.end(html);
}

export const signInHeading = (provider: SocialProvider) => `Sign in to ${PROVIDER_NAMES[provider]} (local test provider)`;

export function loginPage(provider: SocialProvider, action: string, input?: { username: string; error: string }): Page {
  const invalid = input !== undefined;
  const heading = signInHeading(provider);
  return {
    title: invalid ? `Error: ${heading}` : heading,
    body: `<h1>${escapeHtml(heading)}</h1>
<form method="post" action="${escapeHtml(action)}">
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false"${
      invalid ? ` value="${escapeHtml(input.username)}" aria-invalid="true" aria-describedby="username-error username-hint" autofocus` : ' aria-describedby="username-hint" autofocus'
    }>
<p class="hint" id="username-hint">1–${USERNAME_MAX_LENGTH} characters: letters, digits, "-" and "_". The same username signs in to the same test account.</p>
${invalid ? `<p class="error" id="username-error" role="alert">${escapeHtml(input.error)}</p>\n` : ''}<div class="buttons"><button type="submit">Continue</button></div>
</form>`,
  };
}

export function consentPage(provider: SocialProvider, action: string, claims: { preferred_username: string; name: string; email: string }): Page {
  const heading = `Allow Portico to use your ${PROVIDER_NAMES[provider]} account?`;
  return {
    title: heading,
    body: `<h1>${escapeHtml(heading)}</h1>
<p>Signed in as <strong>${escapeHtml(claims.preferred_username)}</strong>. Portico will receive your username, your name (${escapeHtml(claims.name)}) and your email address (${escapeHtml(claims.email)}).</p>
<form method="post" action="${escapeHtml(action)}">
<div class="buttons">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</div>
</form>`,
  };
}

export function errorPage(heading: string, message: string, code?: string): Page {
  return {
    title: heading,
    body: `<h1>${escapeHtml(heading)}</h1>
<p role="alert">${escapeHtml(message)}</p>${code ? `\n<p>Error code: <code>${escapeHtml(code)}</code></p>` : ''}`,
  };
}

export function indexPage(url: string): Page {
  const rows = SOCIAL_PROVIDERS.map(
    (p) =>
      `<li>${escapeHtml(PROVIDER_NAMES[p])}: issuer <code>${escapeHtml(`${url}/${p}`)}</code>, client <code>${clientIdFor(p)}</code></li>`,
  ).join('\n');
  return {
    title: 'Portico local OpenID provider',
    body: `<h1>Portico local OpenID provider</h1>
<p>Six test providers for the embedded wallet's social login, for development and tests only:</p>
<ul>
${rows}
</ul>`,
  };
}
