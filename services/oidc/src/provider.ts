/**
 * One oidc-provider instance: the issuer `<url>/<provider>` with its single client `portico-<provider>`.
 *
 * Configured like a strict real provider: authorization code only, PKCE (S256) required,
 * redirect_uri required and exact, client_secret_post only (the method the API's openid-client uses
 * here: discovery lists only post, and its github-style client always posts). What a local test provider changes:
 * every authorization asks for the username and the consent again (server.ts starts each one
 * without a session, so a browser can sign in as another test user right away), the ID token carries the
 * profile and email claims (as Google's does), keys and cookie keys are new on every start, and
 * everything is kept in memory (oidc-provider's memory adapter).
 */
import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import Provider, { type Configuration, type JWK } from 'oidc-provider';
import { errorPage, renderPage } from './pages';
import { accountClaims, clientIdFor, usernameFromSubject, type SocialProvider } from './providers';

/** oidc-provider's token endpoint path below the issuer (set as `routes.token` so the two cannot drift). */
const TOKEN_ROUTE = '/token';

/** The one token endpoint client authentication accepted: the secret in the form body. */
const TOKEN_ENDPOINT_AUTH_METHOD = 'client_secret_post';

export const BASIC_AUTH_REFUSED =
  'client_secret_basic (client credentials in the Authorization header) is not accepted: send client_id and client_secret in the form body (client_secret_post)';

/**
 * Refuses client authentication in the Authorization header at the token endpoint. oidc-provider
 * treats client_secret_basic and client_secret_post as one (lib/shared/client_auth.js accepts either for a
 * client registered with one), so the registered method alone does not keep Basic out. The answer has the
 * shape of oidc-provider's own invalid_client, with the WWW-Authenticate challenge RFC 6749 §5.2 asks for.
 */
const refuseBasicClientAuth =
  (issuer: string): Parameters<Provider['use']>[0] =>
  async (ctx, next) => {
    if (ctx.method === 'POST' && ctx.path === TOKEN_ROUTE && ctx.get('authorization') !== '') {
      ctx.status = 401;
      ctx.set('cache-control', 'no-store');
      ctx.set('www-authenticate', `Basic realm="${issuer}", error="invalid_client"`);
      ctx.body = { error: 'invalid_client', error_description: BASIC_AUTH_REFUSED };
      return;
    }
    await next();
  };

export const cookieName = (provider: SocialProvider, what: 'session' | 'interaction' | 'resume') => `portico_oidc_${provider}_${what}`;

export interface ProviderSettings {
  clientSecret: string;
  redirectUris: readonly string[];
  authorizationCodeTtlSeconds: number;
  accessTokenTtlSeconds: number;
  /** Interactions, sessions and grants: one sign-in, however slow the person is, fits in it. */
  interactionTtlSeconds: number;
}

const generateRsaKeyPair = promisify(generateKeyPair);

/** An RS256 signing key (the algorithm every OpenID client accepts by default, and Google's). */
export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/** What oidc-provider shows when it cannot redirect back (unknown client or redirect_uri, bad request). */
function renderError(formActionOrigins: readonly string[]): NonNullable<Configuration['renderError']> {
  return (ctx, out) => {
    const { html, headers } = renderPage(
      errorPage('Sign-in error (local test provider)', out.error_description ?? 'The sign-in request was refused.', out.error),
      formActionOrigins,
    );
    ctx.set(headers);
    ctx.body = html;
  };
}

export function createProvider(provider: SocialProvider, issuer: string, signingKey: JWK, settings: ProviderSettings): Provider {
  const mountPath = new URL(issuer).pathname;
    const configuration: Configuration = {
    clients: [
      {
        client_id: clientIdFor(provider),
        client_secret: settings.clientSecret,
        redirect_uris: [...settings.redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: TOKEN_ENDPOINT_AUTH_METHOD,
        id_token_signed_response_alg: 'RS256',
      },
    ],
    clientAuthMethods: [TOKEN_ENDPOINT_AUTH_METHOD],
    routes: { token: TOKEN_ROUTE },
    responseTypes: ['code'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    scopes: ['openid', 'profile', 'email'],
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email', 'email_verified'] },
    // Put the scope's claims into the ID token too (OIDC would leave them to user-info when an access token is issued).
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const username = usernameFromSubject(provider, sub);
      if (username === undefined) return undefined;
      return { accountId: sub, claims: () => accountClaims(provider, username) };
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    cookies: {
      // Six providers share one host (and 127.0.0.1 cookies are shared across ports): names per provider.
      names: { session: cookieName(provider, 'session'), interaction: cookieName(provider, 'interaction'), resume: cookieName(provider, 'resume') },
      keys: [randomBytes(32).toString('base64url')],
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    jwks: { keys: [signingKey] },
    ttl: {
      AuthorizationCode: settings.authorizationCodeTtlSeconds,
      AccessToken: settings.accessTokenTtlSeconds,
      IdToken: settings.accessTokenTtlSeconds,
      Interaction: settings.interactionTtlSeconds,
      Session: settings.interactionTtlSeconds,
      Grant: settings.interactionTtlSeconds,
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      // Off: not part of the social login flow, so not offered.
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      resourceIndicators: { enabled: false },
    },
    renderError: renderError(redirectOrigins(settings.redirectUris)),
  };
  const oidc = new Provider(issuer, configuration);
  oidc.use(refuseBasicClientAuth(issuer));
  return oidc;
}

export const redirectOrigins = (redirectUris: readonly string[]) => [...new Set(redirectUris.map((uri) => new URL(uri).origin))];
