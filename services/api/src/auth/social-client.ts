/**
 * The OAuth 2.0 / OpenID Connect client side of social login (openid-client v6): one Configuration
 * per provider (OIDC: discovery from the issuer; plain OAuth 2.0 such as GitHub: the configured
 * endpoints), the authorization URL (code + PKCE S256 + state, + nonce for OIDC), the code exchange
 * and who the person is (the verified ID token, plus user info), and what each failure tells the person.
 */
import * as oidc from 'openid-client';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import type { SocialProvider, SocialProviderConfig, SocialRuntime } from './social-config';

export const SOCIAL_UNSUPPORTED = 'Unsupported social provider';
export const SOCIAL_CANCELLED = 'Sign-in was cancelled at the provider';
export const SOCIAL_STATE_UNUSABLE = 'This sign-in has expired or was already used. Please try again';
export const SOCIAL_CODE_REFUSED = 'The provider refused the sign-in code. Please try again';
export const SOCIAL_PROVIDER_FAILED = 'The provider could not complete the sign-in. Please try again';
export const SOCIAL_PROVIDER_UNREACHABLE = 'The provider could not be reached. Please try again later';
export const SOCIAL_PROVIDER_UNVERIFIED = "The provider's answer could not be verified. Please try again";

/** Spec §3 userName: at most this many characters (code points) after normalising; longer names are cut. */
export const MAX_USERNAME_CHARS = 64;
/** Seconds each call to a provider may take. */
export const PROVIDER_TIMEOUT_S = 10;

/** Who signed in, as the provider says (zod-checked). */
export interface SocialIdentity {
  subject: string;
  username: string | null;
  email: string | null;
}

/** A finish that failed: the message for the person (stored on the state), the HTTP status, and for the log what went wrong. */
export class SocialSignInError extends HttpError {
  constructor(status: 400 | 502 | 503, message: string, readonly detail?: string) {
    super(status, message);
  }
}

/**
 * The person's display name: NFC, control and format characters removed, white space collapsed,
 * cut to 64 code points (never inside a character); null when nothing is left.
 */
export function normaliseUsername(raw: string | undefined | null): string | null {
  if (raw === undefined || raw === null) return null;
  const cleaned = raw.normalize('NFC').replace(/[\p{Cc}\p{Cf}]/gu, '').replace(/\s+/gu, ' ').trim();
  if (cleaned === '') return null;
  return Array.from(cleaned).slice(0, MAX_USERNAME_CHARS).join('').trim();
}

const optionalText = (max: number) => z.string().max(max).optional().catch(undefined);
/** Claims the identity is read from (ID token or user info); anything else the provider sends is ignored. */
const identityClaims = z.object({
  // OIDC Core: sub is at most 255 ASCII characters. GitHub's user API has a numeric `id` instead.
  sub: z.string().min(1).max(255).optional(),
  id: z.union([z.string().min(1).max(255), z.number().int().nonnegative()]).optional(),
  preferred_username: optionalText(1024),
  login: optionalText(1024),
  name: optionalText(1024),
  email: z.email().max(254).optional().catch(undefined),
});

/** The identity in `claims`: subject from `sub` (or GitHub's `id`), username from preferred_username, login or name. */
export function identityFrom(claims: unknown): SocialIdentity {
  const parsed = identityClaims.safeParse(claims);
  const subject = parsed.success ? (parsed.data.sub ?? (parsed.data.id === undefined ? undefined : String(parsed.data.id))) : undefined;
  if (!parsed.success || subject === undefined) throw new SocialSignInError(502, SOCIAL_PROVIDER_UNVERIFIED, 'no usable subject in the claims');
  const { preferred_username, login, name, email } = parsed.data;
  return {
    subject,
    username: normaliseUsername(preferred_username) ?? normaliseUsername(login) ?? normaliseUsername(name),
    email: email?.toLowerCase() ?? null,
  };
}

