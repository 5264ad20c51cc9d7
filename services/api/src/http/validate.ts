/**
 * The one request validator: every route declares its path parameters, query, headers and body as
 * zod schemas and where its project comes from; `endpoint()` checks them in a fixed order and
 * hands the handler typed values. Failures are `400 { error: '<field>: <reason>' }` (see
 * issueMessage), project failures 400/403/429 (see resolveProject), a body that is not
 * `application/json` 415.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { rpcError } from '../rpc/errors';
import { HttpError, parseOr400 } from './errors';
import { resolveProject, type RequestProject } from './project';

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

/**
 * The body of the JSON-RPC endpoint: JSON the route parses itself, because its parse and envelope
 * errors are JSON-RPC error objects; the validator still refuses any other Content-Type (415 in
 * JSON-RPC form).
 */
export const JSON_RPC_BODY = 'json-rpc';

/** The one body type the API reads (parameters such as `charset` allowed). */
const JSON_CONTENT_TYPE = /^application\/json\s*(;|$)/i;
export const JSON_ONLY = 'content-type: must be application/json';
const JSON_RPC_JSON_ONLY = 'Invalid Request: Content-Type must be application/json';
/** Methods whose requests carry no body: their Content-Type, if any, is not looked at. */
const BODILESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface EndpointSpec<P, Q, H, B> {
  /**
   * Where the project id is read: 'request' (query `projectId` or header `x-project-id`, the
   * default), 'path' (`:projectId`), 'body' (the JSON body's `projectId` when the query has none,
   * else as 'request'), or 'none' (a route outside any project).
   */
  project?: 'request' | 'path' | 'body' | 'none';
  params?: P;
  query?: Q;
  /** Request headers, by lower-case name. */
  headers?: H;
  /**
   * A JSON body's schema, or JSON_RPC_BODY. A route that declares a body answers 415 unless it is
   * `application/json`; one that declares none (a POST whose body is ignored) answers 415 to any other
   * Content-Type it is sent, and takes a request without one.
   */
  body?: B | typeof JSON_RPC_BODY;
}

export interface EndpointInput<P, Q, H, B, R> {
  params: Out<P>;
  query: Out<Q>;
  headers: Out<H>;
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

/**
 * PostgreSQL's text cannot hold U+0000, so a NUL anywhere in a request's query or JSON body would fail
 * deep in a query as a 500; it is refused up front, naming the field.
 */
const NUL_REFUSED = 'must not contain the NUL character (U+0000)';

/** Walks iteratively: a JSON body may nest thousands deep. */
function refuseNul(value: unknown, root: 'query' | 'body'): void {
  const pending: Array<[unknown, string]> = [[value, root]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, field] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) throw new HttpError(400, `${field}: ${NUL_REFUSED}`);
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push([element, field]);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        const name = field === root ? key : `${field}.${key}`;
        pending.push([key, name], [element, name]);
      }
    }
  }
}

function bodyProjectId(c: Context, body: unknown): string | undefined {
  if (c.req.query('projectId')) return undefined;
  const id = (body as { projectId?: unknown } | null)?.projectId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Is the request's body of a type this route refuses? JSON only: a browser sends `text/plain`, form
 * and multipart bodies cross-origin without a preflight, and every route reads JSON.
 */
function refusedContentType(c: Context, declaresBody: boolean): boolean {
  const type = c.req.header('content-type');
  if (declaresBody) return type === undefined || !JSON_CONTENT_TYPE.test(type);
  return type !== undefined && !BODILESS_METHODS.has(c.req.method) && !JSON_CONTENT_TYPE.test(type);
}

/** Order: Content-Type, NUL characters and JSON syntax, project, path, query, headers, body. */
export function endpoint<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  H extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  S extends EndpointSpec<P, Q, H, B>['project'] = 'request',
>(
  spec: EndpointSpec<P, Q, H, B> & { project?: S },
  handler: (c: Context<AppEnv>, input: EndpointInput<P, Q, H, B, S extends 'none' ? undefined : RequestProject>) => Response | Promise<Response>,
) {
  return async (c: Context<AppEnv>) => {
    if (refusedContentType(c, spec.body !== undefined)) {
      if (spec.body === JSON_RPC_BODY) return c.json(rpcError(null, -32600, JSON_RPC_JSON_ONLY), 415);
      throw new HttpError(415, JSON_ONLY);
    }
    const bodySchema = spec.body === JSON_RPC_BODY ? undefined : spec.body;
    const where = spec.project ?? 'request';
    refuseNul(c.req.query(), 'query');
    let raw = bodySchema && where === 'body' ? await readJson(c) : undefined;
    if (bodySchema) {
      raw ??= await readJson(c);
      refuseNul(raw, 'body');
    }
    let project: RequestProject | undefined;
    if (where === 'path') project = await resolveProject(c, c.req.param('projectId'));
    else if (where === 'body') project = await resolveProject(c, bodyProjectId(c, raw));
    else if (where === 'request') project = await resolveProject(c);
    const params = spec.params ? parseOr400(spec.params, c.req.param()) : undefined;
    const query = spec.query ? parseOr400(spec.query, c.req.query()) : undefined;
    const headers = spec.headers ? parseOr400(spec.headers, c.req.header()) : undefined;
    const body = bodySchema ? parseOr400(bodySchema, raw) : undefined;
    return handler(c, { params, query, headers, body, project } as EndpointInput<P, Q, H, B, S extends 'none' ? undefined : RequestProject>);
  };
}
