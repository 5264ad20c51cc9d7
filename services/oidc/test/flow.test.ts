// The authorization-code flow with PKCE, driven over HTTP as a browser and openid-client would.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { BASIC_AUTH_REFUSED } from '../src/provider';
import { accountClaims, clientIdFor, DEFAULT_CLIENT_SECRET, SOCIAL_PROVIDERS, startOidcProvider, subjectFor, type RunningOidcProvider } from '../src/server';
import {
  alertText,
  authorizationUrl,
  Browser,
  discover,
  exchangeCode,
  formAction,
  heading,
  pkce,
  REDIRECT_URI,
  signIn,
  verifiedIdToken,
} from './helpers';

let oidc: RunningOidcProvider;
beforeAll(async () => {
  oidc = await startOidcProvider({ port: 0, redirectUris: [REDIRECT_URI] });
});
afterAll(() => oidc.stop());

const random = () => randomBytes(16).toString('base64url');

describe('discovery', () => {
  it('publishes one issuer per provider, each with its own endpoints, code + PKCE S256 only, client_secret_post, RS256', async () => {
    for (const provider of SOCIAL_PROVIDERS) {
      const issuer = oidc.issuer(provider);
      expect(issuer).toBe(`${oidc.url}/${provider}`);
      const d = await discover(oidc, provider);
      expect(d).toMatchObject({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/me`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'profile', 'email'],
      });
      expect(d.claims_supported).toEqual(expect.arrayContaining(['sub', 'preferred_username', 'name', 'email', 'email_verified']));
      // Not offered: nothing of the social login flow needs them.
      for (const key of ['end_session_endpoint', 'pushed_authorization_request_endpoint', 'dpop_signing_alg_values_supported', 'registration_endpoint']) {
        expect(d[key]).toBeUndefined();
      }
    }
  });

  it('keeps a signing key per provider', async () => {
    const kids = await Promise.all(
      SOCIAL_PROVIDERS.map(async (p) => ((await (await fetch((await discover(oidc, p)).jwks_uri)).json()) as { keys: Array<{ kid: string; alg: string }> }).keys),
    );
    expect(kids.every((keys) => keys.length === 1 && keys[0]!.alg === 'RS256')).toBe(true);
    expect(new Set(kids.map((keys) => keys[0]!.kid)).size).toBe(SOCIAL_PROVIDERS.length);
  });
});

describe('sign-in (OIDC style: ID token)', () => {
  it.each(SOCIAL_PROVIDERS.map((p) => [p]))('%s: login page, consent page, code, token, verified ID token, user info', async (provider) => {
    const d = await discover(oidc, provider);
    const { verifier, challenge } = pkce();
    const state = random();
    const nonce = random();
    const browser = new Browser();
    const { callback, loginHtml, consentHtml } = await signIn(browser, authorizationUrl(d, provider, { challenge, state, nonce }), 'alice_01');

    const label = { google: 'Google', github: 'GitHub', apple: 'Apple', facebook: 'Facebook', x: 'X', discord: 'Discord' }[provider];
    expect(heading(loginHtml)).toBe(`Sign in to ${label} (local test provider)`);
    expect(loginHtml).toContain('<label for="username">Username</label>');
    expect(loginHtml).toContain('<button type="submit">Continue</button>');
    expect(loginHtml).toContain('Development only.');
    expect(heading(consentHtml)).toBe(`Allow Portico to use your ${label} account?`);
    expect(consentHtml).toContain('value="allow">Allow</button>');
    expect(consentHtml).toContain('value="deny" class="secondary">Deny</button>');

    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(d.issuer);
    const code = callback.searchParams.get('code')!;
    const tokenRes = await exchangeCode(d, provider, code, verifier);
    expect(tokenRes.status).toBe(200);
    const tokens = (await tokenRes.json()) as { id_token: string; access_token: string; token_type: string; expires_in: number; refresh_token?: string };
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBeGreaterThan(590);
    expect(tokens.expires_in).toBeLessThanOrEqual(600);
    expect(tokens.refresh_token).toBeUndefined();

    const claims = await verifiedIdToken(d, tokens.id_token);
    const expected = {
      sub: subjectFor(provider, 'alice_01'),
      preferred_username: 'alice_01',
      name: 'Test User alice_01',
      email: `alice_01@${provider}.test`,
      email_verified: true,
    };
    expect(accountClaims(provider, 'alice_01')).toEqual(expected);
    expect(claims).toMatchObject({ ...expected, iss: d.issuer, aud: clientIdFor(provider), nonce });

    const userinfo = await fetch(d.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toEqual(expected);
  });

  it('gives the same username the same sub at one provider, and a different one at another', async () => {
    expect(subjectFor('google', 'bob')).toBe(subjectFor('google', 'bob'));
    expect(subjectFor('google', 'bob')).not.toBe(subjectFor('github', 'bob'));
    expect(subjectFor('google', 'bob')).not.toBe(subjectFor('google', 'Bob'));
  });

  it('asks for the username and the consent again on the next sign-in in the same browser', async () => {
    const d = await discover(oidc, 'google');
    const browser = new Browser();
    await signIn(browser, authorizationUrl(d, 'google', { ...pkce(), state: random() }), 'first');
    const second = await signIn(browser, authorizationUrl(d, 'google', { ...pkce(), state: random() }), 'second');
    expect(heading(second.loginHtml)).toBe('Sign in to Google (local test provider)');
    expect(second.consentHtml).toContain('Signed in as <strong>second</strong>');
  });
});

describe('sign-in (GitHub style: authorization, token and user-info endpoints only)', () => {
  it('identifies the user from the user-info endpoint, without nonce or ID token checks', async () => {
    const d = await discover(oidc, 'github');
    const { verifier, challenge } = pkce();
    const state = random();
    const { callback } = await signIn(new Browser(), authorizationUrl(d, 'github', { challenge, state }), 'octo-cat');
    const tokens = (await (await exchangeCode(d, 'github', callback.searchParams.get('code')!, verifier)).json()) as { access_token: string };
    const me = await fetch(d.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await me.json()).toEqual(accountClaims('github', 'octo-cat'));
  });

  it('needs the openid scope for the user-info endpoint (the API asks for it for github too)', async () => {
    const d = await discover(oidc, 'github');
    const { verifier, challenge } = pkce();
    const { callback } = await signIn(new Browser(), authorizationUrl(d, 'github', { challenge, state: random(), scope: 'profile email' }), 'octo-cat');
    const tokens = (await (await exchangeCode(d, 'github', callback.searchParams.get('code')!, verifier)).json()) as { access_token: string; id_token?: string };
    expect(tokens.id_token).toBeUndefined();
    const me = await fetch(d.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.status).toBe(403);
    expect(await me.json()).toMatchObject({ error: 'insufficient_scope' });
  });
});

describe('refusals', () => {
  it('Deny sends the client error=access_denied with the state, and no code', async () => {
    const d = await discover(oidc, 'apple');
    const state = random();
    const { callback } = await signIn(new Browser(), authorizationUrl(d, 'apple', { ...pkce(), state }), 'carol', 'deny');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('a wrong PKCE verifier, a reused code and a wrong client secret are refused at the token endpoint', async () => {
    const d = await discover(oidc, 'discord');
    const { verifier, challenge } = pkce();
    const { callback } = await signIn(new Browser(), authorizationUrl(d, 'discord', { challenge, state: random() }), 'dave');
    const code = callback.searchParams.get('code')!;

    const badSecret = await exchangeCode(d, 'discord', code, verifier, { secret: 'not-the-secret-at-all' });
    expect(badSecret.status).toBe(401);
    expect(await badSecret.json()).toMatchObject({ error: 'invalid_client' });

    const wrong = await exchangeCode(d, 'discord', code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    // The code survives a failed PKCE check (oidc-provider checks before consuming), so the right
    // verifier still works once; then the code is used up.
    expect((await exchangeCode(d, 'discord', code, verifier)).status).toBe(200);
    const reused = await exchangeCode(d, 'discord', code, verifier);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('client_secret_basic is refused with invalid_client, even with the right secret; the code then still works with client_secret_post', async () => {
    const d = await discover(oidc, 'google');
    const { verifier, challenge } = pkce();
    const { callback } = await signIn(new Browser(), authorizationUrl(d, 'google', { challenge, state: random() }), 'erin');
    const code = callback.searchParams.get('code')!;

    for (const secret of [DEFAULT_CLIENT_SECRET, 'not-the-secret-at-all']) {
      const basic = await exchangeCode(d, 'google', code, verifier, { secret, method: 'client_secret_basic' });
      expect(basic.status).toBe(401);
      expect(basic.headers.get('www-authenticate')).toBe(`Basic realm="${d.issuer}", error="invalid_client"`);
      expect(basic.headers.get('cache-control')).toBe('no-store');
      expect(await basic.json()).toEqual({ error: 'invalid_client', error_description: BASIC_AUTH_REFUSED });
    }
    const post = await exchangeCode(d, 'google', code, verifier, { method: 'client_secret_post' });
    expect(post.status).toBe(200);
    expect(await post.json()).toMatchObject({ token_type: 'Bearer' });
  });

  it('an authorization request without PKCE, or with the plain method, goes back with invalid_request', async () => {
    const d = await discover(oidc, 'google');
    const noPkce = new URL(authorizationUrl(d, 'google', { ...pkce(), state: 'st' }));
    noPkce.searchParams.delete('code_challenge');
    noPkce.searchParams.delete('code_challenge_method');
    const plain = new URL(authorizationUrl(d, 'google', { ...pkce(), state: 'st' }));
    plain.searchParams.set('code_challenge_method', 'plain');
    for (const url of [noPkce, plain]) {
      const res = await fetch(url, { redirect: 'manual' });
      const back = new URL(res.headers.get('location')!);
      expect(back.href.startsWith(REDIRECT_URI)).toBe(true);
      expect(back.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('an unknown redirect_uri or client is refused on an error page, never redirected to', async () => {
    const d = await discover(oidc, 'facebook');
    const cases: Array<[URL, string]> = [];
    const unknownRedirect = new URL(authorizationUrl(d, 'facebook', { ...pkce(), state: 's', redirectUri: 'http://127.0.0.1:3999/elsewhere' }));
    cases.push([unknownRedirect, 'redirect_uri did not match any of the client\'s registered redirect_uris']);
    const otherClient = new URL(authorizationUrl(d, 'facebook', { ...pkce(), state: 's' }));
    otherClient.searchParams.set('client_id', 'portico-google');
    cases.push([otherClient, 'client is invalid']);
    const noRedirect = new URL(authorizationUrl(d, 'facebook', { ...pkce(), state: 's' }));
    noRedirect.searchParams.delete('redirect_uri');
    cases.push([noRedirect, "missing required parameter 'redirect_uri'"]);
    for (const [url, message] of cases) {
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      const html = await res.text();
      expect(heading(html)).toBe('Sign-in error (local test provider)');
      expect(alertText(html)).toBe(message.replaceAll("'", '&#39;'));
    }
  });
});

describe('interaction pages', () => {
  it('a bad username shows the reason on the form, and the form still signs in after', async () => {
    const d = await discover(oidc, 'x');
    const browser = new Browser();
    const login = await browser.follow(authorizationUrl(d, 'x', { ...pkce(), state: 's' }), REDIRECT_URI);
    const action = formAction(await login.res.text(), login.url);
    const cases: Array<[string, string]> = [
      ['', 'Enter a username'],
      ['a'.repeat(40), 'A username has at most 39 characters'],
      ['<b>eve</b>', 'A username may only contain the letters A–Z and a–z, digits, &quot;-&quot; and &quot;_&quot;'],
      ['ève', 'A username may only contain the letters A–Z and a–z, digits, &quot;-&quot; and &quot;_&quot;'],
    ];
    for (const [username, message] of cases) {
      const res = await browser.request(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username }).toString(),
      });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(alertText(html)).toBe(message);
      expect(html).toContain('aria-invalid="true" aria-describedby="username-error username-hint"');
      expect(html).not.toContain('<b>eve</b>');
    }
    const ok = await browser.postForm(action, { username: 'a'.repeat(39) }, REDIRECT_URI);
    expect(heading(await ok.res.text())).toBe('Allow Portico to use your X account?');
  });

  it('a form larger than MAX_FORM_BYTES gets 413, a form that is not urlencoded 415', async () => {
    const { MAX_FORM_BYTES } = await import('../src/server');
    const d = await discover(oidc, 'google');
    const browser = new Browser();
    const login = await browser.follow(authorizationUrl(d, 'google', { ...pkce(), state: 's' }), REDIRECT_URI);
    const action = formAction(await login.res.text(), login.url);
    const post = (body: string, type = 'application/x-www-form-urlencoded') => browser.request(action, { method: 'POST', headers: { 'content-type': type }, body });
    expect((await post(`username=${'a'.repeat(MAX_FORM_BYTES - 'username='.length)}`)).status).toBe(400);
    expect((await post(`username=${'a'.repeat(MAX_FORM_BYTES)}`)).status).toBe(413);
    expect((await post('{"username":"a"}', 'application/json')).status).toBe(415);
  });

  it('an unknown, used or cookie-less interaction shows the expired page', async () => {
    const d = await discover(oidc, 'google');
    const browser = new Browser();
    const login = await browser.follow(authorizationUrl(d, 'google', { ...pkce(), state: 's' }), REDIRECT_URI);
    const action = formAction(await login.res.text(), login.url);
    const expired = 'This sign-in page has expired or was already used. Go back to Portico and start the sign-in again.';

    const withoutCookie = await fetch(login.url);
    expect(withoutCookie.status).toBe(400);
    expect(alertText(await withoutCookie.text())).toBe(expired);
    const unknown = await browser.request(`${oidc.issuer('google')}/interaction/unknown-uid`);
    expect(alertText(await unknown.text())).toBe(expired);

    await browser.postForm(action, { username: 'once' }, REDIRECT_URI);
    const replay = await browser.request(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=twice' });
    expect(replay.status).toBe(400);
    expect(alertText(await replay.text())).toBe(expired);
  });

  it('pages send a CSP without script that lets the form end at the redirect URI, and no framing', async () => {
    const d = await discover(oidc, 'google');
    const login = await new Browser().follow(authorizationUrl(d, 'google', { ...pkce(), state: 's' }), REDIRECT_URI);
    const csp = login.res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self' http:\/\/127\.0\.0\.1:3999; frame-ancestors 'none'; base-uri 'none'$/);
    expect(login.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await login.res.text()).not.toContain('<script');
  });
});

describe('code lifetime', () => {
  it('a code older than authorizationCodeTtlSeconds is refused with invalid_grant', async () => {
    const shortLived = await startOidcProvider({ port: 0, redirectUris: [REDIRECT_URI], authorizationCodeTtlSeconds: 1 });
    try {
      const d = await discover(shortLived, 'google');
      const { verifier, challenge } = pkce();
      const { callback } = await signIn(new Browser(), authorizationUrl(d, 'google', { challenge, state: 's' }), 'slow');
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const res = await exchangeCode(d, 'google', callback.searchParams.get('code')!, verifier);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      await shortLived.stop();
    }
  });
});
