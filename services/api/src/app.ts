/**
 * Routing for the Portico API. Each area lives in src/routes/<area>.ts and is mounted here.
 * Blockchain API areas: chains (supported chains + JSON-RPC proxy), balance (+ prices), history,
 * nfts, identity; swap, on-ramp, names, sign-in sessions, the embedded wallet's email login the same way.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { matchedRoutes } from 'hono/route';
import type { ArtworkLibrary } from './artwork/library';
import type { AuthRuntime } from './auth/config';
import type { FarcasterRuntime } from './auth/farcaster-config';
import type { SocialRuntime } from './auth/social-config';
import type { ChainRuntime } from './chains/runtime';
import type { Db } from './db/client';
import { HttpError, UNAUTHORIZED_ORIGIN } from './http/errors';
import { originAllowed } from './http/origins';
import { findProject } from './http/project';
import { RateLimitError, rateLimiters, type RateLimiters } from './http/rate-limit';
import { clientAddressReader, metricsAuthorized } from '@portico/service-kit';
import type { IncomingMessage } from 'node:http';
import { UNMATCHED_ROUTE, type ApiMetrics } from './metrics';
import { PROJECT_ID_PATTERN } from './seed/projects';
import type { Logger } from './log';
import type { OnRampRuntime } from './onramp/config';
import { analyticsRoutes } from './routes/analytics';
import { artworkRoutes } from './routes/artwork';
import { authRoutes } from './routes/auth';
import { balanceRoutes } from './routes/balance';
import { chainRoutes, MAX_RPC_BODY_BYTES } from './routes/chains';
import { convertRoutes } from './routes/convert';
import { embeddedWalletRoutes } from './routes/embedded-wallet';
import { historyRoutes } from './routes/history';
import { identityRoutes } from './routes/identity';
import { nftRoutes } from './routes/nfts';
import { onRampRoutes } from './routes/onramp';
import { profileRoutes } from './routes/profile';
import { sessionRoutes } from './routes/sessions';
import type { SessionRuntime } from './sessions/config';
import { healthRoutes } from './routes/health';
import { projectRoutes } from './routes/projects';
import { walletRoutes } from './routes/wallets';

export interface AppContext {
  db: Db;
  log: Logger;
  /**
   * The base of every absolute URL the API hands out (mailed links, session JWT `iss`, image_url): the configured
   * public URL or the API's own listening URL (src/server.ts), never the request's Host header, which the client writes.
   */
  publicUrl: string;
  /** Configured chains, their upstream nodes and indexers, the price source. */
  chains: ChainRuntime;
  /** Network, connector and token artwork (wallet logos are in the images table). */
  artwork: ArtworkLibrary;
  /** On-ramp providers, limits, fiat rates and the demo provider's funding key (default config when absent). */
  onramp?: OnRampRuntime;
  /** Per-IP and per-project rate limits (default: in memory, default limits). */
  limits?: RateLimiters;
  /** Sign-in sessions: the JWT signing key (absent → sign-in answers 503), lifetimes, nonce limit. */
  sessions: SessionRuntime;
  /** Email login for the embedded wallet: mailer (absent → its routes answer 503), lifetimes, limits. */
  auth: AuthRuntime;
  /** Social login for the embedded wallet: configured providers, the secure site's callback, limits. */
  social: SocialRuntime;
  /** Sign In With Farcaster for the embedded wallet: the relay, the IdRegistry's RPC, the SIWF uri/domain, limits. */
  farcaster: FarcasterRuntime;
  /** This API's Prometheus registry: requests, rate-limit hits, mails, the database and the indexers. */
  metrics: ApiMetrics;
  /** The Bearer token `/metrics` asks for; without one `/metrics` is not served (the API faces the public internet). */
  metricsToken?: string;
  /** The load balancers whose X-Forwarded-For names the visitor (service-kit's clientAddressReader); default none. */
  trustedProxies?: readonly string[];
}

type RequestContext = AppContext & { limits: RateLimiters };

export type AppEnv = { Bindings: { incoming?: IncomingMessage }; Variables: { ctx: RequestContext; requestId: string; clientIp: string } };

/** Request headers the modal may send (Authorization: the secure site's embedded session, a Bearer JWT). */
export const CORS_ALLOW_HEADERS = ['Content-Type', 'Accept', 'Authorization', 'x-project-id', 'x-sdk-type', 'x-sdk-version'];

export const MAX_BODY_BYTES = 64 * 1024;

/** A caller's `x-request-id` is kept when it is short and plain; otherwise the API makes one. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The visitor's address, as every per-address limit counts it (read once per request, below). */
export const clientIp = (c: Context<AppEnv>): string => c.var.clientIp;

export const METRICS_TOKEN_REQUIRED = 'Unauthorized: /metrics needs the metrics token (Authorization: Bearer <token>)';

/**
 * The route pattern a request was matched to (`/v1/account/:address/balance`, never the URL, so the metrics' labels
 * stay few): the last matched route registered for a method, middleware (`use`, method ALL) aside — also when a
 * middleware refused the request first (a 429). Preflights are labelled `/*` (`app.options('*')`).
 */
