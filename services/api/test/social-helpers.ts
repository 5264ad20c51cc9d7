/**
 * Social login tests: the API in development mode against the real local OpenID provider
 * (`@portico/oidc`, all six providers on a free port), a person in a popup driven over HTTP
 * (cookies, redirects, the provider's login and consent forms) up to the secure site's callback, and the
 * secure site's frame in a browser: its device id, its device key and the PKCE verifier it keeps for a sign-in.
 */
import { randomBytes } from 'node:crypto';
import { afterAll } from '@rstest/core';
import { startOidcProvider, type RunningOidcProvider, type StartOidcProviderOptions } from '@portico/oidc';
import * as oidc from 'openid-client';
import { developmentProviders, type SocialOptions } from '../src/auth/social-config';
import type { StartApiOptions } from '../src/server';
import { DEVICE_KEY, newDevice, SECURE_SITE, useAuthApi, type AuthApi, type DeviceKey } from './auth-helpers';

/** The secure site's callback page (nothing listens there: the popup's last redirect is read, not followed). */
export const CALLBACK = `${SECURE_SITE}/social/callback`;

/** A popup's cookies and redirects, over fetch. */
export class Popup {
  private readonly cookies = new Map<string, string>();

  private async request(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
    for (const line of res.headers.getSetCookie()) {
      const [name, value] = line.split(';')[0]!.split('=') as [string, string];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects to a page, or to the callback (then `callback` is its URL). */
  private async follow(url: string, init?: RequestInit): Promise<{ url: string; html?: string; callback?: URL }> {
    let res = await this.request(url, init);
    let current = url;
    for (let hops = 0; res.status >= 300 && res.status < 400; hops++) {
      if (hops > 10) throw new Error('too many redirects');
      current = new URL(res.headers.get('location')!, current).href;
      if (current.startsWith(CALLBACK)) return { url: current, callback: new URL(current) };
      res = await this.request(current);
    }
    return { url: current, html: await res.text() };
  }

  private submit(page: { url: string; html?: string }, fields: Record<string, string>) {
    const action = /<form method="post" action="([^"]+)"/.exec(page.html ?? '')?.[1];
    if (!action) throw new Error(`no form on ${page.url}: ${page.html}`);
    return this.follow(new URL(action.replaceAll('&amp;', '&'), page.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Opens the authorization URL, signs in as `username` ("Continue") and answers the consent ("Allow" / "Deny"). */
  async signIn(url: string, username: string, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
    const login = await this.follow(url);
    const consent = await this.submit(login, { username });
    const back = await this.submit(consent, { decision });
    if (!back.callback) throw new Error(`no redirect to the callback; ended at ${back.url}: ${back.html}`);
    return back.callback;
  }
}

/**
 * The secure site's frame in one browser, for one sign-in: its device id, its device key (public JWK) and the
 * PKCE verifier it made for this sign-in (never sent to start: only its S256 challenge is).
 */
export interface Browser {
  deviceId: string;
  deviceKey: DeviceKey;
  codeVerifier: string;
}

/** A PKCE verifier as the frame makes one: 32 random bytes, base64url (43 characters). */
export const newCodeVerifier = () => randomBytes(32).toString('base64url');

/** A browser with a fresh device id and verifier; its device key is DEVICE_KEY unless given. */
export const newBrowser = (input: Partial<Browser> = {}): Browser => ({
  deviceId: newDevice(),
  deviceKey: DEVICE_KEY,
  codeVerifier: newCodeVerifier(),
  ...input,
});

/** The S256 challenge of a verifier: base64url(sha256(verifier)), what start sends. */
export const challengeOf = (codeVerifier: string) => oidc.calculatePKCECodeChallenge(codeVerifier);

/** The query parameters the provider put on the callback URL, as the callback page hands them to the frame. */
export const callbackQuery = (callback: URL) => Object.fromEntries(callback.searchParams);

type Init = { projectId?: string; origin?: string | null };
type Reply = { status: number; body: any };

export interface SocialApi extends AuthApi {
  oidc: RunningOidcProvider;
  /** The frame's start: `{ provider, deviceId, deviceKey, codeChallenge }` (the challenge of the browser's verifier). */
  start(provider: string, browser?: Browser, init?: Init): Promise<Reply & { browser: Browser }>;
  /**
   * The frame's finish: the callback's query parameters (a URL or its parameters) with `state`, and the
   * browser's verifier, device id and device key.
   */
  finish(state: string, callback: URL | Record<string, string>, browser: Browser, init?: Init): Promise<Reply>;
  /** A raw POST to a social route (`path` under /v1/auth/social), for bodies the helpers would not send. */
  post(path: 'start' | 'finish', body: unknown, init?: Init): Promise<Reply>;
  /** start → popup sign-in as `username` → finish: the session. */
  signIn(provider: string, username: string, browser?: Browser): Promise<{ token: string; user: any; expiresAt: string; browser: Browser }>;
}

/**
 * The API (development mode, its social providers at a local OpenID provider on a free port, the
 * callback CALLBACK) and that provider, for the test file. `social` options are added (limits), `extra`
 * goes to the API and to the provider.
 */
export function useSocialApi(
  social: Omit<SocialOptions, 'providers' | 'redirectUri'> = {},
  extra: { api?: StartApiOptions; oidc?: StartOidcProviderOptions } = {},
): SocialApi {
  const t = {} as SocialApi;
  const auth = useAuthApi(async () => {
    t.oidc = await startOidcProvider({ ...extra.oidc, port: 0, redirectUris: [CALLBACK] });
    return { ...extra.api, social: { providers: developmentProviders(t.oidc.url), redirectUri: CALLBACK, ...social } };
  });
  afterAll(async () => {
    await t.oidc?.stop();
  });
  Object.defineProperties(t, {
    api: { get: () => auth.api },
    sink: { get: () => auth.sink },
    client: { get: () => auth.client },
  });
  t.post = (path, body, init = {}) => auth.client.post(`/v1/auth/social/${path}`, body, init) as Promise<Reply>;
  t.start = async (provider, browser = newBrowser(), init = {}) => {
    const body = { provider, deviceId: browser.deviceId, deviceKey: browser.deviceKey, codeChallenge: await challengeOf(browser.codeVerifier) };
    return { ...(await t.post('start', body, init)), browser };
  };
  t.finish = (state, callback, browser, init = {}) => {
    const query = callback instanceof URL ? callbackQuery(callback) : callback;
    return t.post('finish', { ...query, state, codeVerifier: browser.codeVerifier, deviceId: browser.deviceId, deviceKey: browser.deviceKey }, init);
  };
  t.signIn = async (provider, username, browser = newBrowser()) => {
    const started = await t.start(provider, browser);
    if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`);
    const callback = await new Popup().signIn(started.body.url, username);
    const finished = await t.finish(started.body.state, callback, browser);
    if (finished.status !== 200) throw new Error(`finish: ${JSON.stringify(finished.body)}`);
    return { ...finished.body, browser };
  };
  return t;
}
