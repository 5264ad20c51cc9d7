import type { Context } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/client';
import { PROJECT_ID_PATTERN } from '../seed/projects';
import { HttpError, UNAUTHORIZED_INVALID_KEY, parseOr400 } from './errors';

export interface Project {
  projectId: string;
  allowedOrigins: string[];
  analyticsEnabled: boolean;
}

const sdkField = z.string().max(64).regex(/^[\w.@/+-]+$/, 'letters, digits and . _ - @ / + only');

/** Project id and SDK type/version from the query (`projectId`, `st`, `sv`) or headers. */
const clientSchema = z.object({
  projectId: z
    .string({ error: 'required (query projectId or header x-project-id)' })
    .regex(PROJECT_ID_PATTERN, 'invalid project id'),
  st: sdkField.optional(),
  sv: sdkField.optional(),
});

export interface ClientInfo {
  projectId: string;
  sdkType?: string;
  sdkVersion?: string;
}

/** `pathProjectId`: the id from the route path (project routes), which wins over query and header. */
export function clientInfo(c: Context, pathProjectId?: string): ClientInfo {
  const pick = (q: string, h: string) => c.req.query(q) ?? c.req.header(h) ?? undefined;
  const parsed = parseOr400(clientSchema, {
    projectId: pathProjectId ?? pick('projectId', 'x-project-id'),
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

/** The project of the request, or a 400 (missing/malformed id) / 403 (unknown id). */
export async function requireProject(c: Context, db: Db, projectId?: string): Promise<Project & ClientInfo> {
  const info = clientInfo(c, projectId);
  const project = await findProject(db, info.projectId);
  if (!project) throw new HttpError(403, UNAUTHORIZED_INVALID_KEY);
  return { ...info, ...project };
}
