import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stub API saw. */
export interface SeenRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** True once the client went away before the reply was written (an aborted fetch). */
  aborted: boolean;
}

/**
 * What a route answers: JSON (`json`), raw text (`text`), a status, a delay before answering,
 * or `hang: true` to never answer.
 */
export interface StubReply {
  status?: number;
  json?: unknown;
  text?: string;
  delayMs?: number;
  hang?: boolean;
  /** Answers only once this settles (the test decides when). */
  until?: Promise<unknown>;
  /** Sends the status line, headers and this much of a body, then never finishes. */
  partial?: string;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
}

export type StubHandler = (request: SeenRequest) => StubReply | undefined;

/** A tiny HTTP API on 127.0.0.1:0; `handle` decides each answer (404 when it returns undefined). */
export interface StubApi {
  url: string;
  requests: SeenRequest[];
  handle: StubHandler;
  /** Requests whose pathname is `path` (or matches it). */
  requestsTo(path: string | RegExp): SeenRequest[];
  close(): Promise<void>;
}

export async function startStubApi(handle: StubHandler = () => undefined): Promise<StubApi> {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const api = { requests: [] as SeenRequest[], handle } as StubApi;
  const reply = (res: ServerResponse, answer: StubReply) => {
    if (answer.text !== undefined) {
      res.writeHead(answer.status ?? 200, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.text);
    } else {
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.json ?? {}));
    }
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        params: url.searchParams,
        headers: req.headers,
        body,
        aborted: false,
      };
      api.requests.push(seen);
      res.on('close', () => {
        if (!res.writableEnded) seen.aborted = true;
      });
      const answer = api.handle(seen) ?? { status: 404, json: { error: 'not found' } };
      if (answer.hang) return;
      if (answer.partial !== undefined) {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        res.write(answer.partial);
        return;
      }
      if (answer.until) {
        void answer.until.finally(() => {
          if (!res.destroyed) reply(res, answer);
        });
      } else if (answer.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) reply(res, answer);
        }, answer.delayMs);
        timers.add(timer);
      } else {
        reply(res, answer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.requestsTo = (path) =>
    api.requests.filter((request) => (typeof path === 'string' ? request.path === path : path.test(request.path)));
  api.close = () =>
    new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return api;
}

/** A URL on 127.0.0.1 where nothing listens (a port that was just freed). */
export async function unreachableUrl(): Promise<string> {
  const api = await startStubApi();
  const { url } = api;
  await api.close();
  return url;
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
