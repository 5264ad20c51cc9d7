/**
 * The secure site's server (origin of the embedded wallet iframe, demo http://127.0.0.1:3010):
 *   GET  /?projectId&chainId&version&enableLogger → the page (dist/index.html) with a strict CSP whose
 *        frame-ancestors are the project's allowed origins (read from the API, server to server)
 *   GET  /social/callback?state&code[&iss] | ?state&error → the social login popup's landing page (dist/callback.html):
 *        its script hands the provider's answer to the frame that started the sign-in (src/social-handoff.ts) and closes
 *        the popup; it calls no server; CSP connect-src and frame-ancestors 'none'
 *   GET  /static/*                                 → the page's built assets
 *   POST /wallet/account (Authorization: DPoP <device-bound embedded session>, DPoP: <device proof>), no body
 *                                                  → { address } (the wallet is made on the first call)
 *   POST /wallet/sign    (the same headers), body src/sign-request.ts
 *                                                  → { signature } | { serializedTransaction } (409: no wallet yet)
 *   POST /wallet/export  (the same headers), body { code } (the fresh export code the API mailed to the user)
 *                                                  → { address, privateKey } once the API accepted the code (and used
 *                                                    it up); a refused code → 403 with the API's reason, nothing opened
 *        All three: to its own page only (Origin check), and only with a proof signed by the session's device key for
 *        this request and its exact body (src/device-proof.ts). The key is opened for the one call inside
 *        src/vault.ts; only /wallet/export answers it, to the person's own export screen (issue 28).
 *   GET  /healthz                                  → { ok: true }
 * No database: sealed keys live in the API (see README "Custody").
 */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { clientAddressReader } from '@portico/service-kit';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { fixedWindowLimiter, type RateLimit } from './rate-limit';
import { loadOperatorKey, type OperatorKeys, type PreviousOperatorKey } from './sealing';
import { DeviceProofError, ReplayCache, verifyDeviceProof } from './device-proof';
import { signRequestSchema } from './sign-request';
import { createVault, VaultError, type Vault, type VerifiedSession } from './vault';
import { pageQuerySchema, PAGE_CONFIG_META, type PageConfig } from './page/config';

export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url));
/** Largest request body (bytes) but /wallet/sign's: /wallet/account carries none (its proof's `bh` covers whatever is sent). */
export const MAX_BODY_BYTES = 1024;
/** /wallet/sign's largest body (bytes): the request to sign, whose params the frame protocol allows up to 256 KiB. */
export const MAX_SIGN_BODY_BYTES = 320 * 1024;
/** /wallet/account calls per client IP (once per page load and session). */
export const DEFAULT_OPEN_LIMIT: RateLimit = { points: 30, durationS: 60 };
/** /wallet/sign calls per client IP: one per approved request, and a user operation signs twice or more. */
export const DEFAULT_SIGN_LIMIT: RateLimit = { points: 120, durationS: 60 };
/** /wallet/export calls per client IP: a person types a code a few times at most (the API allows 5 tries per code). */
export const DEFAULT_EXPORT_LIMIT: RateLimit = { points: 5, durationS: 60 };
export const ACCOUNT_PATH = '/wallet/account';
export const SIGN_PATH = '/wallet/sign';
export const EXPORT_PATH = '/wallet/export';
/** How long a project's allow-list is reused before the API is asked again (ms), and how many are kept. */
export const ORIGINS_CACHE_MS = 30_000;
export const ORIGINS_CACHE_MAX = 1_000;

export const CROSS_ORIGIN_REFUSED = 'origin: only the secure site itself may open a wallet';
/** A bare Bearer token (or none): the /wallet/* routes take only a session bound to a device key, with its proof. */
export const DEVICE_BOUND_REQUIRED = 'A device-bound session is required: Authorization: DPoP <token> with a DPoP proof';
export const PROOF_REQUIRED = 'DPoP proof: a DPoP header is required';
export const BODY_NOT_JSON = 'body: must be JSON';
export const PAGE_NOT_BUILT = 'The secure site page is not built: run pnpm --filter @portico/secure-site build';

