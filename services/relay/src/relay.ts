/**
 * A WalletConnect v2 relay for development, tests and small self-hosted deployments.
 *
 * In-memory, single process. Speaks the subset of the IRN relay protocol that the published
 * clients (@walletconnect/core 2.x, sign-client, universal-provider, @reown/walletkit) use:
 * subscriptions keyed by client id, a per-topic mailbox with TTL, publish to every other
 * subscriber, wc_proposeSession / wc_approveSession, batch calls, acks, server pings.
 * The modules: transport (sockets, frames), methods (JSON-RPC), delivery, mailbox, clients
 * (subscriptions), limits (every bound, with its default).
 *
 * The client id is the `iss` of the relay-auth JWT in the `auth` query parameter, whose signature,
 * audience and times are verified (auth.ts). It listens on loopback unless `allowRemote` says the
 * operator means it.
 */
import { createServer } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { z } from 'zod';
import { audienceKey, relayUrlSchema } from './auth';
import { Clients } from './clients';
import { Delivery } from './delivery';
import { resolveLimits, type RelayLimits } from './limits';
import { createLogger, isLogLevel, type LogLevel } from './logger';
import { Mailbox } from './mailbox';
import { createDispatch } from './methods';
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

  const clients = new Clients(limits, log);
  const mailbox = new Mailbox(limits);
  const send = createSend(limits.maxBufferedBytes, log);
  const delivery = new Delivery(clients, mailbox, send, limits);
  const dispatch = createDispatch({ limits, log, clients, delivery });

  const server = createServer((req, res) => {
    if (req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, ...stats() }));
      return;
    }
    res.writeHead(426, { 'content-type': 'text/plain' });
    res.end('Portico WalletConnect relay: connect with a WebSocket (ws://…?auth=<JWT>)\n');
  });
  server.on('clientError', (_err, socket) => socket.destroy());
  const transport = createTransport(server, { limits, log, clients, send, dispatch, onClosed: (conn) => delivery.requeue(conn), pingIntervalMs, audiences: () => audiences });

  const sweepTimer = setInterval(() => {
    const now = Date.now();
    const removed = mailbox.sweep(now);
    if (removed) log.debug(`swept ${removed} expired message(s)`);
    clients.sweep(now);
  }, options.sweepIntervalMs ?? 1_000);
  sweepTimer.unref();

  function stats(): RelayStats {
    return { connections: transport.connections(), ...clients.stats(), ...mailbox.stats() };
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `ws://${urlHost(host)}:${port}`;
  audiences = relayAudiences(host, port, options.publicUrls ?? []);
  log.info(`listening on ${url}; auth tokens must name one of ${[...audiences].join(', ')}`);

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
