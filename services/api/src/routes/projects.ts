/**
 * Project configuration the modal reads on init:
 *  GET /v1/projects/:projectId/allowed-origins  → { allowedOrigins: string[] }
 *  GET /v1/projects/:projectId/analytics-config → { isAnalyticsEnabled: boolean }
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { endpoint } from '../http/validate';

export function projectRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/v1/projects/:projectId/allowed-origins',
    endpoint({ project: 'path' }, (c, { project }) => c.json({ allowedOrigins: project.allowedOrigins })),
  );

  app.get(
    '/v1/projects/:projectId/analytics-config',
    endpoint({ project: 'path' }, (c, { project }) => c.json({ isAnalyticsEnabled: project.analyticsEnabled })),
  );

  return app;
}
