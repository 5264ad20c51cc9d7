/**
 * `startOidcProvider`: Portico's local OpenID provider, playing the six social providers offline.
 *
 * DEVELOPMENT AND TESTS ONLY (`pnpm demo`, e2e, unit tests): any username signs in, without a
 * password. One HTTP server serves six oidc-provider instances, one per provider, each mounted at
 * `/<provider>` (issuer `http://127.0.0.1:8790/google`, …) with one client, `portico-<provider>`.
 * It listens on loopback; another host is refused unless `allowRemote` says the operator means it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isIP } from 'node:net';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { handleInteraction, type InteractionStep } from './interactions';
import { errorPage, indexPage, sendPage } from './pages';
import { cookieName, createProvider, generateSigningKey, redirectOrigins } from './provider';
import { isSocialProvider, SOCIAL_PROVIDERS, type SocialProvider } from './providers';

export { MAX_FORM_BYTES } from './interactions';
export {
  accountClaims,
  clientIdFor,
  PROVIDER_NAMES,
  SOCIAL_PROVIDERS,
  subjectFor,
  USERNAME_MAX_LENGTH,
  type SocialProvider,
} from './providers';

export const DEFAULT_PORT = 8790;
/** The secure site's callback in development (services/api's PORTICO_API_SOCIAL_REDIRECT_URI default). */
export const DEFAULT_REDIRECT_URI = 'http://127.0.0.1:3010/social/callback';
/** Every client's secret unless `clientSecret` says otherwise. Public on purpose: a development provider. */
export const DEFAULT_CLIENT_SECRET = 'portico-local-oidc-development-secret';
export const DEFAULT_AUTHORIZATION_CODE_TTL_SECONDS = 60;
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 600;
/** One sign-in (the login and consent pages) must finish within this; the API's state lives as long. */
export const INTERACTION_TTL_SECONDS = 600;
export const MAX_REDIRECT_URIS = 20;

const redirectUriSchema = z
  .url({ protocol: /^https?$/, error: 'each redirect URI must be an http(s) URL' })
  .refine((uri) => !uri.includes('#'), 'a redirect URI has no fragment');

const optionsSchema = z.strictObject({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.number().int().min(0).max(65535).default(DEFAULT_PORT),
  redirectUris: z.array(redirectUriSchema).min(1).max(MAX_REDIRECT_URIS).default([DEFAULT_REDIRECT_URI]),
  clientSecret: z.string().min(16, 'clientSecret must have at least 16 characters').max(256).default(DEFAULT_CLIENT_SECRET),
  authorizationCodeTtlSeconds: z.number().int().min(1).max(600).default(DEFAULT_AUTHORIZATION_CODE_TTL_SECONDS),
  accessTokenTtlSeconds: z.number().int().min(1).max(86_400).default(DEFAULT_ACCESS_TOKEN_TTL_SECONDS),
  allowRemote: z.boolean().default(false),
  log: z.custom<(line: string) => void>((v) => typeof v === 'function', 'log must be a function').optional(),
});

/** A bad option (the message names it); the CLI answers it as a bad environment (exit 2). */
export class OidcOptionsError extends Error {}

export interface StartOidcProviderOptions {
  /** Default 127.0.0.1. Issuers are `http://<host>:<port>/<provider>`. */
  host?: string;
  /** Default 8790; 0 picks a free port. */
  port?: number;
  /** Every client's allowed redirect URIs (exact match). Default [DEFAULT_REDIRECT_URI]; 1 to 20 http(s) URLs. */
  redirectUris?: string[];
  /** Every client's secret (client_secret_post). Default DEFAULT_CLIENT_SECRET; 16 to 256 characters. */
  clientSecret?: string;
  /** Default 60; 1 to 600. */
  authorizationCodeTtlSeconds?: number;
  /** Access token and ID token lifetime. Default 600; 1 to 86 400. */
  accessTokenTtlSeconds?: number;
  /** Listen on a host that is not loopback. Default false. */
  allowRemote?: boolean;
  /** One line per sign-in and per unexpected error. Default: nothing. */
  log?: (line: string) => void;
}

export interface RunningOidcProvider {
  /** http://host:port with the real port. */
  url: string;
  /** `${url}/${provider}`: the issuer, whose discovery document is at `/.well-known/openid-configuration` below it. */
  issuer(provider: SocialProvider): string;
  stop(): Promise<void>;
}

