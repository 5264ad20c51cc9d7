/**
 * A WalletConnect v2 relay for development, tests and small self-hosted deployments.
 *
 * In memory in one process by default; with `redisUrl`, one node of a cluster sharing its mailbox, subscriptions
 * and deliveries through Redis (cluster.ts). Speaks the subset of the IRN relay protocol that the published
 * clients (@walletconnect/core 2.x, sign-client, universal-provider, @reown/walletkit) use:
 * subscriptions keyed by client id, a per-topic mailbox with TTL, publish to every other
 * subscriber, wc_proposeSession / wc_approveSession, batch calls, acks, server pings.
 * The modules: transport (sockets, frames), methods (JSON-RPC), delivery, mailbox, clients
 * (subscriptions), limits (every bound, with its default), metrics (/metrics).
 *
 * The client id is the `iss` of the relay-auth JWT in the `auth` query parameter, whose signature,
 * audience and times are verified (auth.ts). It listens on loopback unless `allowRemote` says the
 * operator means it.
 */
import { createServer } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { clientAddressReader, metricsAuthorized, metricsTokenField } from '@portico/service-kit';
import { z } from 'zod';
import { andThen } from './awaitable';
import { audienceKey, relayUrlSchema } from './auth';
import { Clients } from './clients';
import { Cluster, DEFAULT_REDIS_KEY_PREFIX, redisUrlForLogs } from './cluster';
import { Delivery } from './delivery';
import { resolveLimits, type RelayLimits } from './limits';
import { createLogger, isLogLevel, type LogLevel } from './logger';
import { Mailbox } from './mailbox';
import { createDispatch } from './methods';
import { RelayMetrics } from './metrics';
import { createSend, createTransport } from './transport';

export { subscriptionId } from './clients';
export { RPC_ERRORS } from './errors';
export { DEFAULT_LIMITS, limitsFromEnv, type RelayLimits } from './limits';

export interface RelayOptions {
  /** Default 127.0.0.1; a host that is not loopback is refused unless `allowRemote`. */
  host?: string;
  port?: number;
  /** Listen on a host that is not loopback. Default false. */
  allowRemote?: boolean;
  /**
   * The URLs clients reach this relay at, besides its own listening URL (and, on loopback, the
   * other loopback names): behind a proxy, or on another host. An auth token must name one in `aud`.
   */
  publicUrls?: string[];
  logLevel?: LogLevel;
  /** Overrides of `DEFAULT_LIMITS` (limits.ts); unknown keys and non-positive values are refused. */
  limits?: Partial<RelayLimits>;
  /** Server ping period (ws ping frames); must be shorter than `limits.maxSilentMs`. */
  pingIntervalMs?: number;
  /** How often expired mailbox messages and long-offline clients are swept. */
  sweepIntervalMs?: number;
  /** Where log lines go (default stderr). */
  logWrite?: (line: string) => void;
  /**
   * Cluster mode: `redis://[:password@]host:port[/db]` (or `rediss://`) of the Redis every node shares. Without it
   * the relay keeps everything in this process's memory.
   */
  redisUrl?: string;
  /** Cluster mode: prefix of the relay's Redis keys and channels (default `portico:relay:`), to share a Redis with other clusters. */
  redisKeyPrefix?: string;
  /** The Bearer token `/metrics` is served to; without one there is no `/metrics` (the port is the public's). */
  metricsToken?: string;
  /**
   * The load balancers in front (addresses, CIDR ranges, `loopback`…): the per-address limits count the visitor their
   * X-Forwarded-For names instead of the load balancer. Default none: the socket's peer.
   */
  trustedProxies?: string[];
}

export interface RelayStats {
  connections: number;
  clients: number;
  topics: number;
  subscriptions: number;
  storedMessages: number;
  storedBytes: number;
}

export interface RelayHandle {
  /** ws://host:port with the real port. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Closes every client socket with `code` (default 1012 "service restart"); clients reconnect. */
  dropConnections(code?: number): number;
  stats(): RelayStats;
}

const interval = z.number().int().positive().max(2 ** 31 - 1);
const optionsSchema = z.strictObject({
  host: z.string().min(1).optional(),
  port: z.number().int().min(0).max(65535).optional(),
  allowRemote: z.boolean().optional(),
  publicUrls: z.array(relayUrlSchema).optional(),
  logLevel: z.string().refine(isLogLevel, 'must be debug, info, warn, error or silent').optional(),
  limits: z.unknown().optional(),
  pingIntervalMs: interval.optional(),
  sweepIntervalMs: interval.optional(),
  logWrite: z.function().optional(),
  redisUrl: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  redisKeyPrefix: z.string().min(1).max(200).optional(),
  metricsToken: metricsTokenField(),
  trustedProxies: z.array(z.string()).optional(),
});

/** Close codes the clients recover from by reconnecting (3000 and up stop them for good). */
const isReconnectCode = (code: number) => code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code);

