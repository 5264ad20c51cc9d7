/**
 * The one request validator: every route declares its path parameters, query and JSON body as
 * zod schemas and where its project comes from; `endpoint()` checks them in a fixed order and
 * hands the handler typed values. Failures are `400 { error: '<field>: <reason>' }` (see
 * issueMessage), project failures 400/403/429 (see resolveProject).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { HttpError, parseOr400 } from './errors';
import { resolveProject, type RequestProject } from './project';

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

export interface EndpointSpec<P, Q, B> {
  /**
   * Where the project id is read: 'request' (query `projectId` or header `x-project-id`, the
   * default), 'path' (`:projectId`), 'body' (the JSON body's `projectId` when the query has none,
   * else as 'request'), or 'none' (a route outside any project).
   */
  project?: 'request' | 'path' | 'body' | 'none';
  params?: P;
  query?: Q;
  body?: B;
}

export interface EndpointInput<P, Q, B, R> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  project: R;
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, 'body: must be JSON');
  }
}

function bodyProjectId(c: Context, body: unknown): string | undefined {
  if (c.req.query('projectId')) return undefined;
  const id = (body as { projectId?: unknown } | null)?.projectId;
  return typeof id === 'string' ? id : undefined;
}

/** Order: JSON syntax (when the project may be in the body), project, path, query, body. */
export function endpoint<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined, S extends EndpointSpec<P, Q, B>['project'] = 'request'>(
  spec: EndpointSpec<P, Q, B> & { project?: S },
  handler: (c: Context<AppEnv>, input: EndpointInput<P, Q, B, S extends 'none' ? undefined : RequestProject>) => Response | Promise<Response>,
) {
  return async (c: Context<AppEnv>) => {
    const where = spec.project ?? 'request';
    const raw = spec.body && where === 'body' ? await readJson(c) : undefined;
    let project: RequestProject | undefined;
    if (where === 'path') project = await resolveProject(c, c.req.param('projectId'));
    else if (where === 'body') project = await resolveProject(c, bodyProjectId(c, raw));
    else if (where === 'request') project = await resolveProject(c);
    const params = spec.params ? parseOr400(spec.params, c.req.param()) : undefined;
    const query = spec.query ? parseOr400(spec.query, c.req.query()) : undefined;
    const body = spec.body ? parseOr400(spec.body, raw ?? (await readJson(c))) : undefined;
    return handler(c, { params, query, body, project } as EndpointInput<P, Q, B, S extends 'none' ? undefined : RequestProject>);
  };
}
