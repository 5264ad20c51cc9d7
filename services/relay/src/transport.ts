/**
 * Sockets: the HTTP upgrade (connection limits, then the client's auth token), frames (size, JSON, batches, rate),
 * server pings and the silence timeout. What a frame means is up to `dispatch` (methods.ts).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { andThen, inOrder, type Awaitable } from './awaitable';
import { errorText, idFromPrefix, parseJson } from './json';
import { authenticate } from './auth';
import type { Clients } from './clients';
import { RPC_ERRORS } from './errors';
import { ipKey, RateWindow, type RelayLimits } from './limits';
import type { Logger } from './logger';
import type { RateLimitName, RelayMetrics } from './metrics';
import { requestIdOf } from './schemas';
import type { ClientState, Conn } from './types';

/** Bytes at the start of an oversized frame searched for its request id (the clients write `id` first). */
export const ID_PREFIX_BYTES = 1024;

/** Close code for a socket whose auth token is refused (policy violation: the clients reconnect with a new token). */
export const UNAUTHORIZED_CLOSE_CODE = 1008;
/** What a WebSocket close frame holds of a reason. */
const MAX_CLOSE_REASON_BYTES = 123;

/** Work to run after a frame's replies are sent (e.g. delivering stored messages after a subscribe result). */
export type After = Array<() => void>;
export type Send = (conn: Conn, text: string) => void;
/** Handles one JSON-RPC object; returns the reply text, or null when none is due (a promise in cluster mode). */
export type Dispatch = (conn: Conn, value: unknown, after: After, limited: boolean) => Awaitable<string | null>;

/** Cluster mode's say in new sockets. */
export interface ClusterGate {
  /** Why this node cannot take sockets now (Redis unreachable: they get 503), or null. */
  unavailable(): string | null;
  /** The client's subscriptions kept in Redis, as it connects to this node. */
  subscriptionsOf(clientId: string): Promise<string[]>;
}

/** Sends text, or closes 1013 a socket that has more than `maxBufferedBytes` unsent (a slow consumer). */
export function createSend(maxBufferedBytes: number, log: Logger): Send {
  return (conn, text) => {
    const { ws } = conn;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > maxBufferedBytes) {
      log.warn(`${conn.client.short} slow consumer (${ws.bufferedAmount} bytes queued), closing 1013`);
      ws.close(1013, 'slow consumer');
      return;
    }
    ws.send(text);
  };
}

export interface TransportDeps {
  limits: RelayLimits;
  log: Logger;
  clients: Clients;
  send: Send;
  dispatch: Dispatch;
  /** Called once per socket after it closed and left its client. */
  onClosed(conn: Conn): void;
  pingIntervalMs: number;
  metrics: RelayMetrics;
  cluster?: ClusterGate;
  /** The audiences (`audienceKey`) a client's auth token may name: this relay's URLs. */
  audiences(): ReadonlySet<string>;
  /** The address a socket's limits count (service-kit's clientAddressReader: the visitor's behind a trusted load balancer). */
  addressOf(req: IncomingMessage): string;
}

