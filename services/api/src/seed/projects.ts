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

export const projectConfigSchema = z.object({
  projectId: z.string().regex(PROJECT_ID_PATTERN, 'letters, digits, - and _ (1-64), starting with a letter or digit'),
  allowedOrigins: z.array(z.string().regex(ORIGIN_PATTERN, 'an origin such as https://app.example.com, https://*.example.com or http://localhost:*')),
  analyticsEnabled: z.boolean().default(false),
});
export type ProjectConfig = z.infer<typeof projectConfigSchema>;

export const DEFAULT_PROJECTS_FILE = SEED_DIR + 'projects.json';

export async function readProjects(file = DEFAULT_PROJECTS_FILE): Promise<ProjectConfig[]> {
  const raw: unknown = JSON.parse(await readFile(file, 'utf8'));
  return z.array(projectConfigSchema).parse(raw);
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