export function isLoopback(host: string): boolean {
  const h = host.toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

const urlHost = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

/** Host names a loopback-bound server answers; anything else may be a DNS-rebinding page. */
const loopbackHostNames = (bindHost: string) => new Set(['127.0.0.1', 'localhost', '[::1]', urlHost(bindHost.toLowerCase())]);

/**
 * Drops the session cookie `name` (and its signature `name.sig`) from the request and from the
 * browser; a session cookie oidc-provider sets on this response comes later and wins.
 */
function forgetSession(req: IncomingMessage, res: ServerResponse, name: string) {
  const names = [name, `${name}.sig`];
  if (req.headers.cookie) {
    req.headers.cookie = req.headers.cookie
      .split(';')
      .filter((pair) => !names.includes(pair.split('=')[0]!.trim()))
      .join(';');
  }
  res.setHeader('set-cookie', names.map((n) => `${n}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax; httponly`));
}

const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(login|consent))?$/;

export async function startOidcProvider(options: StartOidcProviderOptions = {}): Promise<RunningOidcProvider> {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new OidcOptionsError(`bad option ${issue.path.join('.') || '(options)'}: ${issue.message}`);
  }
  const { host, port, redirectUris, clientSecret, authorizationCodeTtlSeconds, accessTokenTtlSeconds, allowRemote } = parsed.data;
  const log = parsed.data.log ?? (() => {});
  if (!isLoopback(host) && !allowRemote) {
    throw new Error(
      `oidc: refusing to listen on ${host}: this test provider signs in any username without a password (development only); use a loopback host, or allowRemote (PORTICO_OIDC_ALLOW_REMOTE=1) if you really mean it`,
    );
  }
  const formActionOrigins = redirectOrigins(redirectUris);
  const allowedHostNames = isLoopback(host) ? loopbackHostNames(host) : undefined;
  // Keys are made before listening (RSA generation takes a moment); issuers need the real port, so
  // the providers are made right after, and a request in between is told to retry.
  const signingKeys = await Promise.all(SOCIAL_PROVIDERS.map(() => generateSigningKey()));
  const mounted = new Map<SocialProvider, { oidc: Provider; callback: ReturnType<Provider['callback']> }>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (allowedHostNames && !allowedHostNames.has((req.headers.host ?? '').toLowerCase().replace(/:\d+$/, ''))) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Host not allowed');
      return;
    }
    const rawUrl = req.url ?? '/';
    const queryStart = rawUrl.indexOf('?');
    const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
    if (path === '/') return sendPage(res, 200, indexPage(running.url), []);
    const match = /^\/([a-z]+)(\/.*)?$/.exec(path);
    const name = match?.[1] ?? '';
    if (!isSocialProvider(name)) return sendPage(res, 404, errorPage('Not found', `No provider here. Providers: ${SOCIAL_PROVIDERS.map((p) => `/${p}`).join(', ')}.`), []);
    const entry = mounted.get(name);
    if (!entry) {
      res.writeHead(503, { 'retry-after': '1', 'content-type': 'text/plain; charset=utf-8' }).end('Starting, try again');
      return;
    }
    const rest = match?.[2] ?? '';
    const interaction = INTERACTION_PATH.exec(rest);
    if (interaction) {
      const step: InteractionStep = (interaction[2] as 'login' | 'consent' | undefined) ?? 'show';
      return handleInteraction({ provider: name, oidc: entry.oidc, uid: interaction[1]!, step, req, res, formActionOrigins, log });
    }
    // A new authorization starts without a session: the test provider never remembers who signed in,
    // so every sign-in shows the username form and the consent page, and the next one may be another user.
    // (oidc-provider would otherwise see the last user's session at the end of the sign-in and ask to log them out first.)
    if (rest === '/auth') forgetSession(req, res, cookieName(name, 'session'));
    // Mounted as connect/express mount it: oidc-provider reads its mount path from originalUrl.
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = rawUrl;
    req.url = (rest || '/') + (queryStart === -1 ? '' : rawUrl.slice(queryStart));
    await entry.callback(req, res);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      log(`oidc: ${req.method} ${req.url}: ${err.stack ?? err.message}`);
      if (!res.headersSent) sendPage(res, 500, errorPage('Server error', 'The local test provider failed; see its log.'), []);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log(`oidc: ${err.message}`));
  const address = server.address() as AddressInfo;
  const url = `http://${urlHost(host)}:${address.port}`;

  let closing: Promise<void> | undefined;
  const running: RunningOidcProvider = {
    url,
    issuer: (provider) => `${url}/${provider}`,
    stop() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
  SOCIAL_PROVIDERS.forEach((provider, i) => {
    const oidc = createProvider(provider, running.issuer(provider), signingKeys[i]!, {
      clientSecret,
      redirectUris,
      authorizationCodeTtlSeconds,
      accessTokenTtlSeconds,
      interactionTtlSeconds: INTERACTION_TTL_SECONDS,
    });
    oidc.on('server_error', (_ctx, err) => log(`oidc: ${provider}: ${err.stack ?? err.message}`));
    mounted.set(provider, { oidc, callback: oidc.callback() });
  });
  return running;
}
