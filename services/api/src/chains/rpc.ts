/**
 * A small JSON-RPC client for one upstream node: single calls and batches, with a timeout.
 * Network failures and timeouts become `UpstreamError('unavailable')`; a reply that is not
 * JSON-RPC becomes `UpstreamError('bad-reply')`; a JSON-RPC error object becomes `RpcError`.
 */

export class UpstreamError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'bad-reply',
    message: string,
  ) {
    super(message);
  }
}

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export interface RpcCall {
  method: string;
  params?: unknown[];
}

export type RpcOutcome = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

export const UPSTREAM_UNAVAILABLE = 'Upstream node unavailable';
export const UPSTREAM_BAD_REPLY = 'Bad reply from upstream node';

/** Max calls per upstream batch request. */
const BATCH_CHUNK = 200;

/** POSTs `body` to the node; returns the parsed JSON (throws UpstreamError). */
export async function postJson(url: string, body: string, timeoutMs: number): Promise<{ status: number; json: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new UpstreamError('unavailable', `${UPSTREAM_UNAVAILABLE}: ${(err as Error)?.name === 'TimeoutError' ? 'timeout' : String((err as Error)?.message ?? err)}`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new UpstreamError('unavailable', `${UPSTREAM_UNAVAILABLE}: reply interrupted`);
  }
  try {
    return { status: res.status, json: JSON.parse(text) };
  } catch {
    if (res.status >= 500 || res.status === 429) throw new UpstreamError('unavailable', `${UPSTREAM_UNAVAILABLE}: HTTP ${res.status}`);
    throw new UpstreamError('bad-reply', `${UPSTREAM_BAD_REPLY}: HTTP ${res.status}, not JSON`);
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function outcome(v: unknown): RpcOutcome {
  if (!isObj(v)) throw new UpstreamError('bad-reply', `${UPSTREAM_BAD_REPLY}: not a JSON-RPC response`);
  if (isObj(v.error)) {
    return { error: { code: Number(v.error.code ?? -32603), message: String(v.error.message ?? 'error'), data: v.error.data } };
  }
  if (!('result' in v)) throw new UpstreamError('bad-reply', `${UPSTREAM_BAD_REPLY}: neither result nor error`);
  return { result: v.result };
}

export interface RpcClient {
  readonly url: string;
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** One outcome per call, in order. Throws only when the node is unavailable or answers garbage. */
  batch(calls: RpcCall[]): Promise<RpcOutcome[]>;
}

export function createRpcClient(url: string, timeoutMs = 10_000): RpcClient {
  let nextId = 1;
  return {
    url,
    async call<T>(method: string, params: unknown[] = []) {
      const id = nextId++;
      const { json } = await postJson(url, JSON.stringify({ jsonrpc: '2.0', id, method, params }), timeoutMs);
      const o = outcome(json);
      if ('error' in o) throw new RpcError(o.error.code, o.error.message, o.error.data);
      return o.result as T;
    },
    async batch(calls) {
      const out: RpcOutcome[] = [];
      for (let i = 0; i < calls.length; i += BATCH_CHUNK) {
        const chunk = calls.slice(i, i + BATCH_CHUNK);
        const first = nextId;
        nextId += chunk.length;
        const body = JSON.stringify(chunk.map((c, k) => ({ jsonrpc: '2.0', id: first + k, method: c.method, params: c.params ?? [] })));
        const { json } = await postJson(url, body, timeoutMs);
        if (!Array.isArray(json)) {
          // Some nodes answer a whole batch with one error object.
          const o = outcome(json);
          if ('error' in o) {
            for (let k = 0; k < chunk.length; k++) out.push(o);
            continue;
          }
          throw new UpstreamError('bad-reply', `${UPSTREAM_BAD_REPLY}: batch answered with a single result`);
        }
        const byId = new Map<number, RpcOutcome>();
        for (const item of json) if (isObj(item) && typeof item.id === 'number') byId.set(item.id, outcome(item));
        for (let k = 0; k < chunk.length; k++) {
          const o = byId.get(first + k);
          if (!o) throw new UpstreamError('bad-reply', `${UPSTREAM_BAD_REPLY}: batch reply is missing id ${first + k}`);
          out.push(o);
        }
      }
      return out;
    },
  };
}
