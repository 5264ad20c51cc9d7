/**
 * The bundler's public endpoint, `POST /rpc`: a small HTTP server (hono) in front of Alto, which listens on
 * loopback at a port of its own. Alto does not hold every path to the same rules: its gas-price floor (a user
 * operation priced below the bundler's own gas price is refused) is skipped for API version `v1` (the default
 * of `/rpc`), in safe mode and for `boost_sendUserOperation` (0 wei), and then its executor pays the bundle's
 * gas for next to nothing. Its CORS mode answers every origin. So the gateway:
 * - forwards only the JSON-RPC methods a client of the product needs (BUNDLER_RPC_METHODS), one request at a time;
 * - refuses an `eth_sendUserOperation` whose maxFeePerGas or maxPriorityFeePerGas is below Alto's current gas
 *   price (`pimlico_getUserOperationGasPrice`, its `slow` tier), whatever the mode;
 * - answers browsers from allowed origins only (CORS allow-list) and refuses requests from any other origin.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { z } from 'zod';

/** What the gateway forwards: ERC-4337's methods a wallet uses, and Alto's gas price (`bundlerFeesPerGas`). */
export const BUNDLER_RPC_METHODS = [
  'eth_chainId',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
  'eth_sendUserOperation',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'pimlico_getUserOperationGasPrice',
] as const;
/** Largest request body: Alto's own limit (fastify's default), applied before anything is forwarded. */
export const MAX_REQUEST_BYTES = 1_048_576;
/** How long the gateway waits for Alto's answer (a send simulates the operation first). */
export const UPSTREAM_TIMEOUT_MS = 30_000;
/** How long a browser may keep a preflight's answer (seconds). */
export const CORS_MAX_AGE_S = 600;

/** JSON-RPC error codes (EIP-1474; ERC-7769 uses -32602 for refused fields, as Alto does). */
const RPC_ERROR = { parse: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, internal: -32603 } as const;

/** Browser origins the bundler answers: exact origins, and in development any loopback origin. */
export interface AllowedOrigins {
  origins: readonly string[];
  loopback: boolean;
}

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An http(s) origin on 127.0.0.1, localhost or [::1], any port (the demo's pages and the e2e's free ports). */
export function isLoopbackOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTNAMES.has(url.hostname);
}

function isAllowedOrigin(allowed: AllowedOrigins, origin: string): boolean {
  return allowed.origins.includes(origin) || (allowed.loopback && isLoopbackOrigin(origin));
}

const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity of at most 256 bits');
const rpcRequest = z.strictObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  method: z.string(),
  params: z.array(z.unknown()).optional(),
});
const isAllowedMethod = (method: string): method is (typeof BUNDLER_RPC_METHODS)[number] => (BUNDLER_RPC_METHODS as readonly string[]).includes(method);
/** The fee fields of a user operation; Alto validates the rest of it. */
const sendUserOperationParams = z.tuple([z.looseObject({ maxFeePerGas: hexQuantity, maxPriorityFeePerGas: hexQuantity }), z.string()]);
const fees = z.object({ maxFeePerGas: hexQuantity, maxPriorityFeePerGas: hexQuantity });
const gasPriceReply = z.object({ result: z.object({ slow: fees }) });

