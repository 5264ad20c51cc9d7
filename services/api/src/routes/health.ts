import { Hono } from 'hono';
import type { AppEnv } from '../app';

/** GET /healthz → { status: 'ok', db } when the database answers, else 503. */
export function healthRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/healthz', async (c) => {
    try {
      await c.var.ctx.db.query('SELECT 1');
      return c.json({ status: 'ok', db: c.var.ctx.db.kind });
    } catch {
      return c.json({ status: 'error', db: c.var.ctx.db.kind }, 503);
    }
  });
  return app;
}
