// A browser over fetch (cookies, manual redirects, forms) and the client side of the
// authorization-code flow with PKCE, as openid-client does it, to drive the provider over HTTP.
import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import { DEFAULT_CLIENT_SECRET, type RunningOidcProvider, type SocialProvider } from '../src/server';

export const REDIRECT_URI = 'http://127.0.0.1:3999/social/callback';

/** Cookies by name (every cookie of this service has a per-provider name); paths and expiry are the server's business. */
export class Browser {
  readonly cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects until a page (2xx/4xx/5xx) or a redirect to `stopAt`. */
  async follow(url: string, stopAt: string, init?: RequestInit): Promise<{ res: Response; url: string }> {
    let res = await this.request(url, init);
    let current = url;
    for (let hops = 0; res.status >= 300 && res.status < 400; hops++) {
      if (hops > 10) throw new Error('too many redirects');
      current = new URL(res.headers.get('location')!, current).href;
      if (current.startsWith(stopAt)) return { res, url: current };
      res = await this.request(current);
    }
    return { res, url: current };
  }

  postForm(url: string, fields: Record<string, string>, stopAt: string) {
    return this.follow(url, stopAt, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

export const formAction = (html: string, pageUrl: string) => new URL(/<form method="post" action="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&'), pageUrl).href;
export const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
export const alertText = (html: string) => /role="alert">([^<]*)</.exec(html)?.[1];

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  [key: string]: unknown;
}

export const discover = async (oidc: RunningOidcProvider, provider: SocialProvider) =>
  (await (await fetch(`${oidc.issuer(provider)}/.well-known/openid-configuration`)).json()) as Discovery;

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizationUrl(d: Discovery, provider: SocialProvider, p: { challenge: string; state: string; nonce?: string; redirectUri?: string; scope?: string }) {
  const url = new URL(d.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: `portico-${provider}`,
    redirect_uri: p.redirectUri ?? REDIRECT_URI,
    response_type: 'code',
    scope: p.scope ?? 'openid profile email',
    state: p.state,
    ...(p.nonce ? { nonce: p.nonce } : {}),
    code_challenge: p.challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

/** Opens the authorization URL and signs in as `username`; answers the consent page with `decision`. */
export async function signIn(browser: Browser, authUrl: string, username: string, decision: 'allow' | 'deny' = 'allow') {
  const login = await browser.follow(authUrl, REDIRECT_URI);
  const loginHtml = await login.res.text();
  const consent = await browser.postForm(formAction(loginHtml, login.url), { username }, REDIRECT_URI);
  const consentHtml = await consent.res.text();
  const back = await browser.postForm(formAction(consentHtml, consent.url), { decision }, REDIRECT_URI);
  if (!back.url.startsWith(REDIRECT_URI)) throw new Error(`no redirect back; ended at ${back.url} (${back.res.status}): ${await back.res.text()}`);
  return { callback: new URL(back.url), loginHtml, consentHtml };
}

export interface ClientAuth {
  secret?: string;
  /** Where the client credentials go: the form body (what the provider accepts) or the Authorization header. */
  method?: 'client_secret_post' | 'client_secret_basic';
}

/** The token request openid-client sends, with the client authenticated by `method` (RFC 6749 §2.3.1). */
export function exchangeCode(d: Discovery, provider: SocialProvider, code: string, verifier: string, { secret = DEFAULT_CLIENT_SECRET, method = 'client_secret_post' }: ClientAuth = {}) {
  const clientId = `portico-${provider}`;
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (method === 'client_secret_post') {
    form.set('client_id', clientId);
    form.set('client_secret', secret);
  } else {
    const encode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
    headers.authorization = `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64')}`;
  }
  return fetch(d.token_endpoint, { method: 'POST', headers, body: form.toString() });
}

/** The ID token's payload after checking its RS256 signature against the issuer's JWKS. */
export async function verifiedIdToken(d: Discovery, idToken: string): Promise<Record<string, unknown>> {
  const [header, payload, signature] = idToken.split('.') as [string, string, string];
  const { alg, kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string; kid: string };
  if (alg !== 'RS256') throw new Error(`alg ${alg}`);
  const { keys } = (await (await fetch(d.jwks_uri)).json()) as { keys: Array<JsonWebKey & { kid: string }> };
  const jwk = keys.find((k) => k.kid === kid);
  if (!jwk) throw new Error(`no key ${kid}`);
  const ok = verify('sha256', Buffer.from(`${header}.${payload}`), createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('bad signature');
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}