/** The provider's `error` on the callback: denied consent is the person's choice; anything else failed. */
export const callbackErrorMessage = (error: string) => (error === 'access_denied' ? SOCIAL_CANCELLED : SOCIAL_PROVIDER_FAILED);

/**
 * What a failed exchange tells the person: a refused code (used, expired, not ours) is `invalid_grant`;
 * other OAuth errors mean the provider would not finish; no answer is unreachable; an answer that
 * fails a check (ID token signature, issuer, audience, nonce, state, shape) is unverified.
 */
export function exchangeError(err: unknown): SocialSignInError {
  if (err instanceof SocialSignInError) return err;
  const detail = String((err as Error)?.message ?? err);
  if (err instanceof oidc.ResponseBodyError) {
    const status = err.error === 'invalid_grant' ? 400 : 502;
    return new SocialSignInError(status, err.error === 'invalid_grant' ? SOCIAL_CODE_REFUSED : SOCIAL_PROVIDER_FAILED, `${err.error}: ${err.error_description ?? ''}`);
  }
  if (err instanceof oidc.AuthorizationResponseError) return new SocialSignInError(400, callbackErrorMessage(err.error), err.error);
  const code = (err as { code?: unknown })?.code;
  if (err instanceof TypeError || (err instanceof Error && err.name === 'TimeoutError') || code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
    return new SocialSignInError(503, SOCIAL_PROVIDER_UNREACHABLE, detail);
  }
  return new SocialSignInError(502, SOCIAL_PROVIDER_UNVERIFIED, detail);
}

/** openid-client talks https only; development mode lets it call the local http:// provider. */
function insecureOption(runtime: Pick<SocialRuntime, 'allowInsecureRequests'>): Array<(config: oidc.Configuration) => void> {
  return runtime.allowInsecureRequests ? [oidc.allowInsecureRequests] : [];
}

/**
 * The provider's Configuration. OIDC: discovery (the issuer's metadata, JWKS), the client secret sent the
 * way the provider lists (Basic, or the body when Basic is not listed, as Apple's and the local provider's metadata say), and ID token signatures
 * checked against the JWKS. OAuth 2.0: the configured endpoints, the secret in the body (GitHub's way).
 */
export async function providerConfiguration(config: SocialProviderConfig, runtime: Pick<SocialRuntime, 'allowInsecureRequests'>): Promise<oidc.Configuration> {
  const execute = insecureOption(runtime);
  let configuration: oidc.Configuration;
  if (config.style === 'oidc') {
    const discovered = await oidc.discovery(new URL(config.issuer!), config.clientId, config.clientSecret, undefined, { execute, timeout: PROVIDER_TIMEOUT_S });
    const metadata = discovered.serverMetadata();
    const methods = metadata.token_endpoint_auth_methods_supported;
    const auth = !methods || methods.includes('client_secret_basic') ? oidc.ClientSecretBasic(config.clientSecret) : oidc.ClientSecretPost(config.clientSecret);
    configuration = new oidc.Configuration({ ...metadata }, config.clientId, config.clientSecret, auth);
    oidc.enableNonRepudiationChecks(configuration);
  } else {
    const server: oidc.ServerMetadata = {
      issuer: config.issuer ?? new URL(config.authorizationEndpoint!).origin,
      authorization_endpoint: config.authorizationEndpoint,
      token_endpoint: config.tokenEndpoint,
      userinfo_endpoint: config.userinfoEndpoint,
    };
    configuration = new oidc.Configuration(server, config.clientId, config.clientSecret, oidc.ClientSecretPost(config.clientSecret));
  }
  for (const apply of execute) apply(configuration);
  configuration.timeout = PROVIDER_TIMEOUT_S;
  return configuration;
}

export interface SocialClients {
  /** The configured provider's Configuration (discovered once, retried after a failure); 400 'Unsupported social provider' otherwise. */
  configuration(provider: string): Promise<{ provider: SocialProvider; config: SocialProviderConfig; client: oidc.Configuration }>;
}

