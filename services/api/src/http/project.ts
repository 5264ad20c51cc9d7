/**
 * The project a request acts for: its id from the path, the query (`projectId`) or the
 * `x-project-id` header (or the JSON body, for the routes AppKit sends it in), SDK type and
 * version, then the checks every project-scoped route shares: the project exists (403 invalid
 * key), a browser's `Origin` is on its allow-list (403 origin not allowed; calls without an
 * Origin — server to server — pass) and its rate limit.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import type { Db } from '../db/client';
import { PROJECT_ID_PATTERN } from '../seed/projects';
import { HttpError, UNAUTHORIZED_INVALID_KEY, UNAUTHORIZED_ORIGIN, parseOr400 } from './errors';
import { originAllowed } from './origins';

export interface Project {
  projectId: string;
  allowedOrigins: string[];
  analyticsEnabled: boolean;
}

export interface ClientInfo {
  projectId: string;
  sdkType?: string;
  sdkVersion?: string;
}

export type RequestProject = Project & ClientInfo;

const sdkField = z.string().max(64).regex(/^[\w.@/+-]+$/, 'letters, digits and . _ - @ / + only');

/** Project id and SDK type/version from the query (`projectId`, `st`, `sv`) or headers. */
const clientSchema = z.object({
  projectId: z
    .string({ error: 'required (query projectId or header x-project-id)' })
    .regex(PROJECT_ID_PATTERN, 'invalid project id'),
  st: sdkField.optional(),
  sv: sdkField.optional(),
});

/** `explicitId`: the id from the route path or the body, which wins over query and header. */
function clientInfo(c: Context, explicitId?: string): ClientInfo {
  const pick = (q: string, h: string) => c.req.query(q) ?? c.req.header(h) ?? undefined;
  const parsed = parseOr400(clientSchema, {
    projectId: explicitId ?? pick('projectId', 'x-project-id'),
    st: pick('st', 'x-sdk-type'),
    sv: pick('sv', 'x-sdk-version'),
  });
  return { projectId: parsed.projectId, sdkType: parsed.st, sdkVersion: parsed.sv };
}

export async function findProject(db: Db, projectId: string): Promise<Project | null> {
  const { rows } = await db.query<{ project_id: string; allowed_origins: string[]; analytics_enabled: boolean }>(
    'SELECT project_id, allowed_origins, analytics_enabled FROM projects WHERE project_id = $1',
    [projectId],
  );
  const row = rows[0];
  if (!row) return null;
  return { projectId: row.project_id, allowedOrigins: row.allowed_origins, analyticsEnabled: row.analytics_enabled };
}

/** The request's project after the shared checks; 400 (missing/malformed id), 403, 429. */
export async function resolveProject(c: Context<AppEnv>, explicitId?: string): Promise<RequestProject> {
  const { db, limits } = c.var.ctx;
  const info = clientInfo(c, explicitId);
  const project = await findProject(db, info.projectId);
  if (!project) throw new HttpError(403, UNAUTHORIZED_INVALID_KEY);
  const origin = c.req.header('origin');
  if (origin !== undefined && !originAllowed(origin, project.allowedOrigins)) throw new HttpError(403, UNAUTHORIZED_ORIGIN);
  await limits.consumeProject(project.projectId);
  return { ...info, ...project };
}
