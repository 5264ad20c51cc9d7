/**
 * Social login tests: the API in development mode against the real local OpenID provider
 * (`@portico/oidc`, all six providers on a free port), and a person in a popup driven over HTTP
 * (cookies, redirects, the provider's login and consent forms) up to the secure site's callback.
 */
import { afterAll } from '@rstest/core';
import { startOidcProvider, type RunningOidcProvider, type StartOidcProviderOptions } from '@portico/oidc';
import { developmentProviders, type SocialOptions } from '../src/auth/social-config';
import type { StartApiOptions } from '../src/server';
import { DEVICE_KEY, newDevice, SECURE_SITE, useAuthApi, type AuthApi } from './auth-helpers';

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

/** What the callback page posts to /finish: the provider's query parameters, as they came. */
export const finishBody = (callback: URL) => Object.fromEntries(callback.searchParams);

export interface SocialApi extends AuthApi {
  oidc: RunningOidcProvider;
  start(provider: string, deviceId?: string, init?: { projectId?: string }): Promise<{ status: number; body: any; deviceId: string }>;
  finish(body: unknown, init?: { origin?: string | null }): Promise<{ status: number; body: any }>;
  result(state: string, deviceId: string, init?: { projectId?: string }): Promise<{ status: number; body: any }>;
  /** start → popup sign-in as `username` → finish → result. */
  signIn(provider: string, username: string): Promise<{ token: string; user: any; expiresAt: string; deviceId: string }>;
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
  const post = (path: string, body: unknown, init: { projectId?: string; origin?: string | null } = {}) =>
    auth.client.post(path, body, init) as Promise<{ status: number; body: any }>;
  Object.defineProperties(t, {
    api: { get: () => auth.api },
    sink: { get: () => auth.sink },
    client: { get: () => auth.client },
  });
  t.start = async (provider, deviceId = newDevice(), init = {}) => ({ ...(await post('/v1/auth/social/start', { provider, deviceId }, init)), deviceId });
  t.finish = (body, init = {}) => post('/v1/auth/social/finish', body, init);
  t.result = (state, deviceId, init = {}) => post('/v1/auth/social/result', { state, deviceId, deviceKey: DEVICE_KEY }, init);
  t.signIn = async (provider, username) => {
    const started = await t.start(provider);
    if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`);
    const callback = await new Popup().signIn(started.body.url, username);
    const finished = await t.finish(finishBody(callback));
    if (finished.status !== 200) throw new Error(`finish: ${JSON.stringify(finished.body)}`);
    const result = await t.result(started.body.state, started.deviceId);
    if (result.status !== 200) throw new Error(`result: ${JSON.stringify(result.body)}`);
    return { ...result.body, deviceId: started.deviceId };
  };
  return t;
}
