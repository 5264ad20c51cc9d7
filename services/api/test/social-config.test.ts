/**
 * Social login's pieces without a provider (issue 12): the operator's provider config (zod, the
 * development default, production without one, https outside development), openid-client refusing an
 * http:// issuer outside development, the username rule, the identity read from claims, and which
 * failure tells the person what.
 */
import { describe, expect, test } from '@rstest/core';
import { DEFAULT_CLIENT_SECRET, DEFAULT_REDIRECT_URI } from '@portico/oidc';
import * as oidc from 'openid-client';
import {
  callbackErrorMessage,
  exchangeError,
  identityFrom,
  MAX_USERNAME_CHARS,
  normaliseUsername,
  providerConfiguration,
  SOCIAL_CANCELLED,
  SOCIAL_CODE_REFUSED,
  SOCIAL_PROVIDER_FAILED,
  SOCIAL_PROVIDER_UNREACHABLE,
  SOCIAL_PROVIDER_UNVERIFIED,
  SOCIAL_UNSUPPORTED,
  SocialSignInError,
} from '../src/auth/social-client';
import {
  DEVELOPMENT_SOCIAL_CLIENT_SECRET,
  DEVELOPMENT_SOCIAL_REDIRECT_URI,
  parseSocialProvidersJson,
  SOCIAL_PROVIDERS,
  socialRuntime,
} from '../src/auth/social-config';

const google = {
  issuer: 'https://accounts.google.com',
  clientId: 'client-id',
  clientSecret: 'client-secret',
  scopes: ['openid', 'email', 'profile'],
  style: 'oidc',
};
const github = {
  authorizationEndpoint: 'https://github.com/login/oauth/authorize',
  tokenEndpoint: 'https://github.com/login/oauth/access_token',
  userinfoEndpoint: 'https://api.github.com/user',
  clientId: 'gh-id',
  clientSecret: 'gh-secret',
  scopes: ['read:user', 'user:email'],
  style: 'oauth2',
};
const REDIRECT = 'https://secure.example.com/social/callback';

