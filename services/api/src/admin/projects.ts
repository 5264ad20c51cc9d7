/**
 * `portico-admin projects`: a project and its allowed origins in the `projects` table. Origins are checked by the
 * projects file's validator (src/seed/projects.ts) and matched by the API's own rule (src/http/origins.ts).
 */
import { z } from 'zod';
import type { Db } from '../db/client';
import { originAllowed } from '../http/origins';
import { projectConfigSchema } from '../seed/projects';
import { AdminError } from './errors';

export const newProjectSchema = projectConfigSchema.pick({ projectId: true, allowedOrigins: true, analyticsEnabled: true });
const originSchema = projectConfigSchema.shape.allowedOrigins.element;
const projectIdSchema = projectConfigSchema.shape.projectId;

export interface ProjectRow {
  projectId: string;
  allowedOrigins: string[];
  analyticsEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

type Row = { project_id: string; allowed_origins: string[]; analytics_enabled: boolean; created_at: Date | string; updated_at: Date | string };
const COLUMNS = 'project_id, allowed_origins, analytics_enabled, created_at, updated_at';
const project = (r: Row): ProjectRow => ({
  projectId: r.project_id,
  allowedOrigins: r.allowed_origins,
  analyticsEnabled: r.analytics_enabled,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** A zod failure as one line naming the field. */
export function parsed<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.length > 0 ? ` ${issue.path.join('.')}` : '';
  throw new AdminError(`${what}${path}: ${issue.message}`);
}

/** Each pattern checked on its own, so the refusal names the one at fault. */
const origins = (patterns: string[]) => patterns.map((o) => parsed(originSchema, o, `origin ${o}`));

export async function createProject(db: Db, input: z.input<typeof newProjectSchema>): Promise<ProjectRow> {
  origins(input.allowedOrigins);
  const p = parsed(newProjectSchema, input, 'project');
  const { rows } = await db.query<Row>(
    `INSERT INTO projects (project_id, allowed_origins, analytics_enabled) VALUES ($1, $2, $3)
     ON CONFLICT (project_id) DO NOTHING RETURNING ${COLUMNS}`,
    [p.projectId, p.allowedOrigins, p.analyticsEnabled],
  );
  if (!rows[0]) throw new AdminError(`project ${p.projectId} already exists (projects set-origins changes its origins)`);
  return project(rows[0]);
}

export async function listProjects(db: Db): Promise<ProjectRow[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM projects ORDER BY project_id`);
  return rows.map(project);
}

async function findProject(db: Db, projectId: string): Promise<ProjectRow> {
  const id = parsed(projectIdSchema, projectId, 'project id');
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM projects WHERE project_id = $1`, [id]);
  if (!rows[0]) throw new AdminError(`project ${id} does not exist (projects list shows them)`);
  return project(rows[0]);
}

/** Replaces the project's allowed origins (an empty list: server-to-server only). */
export async function setAllowedOrigins(db: Db, projectId: string, patterns: string[]): Promise<ProjectRow> {
  const { projectId: id } = await findProject(db, projectId);
  const allowed = origins(patterns);
  const { rows } = await db.query<Row>(
    `UPDATE projects SET allowed_origins = $2, updated_at = now() WHERE project_id = $1 RETURNING ${COLUMNS}`,
    [id, allowed],
  );
  return project(rows[0]!);
}

/** Whether a page at `origin` may call the project: the API's answer, with the patterns that admit it. */
export async function checkOrigin(db: Db, projectId: string, origin: string): Promise<{ origin: string; allowed: boolean; matchedBy: string[] }> {
  const p = await findProject(db, projectId);
  const matchedBy = p.allowedOrigins.filter((pattern) => originAllowed(origin, [pattern]));
  return { origin, allowed: matchedBy.length > 0, matchedBy };
}
