/** zod schemas for everything a client may send. Unknown extra fields are allowed (clients add new ones). */
import { z } from 'zod';
import { RawNumber, type RpcId } from './json';

export const idSchema = z.union([z.string().max(128), z.number(), z.null(), z.instanceof(RawNumber)]);

/** The `id` of a JSON-RPC object when it is a valid one, else null (for error replies to what could not be read). */
export function requestIdOf(value: unknown): RpcId {
  const id = value && typeof value === 'object' && 'id' in value ? idSchema.safeParse(value.id) : null;
  return id?.success ? id.data : null;
}

const jsonrpc = z.literal('2.0').optional();

export const requestSchema = z.looseObject({
  id: idSchema.optional(),
  jsonrpc,
  method: z.string().min(1).max(128),
  params: z.unknown().optional(),
});

export const responseSchema = z.union([
  z.looseObject({ id: idSchema, jsonrpc, result: z.unknown() }).refine((v) => 'result' in v),
  z.looseObject({
    id: idSchema,
    jsonrpc,
    error: z.looseObject({ code: z.number(), message: z.string().optional() }),
  }),
]);

export type RpcRequest = z.infer<typeof requestSchema>;

export const topicSchema = z.string().min(1).max(256);
const message = z.string().min(1);
const ttl = z.number().int().positive();
const tag = z.number().int().nonnegative().optional();

export const publishParams = z.looseObject({
  topic: topicSchema,
  message,
  ttl,
  tag,
  prompt: z.boolean().optional(),
  attestation: z.string().optional(),
});

export const paramsSchemas = {
  irn_subscribe: z.looseObject({ topic: topicSchema }),
  irn_batchSubscribe: z.looseObject({ topics: z.array(topicSchema).min(1) }),
  irn_unsubscribe: z.looseObject({ topic: topicSchema, id: z.string().max(256).optional() }),
  irn_batchUnsubscribe: z.looseObject({
    subscriptions: z.array(z.looseObject({ topic: topicSchema, id: z.string().max(256).optional() })).min(1),
  }),
  irn_publish: publishParams,
  irn_batchPublish: z.looseObject({ messages: z.array(publishParams).min(1) }),
  irn_fetchMessages: z.looseObject({ topic: topicSchema }),
  irn_batchFetchMessages: z.looseObject({ topics: z.array(topicSchema).min(1) }),
  wc_proposeSession: z.looseObject({
    pairingTopic: topicSchema,
    sessionProposal: message,
    ttl: ttl.optional(),
    tag,
  }),
  wc_approveSession: z.looseObject({
    sessionTopic: topicSchema,
    pairingTopic: topicSchema,
    sessionProposalResponse: message,
    sessionSettlementRequest: message,
    ttl: ttl.optional(),
    tag,
  }),
} as const;

export type RelayMethod = keyof typeof paramsSchemas;

export function isRelayMethod(method: string): method is RelayMethod {
  return Object.prototype.hasOwnProperty.call(paramsSchemas, method);
}

/** The payload of the JWT in the `auth` query parameter; only `iss` is used. */
export const jwtPayloadSchema = z.looseObject({ iss: z.string().min(1).max(256) });

/** `z.prettifyError`-like one-line summary for -32602 replies. */
export function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') : 'params'}: ${i.message}`)
    .join('; ');
}