function routePattern(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) if (routes[i]!.method !== 'ALL') return routes[i]!.path;
  return UNMATCHED_ROUTE;
}

/** The project a CORS preflight names (query `projectId` or the project routes' path), if any. */
function preflightProjectId(c: Context): string | undefined {
  const id = c.req.query('projectId') ?? /^\/v1\/projects\/([^/]+)\//.exec(c.req.path)?.[1];
  // A malformed id names no project: the preflight passes and the call itself gets the 400.
  return id !== undefined && PROJECT_ID_PATTERN.test(id) ? id : undefined;
}

/**
 * A 413 closes the connection: the rest of the refused body is never read, so the connection could not
 * carry another request.
 */
function refuseOversize(c: Context, body: object): Response {
  c.header('Connection', 'close');
  return c.json(body, 413);
}

export function createApp(appCtx: AppContext) {
  const ctx: RequestContext = { ...appCtx, limits: appCtx.limits ?? rateLimiters() };
  const app = new Hono<AppEnv>();
  const addressOf = clientAddressReader(appCtx.trustedProxies);

  app.use('*', async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('ctx', ctx);
    c.set('requestId', requestId);
    // app.request() in tests has no socket: 'unknown', one budget.
    c.set('clientIp', c.env?.incoming ? addressOf(c.env.incoming) : 'unknown');
    await next();
    c.header('X-Request-Id', requestId);
    const ms = performance.now() - started;
    ctx.metrics.onRequest(c.req.method, routePattern(c), c.res.status, ms / 1000);
    ctx.log.debug('request', { requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(ms * 10) / 10 });
  });
  // A preflight for a project that does not allow the page's origin is refused, like the call would be.
  app.options('*', async (c, next) => {
    const origin = c.req.header('origin');
    const projectId = preflightProjectId(c);
    if (origin !== undefined && projectId !== undefined) {
      const project = await findProject(ctx.db, projectId);
      if (project && !originAllowed(origin, project.allowedOrigins)) return c.json({ error: UNAUTHORIZED_ORIGIN }, 403);
    }
    await next();
  });
  app.use(
    '*',
    cors({
      // Responses carry no credentials; which origins may call a project is enforced per request (src/http/project.ts).
      origin: '*',
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: CORS_ALLOW_HEADERS,
      exposeHeaders: ['Retry-After', 'X-Request-Id'],
      maxAge: 86400,
    }),
  );
  // After CORS, so a browser can read the 429 and its Retry-After.
  // Every client IP has its budget (the health check aside, which load balancers poll).
  app.use('*', async (c, next) => {
    if (c.req.path !== '/healthz') await ctx.limits.consumeIp(clientIp(c));
    await next();
  });
  const smallBodies = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => refuseOversize(c, { error: `body: must be at most ${MAX_BODY_BYTES} bytes` }),
  });
  // The JSON-RPC endpoint carries raw transactions and batches: a larger limit.
  const rpcBodies = bodyLimit({
    maxSize: MAX_RPC_BODY_BYTES,
    onError: (c) => refuseOversize(c, { jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: body larger than ${MAX_RPC_BODY_BYTES} bytes` } }),
  });
  app.use('*', (c, next) => (c.req.path === '/v1/' || c.req.path === '/v1' ? rpcBodies(c, next) : smallBodies(c, next)));

  // The scrape is the operator's: with no token configured there is no /metrics, and a wrong or missing token is a 401.
  const { metricsToken } = ctx;
  if (metricsToken) {
    app.get('/metrics', async (c) => {
      if (!metricsAuthorized(c.req.header('authorization'), metricsToken)) throw new HttpError(401, METRICS_TOKEN_REQUIRED);
      return c.body(await ctx.metrics.text(), 200, { 'Content-Type': ctx.metrics.contentType });
    });
  }
  app.route('/', healthRoutes());
  app.route('/', walletRoutes());
  app.route('/', artworkRoutes());
  app.route('/', projectRoutes());
  app.route('/', analyticsRoutes());
  app.route('/', chainRoutes());
  app.route('/', balanceRoutes());
  app.route('/', historyRoutes());
  app.route('/', nftRoutes());
  app.route('/', identityRoutes());
  app.route('/', convertRoutes());
  app.route('/', onRampRoutes());
  app.route('/', profileRoutes());
  app.route('/', sessionRoutes());
  app.route('/', authRoutes());
  app.route('/', embeddedWalletRoutes());

  app.notFound((c) => c.json({ error: `path: no route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError((err, c) => {
    if (err instanceof RateLimitError) ctx.metrics.onRateLimited(err.limit);
    if (err instanceof HttpError) {
      if (err.retryAfterS !== undefined) c.header('Retry-After', String(err.retryAfterS));
      return c.json({ error: err.message }, err.status);
    }
    ctx.log.error('unhandled error', { requestId: c.var.requestId, path: c.req.path, error: String((err as Error)?.stack ?? err) });
    return c.json({ error: 'Internal server error' }, 500);
  });

  return app;
}