export interface SecureSiteOptions {
  host?: string;
  /** 0 picks a free port. Default 3010. */
  port?: number;
  /** The API (email login, sealed keys, JWKS, allowed origins), e.g. http://127.0.0.1:8788. */
  apiUrl: string;
  /** The operator key, 32 bytes hex or base64 (PORTICO_SECURE_SITE_KEY). Production: required. */
  key?: string;
  /** During a key rotation, the key before `key` and when its grace ends (PORTICO_SECURE_SITE_PREVIOUS_KEY). */
  previousKey?: PreviousOperatorKey;
  /** Development: without `key`, one is generated and kept in `dataDir`. Default false. */
  development?: boolean;
  dataDir?: string;
  /** The origin browsers reach this server at (behind a proxy); default the listening URL. */
  publicOrigin?: string;
  /** Built page; default `dist/` of this package. */
  distDir?: string;
  /** /wallet/account calls per client IP. Default 30 per 60 s. */
  openLimit?: RateLimit;
  /** /wallet/sign calls per client IP. Default 120 per 60 s. */
  signLimit?: RateLimit;
  /** /wallet/export calls per client IP. Default 5 per 60 s. */
  exportLimit?: RateLimit;
  /** Smart accounts (issue 12): the bundler's URL and the eip155 chains they are enabled on. Default: none. */
  smartAccounts?: SmartAccountSettings;
  /** The load balancers whose X-Forwarded-For names the visitor for the per-IP limits (service-kit); default none. */
  trustedProxies?: readonly string[];
}

export interface SmartAccountSettings {
  bundlerUrl: string;
  chains: readonly number[];
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** /wallet/export's body: the six digits the person typed from the export mail. */
export const exportRequestSchema = z.object({ code: z.string().regex(/^\d{6}$/, 'must be 6 digits') }).strict();

/** The smart-account settings, checked: an http bundler only in development mode or on this machine. */
export const smartAccountSettingsSchema = (development: boolean) =>
  z.object({
    bundlerUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .refine((url) => development || new URL(url).protocol === 'https:' || LOOPBACK_HOST.test(new URL(url).hostname), {
        message: 'must be https (http only in development mode or on a loopback address)',
      }),
    chains: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1, 'must name at least one eip155 chain').max(256),
  });

export interface RunningSecureSite {
  url: string;
  close(): Promise<void>;
}


/** The project's allowed origins from the API (server to server: no Origin header); undefined for an unknown project. */
function allowedOriginsSource(apiUrl: string) {
  const cache = new Map<string, { origins: string[] | undefined; until: number }>();
  const reply = z.object({ allowedOrigins: z.array(z.string().max(256)).max(256) });
  return async (projectId: string): Promise<string[] | undefined> => {
    const hit = cache.get(projectId);
    if (hit && hit.until > Date.now()) return hit.origins;
    const res = await fetch(new URL(`/v1/projects/${encodeURIComponent(projectId)}/allowed-origins`, apiUrl), { signal: AbortSignal.timeout(10_000) });
    let origins: string[] | undefined;
    if (res.status === 403 || res.status === 404) origins = undefined;
    else if (res.ok) origins = reply.parse(await res.json()).allowedOrigins;
    else throw new Error(`allowed origins: the API answered ${res.status}`);
    if (cache.size >= ORIGINS_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(projectId, { origins, until: Date.now() + ORIGINS_CACHE_MS });
    return origins;
  };
}

/** A CSP source list entry is space-separated: only the API's own origin patterns (no spaces, no `;`) pass. */
const CSP_SOURCE = /^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:(\d{1,5}|\*))?$/;

