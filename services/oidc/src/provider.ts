/**
 * One oidc-provider instance: the issuer `<url>/<provider>` with its single client `portico-<provider>`.
 *
 * Configured like a strict real provider: authorization code only, PKCE (S256) required,
 * redirect_uri required and exact, client_secret_post. What a local test provider changes:
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
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    clientAuthMethods: ['client_secret_post'],
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
  return new Provider(issuer, configuration);
}

export const redirectOrigins = (redirectUris: readonly string[]) => [...new Set(redirectUris.map((uri) => new URL(uri).origin))];
