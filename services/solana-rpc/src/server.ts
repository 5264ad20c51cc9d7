/**
 * `startSolanaRpc`: Portico's local Solana chain, a JSON-RPC 2.0 server (POST /, single or batch) in the
 * reply shapes of Solana's own RPC, backed by a real SVM (litesvm), and Solana's PubSub WebSocket on its own
 * port (pubsub.ts). DEVELOPMENT AND TESTS: loopback only unless allowed; requestAirdrop and CORS for any origin
 * only in development mode.
 */
import { isIP, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { SOLANA_RPC_DEFAULT_PORT } from './accounts';
import { Chain } from './chain';
import { accountMethods } from './methods-accounts';
import { chainMethods } from './methods-chain';
import { transactionMethods } from './methods-transactions';
import { PUBSUB_PING_INTERVAL_MS, startPubsub } from './pubsub';
import { MAX_BATCH, dispatch, errorReply, toJson } from './rpc';

export { SOLANA_RPC_DEFAULT_PORT } from './accounts';
export { MAX_BATCH } from './rpc';
export { PUBSUB_MAX_BUFFERED_BYTES, PUBSUB_MAX_CONNECTIONS, PUBSUB_MAX_FRAME_BYTES, PUBSUB_PING_INTERVAL_MS } from './pubsub';
export { PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION } from './subscriptions';
/** Largest request body (bytes). */
export const MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_AIRDROP_MAX_LAMPORTS = 100n * 1_000_000_000n;
/** Blocks getBlock answers by default (one per slot: about 5.5 hours at 400 ms). */
export const DEFAULT_MAX_BLOCKS = 50_000;

const optionsSchema = z.strictObject({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.number().int().min(0).max(65535).default(SOLANA_RPC_DEFAULT_PORT),
  allowRemote: z.boolean().default(false),
  /** Development mode: requestAirdrop, and CORS for any origin unless `corsOrigins` is given. */
  development: z.boolean().default(false),
  /** Origins a browser may call from (e.g. 'http://localhost:3000'); none by default outside development mode. */
  corsOrigins: z.array(z.url({ error: 'corsOrigins must be origins such as http://localhost:3000' }).max(2048)).max(100).optional(),
  slotMs: z.number().int().min(1).max(60_000).default(400),
  blockhashValiditySlots: z.number().int().min(1).max(100_000).default(150),
  maxTransactions: z.number().int().min(1).max(1_000_000).default(10_000),
  maxBlocks: z.number().int().min(1).max(1_000_000).default(DEFAULT_MAX_BLOCKS),
  /** Solana's PubSub WebSocket port; default: the HTTP port + 1, which @solana/web3.js derives (a free port when port is 0). */
  pubsubPort: z.number().int().min(0).max(65535).optional(),
  /** How often PubSub pings its clients; one silent since the previous ping is dropped. */
  pubsubPingIntervalMs: z.number().int().min(10).max(600_000).default(PUBSUB_PING_INTERVAL_MS),
  airdropMaxLamports: z.bigint().min(1n).default(DEFAULT_AIRDROP_MAX_LAMPORTS),
  log: z.custom<(line: string) => void>((v) => typeof v === 'function', 'log must be a function').optional(),
});

export type StartSolanaRpcOptions = z.input<typeof optionsSchema>;

/** A bad option (the message names it); the CLI answers it as a bad environment (exit 2). */
export class SolanaRpcOptionsError extends Error {}

export interface RunningSolanaRpc {
  /** http://host:port with the real port. */
  url: string;
  /** ws://host:port of the PubSub WebSocket, with the real port. */
  pubsubUrl: string;
  stop(): Promise<void>;
}

export function isLoopback(host: string): boolean {
  const h = host.toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

const urlHost = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

export async function startSolanaRpc(options: StartSolanaRpcOptions = {}): Promise<RunningSolanaRpc> {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SolanaRpcOptionsError(`bad option ${issue.path.join('.') || '(options)'}: ${issue.message}`);
  }
  const { host, port, allowRemote, development, corsOrigins, airdropMaxLamports, pubsubPort: givenPubsubPort, pubsubPingIntervalMs, log: givenLog, ...chainOptions } = parsed.data;
  const log = givenLog ?? (() => {});
  if (!isLoopback(host) && !allowRemote) {
    throw new Error(`solana-rpc: refusing to listen on ${host}: a development chain (public dev keys) listens on loopback; use allowRemote (PORTICO_SOLANA_RPC_ALLOW_REMOTE=1) if you really mean it`);
  }
  const pubsubPort = givenPubsubPort ?? (port === 0 ? 0 : port + 1);
  if (pubsubPort > 65535) throw new SolanaRpcOptionsError(`bad option pubsubPort: port is ${port}, so the PubSub port (port + 1) must be given`);
  if (pubsubPort !== 0 && pubsubPort === port) throw new SolanaRpcOptionsError('bad option pubsubPort: the PubSub port must differ from port');

  // Host names a loopback-bound chain answers; anything else may be a DNS-rebinding page.
  const allowedHostNames = isLoopback(host) ? new Set(['127.0.0.1', 'localhost', '[::1]', urlHost(host.toLowerCase())]) : undefined;
  const hostAllowed = (header: string | undefined) => !allowedHostNames || allowedHostNames.has((header ?? '').toLowerCase().replace(/:\d+$/, ''));
  const origins = corsOrigins?.map((origin) => new URL(origin).origin) ?? (development ? '*' : []);
  // A browser always sends Origin with a WebSocket (which CORS does not cover); other clients send none.
  const originAllowed = (origin: string | undefined) => origin === undefined || origins === '*' || origins.includes(origin);

  const chain = await Chain.create(chainOptions);
  const methods = { ...chainMethods(chain), ...accountMethods(chain), ...transactionMethods(chain, { airdrop: development, airdropMaxLamports }) };
  // PubSub listens first: once the HTTP port answers, both do (scripts/services.mjs waits for the HTTP port).
  const pubsub = await startPubsub({ host, port: pubsubPort, chain, hostAllowed, originAllowed, pingIntervalMs: pubsubPingIntervalMs, log }).catch((err: unknown) => {
    chain.close();
    throw err;
  });

  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!hostAllowed(c.req.header('host'))) return c.json(errorReply(null, -32600, 'Host not allowed'), 403);
    await next();
  });
  app.use('*', cors({ origin: origins, allowMethods: ['POST', 'OPTIONS'], allowHeaders: ['Content-Type', 'solana-client'] }));
  app.get('/health', (c) => c.text('ok'));
  app.post(
    '/',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) =>
        // The body is left unread: close the connection rather than keep it alive half-read.
        c.json(errorReply(null, -32600, `Invalid request: the body is larger than ${MAX_BODY_BYTES} bytes`), 413, { connection: 'close' }),
    }),
    async (c) => {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.json(errorReply(null, -32700, 'Parse error'));
      }
      chain.tick();
      try {
        return c.body(toJson(await dispatch(body, methods, MAX_BATCH)), 200, { 'content-type': 'application/json' });
      } catch (err) {
        log(`solana-rpc: unexpected error: ${(err as Error).stack ?? String(err)}`);
        return c.json(errorReply(null, -32603, 'Internal error'), 500);
      }
    },
  );
  app.all('/', (c) => c.text('Used HTTP Method is not allowed. POST or OPTIONS is required', 405));

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(s));
    s.once('error', reject);
  }).catch(async (err: unknown) => {
    await pubsub.stop();
    chain.close();
    throw err;
  });
  const address = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(host)}:${address.port}`,
    pubsubUrl: `ws://${urlHost(host)}:${pubsub.port}`,
    stop() {
      closing ??= Promise.all([
        pubsub.stop(),
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        }),
      ]).then(() => chain.close());
      return closing;
    },
  };
}