/** The pages' shared policy: own scripts and styles only (no inline script), no forms, no <base>. */
const strictPolicy = (directives: { img: string; connect: string; frameAncestors: string }) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${directives.img}`,
    `connect-src ${directives.connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${directives.frameAncestors}`,
  ].join('; ');

/**
 * The wallet page: framed by the project's allowed origins; it calls the API, this site's /wallet/* and the bundler if
 * any. Images: its own, data:, and the dapp's icon (SYNC_DAPP_DATA: https, or on the embedding page's origin).
 */
export function contentSecurityPolicy(apiOrigin: string, allowedOrigins: readonly string[], bundlerOrigin?: string): string {
  const ancestors = allowedOrigins.filter((o) => CSP_SOURCE.test(o));
  const connect = ["'self'", apiOrigin, ...(bundlerOrigin ? [bundlerOrigin] : [])].join(' ');
  const img = ["'self'", 'data:', 'https:', ...ancestors].join(' ');
  return strictPolicy({ img, connect, frameAncestors: ancestors.length > 0 ? ancestors.join(' ') : "'none'" });
}

/** The social callback page: a top-level popup that talks to no server (it hands the code to the frame) and is never framed. */
export const CALLBACK_CONTENT_SECURITY_POLICY = strictPolicy({ img: "'none'", connect: "'none'", frameAncestors: "'none'" });

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A built page with the server's config in its meta tag (nothing from the request goes in). */
const withConfigMeta = (template: string, config: PageConfig) =>
  template.replace('</head>', `<meta name="${PAGE_CONFIG_META}" content="${escapeAttribute(JSON.stringify(config))}"></head>`);

export function createSecureSiteApp(options: {
  apiUrl: string;
  vault: Vault;
  ownOrigin: () => string;
  distDir: string;
  openLimit: RateLimit;
  signLimit: RateLimit;
  exportLimit: RateLimit;
  smartAccounts?: SmartAccountSettings;
  trustedProxies?: readonly string[];
}) {
  const app = new Hono<{ Bindings: { incoming?: IncomingMessage } }>();
  const addressOf = clientAddressReader(options.trustedProxies);
  // app.request() in tests has no socket: 'unknown', one budget.
  const clientIp = (c: Context<{ Bindings: { incoming?: IncomingMessage } }>) => (c.env?.incoming ? addressOf(c.env.incoming) : 'unknown');
  const apiOrigin = new URL(options.apiUrl).origin;
  const bundlerOrigin = options.smartAccounts && new URL(options.smartAccounts.bundlerUrl).origin;
  const allowedOrigins = allowedOriginsSource(options.apiUrl);
  const consumeOpen = fixedWindowLimiter(options.openLimit);
  const consumeSign = fixedWindowLimiter(options.signLimit);
  const consumeExport = fixedWindowLimiter(options.exportLimit);
  const seenProofs = new ReplayCache();

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
  });
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is not read, so this connection cannot carry another request: the client is told so.
        c.header('Connection', 'close');
        return c.json({ error: `body: must be at most ${maxSize} bytes` }, 413);
      },
    });
  const smallBody = limitBody(MAX_BODY_BYTES);
  const signBody = limitBody(MAX_SIGN_BODY_BYTES);
  app.use('*', (c, next) => (c.req.path === SIGN_PATH ? signBody : smallBody)(c, next));

  app.get('/healthz', (c) => c.json({ ok: true }));

  app.get('/', async (c) => {
    const query = pageQuerySchema.safeParse(c.req.query());
    if (!query.success) return c.text(`Bad request: ${query.error.issues[0]?.path.join('.')}: ${query.error.issues[0]?.message}`, 400);
    let origins: string[] | undefined;
    try {
      origins = await allowedOrigins(query.data.projectId);
    } catch {
      return c.text('The Portico API is unavailable', 503);
    }
    if (!origins) return c.text('Unauthorized: invalid key', 403);
    const template = await readFile(`${options.distDir}/index.html`, 'utf8').catch(() => undefined);
    if (!template) return c.text(PAGE_NOT_BUILT, 503);
    c.header('Content-Security-Policy', contentSecurityPolicy(apiOrigin, origins, bundlerOrigin));
    c.header('Cache-Control', 'no-store');
    const smartAccounts = options.smartAccounts && { bundlerUrl: options.smartAccounts.bundlerUrl, smartAccountChains: [...options.smartAccounts.chains] };
    return c.html(withConfigMeta(template, { apiUrl: apiOrigin, allowedOrigins: origins, smartAccountChains: [], ...smartAccounts }));
  });

  // The provider's query is read by the page's own script (and checked there), never by this server.
  app.get('/social/callback', async (c) => {
    const template = await readFile(`${options.distDir}/callback.html`, 'utf8').catch(() => undefined);
    if (!template) return c.text(PAGE_NOT_BUILT, 503);
    c.header('Content-Security-Policy', CALLBACK_CONTENT_SECURITY_POLICY);
    c.header('Cache-Control', 'no-store');
    return c.html(template);
  });

  app.use('/static/*', serveStatic({ root: options.distDir }));

  /**
   * A device-proven POST to `path`: this site's own page only, within the route's rate limit, with a session bound to
   * a device key and that key's proof for this method, URL, token and exact body bytes; then `run`.
   */
  const deviceProven =
    (path: string, consume: (ip: string) => number | undefined, run: (c: Context, session: VerifiedSession, body: Uint8Array) => Promise<Response>) =>
    async (c: Context) => {
      c.header('Cache-Control', 'no-store');
      // Only this site's own page: a browser always sends Origin on a POST; anything else is refused.
      if (c.req.header('origin') !== options.ownOrigin()) return c.json({ error: CROSS_ORIGIN_REFUSED }, 403);
      const waitS = consume(clientIp(c));
      if (waitS !== undefined) {
        c.header('Retry-After', String(waitS));
        return c.json({ error: `Please try again after ${waitS} seconds` }, 429);
      }
      const token = /^DPoP ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(c.req.header('authorization') ?? '')?.[1];
      if (!token) return c.json({ error: DEVICE_BOUND_REQUIRED }, 401);
      const proof = c.req.header('dpop');
      if (!proof) return c.json({ error: PROOF_REQUIRED }, 401);
      try {
        const session = await options.vault.verify(token);
        // A session from before device keys (no cnf) cannot prove its device: the page signs in again.
        if (!session.cnf) return c.json({ error: DEVICE_BOUND_REQUIRED }, 401);
        const body = new Uint8Array(await c.req.arrayBuffer());
        await verifyDeviceProof({
          proof,
          method: 'POST',
          // As the browser reached this site (its public origin behind a proxy), not as this process sees it.
          url: `${options.ownOrigin()}${path}`,
          body,
          accessToken: token,
          jkt: session.cnf.jkt,
          now: Date.now(),
          seen: seenProofs,
        });
        return await run(c, session, body);
      } catch (err) {
        if (err instanceof VaultError || err instanceof DeviceProofError) return c.json({ error: err.message }, err.status);
        throw err;
      }
    };

  /** The proven body bytes as JSON checked by `schema`, then `run`; else 400 naming the first issue. */
  const withJsonBody =
    <S extends z.ZodType>(schema: S, run: (c: Context, session: VerifiedSession, request: z.output<S>) => Promise<Response>) =>
    async (c: Context, session: VerifiedSession, body: Uint8Array) => {
      let json: unknown;
      try {
        json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
      } catch {
        return c.json({ error: BODY_NOT_JSON }, 400);
      }
      const request = schema.safeParse(json);
      if (!request.success) {
        const issue = request.error.issues[0]!;
        return c.json({ error: `body: ${issue.path.join('.') || 'request'}: ${issue.message}`.slice(0, 500) }, 400);
      }
      return run(c, session, request.data);
    };

  app.post(ACCOUNT_PATH, deviceProven(ACCOUNT_PATH, consumeOpen, async (c, session) => c.json(await options.vault.account(session))));

  app.post(SIGN_PATH, deviceProven(SIGN_PATH, consumeSign, withJsonBody(signRequestSchema, async (c, session, request) => c.json(await options.vault.sign(session, request)))));

  app.post(
    EXPORT_PATH,
    deviceProven(EXPORT_PATH, consumeExport, withJsonBody(exportRequestSchema, async (c, session, { code }) => c.json(await options.vault.export(session, code)))),
  );

  app.notFound((c) => c.json({ error: `path: no route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError((err, c) => {
    process.stderr.write(`portico secure site: ${String((err as Error)?.stack ?? err)}\n`);
    return c.json({ error: 'Internal server error' }, 500);
  });
  return app;
}


