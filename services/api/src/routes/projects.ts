/**
 * Project configuration the modal reads on init:
 *  GET /v1/projects/:projectId/allowed-origins  → { allowedOrigins: string[] }
 *  GET /v1/projects/:projectId/analytics-config → { isAnalyticsEnabled: boolean }
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { requireProject } from '../http/project';

export function projectRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/v1/projects/:projectId/allowed-origins', async (c) => {
    const project = await requireProject(c, c.var.ctx.db, c.req.param('projectId'));
    return c.json({ allowedOrigins: project.allowedOrigins });
  });

  app.get('/v1/projects/:projectId/analytics-config', async (c) => {
    const project = await requireProject(c, c.var.ctx.db, c.req.param('projectId'));
    return c.json({ isAnalyticsEnabled: project.analyticsEnabled });
  });

  return app;
}