export async function startRelay(options: RelayOptions = {}): Promise<RelayHandle> {
  const checked = optionsSchema.safeParse(options);
  if (!checked.success) throw new TypeError(`startRelay: ${checked.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ')}`);
  const limits = resolveLimits(options.limits);
  const pingIntervalMs = options.pingIntervalMs ?? 15_000;
  if (pingIntervalMs >= limits.maxSilentMs) {
    throw new TypeError(`startRelay: pingIntervalMs (${pingIntervalMs}) must be shorter than limits.maxSilentMs (${limits.maxSilentMs}), or live clients are dropped`);
  }
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host) && !options.allowRemote) {
    throw new Error(
      `relay: refusing to listen on ${host}: a development relay (in memory, no project or origin checks) listens on loopback; use a loopback host, or allowRemote (RELAY_ALLOW_REMOTE=1) if you really mean it`,
    );
  }
  let audiences: ReadonlySet<string> = new Set();
  const log = createLogger(options.logLevel ?? 'info', options.logWrite);

  const cluster = options.redisUrl
    ? await Cluster.connect({ redisUrl: options.redisUrl, keyPrefix: options.redisKeyPrefix ?? DEFAULT_REDIS_KEY_PREFIX, limits, log })
    : undefined;
  const clients = new Clients(limits, log, cluster?.topicChanged);
  const mailbox = cluster?.mailbox ?? new Mailbox(limits);
  const send = createSend(limits.maxBufferedBytes, log);
  const metrics = new RelayMetrics({
    sockets: () => transport.connections(),
    // While Redis is away: the last figures read (portico_relay_redis_up says so).
    mailbox: () => cluster?.mailbox.readStats().catch(() => cluster.mailbox.stats()) ?? mailbox.stats(),
    redisUp: cluster && (async () => (await cluster.problem()) === null),
  });
  const delivery = new Delivery({ clients, mailbox, send, limits, log, metrics, announcer: cluster });
  cluster?.onAnnounced((msg) => delivery.fanOut(msg));
  const dispatch = createDispatch({ limits, log, clients, delivery, shared: cluster });

  const server = createServer((req, res) => {
    const reply = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (req.url === '/health') {
      void health().then(({ status, body }) => reply(status, 'application/json', JSON.stringify(body)));
      return;
    }
    if (req.url === '/metrics' && options.metricsToken !== undefined) {
      if (!metricsAuthorized(req.headers.authorization, options.metricsToken)) {
        reply(401, 'text/plain', 'metrics: send the metrics token as Authorization: Bearer <token>\n');
        return;
      }
      metrics.text().then(
        (text) => reply(200, metrics.contentType, text),
        (err: Error) => reply(503, 'text/plain', `metrics unavailable: ${err.message}\n`),
      );
      return;
    }
    reply(426, 'text/plain', 'Portico WalletConnect relay: connect with a WebSocket (ws://…?auth=<JWT>)\n');
  });
  server.on('clientError', (_err, socket) => socket.destroy());
  const transport = createTransport(server, {
    limits,
    log,
    clients,
    send,
    dispatch,
    metrics,
    cluster,
    onClosed(conn) {
      delivery.requeue(conn);
      if (cluster && conn.client.sockets.size === 0) cluster.offline(conn.client.id).catch((err: Error) => log.warn(`${conn.client.short} went offline but Redis did not hear it (its subscriptions stay kept): ${err.message}`));
    },
    pingIntervalMs,
    audiences: () => audiences,
    addressOf: clientAddressReader(options.trustedProxies),
  });

  let sweeping = false;
  const sweepTimer = setInterval(() => {
    if (sweeping) return; // cluster mode: the last sweep still waits on Redis
    const now = Date.now();
    clients.sweep(now);
    const swept = andThen(mailbox.sweep(now), (removed) => {
      if (removed) log.debug(`swept ${removed} expired message(s)`);
    });
    if (swept instanceof Promise) {
      sweeping = true;
      swept.catch((err: Error) => log.debug(`sweep skipped: ${err.message}`)).finally(() => (sweeping = false));
    }
  }, options.sweepIntervalMs ?? 1_000);
  sweepTimer.unref();

  function stats(): RelayStats {
    return { connections: transport.connections(), ...clients.stats(), ...mailbox.stats() };
  }

  /** 200 with the figures; in cluster mode 503 with the reason while Redis does not answer. */
  async function health(): Promise<{ status: number; body: object }> {
    if (!cluster) return { status: 200, body: { ok: true, ...stats() } };
    const problem = await cluster.problem();
    if (problem) return { status: 503, body: { ok: false, redis: 'down', error: problem, ...stats() } };
    const shared = await cluster.mailbox.readStats().catch(() => null);
    if (!shared) return { status: 503, body: { ok: false, redis: 'down', error: 'Redis unreachable', ...stats() } };
    return { status: 200, body: { ok: true, redis: 'up', ...stats(), ...shared } };
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (err: unknown) => {
    clearInterval(sweepTimer);
    await cluster?.close();
    throw err;
  });
  const { port } = server.address() as AddressInfo;
  const url = `ws://${urlHost(host)}:${port}`;
  audiences = relayAudiences(host, port, options.publicUrls ?? []);
  log.info(`listening on ${url}; auth tokens must name one of ${[...audiences].join(', ')}`);
  if (options.redisUrl) log.info(`cluster mode: mailbox, subscriptions and deliveries shared through Redis at ${redisUrlForLogs(options.redisUrl)}`);

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    stats,
    dropConnections(code = 1012) {
      if (!isReconnectCode(code)) throw new RangeError(`dropConnections: close code ${code} would stop the clients from reconnecting; use 1000–1014`);
      return transport.drop(code, 'relay dropped the connection');
    },
    close() {
      closing ??= (async () => {
        clearInterval(sweepTimer);
        await transport.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
        await delivery.idle();
        await cluster?.close();
        log.info('closed');
      })();
      return closing;
    },
  };
}

function isLoopback(host: string): boolean {
  const h = host.toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

const urlHost = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

/** What clients' tokens may name in `aud`: the listening URL, the loopback names when loopback reaches it, and the public URLs. */
function relayAudiences(host: string, port: number, publicUrls: readonly string[]): ReadonlySet<string> {
  const reachedOnLoopback = isLoopback(host) || host === '0.0.0.0' || host === '::';
  const hosts = [urlHost(host), ...(reachedOnLoopback ? ['127.0.0.1', 'localhost', '[::1]'] : [])];
  return new Set([...hosts.map((h) => `ws://${h}:${port}`), ...publicUrls].map((url) => audienceKey(url)!));
}