export async function startSecureSite(options: SecureSiteOptions): Promise<RunningSecureSite> {
  const { host = '127.0.0.1', port = 3010 } = options;
  const apiUrl = z.url({ protocol: /^https?$/ }).parse(options.apiUrl);
  const development = options.development ?? false;
  const smartAccounts = options.smartAccounts && smartAccountSettingsSchema(development).safeParse(options.smartAccounts);
  if (smartAccounts && !smartAccounts.success) {
    const issue = smartAccounts.error.issues[0];
    throw new Error(`Smart accounts: ${issue?.path[0] === 'chains' ? 'PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS' : 'PORTICO_SECURE_SITE_BUNDLER_URL'} ${issue?.message}`);
  }
  const operatorKey: OperatorKeys = {
    current: await loadOperatorKey({ key: options.key, development, dataDir: options.dataDir }),
    ...(options.previousKey && { previous: options.previousKey }),
  };
  let ownOrigin = options.publicOrigin ? new URL(options.publicOrigin).origin : '';
  const app = createSecureSiteApp({
    apiUrl,
    vault: createVault({ apiUrl, operatorKey }),
    ownOrigin: () => ownOrigin,
    distDir: options.distDir ?? DEFAULT_DIST_DIR,
    openLimit: options.openLimit ?? DEFAULT_OPEN_LIMIT,
    signLimit: options.signLimit ?? DEFAULT_SIGN_LIMIT,
    exportLimit: options.exportLimit ?? DEFAULT_EXPORT_LIMIT,
    smartAccounts: smartAccounts?.data,
    trustedProxies: options.trustedProxies,
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  ownOrigin ||= url;
  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      return closing;
    },
  };
}
