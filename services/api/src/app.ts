/**
 * Routing for the Portico API. Each area lives in src/routes/<area>.ts and is mounted here.
 * Blockchain API areas: chains (supported chains + JSON-RPC proxy), balance (+ prices), history,
 * nfts, identity. Later issues add swap, on-ramp, names the same way.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { ChainRuntime } from './chains/runtime';
import type { Db } from './db/client';
import { HttpError } from './http/errors';
import type { Logger } from './log';
import type { OnRampRuntime } from './onramp/config';
import { analyticsRoutes } from './routes/analytics';
import { balanceRoutes } from './routes/balance';
import { chainRoutes, MAX_RPC_BODY_BYTES } from './routes/chains';
import { convertRoutes } from './routes/convert';
import { historyRoutes } from './routes/history';
import { identityRoutes } from './routes/identity';
import { nftRoutes } from './routes/nfts';
import { onRampRoutes } from './routes/onramp';
import { profileRoutes } from './routes/profile';
import { healthRoutes } from './routes/health';
import { projectRoutes } from './routes/projects';
import { walletRoutes } from './routes/wallets';

export interface AppContext {
  db: Db;
  log: Logger;
  /** Absolute base for URLs the API hands out (image_url); defaults to the request's origin. */
  publicUrl?: string;
  /** Configured chains, their upstream nodes and indexers, the price source. */
  chains: ChainRuntime;
  /** On-ramp providers, limits, fiat rates and the demo provider's funding key (default config when absent). */
  onramp?: OnRampRuntime;
}

export type AppEnv = { Variables: { ctx: AppContext } };

/** Request headers the modal may send. */
export const CORS_ALLOW_HEADERS = ['Content-Type', 'Accept', 'x-project-id', 'x-sdk-type', 'x-sdk-version'];

export const MAX_BODY_BYTES = 64 * 1024;

export function createApp(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('ctx', ctx);
    await next();
    ctx.log.debug('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: CORS_ALLOW_HEADERS,
      maxAge: 86400,
    }),
  );
  const smallBodies = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ error: `body: must be at most ${MAX_BODY_BYTES} bytes` }, 413),
  });
  // The JSON-RPC endpoint carries raw transactions and batches: a larger limit.
  const rpcBodies = bodyLimit({
    maxSize: MAX_RPC_BODY_BYTES,
    onError: (c) => c.json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: body larger than ${MAX_RPC_BODY_BYTES} bytes` } }, 413),
  });
  app.use('*', (c, next) => (c.req.path === '/v1/' || c.req.path === '/v1' ? rpcBodies(c, next) : smallBodies(c, next)));

  app.route('/', healthRoutes());
  app.route('/', walletRoutes());
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

  app.notFound((c) => c.json({ error: `path: no route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json({ error: err.message }, err.status);
    ctx.log.error('unhandled error', { path: c.req.path, error: String((err as Error)?.stack ?? err) });
    return c.json({ error: 'Internal server error' }, 500);
  });

  return app;
}