export function socialClients(runtime: Pick<SocialRuntime, 'providers' | 'allowInsecureRequests'>): SocialClients {
  const cache = new Map<SocialProvider, Promise<oidc.Configuration>>();
  return {
    async configuration(name) {
      const provider = name as SocialProvider;
      const config = Object.hasOwn(runtime.providers, provider) ? runtime.providers[provider] : undefined;
      if (!config) throw new HttpError(400, SOCIAL_UNSUPPORTED);
      let pending = cache.get(provider);
      if (!pending) {
        pending = providerConfiguration(config, runtime);
        cache.set(provider, pending);
        // A provider that was down is asked again next time.
        pending.catch(() => cache.delete(provider));
      }
      const client = await pending.catch((err) => {
        throw exchangeError(err);
      });
      return { provider, config, client };
    },
  };
}

export interface StartedSignIn {
  url: string;
  /** OIDC only. */
  nonce?: string;
}

/**
 * The authorization URL for `state`: code flow, PKCE S256 with the starting frame's challenge (its verifier never
 * leaves the frame, RFC 9700 §2.1.1), the configured scopes, a nonce for OIDC.
 */
export async function authorizationUrl(
  client: oidc.Configuration,
  config: SocialProviderConfig,
  input: { state: string; redirectUri: string; codeChallenge: string },
): Promise<StartedSignIn> {
  const nonce = config.style === 'oidc' ? oidc.randomNonce() : undefined;
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: config.scopes.join(' '),
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
    ...(nonce ? { nonce } : {}),
  });
  return { url: url.href, nonce };
}

/** Does `verifier` hash to the challenge the sign-in started with (S256)? Checked before the provider sees the code. */
export const verifierMatches = async (verifier: string, challenge: string): Promise<boolean> =>
  (await oidc.calculatePKCECodeChallenge(verifier)) === challenge;

/**
 * Exchanges the code (with the PKCE verifier; state, and for OIDC nonce, issuer, audience and the ID
 * token's signature checked by openid-client) and reads who signed in: OIDC from the ID token merged
 * with user info (checked to be the same subject); OAuth 2.0 from the user-info endpoint. That endpoint
 * is read as a protected resource, not with fetchUserInfo: GitHub-style APIs have no `sub` (GitHub: `id`).
 */
export async function exchangeCode(
  client: oidc.Configuration,
  config: SocialProviderConfig,
  input: { redirectUri: string; code: string; state: string; iss?: string; codeVerifier: string; nonce: string | null },
): Promise<SocialIdentity> {
  try {
    const callback = new URL(input.redirectUri);
    callback.searchParams.set('code', input.code);
    callback.searchParams.set('state', input.state);
    if (input.iss !== undefined) callback.searchParams.set('iss', input.iss);
    const tokens = await oidc.authorizationCodeGrant(client, callback, {
      pkceCodeVerifier: input.codeVerifier,
      expectedState: input.state,
      ...(config.style === 'oidc' ? { expectedNonce: input.nonce ?? undefined, idTokenExpected: true } : {}),
    });
    if (config.style === 'oidc') {
      const idToken = identityFrom(tokens.claims());
      if (!client.serverMetadata().userinfo_endpoint) return idToken;
      const info = identityFrom(await oidc.fetchUserInfo(client, tokens.access_token, idToken.subject));
      return { subject: idToken.subject, username: idToken.username ?? info.username, email: idToken.email ?? info.email };
    }
    const res = await oidc.fetchProtectedResource(client, tokens.access_token, new URL(config.userinfoEndpoint!), 'GET');
    if (!res.ok) throw new SocialSignInError(502, SOCIAL_PROVIDER_FAILED, `user info answered ${res.status}`);
    return identityFrom(await res.json().catch(() => undefined));
  } catch (err) {
    throw exchangeError(err);
  }
}
