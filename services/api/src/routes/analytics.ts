/**
 * POST /v1/analytics/events — one event `{ eventId, url, domain, timestamp, props }` for the
 * project named by `projectId` (query) or `x-project-id` (header). Stored in `analytics_events`;
 * 202 on success (a repeated eventId is accepted and stored once); 403 when the project has
 * analytics disabled. The page URL is stored without its query and fragment, which may carry
 * tokens, e-mail addresses or session ids.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { HttpError } from '../http/errors';
import { endpoint } from '../http/validate';

export const ANALYTICS_DISABLED = 'Analytics is disabled for this project';

export const analyticsEventSchema = z.object({
  eventId: z.string().min(1, 'required').max(128, 'must be at most 128 characters'),
  url: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .max(2048, 'must be at most 2048 characters')
    .transform(withoutQueryAndFragment),
  domain: z
    .string()
    .min(1, 'required')
    .max(253, 'must be at most 253 characters')
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'must be a host name'),
  timestamp: z
    .number({ error: 'must be a number (milliseconds since 1970)' })
    .int('must be an integer (milliseconds since 1970)')
    .min(0, 'must not be negative')
    .max(8.64e15, 'is out of range'),
  props: z.record(z.string(), z.unknown(), { error: 'must be an object' }),
});

function withoutQueryAndFragment(href: string): string {
  const url = new URL(href);
  url.search = '';
  url.hash = '';
  return url.toString();
}

export function analyticsRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/v1/analytics/events', endpoint({ body: analyticsEventSchema }, async (c, { project, body: event }) => {
    const { db } = c.var.ctx;
    if (!project.analyticsEnabled) throw new HttpError(403, ANALYTICS_DISABLED);
    await db.query(
      `INSERT INTO analytics_events (project_id, event_id, url, domain, event_time, props, sdk_type, sdk_version)
       VALUES ($1, $2, $3, $4, to_timestamp($5::double precision / 1000), $6::jsonb, $7, $8)
       ON CONFLICT (project_id, event_id) DO NOTHING`,
      [
        project.projectId,
        event.eventId,
        event.url,
        event.domain,
        event.timestamp,
        JSON.stringify(event.props),
        project.sdkType ?? null,
        project.sdkVersion ?? null,
      ],
    );
    return c.json({ accepted: true }, 202);
  }));

  return app;
}