describe('provider config', () => {
  test('development default: the six providers at the local OpenID provider, github plain OAuth 2.0; the callback on the local secure site', () => {
    const runtime = socialRuntime({}, true);
    expect(Object.keys(runtime.providers)).toEqual([...SOCIAL_PROVIDERS]);
    expect(runtime.providers.google).toEqual({
      issuer: 'http://127.0.0.1:8790/google',
      clientId: 'portico-google',
      clientSecret: DEVELOPMENT_SOCIAL_CLIENT_SECRET,
      scopes: ['openid', 'profile', 'email'],
      style: 'oidc',
    });
    expect(runtime.providers.github).toMatchObject({
      style: 'oauth2',
      clientId: 'portico-github',
      authorizationEndpoint: 'http://127.0.0.1:8790/github/auth',
      tokenEndpoint: 'http://127.0.0.1:8790/github/token',
      userinfoEndpoint: 'http://127.0.0.1:8790/github/me',
    });
    for (const p of ['apple', 'facebook', 'x', 'discord'] as const) expect(runtime.providers[p]?.style).toBe('oidc');
    expect(runtime.redirectUri).toBe(DEVELOPMENT_SOCIAL_REDIRECT_URI);
    expect(runtime.stateTtlS).toBe(600);
    expect(runtime.allowInsecureRequests).toBe(true);
    // The same values the local provider starts with.
    expect(DEVELOPMENT_SOCIAL_CLIENT_SECRET).toBe(DEFAULT_CLIENT_SECRET);
    expect(DEVELOPMENT_SOCIAL_REDIRECT_URI).toBe(DEFAULT_REDIRECT_URI);
  });

  test("development default on another port (pnpm demo and e2e pass the local provider's URL)", () => {
    const runtime = socialRuntime({ developmentOidcUrl: 'http://127.0.0.1:18790', redirectUri: 'http://127.0.0.1:13010/social/callback' }, true);
    expect(runtime.providers.google?.issuer).toBe('http://127.0.0.1:18790/google');
    expect(runtime.providers.github).toMatchObject({ tokenEndpoint: 'http://127.0.0.1:18790/github/token' });
    expect(runtime.redirectUri).toBe('http://127.0.0.1:13010/social/callback');
  });

  test('production: no default provider, no callback, no insecure requests', () => {
    const runtime = socialRuntime({}, false);
    expect(runtime.providers).toEqual({});
    expect(runtime.redirectUri).toBeUndefined();
    expect(runtime.allowInsecureRequests).toBe(false);
  });

  test('an operator config from the env JSON', () => {
    const runtime = socialRuntime({ providers: parseSocialProvidersJson(JSON.stringify({ google, github })), redirectUri: REDIRECT }, false);
    expect(runtime.providers).toEqual({ google, github });
    expect(runtime.redirectUri).toBe(REDIRECT);
  });

  test.each([
    ['not JSON', () => parseSocialProvidersJson('{google'), /^PORTICO_API_SOCIAL_PROVIDERS: must be JSON/],
    ['an unknown provider', () => socialRuntime({ providers: { myspace: google }, redirectUri: REDIRECT }, false), /^social: providers\.myspace: must be one of google, github, apple, facebook, x, discord$/],
    ['oidc without an issuer', () => socialRuntime({ providers: { google: { ...google, issuer: undefined } }, redirectUri: REDIRECT }, false), /^social: providers\.google\.issuer: required for style oidc/],
    ['oauth2 without the user-info endpoint', () => socialRuntime({ providers: { github: { ...github, userinfoEndpoint: undefined } }, redirectUri: REDIRECT }, false), /^social: providers\.github\.userinfoEndpoint: required for style oauth2$/],
    ['no client secret', () => socialRuntime({ providers: { google: { ...google, clientSecret: '' } }, redirectUri: REDIRECT }, false), /^social: providers\.google\.clientSecret:/],
    ['no scopes', () => socialRuntime({ providers: { google: { ...google, scopes: [] } }, redirectUri: REDIRECT }, false), /^social: providers\.google\.scopes:/],
    ['an unknown field', () => socialRuntime({ providers: { google: { ...google, secret: 'x' } }, redirectUri: REDIRECT }, false), /^social: providers\.google: /],
    ['an unknown style', () => socialRuntime({ providers: { google: { ...google, style: 'saml' } }, redirectUri: REDIRECT }, false), /^social: providers\.google\.style:/],
    ['an http issuer in production', () => socialRuntime({ providers: { google: { ...google, issuer: 'http://127.0.0.1:8790/google' } }, redirectUri: REDIRECT }, false), /^social: providers\.google\.issuer: must be an https:\/\/ URL \(http:\/\/ only in development mode\)$/],
    ['an http callback in production', () => socialRuntime({ providers: { google }, redirectUri: 'http://secure.example.com/cb' }, false), /^social: redirectUri: must be an https:\/\/ URL/],
    ['providers without a callback in production', () => socialRuntime({ providers: { google } }, false), /^social: redirectUri: required when providers are configured \(set PORTICO_API_SOCIAL_REDIRECT_URI\)$/],
    ['a state lifetime over an hour', () => socialRuntime({ stateTtlS: 3_601 }, true), /^social: stateTtlS:/],
  ])('refused: %s', (_name, run, message) => {
    expect(run).toThrow(message);
  });

  test('production refuses an http:// issuer in openid-client too (development mode allows it)', async () => {
    // Nothing listens there: the refusal comes before any request.
    const http = { ...google, issuer: 'http://127.0.0.1:9/google' };
    const refused = await providerConfiguration(http as never, { allowInsecureRequests: false }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(oidc.ClientError);
    expect((refused as oidc.ClientError).code).toBe('OAUTH_HTTP_REQUEST_FORBIDDEN');
    expect((refused as Error).message).toBe('only requests to HTTPS are allowed');
    // Development mode gets past that check to the network (nothing listening: a fetch failure, not a refusal).
    const allowed = await providerConfiguration(http as never, { allowInsecureRequests: true }).catch((err: unknown) => err);
    expect(allowed).toBeInstanceOf(TypeError);
  });

  test('an unconfigured provider → Unsupported social provider', async () => {
    const runtime = socialRuntime({ providers: { google }, redirectUri: REDIRECT }, false);
    for (const name of ['github', 'myspace', '__proto__', 'constructor']) {
      await expect(runtime.clients.configuration(name)).rejects.toMatchObject({ status: 400, message: SOCIAL_UNSUPPORTED });
    }
  });
});

describe('username', () => {
  test(`normalised (NFC, no control characters, one space) and cut to ${MAX_USERNAME_CHARS} characters`, () => {
    expect(normaliseUsername('  Ada\u0000 \n\t Lovelace\u200b ')).toBe('Ada Lovelace');
    expect(normaliseUsername('Cafe\u0301')).toBe('Café');
    expect(normaliseUsername('x'.repeat(64))).toBe('x'.repeat(64));
    expect(normaliseUsername('x'.repeat(65))).toBe('x'.repeat(64));
    // Cut by characters, never inside one (an emoji is two UTF-16 units).
    const emoji = '😀'.repeat(70);
    expect(Array.from(normaliseUsername(emoji)!)).toHaveLength(64);
    expect(normaliseUsername(emoji)).toBe('😀'.repeat(64));
    expect(normaliseUsername(' \u0007 ')).toBeNull();
    expect(normaliseUsername(undefined)).toBeNull();
  });
});

describe('identity from the provider', () => {
  test('subject from sub (or GitHub\'s numeric id); username from preferred_username, login, then name; email lower case', () => {
    expect(identityFrom({ sub: 's1', preferred_username: 'ada', login: 'x', name: 'Ada L', email: 'Ada@Example.com' })).toEqual({ subject: 's1', username: 'ada', email: 'ada@example.com' });
    expect(identityFrom({ id: 583231, login: 'octocat', name: 'The Octocat', email: null })).toEqual({ subject: '583231', username: 'octocat', email: null });
    expect(identityFrom({ sub: 's2', name: 'Only A Name' })).toEqual({ subject: 's2', username: 'Only A Name', email: null });
    expect(identityFrom({ sub: 's3', email: 'not an email' })).toEqual({ subject: 's3', username: null, email: null });
  });

  test.each([[{}], [{ sub: '' }], [{ sub: 'x'.repeat(256) }], [null], ['text']])('no usable subject in %j → unverified (502)', (claims) => {
    expect(() => identityFrom(claims)).toThrow(SOCIAL_PROVIDER_UNVERIFIED);
  });
});

describe('errors', () => {
  const bodyError = (error: string) =>
    new oidc.ResponseBodyError('server responded with an error in the response body', {
      cause: { error },
      response: new Response(JSON.stringify({ error }), { status: 400 }),
    });

  test('the callback: access_denied is a cancel, other errors a failed sign-in', () => {
    expect(callbackErrorMessage('access_denied')).toBe(SOCIAL_CANCELLED);
    expect(callbackErrorMessage('server_error')).toBe(SOCIAL_PROVIDER_FAILED);
  });

  test('the exchange: invalid_grant → code refused; other OAuth errors, no answer, failed checks', () => {
    expect(exchangeError(bodyError('invalid_grant'))).toMatchObject({ status: 400, message: SOCIAL_CODE_REFUSED });
    expect(exchangeError(bodyError('invalid_client'))).toMatchObject({ status: 502, message: SOCIAL_PROVIDER_FAILED });
    expect(exchangeError(new TypeError('fetch failed'))).toMatchObject({ status: 503, message: SOCIAL_PROVIDER_UNREACHABLE });
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(exchangeError(timeout)).toMatchObject({ status: 503, message: SOCIAL_PROVIDER_UNREACHABLE });
    const badClaim = Object.assign(new oidc.ClientError('unexpected JWT claim value encountered'), { code: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' });
    expect(exchangeError(badClaim)).toMatchObject({ status: 502, message: SOCIAL_PROVIDER_UNVERIFIED });
    const own = new SocialSignInError(400, SOCIAL_CANCELLED);
    expect(exchangeError(own)).toBe(own);
  });
});
