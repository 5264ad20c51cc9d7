import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One request the stub API saw (CORS preflights are answered but not recorded).
 * @example expect(JSON.parse(api.requestsTo('/v1/onramp/quote')[0]!.body)).toMatchObject({ amount: '100' });
 */
export interface ApiRequest {
  method: string;
  /** The pathname, e.g. '/v1/account/0xf39F…/balance'. */
  path: string;
  /** The query string. */
  params: URLSearchParams;
  /** Named path segments of the route that answered, e.g. `{ address }` for '/v1/account/:address/balance'. */
  pathParams: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** The raw body ('' when none). */
  body: string;
  /** True once the client went away before the reply was written (an aborted fetch). */
  aborted: boolean;
}

/**
 * What a route answers: JSON (`json`, the default `{}`), raw text (`text`), a status (200), extra
 * headers, a delay, `hang: true` to never answer, or `partial` to send the head and part of a body
 * and then stall.
 * @example { status: 429, json: { error: 'Too many requests' }, headers: { 'retry-after': '1' } }
 */
export interface ApiReply {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  hang?: boolean;
  partial?: string;
}

/**
 * Answers a request; `undefined` lets the next matching route (or the 404) answer. May wait (e.g. on a gate).
 * @example (request) => (request.params.get('search') === 'old' ? { hang: true } : undefined)
 */
export type ApiHandler = (request: ApiRequest) => ApiReply | undefined | Promise<ApiReply | undefined>;

/**
 * A route table: 'METHOD /path' → a reply or a handler. METHOD may be `*` (any); a path segment
 * `:name` matches one segment (see `pathParams`), a final `*` matches the rest, so '* /*' is every request.
 * @example { 'GET /v1/identity/:address': { json: { name: null, avatar: null } }, '* /v1/onramp/*': { status: 503 } }
 */
export type ApiRoutes = Record<string, ApiReply | ApiHandler>;

/** A local HTTP API on 127.0.0.1 answering from a route table. @example testCore({ api }) // apiUrl = api.url */
export interface ApiStub {
  /** Where it listens, e.g. 'http://127.0.0.1:40123'; pass it as the host option `apiUrl`. */
  url: string;
  /** Every request, oldest first. */
  requests: ApiRequest[];
  /** Requests whose path is `path` (or matches it). */
  requestsTo(path: string | RegExp): ApiRequest[];
  /** Routes tried before the default ones until `reset()` (or the returned function), newest first. */
  override(routes: ApiRoutes): () => void;
  /** Forgets the requests and the overrides (between tests). */
  reset(): void;
  close(): Promise<void>;
}

interface CompiledRoute {
  method: string;
  segments: string[];
  answer: ApiReply | ApiHandler;
}

function compile(routes: ApiRoutes): CompiledRoute[] {
  return Object.entries(routes).map(([key, answer]) => {
    const [method, path] = key.includes(' ') ? key.split(' ', 2) : ['*', key];
    return { method: method!.toUpperCase(), segments: path!.split('/'), answer };
  });
}

/** The path's named segments when `route` matches the request, else undefined. */
function match(route: CompiledRoute, method: string, path: string): Record<string, string> | undefined {
  if (route.method !== '*' && route.method !== method) return undefined;
  const parts = path.split('/');
  const pathParams: Record<string, string> = {};
  for (const [index, segment] of route.segments.entries()) {
    if (segment === '*' && index === route.segments.length - 1) return pathParams;
    const part = parts[index];
    if (part === undefined) return undefined;
    if (segment.startsWith(':')) pathParams[segment.slice(1)] = decodeURIComponent(part);
    else if (segment !== part) return undefined;
  }
  return parts.length === route.segments.length ? pathParams : undefined;
}

// Views run in happy-dom, whose fetch enforces CORS against its page origin (http://localhost:3000).
const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' };

function write(res: ServerResponse, answer: ApiReply) {
  if (res.destroyed) return;
  const text = answer.text !== undefined;
  res.writeHead(answer.status ?? 200, { 'content-type': text ? 'text/plain' : 'application/json', ...CORS, ...answer.headers });
  res.end(text ? answer.text : JSON.stringify(answer.json ?? {}));
}

const liveStubs = new Set<ApiStub>();

/** Forgets the requests and overrides of every API stub still open. @example afterEach(resetApiStubs) // or resetTestKit */
export function resetApiStubs() {
  for (const stub of liveStubs) stub.reset();
}

/**
 * Starts the Portico API as a test needs it: a real HTTP server on 127.0.0.1 (so timeouts, aborts
 * and stalled bodies behave as on the wire) answering from `routes`. Unmatched requests get 404
 * `{ error: 'not found' }`. Close it after the tests.
 * @example
 * const api = await apiStub({
 *   'GET /v1/account/:address/balance': { json: { balances: BALANCES } },
 *   'POST /v1/profile/account': (request) => ({ status: 201, json: JSON.parse(request.body) }),
 * });
 * afterEach(() => api.reset());
 * afterAll(() => api.close());
 * const restore = api.override({ 'GET /v1/account/:address/balance': { status: 500, text: 'down' } });
 * restore(); // the default route answers again
 */
export async function apiStub(routes: ApiRoutes = {}): Promise<ApiStub> {
  const defaults = compile(routes);
  let overrides: CompiledRoute[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();

  async function answer(request: ApiRequest): Promise<ApiReply> {
    for (const route of [...overrides, ...defaults]) {
      const pathParams = match(route, request.method, request.path);
      if (!pathParams) continue;
      request.pathParams = pathParams;
      const reply = typeof route.answer === 'function' ? await route.answer(request) : route.answer;
      if (reply) return reply;
    }
    return { status: 404, json: { error: 'not found' } };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...CORS,
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      });
      res.end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const seen: ApiRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        params: url.searchParams,
        pathParams: {},
        headers: req.headers,
        body,
        aborted: false,
      };
      stub.requests.push(seen);
      res.on('close', () => {
        if (!res.writableEnded) seen.aborted = true;
      });
      // A handler that throws answers 500 with its message, so the failing test shows why.
      const replied = answer(seen).catch((error: unknown): ApiReply => ({ status: 500, text: String(error) }));
      void replied.then((reply) => {
        if (reply.hang) return;
        if (reply.partial !== undefined) {
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...CORS });
          res.write(reply.partial);
        } else if (reply.delayMs) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            write(res, reply);
          }, reply.delayMs);
          timers.add(timer);
        } else {
          write(res, reply);
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const stub: ApiStub = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: [],
    requestsTo: (path) => stub.requests.filter((request) => (typeof path === 'string' ? request.path === path : path.test(request.path))),
    override(routes) {
      const added = compile(routes);
      overrides = [...added, ...overrides];
      return () => {
        overrides = overrides.filter((route) => !added.includes(route));
      };
    },
    reset() {
      stub.requests.length = 0;
      overrides = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        liveStubs.delete(stub);
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  liveStubs.add(stub);
  return stub;
}

/**
 * A URL on 127.0.0.1 where nothing listens (a port that was just freed): the API is down.
 * @example await expect(requestJson({ url: `${await unreachableUrl()}/ok`, schema })).rejects.toThrow();
 */
export async function unreachableUrl(): Promise<string> {
  const api = await apiStub();
  await api.close();
  return api.url;
}
