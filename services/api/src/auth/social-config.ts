/**
 * Social login settings (issue 12; spec §5 social providers): which providers the operator configured
 * (`PORTICO_API_SOCIAL_PROVIDERS`, or `startApi({ social: { providers } })`), the secure site's callback
 * (`PORTICO_API_SOCIAL_REDIRECT_URI`), the sign-in state's lifetime and the starts per client IP.
 * Development mode defaults to the local OpenID provider (`@portico/oidc`, http://127.0.0.1:8790) playing
 * all six; production has no default: a provider not configured is 'Unsupported social provider'.
 */
import type { Pool } from 'pg';
import { z } from 'zod';
import { issueMessage } from '../http/errors';
import { keyedRateLimit, type RateLimit } from '../http/rate-limit';
import { socialClients, type SocialClients } from './social-client';

/** Spec §5: the social providers, in the order the modal shows them. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const DEVELOPMENT_OIDC_URL = 'http://127.0.0.1:8790';
export const DEVELOPMENT_SOCIAL_REDIRECT_URI = 'http://127.0.0.1:3010/social/callback';
/** The local provider's client secret for every `portico-<provider>` client (`@portico/oidc`'s DEFAULT_CLIENT_SECRET: public on purpose). */
export const DEVELOPMENT_SOCIAL_CLIENT_SECRET = 'portico-local-oidc-development-secret';
export const DEFAULT_SOCIAL_STATE_TTL_S = 600;
export const DEFAULT_SOCIAL_STARTS_PER_IP: RateLimit = { points: 30, durationS: 600 };

/**
 * http:// is for the local provider and secure site only: outside development mode every URL the
 * API sends a person or a code to must be https (openid-client refuses http too, see social-client.ts).
 */
function webUrl(development: boolean) {
  const protocol = development ? /^https?$/ : /^https$/;
  return z.url({ protocol, error: development ? 'must be an http(s) URL' : 'must be an https:// URL (http:// only in development mode)' });
}

function providerSchema(development: boolean) {
  const url = webUrl(development);
  return z
    .object({
      issuer: url.optional(),
      authorizationEndpoint: url.optional(),
      tokenEndpoint: url.optional(),
      userinfoEndpoint: url.optional(),
      clientId: z.string().min(1).max(256),
      clientSecret: z.string().min(1).max(2048),
      scopes: z.array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,128}$/, 'must be a scope token')).min(1).max(20),
      style: z.enum(['oidc', 'oauth2']),
    })
    .strict()
    .superRefine((p, ctx) => {
      if (p.style === 'oidc' && !p.issuer) ctx.addIssue({ code: 'custom', path: ['issuer'], message: 'required for style oidc (discovery)' });
      if (p.style === 'oauth2') {
        for (const key of ['authorizationEndpoint', 'tokenEndpoint', 'userinfoEndpoint'] as const) {
          if (!p[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required for style oauth2' });
        }
      }
    });
}

export type SocialProviderConfig = z.output<ReturnType<typeof providerSchema>>;
export type SocialProvidersConfig = Partial<Record<SocialProvider, SocialProviderConfig>>;

function providersSchema(development: boolean) {
  return z.record(z.string(), providerSchema(development)).superRefine((providers, ctx) => {
    for (const name of Object.keys(providers)) {
      if (!(SOCIAL_PROVIDERS as readonly string[]).includes(name)) ctx.addIssue({ code: 'custom', path: [name], message: `must be one of ${SOCIAL_PROVIDERS.join(', ')}` });
    }
  });
}

/** The six providers at the local OpenID provider: github as a plain OAuth 2.0 (user info) provider, the rest OIDC. */
export function developmentProviders(base = DEVELOPMENT_OIDC_URL): SocialProvidersConfig {
  return Object.fromEntries(
    SOCIAL_PROVIDERS.map((provider): [SocialProvider, SocialProviderConfig] => {
      const issuer = `${base}/${provider}`;
      const common = { issuer, clientId: `portico-${provider}`, clientSecret: DEVELOPMENT_SOCIAL_CLIENT_SECRET, scopes: ['openid', 'profile', 'email'] };
      if (provider !== 'github') return [provider, { ...common, style: 'oidc' }];
      return [provider, { ...common, style: 'oauth2', authorizationEndpoint: `${issuer}/auth`, tokenEndpoint: `${issuer}/token`, userinfoEndpoint: `${issuer}/me` }];
    }),
  );
}

export interface SocialOptions {
  /** Per provider (spec §5 names). Development default: all six at the local provider; production: none. */
  providers?: unknown;
  /** The secure site's callback the providers redirect to. Development default `http://127.0.0.1:3010/social/callback`. */
  redirectUri?: string;
  /** Development mode without `providers`: where the local OpenID provider runs (default `DEVELOPMENT_OIDC_URL`). */
  developmentOidcUrl?: string;
  /** How long a started sign-in can be finished (s). Default 600. */
  stateTtlS?: number;
  /** Sign-ins started per client IP. Default 30 per 600 s. */
  startsPerIp?: RateLimit;
}

export interface SocialRuntime {
  providers: SocialProvidersConfig;
  /** Absent only when no provider is configured (production without the env). */
  redirectUri?: string;
  stateTtlS: number;
  /** openid-client may call http:// providers (the local one): development mode only. */
  allowInsecureRequests: boolean;
  consumeStart(ip: string): Promise<void>;
  /** Each configured provider's openid-client Configuration. */
  clients: SocialClients;
}

/** `PORTICO_API_SOCIAL_PROVIDERS` is JSON; its errors name the field. */
export function parseSocialProvidersJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    throw new Error('PORTICO_API_SOCIAL_PROVIDERS: must be JSON: { "<provider>": { "clientId", "clientSecret", "scopes", "style", … } }');
  }
}

export function socialRuntime(options: SocialOptions = {}, development: boolean, pool?: Pool): SocialRuntime {
  const providers = options.providers === undefined ? (development ? developmentProviders(options.developmentOidcUrl) : {}) : options.providers;
  const parsedProviders = providersSchema(development).safeParse(providers);
  if (!parsedProviders.success) throw new Error(`social: providers.${issueMessage(parsedProviders.error)}`);
  const settings = z
    .object({
      redirectUri: webUrl(development).optional(),
      stateTtlS: z.number().int().min(60).max(3_600).default(DEFAULT_SOCIAL_STATE_TTL_S),
    })
    .safeParse({ redirectUri: options.redirectUri, stateTtlS: options.stateTtlS });
  if (!settings.success) throw new Error(`social: ${issueMessage(settings.error)}`);
  const configured = parsedProviders.data as SocialProvidersConfig;
  const redirectUri = settings.data.redirectUri ?? (development ? DEVELOPMENT_SOCIAL_REDIRECT_URI : undefined);
  if (Object.keys(configured).length > 0 && !redirectUri) {
    throw new Error('social: redirectUri: required when providers are configured (set PORTICO_API_SOCIAL_REDIRECT_URI)');
  }
  return {
    providers: configured,
    redirectUri,
    stateTtlS: settings.data.stateTtlS,
    allowInsecureRequests: development,
    consumeStart: keyedRateLimit(options.startsPerIp ?? DEFAULT_SOCIAL_STARTS_PER_IP, 'auth-social-start', 'IP address', pool),
    clients: socialClients({ providers: configured, allowInsecureRequests: development }),
  };
}
