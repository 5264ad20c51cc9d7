/**
 * JSON-RPC 2.0 dispatch: single and batch requests, Solana's error codes, params validated with zod,
 * and replies serialized with u64 values (bigint) written as JSON integers, as Solana writes them.
 */
import { z } from 'zod';

/** Most requests in one batch (HTTP body or PubSub frame). */
export const MAX_BATCH = 100;

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const invalidParams = (message: string) => new RpcError(-32602, `Invalid params: ${message}`);

export interface RpcMethod<Schema extends z.ZodType = z.ZodType> {
  /** The positional params (a tuple). */
  params: Schema;
  run(params: z.output<Schema>): unknown;
}

/** Keeps the params' type for the method's `run`. */
export const method = <Schema extends z.ZodType>(params: Schema, run: (params: z.output<Schema>) => unknown): RpcMethod => ({ params, run: run as RpcMethod['run'] });

const requestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(256), z.number(), z.null()]).optional(),
  method: z.string().max(256),
  params: z.array(z.unknown()).optional(),
});

type Reply = { jsonrpc: '2.0'; id: string | number | null } & ({ result: unknown } | { error: { code: number; message: string; data?: unknown } });

export const errorReply = (id: string | number | null, code: number, message: string, data?: unknown): Reply => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

async function answer(request: unknown, methods: Readonly<Record<string, RpcMethod>>): Promise<Reply> {
  const parsed = requestSchema.safeParse(request);
  if (!parsed.success) {
    const id = (request as { id?: unknown } | null)?.id;
    return errorReply(typeof id === 'string' || typeof id === 'number' ? id : null, -32600, 'Invalid request');
  }
  const { id = null, method: name, params = [] } = parsed.data;
  const handler = Object.hasOwn(methods, name) ? methods[name] : undefined;
  if (!handler) return errorReply(id, -32601, 'Method not found');
  const args = handler.params.safeParse(params);
  if (!args.success) {
    const issue = args.error.issues[0]!;
    return errorReply(id, -32602, `Invalid params: ${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
  }
  try {
    return { jsonrpc: '2.0', id, result: await handler.run(args.data) };
  } catch (err) {
    if (err instanceof RpcError) return errorReply(id, err.code, err.message, err.data);
    throw err;
  }
}

/** A JSON-RPC 2.0 notification: a request object without `id`, which gets no reply. */
const isNotification = (request: unknown) => typeof request === 'object' && request !== null && !Object.hasOwn(request, 'id');

/**
 * The reply to a parsed body: one reply, or an array for a batch (at most `maxBatch` requests). With
 * `silentNotifications` (PubSub, where clients send `ping` notifications) notifications run but get no reply,
 * and null means nothing to send; the HTTP server answers them, as it always has.
 */
export async function dispatch(
  body: unknown,
  methods: Readonly<Record<string, RpcMethod>>,
  maxBatch: number,
  { silentNotifications = false }: { silentNotifications?: boolean } = {},
): Promise<Reply | Reply[] | null> {
  const replyTo = async (request: unknown) => {
    const reply = await answer(request, methods);
    return silentNotifications && isNotification(request) ? null : reply;
  };
  if (!Array.isArray(body)) return replyTo(body);
  if (body.length === 0) return errorReply(null, -32600, 'Invalid request: empty batch');
  if (body.length > maxBatch) return errorReply(null, -32600, `Invalid request: a batch has at most ${maxBatch} requests, not ${body.length}`);
  const replies: Reply[] = [];
  // One after another: a batch's transactions land in order.
  for (const request of body) {
    const reply = await replyTo(request);
    if (reply) replies.push(reply);
  }
  return replies.length ? replies : null;
}

const BIGINT_MARK = '\u0000bigint:';

/** JSON with bigints as integers (u64 lamports, rentEpoch = 2^64 - 1). */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${BIGINT_MARK}${v}` : v)).replace(/"\\u0000bigint:(\d+)"/g, '$1');
}
