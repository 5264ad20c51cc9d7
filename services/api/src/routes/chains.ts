/**
 * GET /v1/supported-chains and the JSON-RPC endpoint POST /v1/?chainId=…&projectId=… that forwards
 * single and batch requests to the chain's upstream node (eip155 or solana). Each call is validated
 * with zod, its method checked against the namespace's allow-list (src/rpc/methods.ts), and only the re-serialised
 * `{ jsonrpc, id, method, params }` goes upstream — never the raw body.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { UPSTREAM_BAD_REPLY, UPSTREAM_UNAVAILABLE } from '../chains/rpc';
import { requireChain } from '../http/chain';
import { endpoint } from '../http/validate';
import { isAllowedRpcMethod, type RpcNamespace } from '../rpc/methods';

/** Largest JSON-RPC body accepted (raw transactions, contract deployments). */
export const MAX_RPC_BODY_BYTES = 1024 * 1024;
/** Spec §10: HTTP RPC batch size 1000. */
export const MAX_RPC_BATCH = 1000;
/** Spec §7: the message for a method the endpoint does not serve. */
export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed';

type Id = string | number | null;
interface RpcErrorBody {
  jsonrpc: '2.0';
  id: Id;
  error: { code: number; message: string };
}
export const rpcError = (id: Id, code: number, message: string): RpcErrorBody => ({ jsonrpc: '2.0', id, error: { code, message } });

const rpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0', { error: "must be '2.0'" }),
  id: z.union([z.string().max(256), z.number().finite(), z.null()], { error: 'must be a string, number or null' }).optional(),
  method: z.string({ error: 'must be a non-empty string' }).min(1, 'must be a non-empty string').max(128, 'must be at most 128 characters'),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], { error: 'must be an array or object' }).optional(),
});
type RpcRequest = z.output<typeof rpcRequestSchema>;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The validated call, or the JSON-RPC error it gets (keeping its id when it has a usable one). */
function checkCall(item: unknown, namespace: RpcNamespace): { call: RpcRequest } | { error: RpcErrorBody } {
  const rawId = isObj(item) ? item.id : undefined;
  const id: Id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  if (!isObj(item)) return { error: rpcError(null, -32600, 'Invalid Request: not an object') };
  const parsed = rpcRequestSchema.safeParse(item);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { error: rpcError(issue.path[0] === 'id' ? null : id, -32600, `Invalid Request: ${String(issue.path[0] ?? 'request')} ${issue.message}`) };
  }
  if (!isAllowedRpcMethod(parsed.data.method, namespace)) return { error: rpcError(id, -32601, RPC_NOT_ALLOWED) };
  return { call: parsed.data };
}

/** Only the fields JSON-RPC defines, in a fresh object. */
const reserialise = ({ id, method, params }: RpcRequest) => ({ jsonrpc: '2.0' as const, ...(id !== undefined ? { id } : {}), method, ...(params !== undefined ? { params } : {}) });

const isJsonContentType = (value: string | undefined) => /^application\/json\s*(;|$)/i.test(value ?? '');

export function chainRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/v1/supported-chains', endpoint({}, (c) => c.json({ http: c.var.ctx.chains.ids(), ws: [] })));

  const proxy = async (c: Context<AppEnv>, chainId: string | undefined) => {
    const { chains } = c.var.ctx;
    const solana = chainId ? chains.getSolana(chainId) : undefined;
    const namespace: RpcNamespace = solana ? 'solana' : 'eip155';
    const rpcUrl = solana ? solana.config.rpcUrl : requireChain(chains, chainId).config.rpcUrl;
    if (!isJsonContentType(c.req.header('content-type'))) {
      return c.json(rpcError(null, -32600, 'Invalid Request: Content-Type must be application/json'), 415);
    }

    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json(rpcError(null, -32700, 'Parse error'), 400);
    }
    const batch = Array.isArray(body);
    const items = batch ? (body as unknown[]) : [body];
    if (batch && items.length === 0) return c.json(rpcError(null, -32600, 'Invalid Request: empty batch'), 400);
    if (items.length > MAX_RPC_BATCH) return c.json(rpcError(null, -32600, `Invalid Request: at most ${MAX_RPC_BATCH} calls per batch`), 400);

    const refused: RpcErrorBody[] = [];
    const calls: RpcRequest[] = [];
    for (const item of items) {
      const checked = checkCall(item, namespace);
      if ('error' in checked) refused.push(checked.error);
      else calls.push(checked.call);
    }
    if (!batch && refused.length > 0) return c.json(refused[0]!, 400);
    if (calls.length === 0) return c.json(refused, 400);

    const ids = calls.map((v): Id => v.id ?? null);
    const failAll = (status: 502 | 503, code: number, message: string) => {
      const errs = ids.map((id) => rpcError(id, code, message));
      return c.json(batch ? [...refused, ...errs] : errs[0]!, status);
    };

    let upstream: Response;
    try {
      upstream = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(batch ? calls.map(reserialise) : reserialise(calls[0]!)),
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
    if (reply.trim() === '' && calls.every((call) => call.id === undefined)) return c.body(null, 204); // notifications only
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
    return c.json(batch ? [...refused, ...(Array.isArray(parsed) ? parsed : [parsed])] : parsed, 200);
  };
  const rpcQuery = z.object({ chainId: z.string().optional() });
  app.post('/v1/', endpoint({ query: rpcQuery }, (c, { query }) => proxy(c, query.chainId)));
  app.post('/v1', endpoint({ query: rpcQuery }, (c, { query }) => proxy(c, query.chainId)));

  return app;
}
