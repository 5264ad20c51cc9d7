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
import { endpoint, JSON_RPC_BODY } from '../http/validate';
import { rpcError, type RpcErrorBody, type RpcId } from '../rpc/errors';
import { isAllowedRpcMethod, type RpcNamespace } from '../rpc/methods';

/** Largest JSON-RPC body accepted (raw transactions, contract deployments). */
export const MAX_RPC_BODY_BYTES = 1024 * 1024;
/** Spec §10: HTTP RPC batch size 1000. */
export const MAX_RPC_BATCH = 1000;
/** Spec §7: the message for a method the endpoint does not serve. */
export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed';

const rpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0', { error: "must be '2.0'" }),
  id: z.union([z.string().max(256), z.number().finite(), z.null()], { error: 'must be a string, number or null' }).optional(),
  method: z.string({ error: 'must be a non-empty string' }).min(1, 'must be a non-empty string').max(128, 'must be at most 128 characters'),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], { error: 'must be an array or object' }).optional(),
});
type RpcRequest = z.output<typeof rpcRequestSchema>;
/** One call of the request: forwarded to the node, or answered here with its JSON-RPC error. */
type CheckedCall = { call: RpcRequest } | { error: RpcErrorBody };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The validated call, or the JSON-RPC error it gets (keeping its id when it has a usable one). */
function checkCall(item: unknown, namespace: RpcNamespace): CheckedCall {
  const rawId = isObj(item) ? item.id : undefined;
  const id: RpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
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

/**
 * A batch's replies in the order of its calls: a refused call's error in its place, a forwarded call's
 * reply found by its id among the node's (a node may answer a batch in any order); notifications get
 * none. Node replies no call claims (an error for the whole batch, with id null) come last.
 */
function repliesInPlace(checked: CheckedCall[], nodeReplies: unknown[]): unknown[] {
  const idKey = (id: unknown) => JSON.stringify(id ?? null);
  const byId = new Map<string, unknown[]>();
  for (const reply of nodeReplies) {
    const key = idKey(isObj(reply) ? reply.id : null);
    const sameId = byId.get(key);
    if (sameId) sameId.push(reply);
    else byId.set(key, [reply]);
  }
  const replies: unknown[] = [];
  for (const item of checked) {
    if ('error' in item) replies.push(item.error);
    else if (item.call.id !== undefined) {
      const reply = byId.get(idKey(item.call.id))?.shift();
      if (reply !== undefined) replies.push(reply);
    }
  }
  for (const unclaimed of byId.values()) replies.push(...unclaimed);
  return replies;
}

export function chainRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/v1/supported-chains', endpoint({}, (c) => c.json({ http: c.var.ctx.chains.ids(), ws: [] })));

  // A JSON-RPC error is an answer, not a failed request: it goes with HTTP 200, as public RPC providers
  // send it, so clients (ethers, viem, @solana/kit) show its message instead of the HTTP status.
  // Transport-level refusals keep their status: 415 (the validator), 403, 429, 413, and 502/503 for the node.
  const proxy = async (c: Context<AppEnv>, chainId: string | undefined) => {
    const { chains } = c.var.ctx;
    const solana = chainId ? chains.getSolana(chainId) : undefined;
    const namespace: RpcNamespace = solana ? 'solana' : 'eip155';
    const rpcUrl = solana ? solana.config.rpcUrl : requireChain(chains, chainId).config.rpcUrl;

    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json(rpcError(null, -32700, 'Parse error'));
    }
    const batch = Array.isArray(body);
    const items = batch ? (body as unknown[]) : [body];
    if (batch && items.length === 0) return c.json(rpcError(null, -32600, 'Invalid Request: empty batch'));
    if (items.length > MAX_RPC_BATCH) return c.json(rpcError(null, -32600, `Invalid Request: at most ${MAX_RPC_BATCH} calls per batch`));

    const checked = items.map((item) => checkCall(item, namespace));
    const calls = checked.flatMap((item) => ('call' in item ? [item.call] : []));
    if (!batch && calls.length === 0) return c.json((checked[0] as { error: RpcErrorBody }).error);
    const answer = (nodeReplies: unknown[], status: 200 | 502 | 503 = 200) => {
      if (!batch) return nodeReplies.length > 0 ? c.json(nodeReplies[0], status) : c.body(null, 204);
      const replies = repliesInPlace(checked, nodeReplies);
      return replies.length > 0 ? c.json(replies, status) : c.body(null, 204);
    };
    if (calls.length === 0) return answer([]);

    const failAll = (status: 502 | 503, code: number, message: string) =>
      answer(calls.map((call) => rpcError(call.id ?? null, code, message)), status);

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
    if (reply.trim() === '' && calls.every((call) => call.id === undefined)) return answer([]); // notifications only
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
    return answer(Array.isArray(parsed) ? parsed : [parsed]);
  };
  const rpcQuery = z.object({ chainId: z.string().optional() });
  app.post('/v1/', endpoint({ query: rpcQuery, body: JSON_RPC_BODY }, (c, { query }) => proxy(c, query.chainId)));
  app.post('/v1', endpoint({ query: rpcQuery, body: JSON_RPC_BODY }, (c, { query }) => proxy(c, query.chainId)));

  return app;
}
