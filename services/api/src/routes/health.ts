import { Hono } from 'hono';
import type { AppEnv } from '../app';

/**
 * GET /healthz → { status: 'ok', db, chains } when the database answers, else 503.
 * chains: per configured chain the indexer's view { head, indexed, lag, status, error? }; an
 * unreachable upstream node shows there (status 'upstream-unavailable') without failing the check.
 */
export function healthRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/healthz', async (c) => {
    try {
      await c.var.ctx.db.query('SELECT 1');
      const chains: Record<string, unknown> = {};
      for (const e of c.var.ctx.chains.list()) chains[e.config.caipNetworkId] = e.indexer?.status() ?? { status: 'indexer-disabled' };
      return c.json({ status: 'ok', db: c.var.ctx.db.kind, chains });
    } catch {
      return c.json({ status: 'error', db: c.var.ctx.db.kind }, 503);
    }
  });
  return app;
}