export interface StartGatewayOptions {
  host: string;
  port: number;
  /** Alto's JSON-RPC endpoint, on loopback. */
  upstreamUrl: string;
  allowedOrigins: AllowedOrigins;
  /** Default UPSTREAM_TIMEOUT_MS. */
  upstreamTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface RunningGateway {
  /** http://host:port/rpc */
  url: string;
  stop(): Promise<void>;
}

/** The endpoint's URL: http://host:port/rpc (an IPv6 host in brackets). */
export const endpointUrl = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}/rpc`;

type RpcId = string | number | null;
const rpcError = (c: Context, id: RpcId, code: number, message: string, status: 200 | 400 | 403 | 413 | 415 | 502 = 200) =>
  c.json({ jsonrpc: '2.0', id, error: { code, message } }, status);

export async function startGateway(options: StartGatewayOptions): Promise<RunningGateway> {
  const { host, port, upstreamUrl, allowedOrigins, upstreamTimeoutMs = UPSTREAM_TIMEOUT_MS } = options;
  const log = options.log ?? (() => {});

  const upstream = (body: string) =>
    fetch(upstreamUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(upstreamTimeoutMs) });

  /** Alto's current gas price: what its executor pays for a bundle, so the least a user operation may offer. */
  async function gasPriceFloor(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const response = await upstream(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'pimlico_getUserOperationGasPrice', params: [] }));
    const reply = gasPriceReply.safeParse(await response.json());
    if (!reply.success) throw new Error('Alto answered pimlico_getUserOperationGasPrice with an unexpected reply');
    return { maxFeePerGas: BigInt(reply.data.result.slow.maxFeePerGas), maxPriorityFeePerGas: BigInt(reply.data.result.slow.maxPriorityFeePerGas) };
  }

  const app = new Hono();
  app.use(
    '/rpc',
    cors({
      origin: (origin) => (isAllowedOrigin(allowedOrigins, origin) ? origin : null),
      allowMethods: ['POST'],
      allowHeaders: ['Content-Type'],
      maxAge: CORS_MAX_AGE_S,
    }),
  );
  app.use('/rpc', async (c, next) => {
    // Browsers send Origin on cross-origin requests: only the allowed ones reach Alto (servers send none).
    const origin = c.req.header('origin');
    if (origin !== undefined && !isAllowedOrigin(allowedOrigins, origin)) {
      return rpcError(c, null, RPC_ERROR.invalidRequest, `Origin ${origin} is not allowed to use this bundler`, 403);
    }
    await next();
  });
  app.use(
    '/rpc',
    bodyLimit({ maxSize: MAX_REQUEST_BYTES, onError: (c) => rpcError(c, null, RPC_ERROR.invalidRequest, `The request body must be at most ${MAX_REQUEST_BYTES} bytes`, 413) }),
  );
  app.notFound((c) => c.json({ error: `Not found: this bundler answers POST /rpc only` }, 404));
  app.onError((error, c) => {
    log(`bundler gateway: ${c.req.method} ${c.req.path}: ${error.message}`);
    return rpcError(c, null, RPC_ERROR.internal, 'Internal error', 502);
  });

  app.post('/rpc', async (c) => {
    if (c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
      return rpcError(c, null, RPC_ERROR.invalidRequest, 'The content-type must be application/json', 415);
    }
    const body = await c.req.text();
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return rpcError(c, null, RPC_ERROR.parse, 'The body is not JSON', 400);
    }
    if (Array.isArray(json)) return rpcError(c, null, RPC_ERROR.invalidRequest, 'Batch requests are not supported: send one request at a time', 400);
    const request = rpcRequest.safeParse(json);
    if (!request.success) {
      const issue = request.error.issues[0]!;
      return rpcError(c, null, RPC_ERROR.invalidRequest, `Invalid JSON-RPC request: ${issue.path.join('.') || 'request'}: ${issue.message}`, 400);
    }
    const { id, method, params } = request.data;
    if (!isAllowedMethod(method)) {
      return rpcError(c, id, RPC_ERROR.methodNotFound, `Method not supported: ${method} (this bundler serves ${BUNDLER_RPC_METHODS.join(', ')})`);
    }
    if (method === 'eth_sendUserOperation') {
      const sent = sendUserOperationParams.safeParse(params);
      if (!sent.success) {
        const issue = sent.error.issues[0]!;
        return rpcError(c, id, RPC_ERROR.invalidParams, `Invalid eth_sendUserOperation params: ${issue.path.join('.') || 'params'}: ${issue.message}`);
      }
      const [userOperation] = sent.data;
      let floor: Awaited<ReturnType<typeof gasPriceFloor>>;
      try {
        floor = await gasPriceFloor();
      } catch (error) {
        log(`bundler gateway: no gas price from Alto: ${(error as Error).message}`);
        return rpcError(c, id, RPC_ERROR.internal, "The bundler's gas price could not be read, so the operation was not sent", 502);
      }
      for (const field of ['maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
        const offered = BigInt(userOperation[field]);
        if (offered < floor[field]) {
          return rpcError(
            c,
            id,
            RPC_ERROR.invalidParams,
            `${field} must be at least ${floor[field]} wei (the bundler's gas price), not ${offered}: use pimlico_getUserOperationGasPrice`,
          );
        }
      }
    }
    let response: Response;
    try {
      response = await upstream(body);
    } catch (error) {
      log(`bundler gateway: Alto did not answer ${method}: ${(error as Error).message}`);
      return rpcError(c, id, RPC_ERROR.internal, 'The bundler did not answer', 502);
    }
    return new Response(await response.text(), { status: response.status, headers: { 'content-type': 'application/json' } });
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(s));
    s.once('error', reject);
  });
  const { port: boundPort } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: endpointUrl(host, boundPort),
    stop() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      return closing;
    },
  };
}