export function createTransport(server: Server, deps: TransportDeps) {
  const { limits, log, clients, send, metrics } = deps;
  /** Clients' sockets. */
  const conns = new Set<Conn>();
  /** TCP sockets that passed the connection limits (see `holdSlot`), in all and by address key. */
  let sockets = 0;
  const perIp = new Map<string, number>();
  let closing = false;
  /** Frames being handled (cluster mode), awaited at close. */
  const handling = new Set<Promise<void>>();
  // Before the token's signature check, the one costly step of an upgrade.
  const newConnections = new RateLimiterMemory({ points: limits.maxNewConnectionsPerIpPerSecond, duration: 1 });

  const wss = new WebSocketServer({
    noServer: true,
    // Hard cap: frames up to this are read and answered with an error; bigger ones are cut by ws (1009).
    maxPayload: Math.max(limits.maxMessageBytes * 2, limits.maxMessageBytes + 64 * 1024),
    perMessageDeflate: false,
  });

  /** Counts `n` messages against the socket's per-second budget; true when over it. A flood is closed 1008. */
  function overRate(conn: Conn, n: number): boolean {
    const rate = conn.rate.add(n);
    if (rate === 'flood' && conn.ws.readyState === WebSocket.OPEN) {
      log.warn(`${conn.client.short} flooding (over ${limits.maxMessagesPerSecond} messages per second), closing 1008`);
      conn.ws.close(1008, 'rate limit exceeded');
    }
    if (rate !== 'ok') metrics.onRateLimited('messages_per_second');
    return rate !== 'ok';
  }

  function onMessage(conn: Conn, data: RawData): Awaitable<void> {
    conn.lastSeenAt = Date.now();
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    // Binary frames are read as UTF-8 text too.
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (buf.byteLength > limits.maxMessageBytes) {
      // Answered under the request's own id, or the clients cannot match the error (WalletConnect's throws reading `id`).
      const id = requestIdOf({ id: idFromPrefix(buf.subarray(0, ID_PREFIX_BYTES).toString('utf8')) });
      log.warn(`${conn.client.short} sent ${buf.byteLength} bytes (max ${limits.maxMessageBytes})`);
      if (!overRate(conn, 1)) send(conn, errorText(id, RPC_ERRORS.limitExceeded, `limit exceeded: message of ${buf.byteLength} bytes (max ${limits.maxMessageBytes})`));
      return;
    }
    let value: unknown;
    try {
      value = parseJson(buf.toString('utf8'));
    } catch {
      if (!overRate(conn, 1)) send(conn, errorText(null, RPC_ERRORS.parse, 'Parse error'));
      return;
    }
    const after: After = [];
    const runAfter = () => {
      for (const fn of after) fn();
    };
    if (!Array.isArray(value)) {
      return andThen(deps.dispatch(conn, value, after, overRate(conn, 1)), (reply) => {
        if (reply) send(conn, reply);
        runAfter();
      });
    }
    if (value.length === 0) {
      send(conn, errorText(null, RPC_ERRORS.invalidRequest, 'Invalid Request: empty batch'));
    } else if (value.length > limits.maxBatchSize) {
      send(conn, errorText(null, RPC_ERRORS.limitExceeded, `limit exceeded: batch of ${value.length} (max ${limits.maxBatchSize})`));
    } else {
      const limited = overRate(conn, value.length);
      return andThen(inOrder(value, (v) => deps.dispatch(conn, v, after, limited)), (all) => {
        const replies = all.filter((r): r is string => r !== null);
        if (replies.length) send(conn, `[${replies.join(',')}]`);
        runAfter();
      });
    }
  }

  /** Handles frames in the order they came: one whose handling waits (on Redis) holds the next ones back. */
  function receive(conn: Conn, data: RawData): void {
    conn.lastSeenAt = Date.now(); // now, not when handled: a frame waiting on Redis is traffic all the same
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.busy && conn.waiting >= limits.maxMessagesPerSecond) {
      // A second's worth of frames already waits on Redis: more is a flood, not a client.
      log.warn(`${conn.client.short} sent ${conn.waiting} frames while Redis was slow, closing 1008`);
      metrics.onRateLimited('messages_per_second');
      conn.ws.close(1008, 'rate limit exceeded');
      return;
    }
    const handle = (): Awaitable<void> => {
      try {
        return onMessage(conn, data);
      } catch (err) {
        failed(conn, err);
      }
    };
    let outcome: Awaitable<void>;
    if (conn.busy) {
      conn.waiting++;
      outcome = conn.busy.then(() => {
        conn.waiting--;
        return handle();
      });
    } else outcome = handle();
    if (!(outcome instanceof Promise)) return;
    const busy: Promise<void> = outcome.catch((err) => failed(conn, err)).finally(() => {
      if (conn.busy === busy) conn.busy = null;
      handling.delete(busy);
    });
    conn.busy = busy;
    handling.add(busy);
  }

  function failed(conn: Conn, err: unknown): void {
    log.error(`${conn.client.short} message handling failed: ${(err as Error)?.stack ?? err}`);
    send(conn, errorText(null, RPC_ERRORS.internal, 'Internal error'));
  }

  function onClose(conn: Conn, code: number, reason: string): void {
    if (!conns.delete(conn)) return;
    clients.detach(conn);
    deps.onClosed(conn);
    log.info(`disconnect ${conn.client.short} code=${code}${reason ? ` reason=${reason}` : ''} (${conns.size} open)`);
  }

  wss.on('connection', (ws: WebSocket, client: ClientState, ip: string) => {
    const conn: Conn = { ws, client, ip, lastSeenAt: Date.now(), pending: new Map(), pendingBytes: 0, backlogged: false, rate: new RateWindow(limits.maxMessagesPerSecond), busy: null, waiting: 0 };
    clients.attach(conn);
    conns.add(conn);
    log.info(`connect ${client.short} (${conns.size} open)`);
    ws.on('message', (data) => receive(conn, data));
    ws.on('pong', () => {
      conn.lastSeenAt = Date.now();
    });
    ws.on('error', (err) => log.warn(`${client.short} socket error: ${err.message}`));
    ws.on('close', (code, reason) => onClose(conn, code, reason.toString()));
  });

  function reject(socket: Duplex, status: number, text: string): void {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  }

  /**
   * Counts a TCP socket against `maxConnections` and its address's `maxConnectionsPerIp` until it closes:
   * while its token is checked, while it is being refused, and while it is a client's socket.
   */
  function holdSlot(socket: Duplex, ip: string): void {
    sockets++;
    perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
    socket.once('close', () => {
      sockets--;
      const left = (perIp.get(ip) ?? 1) - 1;
      if (left > 0) perIp.set(ip, left);
      else perIp.delete(ip);
    });
  }

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, ip: string): Promise<void> {
    if (!(await newConnections.consume(ip).then(() => true, () => false))) {
      log.info(`refused a socket from ${ip}: 429, over ${limits.maxNewConnectionsPerIpPerSecond} new sockets per second from this address`);
      metrics.onRateLimited('new_connections_per_ip');
      return reject(socket, 429, 'Too Many Requests');
    }
    const outcome = await authenticate(new URL(req.url ?? '/', 'ws://relay').searchParams.get('auth'), deps.audiences());
    if (closing) return void socket.destroy();
    if ('refused' in outcome) {
      log.info(`refused a socket from ${ip}: ${outcome.refused}`);
      // Opened, then closed with the reason: a browser's WebSocket never sees an HTTP status.
      return wss.handleUpgrade(req, socket, head, (ws) => ws.close(UNAUTHORIZED_CLOSE_CODE, `unauthorized: ${outcome.refused}`.slice(0, MAX_CLOSE_REASON_BYTES)));
    }
    const { cluster } = deps;
    const restored = cluster ? await cluster.subscriptionsOf(outcome.clientId) : null;
    if (closing) return void socket.destroy();
    const client = clients.admit(outcome.clientId);
    if (!client) {
      log.info(`refused a socket from ${ip}: 503, ${limits.maxClients} client ids are connected`);
      return reject(socket, 503, 'Service Unavailable');
    }
    if (restored) clients.restore(client, restored);
    // Completes synchronously (no verifyClient), so the client admitted above is still there.
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, client, ip));
  }

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    const ip = ipKey(deps.addressOf(req));
    const unavailable = deps.cluster?.unavailable();
    if (unavailable) {
      log.info(`refused a socket from ${ip}: 503, ${unavailable}`);
      return reject(socket, 503, 'Service Unavailable');
    }
    const full: [number, string, RateLimitName] | null =
      sockets >= limits.maxConnections
        ? [503, 'Service Unavailable', 'connections']
        : (perIp.get(ip) ?? 0) >= limits.maxConnectionsPerIp
          ? [429, 'Too Many Requests', 'connections_per_ip']
          : null;
    if (full) {
      log.info(`refused a socket from ${ip}: ${full[0]} (${sockets} open, ${perIp.get(ip) ?? 0} from this address)`);
      metrics.onRateLimited(full[2]);
      return reject(socket, full[0], full[1]);
    }
    holdSlot(socket, ip);
    upgrade(req, socket, head, ip).catch((err: Error) => {
      // Cluster mode: Redis failed while the socket was being admitted.
      log.warn(`upgrade failed: ${err.message}`);
      if (socket.writable) reject(socket, 503, 'Service Unavailable');
      else socket.destroy();
    });
  });

  // Pings keep live clients' traffic flowing (their pong counts); a socket silent for maxSilentMs is dead.
  const pingTimer = setInterval(() => {
    const now = Date.now();
    for (const conn of conns) {
      if (now - conn.lastSeenAt > limits.maxSilentMs) {
        log.info(`${conn.client.short} silent for ${now - conn.lastSeenAt} ms, terminating`);
        conn.ws.terminate();
        continue;
      }
      try {
        conn.ws.ping();
      } catch {
        /* socket already closing */
      }
    }
  }, deps.pingIntervalMs);
  pingTimer.unref();

  return {
    connections: () => conns.size,
    /** Closes every socket with `code`; the clients reconnect (never 3000, which they treat as fatal). */
    drop(code: number, reason: string): number {
      const n = conns.size;
      for (const conn of conns) conn.ws.close(code, reason);
      return n;
    },
    async close(): Promise<void> {
      closing = true;
      clearInterval(pingTimer);
      for (const conn of conns) conn.ws.close(1001, 'relay shutting down');
      const deadline = Date.now() + 1000;
      while (conns.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      for (const conn of [...conns]) conn.ws.terminate();
      await Promise.allSettled([...handling]);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
