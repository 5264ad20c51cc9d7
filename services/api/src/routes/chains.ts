/**
 * GET /v1/supported-chains and the JSON-RPC endpoint POST /v1/?chainId=…&projectId=… that forwards
 * single and batch requests to the chain's upstream node.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app';
import { UPSTREAM_BAD_REPLY, UPSTREAM_UNAVAILABLE } from '../chains/rpc';
import { requireChain } from '../http/chain';
import { requireProject } from '../http/project';

/** Largest JSON-RPC body accepted (raw transactions, contract deployments). */
export const MAX_RPC_BODY_BYTES = 1024 * 1024;
export const MAX_RPC_BATCH = 1000;
/** Not forwarded unless the chain sets rpcAllowAllMethods: node administration and dev-chain controls. */
export const DENIED_METHOD_PREFIXES = ['admin_', 'debug_', 'personal_', 'miner_', 'txpool_', 'engine_', 'anvil_', 'hardhat_', 'evm_'];

type Id = string | number | null;
interface RpcErrorBody {
  jsonrpc: '2.0';
  id: Id;
  error: { code: number; message: string };
}
const rpcError = (id: Id, code: number, message: string): RpcErrorBody => ({ jsonrpc: '2.0', id, error: { code, message } });

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Envelope check: null when valid, else the error reply for it. */
function checkEnvelope(item: unknown, allowAll: boolean): RpcErrorBody | null {
  const id: Id = isObj(item) && (typeof item.id === 'string' || typeof item.id === 'number') ? item.id : null;
  if (!isObj(item)) return rpcError(null, -32600, 'Invalid Request: not an object');
  if (item.jsonrpc !== '2.0') return rpcError(id, -32600, "Invalid Request: jsonrpc must be '2.0'");
  if (typeof item.method !== 'string' || item.method.length === 0 || item.method.length > 128) {
    return rpcError(id, -32600, 'Invalid Request: method must be a non-empty string');
  }
  if ('id' in item && item.id !== null && typeof item.id !== 'string' && typeof item.id !== 'number') {
    return rpcError(null, -32600, 'Invalid Request: id must be a string, number or null');
  }
  if ('params' in item && item.params !== undefined && !Array.isArray(item.params) && !isObj(item.params)) {
    return rpcError(id, -32600, 'Invalid Request: params must be an array or object');
  }
  if (!allowAll && DENIED_METHOD_PREFIXES.some((p) => (item.method as string).startsWith(p))) {
    return rpcError(id, -32601, `Method not allowed: ${item.method}`);
  }
  return null;
}

export function chainRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/v1/supported-chains', async (c) => {
    await requireProject(c, c.var.ctx.db);
    return c.json({ http: c.var.ctx.chains.list().map((e) => e.config.caipNetworkId), ws: [] });
  });

  const proxy = async (c: Context<AppEnv>) => {
    const { db, chains } = c.var.ctx;
    await requireProject(c, db);
    const entry = requireChain(chains, c.req.query('chainId'));
    const allowAll = entry.config.rpcAllowAllMethods;

    const text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return c.json(rpcError(null, -32700, 'Parse error'), 400);
    }
    const batch = Array.isArray(body);
    const items = batch ? (body as unknown[]) : [body];
    if (batch && items.length === 0) return c.json(rpcError(null, -32600, 'Invalid Request: empty batch'), 400);
    if (items.length > MAX_RPC_BATCH) return c.json(rpcError(null, -32600, `Invalid Request: at most ${MAX_RPC_BATCH} calls per batch`), 400);

    const invalid: RpcErrorBody[] = [];
    const valid: Record<string, unknown>[] = [];
    for (const item of items) {
      const err = checkEnvelope(item, allowAll);
      if (err) invalid.push(err);
      else valid.push(item as Record<string, unknown>);
    }
    if (!batch && invalid.length > 0) return c.json(invalid[0]!, 400);
    if (valid.length === 0) return c.json(invalid, 400);

    const ids = valid.map((v): Id => (typeof v.id === 'string' || typeof v.id === 'number' ? v.id : null));
    const failAll = (status: 502 | 503, code: number, message: string) => {
      const errs = ids.map((id) => rpcError(id, code, message));
      return c.json(batch ? [...invalid, ...errs] : errs[0]!, status);
    };

    let upstream: Response;
    try {
      upstream = await fetch(entry.config.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: invalid.length === 0 ? text : JSON.stringify(valid),
        signal: AbortSignal.timeout(chains.rpcTimeoutMs),
      });
    } catch {
      return failAll(503, -32002, UPSTREAM_UNAVAILABLE);
    }
    let reply: string;
    try {
      reply = await upstream.text();
    } catch {
      return failAll(503, -32002, UPSTREAM_UNAVAILABLE);
    }
    if (reply.trim() === '' && ids.every((id) => id === null)) return c.body(null, 204); // notifications only
    let parsed: unknown;
    try {
      parsed = JSON.parse(reply);
    } catch {
      if (upstream.status >= 500 || upstream.status === 429) return failAll(503, -32002, UPSTREAM_UNAVAILABLE);
      return failAll(502, -32603, UPSTREAM_BAD_REPLY);
    }
    const looksRight = (v: unknown) => isObj(v) && ('result' in v || 'error' in v);
    if (!(Array.isArray(parsed) ? parsed.every(looksRight) : looksRight(parsed))) {
      if (upstream.status >= 500 || upstream.status === 429) return failAll(503, -32002, UPSTREAM_UNAVAILABLE);
      return failAll(502, -32603, UPSTREAM_BAD_REPLY);
    }
    if (invalid.length === 0) return c.body(reply, 200, { 'content-type': 'application/json' });
    return c.json([...invalid, ...(Array.isArray(parsed) ? parsed : [parsed])], 200);
  };
  app.post('/v1/', proxy);
  app.post('/v1', proxy);

  return app;
}
