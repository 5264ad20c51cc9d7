import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Queryable } from '../db/client';
import { SEED_DIR } from './wallets';

export const PROJECT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * Origin pattern: scheme://host[:port], where the host may start with `*.` (any subdomain)
 * and the port may be `*` (any port). No path.
 */
export const ORIGIN_PATTERN = /^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:(\d{1,5}|\*))?$/;

const originPattern = z.string().regex(ORIGIN_PATTERN, 'an origin such as https://app.example.com, https://*.example.com or http://localhost:*');

export const projectConfigSchema = z.object({
  projectId: z.string().regex(PROJECT_ID_PATTERN, 'letters, digits, - and _ (1-64), starting with a letter or digit'),
  /** The only origins whose pages may call the project (no implicit `*`); [] = server-to-server only. */
  allowedOrigins: z.array(originPattern),
  /** Added to allowedOrigins only when the API runs in development mode (local demo pages on any port). */
  developmentOrigins: z.array(originPattern).default([]),
  analyticsEnabled: z.boolean().default(false),
});
export type ProjectConfig = z.infer<typeof projectConfigSchema>;

export const DEFAULT_PROJECTS_FILE = SEED_DIR + 'projects.json';

/** The projects of the file; `development` adds each project's developmentOrigins to its allowedOrigins. */
export async function readProjects(file = DEFAULT_PROJECTS_FILE, development = false): Promise<ProjectConfig[]> {
  const raw: unknown = JSON.parse(await readFile(file, 'utf8'));
  return z
    .array(projectConfigSchema)
    .parse(raw)
    .map((p) => ({ ...p, allowedOrigins: development ? [...p.allowedOrigins, ...p.developmentOrigins] : p.allowedOrigins }));
}

/**
 * Writes each project of the file into `projects` (insert or update). Projects that exist only
 * in the database are left alone, so an operator may also manage them with SQL.
 */
export async function syncProjects(db: Queryable, projects: ProjectConfig[]): Promise<void> {
  if (projects.length === 0) return;
  await db.query(
    `INSERT INTO projects (project_id, allowed_origins, analytics_enabled)
     SELECT r.project_id, ARRAY(SELECT jsonb_array_elements_text(r.allowed_origins)), r.analytics_enabled
     FROM jsonb_to_recordset($1::jsonb) AS r(project_id text, allowed_origins jsonb, analytics_enabled boolean)
     ON CONFLICT (project_id) DO UPDATE
       SET allowed_origins = EXCLUDED.allowed_origins,
           analytics_enabled = EXCLUDED.analytics_enabled,
           updated_at = now()`,
    [
      JSON.stringify(
        projects.map((p) => ({
          project_id: p.projectId,
          allowed_origins: p.allowedOrigins,
          analytics_enabled: p.analyticsEnabled,
        })),
      ),
    ],
  );
}
