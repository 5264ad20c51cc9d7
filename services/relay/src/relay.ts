/**
 * A WalletConnect v2 relay for development, tests and small self-hosted deployments.
 *
 * In-memory, single process. Speaks the subset of the IRN relay protocol that the published
 * clients (@walletconnect/core 2.x, sign-client, universal-provider, @reown/walletkit) use:
 * subscriptions keyed by client id, a per-topic mailbox with TTL, publish to every other
 * subscriber, wc_proposeSession / wc_approveSession, batch calls, acks, server pings.
 *
 * The client id is the `iss` of the JWT in the `auth` query parameter. The JWT is DECODED, NOT
 * VERIFIED: anyone can claim any client id. Do not expose this relay to untrusted networks
 * expecting authentication.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { z } from 'zod';
import { errorText, idKey, parseJson, resultText, type RpcId } from './json';
import { createLogger, type LogLevel, type Logger } from './logger';
import {
  idSchema,
  isRelayMethod,
  issues,
  jwtPayloadSchema,
  paramsSchemas,
  requestSchema,
  responseSchema,
  type RelayMethod,
} from './schemas';

export interface RelayLimits {
  /** Largest accepted text frame; bigger ones get a -32005 error, then close 1009. */
  maxMessageBytes: number;
  /** Topics one client id may be subscribed to at once. */
  maxTopicsPerClient: number;
  /** Frames (or batch entries) per second per connection before -32005; 10x this closes 1008. */
  maxMessagesPerSecond: number;
  /** Stored messages per topic; a publish to a full topic gets -32005. */
  maxMailboxPerTopic: number;
  /** Stored messages in the whole relay. */
  maxStoredMessages: number;
  /** Longer TTLs are clamped to this. */
  maxTtlSeconds: number;
  /** Entries in one JSON-RPC batch array. */
  maxBatchSize: number;
  /** Open sockets in the whole relay; more get HTTP 503 at upgrade. */
  maxConnections: number;
  /** Messages returned by one irn_fetchMessages / irn_batchFetchMessages. */
  fetchPageSize: number;
  /** Unsent bytes queued for one socket before it is closed 1013 (slow consumer). */
  maxBufferedBytes: number;
}

export const DEFAULT_LIMITS: RelayLimits = {
  maxMessageBytes: 512 * 1024,
  maxTopicsPerClient: 10_000,
  maxMessagesPerSecond: 500,
  maxMailboxPerTopic: 1_000,
  maxStoredMessages: 100_000,
  maxTtlSeconds: 30 * 24 * 3600,
  maxBatchSize: 100,
  maxConnections: 10_000,
  fetchPageSize: 200,
  maxBufferedBytes: 16 * 1024 * 1024,
};

export interface RelayOptions {
  host?: string;
  port?: number;
  logLevel?: LogLevel;
  limits?: Partial<RelayLimits>;
  /** Server ping period (ws ping frames). The clients drop a socket silent for 35 s. */
  pingIntervalMs?: number;
  /** How often expired mailbox messages and idle clients are swept. */
  sweepIntervalMs?: number;
  /** Subscriptions of a client id with no open socket are forgotten after this long. */
  clientIdleMs?: number;
  /** Where log lines go (default stderr). */
  logWrite?: (line: string) => void;
}

export interface RelayStats {
  connections: number;
  clients: number;
  topics: number;
  storedMessages: number;
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

/** JSON-RPC error codes used by the relay. */
export const RPC_ERRORS = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  limitExceeded: -32005,
} as const;

// Tags the real relay uses for the messages it publishes on behalf of wc_proposeSession / wc_approveSession.
const TAG_PROPOSE = 1100;
const TAG_PROPOSE_RESPONSE = 1101;
const TAG_SETTLE = 1102;
const DEFAULT_TTL = 300;

interface StoredMessage {
  topic: string;
  message: string;
  publishedAt: number;
  tag: number;
  expiresAt: number;
  /** Client ids this message was sent to (or published by): never sent to them again. */
  sent: Set<string>;
}

interface ClientState {
  id: string;
  short: string;
  sockets: Set<Conn>;
  /** topic → subscription id */
  topics: Map<string, string>;
  idleSince: number | null;
}

interface Conn {
  ws: WebSocket;
  client: ClientState;
  alive: boolean;
  /** delivery id → message awaiting the client's ack */
  pending: Map<string, StoredMessage>;
  windowStart: number;
  windowCount: number;
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const limitError = (what: string) => new RpcError(RPC_ERRORS.limitExceeded, `limit exceeded: ${what}`);

export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256').update(topic + clientId).digest('hex');
}

/** Reads `iss` from the JWT in `auth`. Decoded only, never verified (see the file comment). */
export function clientIdFromAuth(auth: string | null): string | null {
  if (!auth) return null;
  const parts = auth.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    const parsed = jwtPayloadSchema.safeParse(payload);
    return parsed.success ? parsed.data.iss : null;
  } catch {
    return null;
  }
}

/** A log-safe prefix of a client-supplied string (no control characters, bounded length). */
const short = (s: string | undefined, n = 8) => (s ? s.slice(0, n).replace(/[^\x21-\x7e]/g, '?') : '-');

export async function startRelay(options: RelayOptions = {}): Promise<RelayHandle> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 8787;
  const limits: RelayLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const log: Logger = createLogger(options.logLevel ?? 'info', options.logWrite);
  const pingIntervalMs = options.pingIntervalMs ?? 15_000;
  const sweepIntervalMs = options.sweepIntervalMs ?? 1_000;
  const clientIdleMs = options.clientIdleMs ?? 15 * 60_000;

  const clients = new Map<string, ClientState>();
  const subscribers = new Map<string, Set<ClientState>>();
  const mailbox = new Map<string, StoredMessage[]>();
  const conns = new Set<Conn>();
  let stored = 0;
  let nextDeliveryId = Date.now() * 1000; // safe integer, like the clients' payloadId(3)

  // ---------------------------------------------------------------- transport

  function send(conn: Conn, text: string): void {
    const { ws } = conn;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > limits.maxBufferedBytes) {
      log.warn(`${conn.client.short} slow consumer (${ws.bufferedAmount} bytes queued), closing 1013`);
      ws.close(1013, 'slow consumer');
      return;
    }
    ws.send(text);
  }

  function liveSocket(client: ClientState): Conn | undefined {
    let last: Conn | undefined;
    for (const c of client.sockets) if (c.ws.readyState === WebSocket.OPEN) last = c;
    return last;
  }

  // ---------------------------------------------------------------- mailbox

  function removeExpired(topic: string, now: number): StoredMessage[] {
    const box = mailbox.get(topic);
    if (!box) return [];
    const live = box.filter((m) => m.expiresAt > now);
    stored -= box.length - live.length;
    if (live.length) mailbox.set(topic, live);
    else mailbox.delete(topic);
    return live;
  }

  function sweep(): void {
    const now = Date.now();
    let removed = 0;
    for (const topic of [...mailbox.keys()]) {
      const before = mailbox.get(topic)!.length;
      removed += before - removeExpired(topic, now).length;
    }
    if (removed) log.debug(`swept ${removed} expired message(s)`);
    for (const client of [...clients.values()]) {
      if (client.sockets.size === 0 && client.idleSince !== null && now - client.idleSince > clientIdleMs) {
        for (const topic of client.topics.keys()) unsubscribeTopic(client, topic);
        clients.delete(client.id);
        log.debug(`${client.short} forgotten after idling`);
      }
    }
  }

  function deliver(client: ClientState, msg: StoredMessage): void {
    if (msg.sent.has(client.id)) return;
    const conn = liveSocket(client);
    if (!conn) return; // stays in the mailbox until the client subscribes again
    msg.sent.add(client.id);
    const id = nextDeliveryId++;
    conn.pending.set(String(id), msg);
    const subId = client.topics.get(msg.topic) ?? subscriptionId(msg.topic, client.id);
    send(
      conn,
      JSON.stringify({
        id,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: {
          id: subId,
          data: { topic: msg.topic, message: msg.message, publishedAt: msg.publishedAt, tag: msg.tag, attestation: '' },
        },
      }),
    );
  }

  function deliverStored(client: ClientState, topic: string): void {
    const box = removeExpired(topic, Date.now());
    for (const msg of box) deliver(client, msg);
  }

  function publish(publisher: ClientState, topic: string, message: string, ttl: number, tag: number): void {
    const now = Date.now();
    const box = removeExpired(topic, now);
    if (box.some((m) => m.message === message)) return; // a client retrying the same publish
    if (box.length >= limits.maxMailboxPerTopic) throw limitError(`mailbox for this topic is full (${limits.maxMailboxPerTopic})`);
    if (stored >= limits.maxStoredMessages) throw limitError(`relay mailbox is full (${limits.maxStoredMessages})`);
    const seconds = Math.min(ttl, limits.maxTtlSeconds);
    const msg: StoredMessage = { topic, message, publishedAt: now, tag, expiresAt: now + seconds * 1000, sent: new Set([publisher.id]) };
    box.push(msg);
    mailbox.set(topic, box);
    stored++;
    for (const sub of subscribers.get(topic) ?? []) if (sub !== publisher) deliver(sub, msg);
  }

  /** Checks room for the topics first so a batch is all or nothing. */
  function checkTopicRoom(client: ClientState, topics: string[]): void {
    let fresh = 0;
    for (const t of new Set(topics)) if (!client.topics.has(t)) fresh++;
    if (client.topics.size + fresh > limits.maxTopicsPerClient) {
      throw limitError(`too many subscriptions (max ${limits.maxTopicsPerClient} topics per client)`);
    }
  }

  function subscribeTopic(client: ClientState, topic: string): string {
    let id = client.topics.get(topic);
    if (!id) {
      id = subscriptionId(topic, client.id);
      client.topics.set(topic, id);
      let set = subscribers.get(topic);
      if (!set) subscribers.set(topic, (set = new Set()));
      set.add(client);
    }
    return id;
  }

  function unsubscribeTopic(client: ClientState, topic: string): void {
    client.topics.delete(topic);
    const set = subscribers.get(topic);
    if (set) {
      set.delete(client);
      if (set.size === 0) subscribers.delete(topic);
    }
  }

  function fetchFor(client: ClientState, topics: string[]) {
    const messages: Array<{ topic: string; message: string; publishedAt: number; tag: number; attestation: string }> = [];
    let hasMore = false;
    const now = Date.now();
    for (const topic of topics) {
      for (const msg of removeExpired(topic, now)) {
        if (msg.sent.has(client.id)) continue;
        if (messages.length >= limits.fetchPageSize) {
          hasMore = true;
          break;
        }
        msg.sent.add(client.id);
        messages.push({ topic, message: msg.message, publishedAt: msg.publishedAt, tag: msg.tag, attestation: '' });
      }
      if (hasMore) break;
    }
    return { messages, hasMore };
  }

  // ---------------------------------------------------------------- methods

  type After = Array<() => void>;
  type Handler<M extends RelayMethod> = (conn: Conn, params: z.infer<(typeof paramsSchemas)[M]>, after: After) => unknown;

  const handlers: { [M in RelayMethod]: Handler<M> } = {
    irn_subscribe(conn, { topic }, after) {
      checkTopicRoom(conn.client, [topic]);
      const id = subscribeTopic(conn.client, topic);
      after.push(() => deliverStored(conn.client, topic));
      return id;
    },
    irn_batchSubscribe(conn, { topics }, after) {
      checkTopicRoom(conn.client, topics);
      const ids = topics.map((t) => subscribeTopic(conn.client, t));
      after.push(() => topics.forEach((t) => deliverStored(conn.client, t)));
      return ids;
    },
    irn_unsubscribe(conn, { topic }) {
      unsubscribeTopic(conn.client, topic);
      return true;
    },
    irn_batchUnsubscribe(conn, { subscriptions }) {
      for (const s of subscriptions) unsubscribeTopic(conn.client, s.topic);
      return true;
    },
    irn_publish(conn, p) {
      publish(conn.client, p.topic, p.message, p.ttl, p.tag ?? 0);
      return true;
    },
    irn_batchPublish(conn, { messages }) {
      for (const p of messages) publish(conn.client, p.topic, p.message, p.ttl, p.tag ?? 0);
      return true;
    },
    irn_fetchMessages(conn, { topic }) {
      return fetchFor(conn.client, [topic]);
    },
    irn_batchFetchMessages(conn, { topics }) {
      return fetchFor(conn.client, topics);
    },
    wc_proposeSession(conn, p) {
      // The dapp never subscribes to the pairing topic itself: the relay does it here.
      checkTopicRoom(conn.client, [p.pairingTopic]);
      subscribeTopic(conn.client, p.pairingTopic);
      publish(conn.client, p.pairingTopic, p.sessionProposal, p.ttl ?? DEFAULT_TTL, p.tag ?? TAG_PROPOSE);
      return true;
    },
    wc_approveSession(conn, p) {
      checkTopicRoom(conn.client, [p.sessionTopic]);
      subscribeTopic(conn.client, p.sessionTopic);
      const ttl = p.ttl ?? DEFAULT_TTL;
      publish(conn.client, p.pairingTopic, p.sessionProposalResponse, ttl, TAG_PROPOSE_RESPONSE);
      publish(conn.client, p.sessionTopic, p.sessionSettlementRequest, ttl, TAG_SETTLE);
      return true;
    },
  };

  function topicOf(params: unknown): string | undefined {
    if (!params || typeof params !== 'object') return undefined;
    const p = params as Record<string, unknown>;
    const t = p.topic ?? p.pairingTopic ?? p.sessionTopic ?? (Array.isArray(p.topics) ? p.topics[0] : undefined);
    return typeof t === 'string' ? t : undefined;
  }

  function idOf(value: unknown): RpcId {
    if (value && typeof value === 'object' && 'id' in value) {
      const parsed = idSchema.safeParse((value as { id: unknown }).id);
      if (parsed.success) return parsed.data;
    }
    return null;
  }

  /** Handles one JSON-RPC object; returns the reply text, or null when none is due. */
  function handleOne(conn: Conn, value: unknown, after: After, limited: boolean): string | null {
    if (value && typeof value === 'object' && !Array.isArray(value) && !('method' in value)) {
      const res = responseSchema.safeParse(value);
      if (res.success) {
        // An ack of one of our deliveries (or an error from the client: treat it as received).
        conn.pending.delete(idKey(res.data.id));
        return null;
      }
      return errorText(idOf(value), RPC_ERRORS.invalidRequest, 'Invalid Request');
    }
    const req = requestSchema.safeParse(value);
    if (!req.success) return errorText(idOf(value), RPC_ERRORS.invalidRequest, `Invalid Request: ${issues(req.error)}`);
    const { id, method, params } = req.data;
    const reply = (text: string) => (id === undefined ? null : text); // notifications get no reply
    if (limited) return reply(errorText(id, RPC_ERRORS.limitExceeded, `limit exceeded: more than ${limits.maxMessagesPerSecond} messages per second`));
    if (log.enabled('debug')) log.debug(`${conn.client.short} ${short(method, 40)} ${short(topicOf(params))}`);
    if (!isRelayMethod(method)) return reply(errorText(id, RPC_ERRORS.methodNotFound, `Method not found: ${method}`));
    const parsed = paramsSchemas[method].safeParse(params);
    if (!parsed.success) return reply(errorText(id, RPC_ERRORS.invalidParams, `Invalid params: ${issues(parsed.error)}`));
    try {
      const result = (handlers[method] as Handler<typeof method>)(conn, parsed.data as never, after);
      return reply(resultText(id, result));
    } catch (err) {
      if (err instanceof RpcError) {
        log.debug(`${conn.client.short} ${method} -> ${err.code} ${err.message}`);
        return reply(errorText(id, err.code, err.message));
      }
      log.error(`${conn.client.short} ${method} failed: ${(err as Error)?.stack ?? err}`);
      return reply(errorText(id, RPC_ERRORS.internal, 'Internal error'));
    }
  }

  /** Counts `n` messages against the connection's per-second budget; true when over it. */
  function overRate(conn: Conn, n: number): boolean {
    const now = Date.now();
    if (now - conn.windowStart >= 1000) {
      conn.windowStart = now;
      conn.windowCount = 0;
    }
    conn.windowCount += n;
    if (conn.windowCount > limits.maxMessagesPerSecond * 10) {
      log.warn(`${conn.client.short} flooding (${conn.windowCount} messages in 1 s), closing 1008`);
      conn.ws.close(1008, 'rate limit exceeded');
    }
    return conn.windowCount > limits.maxMessagesPerSecond;
  }

  function onMessage(conn: Conn, data: RawData, isBinary: boolean): void {
    conn.alive = true;
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer | ArrayBuffer).byteLength;
    if (size > limits.maxMessageBytes) {
      log.warn(`${conn.client.short} sent ${size} bytes (max ${limits.maxMessageBytes}), closing 1009`);
      send(conn, errorText(null, RPC_ERRORS.limitExceeded, `limit exceeded: message of ${size} bytes (max ${limits.maxMessageBytes})`));
      conn.ws.close(1009, 'message too big');
      return;
    }
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    void isBinary; // binary frames are read as UTF-8 text too
    let value: unknown;
    try {
      value = parseJson(buf.toString('utf8'));
    } catch {
      if (!overRate(conn, 1)) send(conn, errorText(null, RPC_ERRORS.parse, 'Parse error'));
      return;
    }
    const after: After = [];
    if (Array.isArray(value)) {
      if (value.length === 0) {
        send(conn, errorText(null, RPC_ERRORS.invalidRequest, 'Invalid Request: empty batch'));
        return;
      }
      if (value.length > limits.maxBatchSize) {
        send(conn, errorText(null, RPC_ERRORS.limitExceeded, `limit exceeded: batch of ${value.length} (max ${limits.maxBatchSize})`));
        return;
      }
      const limited = overRate(conn, value.length);
      const replies = value.map((v) => handleOne(conn, v, after, limited)).filter((r): r is string => r !== null);
      if (replies.length) send(conn, `[${replies.join(',')}]`);
    } else {
      const reply = handleOne(conn, value, after, overRate(conn, 1));
      if (reply) send(conn, reply);
    }
    for (const fn of after) fn();
  }

  // ---------------------------------------------------------------- connections

  function onClose(conn: Conn, code: number, reason: string): void {
    if (!conns.delete(conn)) return;
    const { client } = conn;
    client.sockets.delete(conn);
    if (client.sockets.size === 0) client.idleSince = Date.now();
    // Deliveries never acked go back to the mailbox for this client.
    const unacked = [...conn.pending.values()];
    conn.pending.clear();
    for (const msg of unacked) msg.sent.delete(client.id);
    if (client.sockets.size && unacked.length) for (const msg of unacked) if (client.topics.has(msg.topic)) deliver(client, msg);
    log.info(`disconnect ${client.short} code=${code}${reason ? ` reason=${reason}` : ''} (${conns.size} open)`);
  }

  const wss = new WebSocketServer({
    noServer: true,
    // Hard cap: frames up to this are read and answered with an error; bigger ones are cut by ws (1009).
    maxPayload: Math.max(limits.maxMessageBytes * 2, limits.maxMessageBytes + 64 * 1024),
    perMessageDeflate: false,
  });

  wss.on('connection', (ws: WebSocket, _req: IncomingMessage, clientId: string) => {
    let client = clients.get(clientId);
    if (!client) clients.set(clientId, (client = { id: clientId, short: short(clientId.replace(/^did:key:/, ''), 10), sockets: new Set(), topics: new Map(), idleSince: null }));
    client.idleSince = null;
    const conn: Conn = { ws, client, alive: true, pending: new Map(), windowStart: Date.now(), windowCount: 0 };
    client.sockets.add(conn);
    conns.add(conn);
    log.info(`connect ${client.short} (${conns.size} open)`);
    ws.on('message', (data, isBinary) => {
      try {
        onMessage(conn, data, isBinary);
      } catch (err) {
        log.error(`${client.short} message handling failed: ${(err as Error)?.stack ?? err}`);
        send(conn, errorText(null, RPC_ERRORS.internal, 'Internal error'));
      }
    });
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('error', (err) => log.warn(`${client.short} socket error: ${err.message}`));
    ws.on('close', (code, reason) => onClose(conn, code, reason.toString()));
  });

  function reject(socket: Duplex, status: number, text: string): void {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  }

  const server = createServer((req, res) => {
    if (req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, ...stats() }));
      return;
    }
    res.writeHead(426, { 'content-type': 'text/plain' });
    res.end('Portico WalletConnect relay: connect with a WebSocket (ws://…?auth=<JWT>)\n');
  });

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    try {
      const url = new URL(req.url ?? '/', 'ws://relay');
      const clientId = clientIdFromAuth(url.searchParams.get('auth'));
      if (!clientId) {
        log.info(`rejected upgrade without a readable auth JWT from ${req.socket.remoteAddress}`);
        return reject(socket, 401, 'Unauthorized');
      }
      if (conns.size >= limits.maxConnections) {
        log.warn(`rejected upgrade: ${conns.size} connections open (max ${limits.maxConnections})`);
        return reject(socket, 503, 'Service Unavailable');
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req, clientId));
    } catch (err) {
      log.warn(`upgrade failed: ${(err as Error).message}`);
      socket.destroy();
    }
  });
  server.on('clientError', (_err, socket) => socket.destroy());

  const pingTimer = setInterval(() => {
    for (const conn of conns) {
      if (!conn.alive) {
        log.info(`${conn.client.short} missed a ping, terminating`);
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      try {
        conn.ws.ping();
      } catch {
        /* socket already closing */
      }
    }
  }, pingIntervalMs);
  pingTimer.unref();
  const sweepTimer = setInterval(sweep, sweepIntervalMs);
  sweepTimer.unref();

  function stats(): RelayStats {
    return { connections: conns.size, clients: clients.size, topics: subscribers.size, storedMessages: stored };
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const realPort = (server.address() as AddressInfo).port;
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${realPort}`;
  log.info(`listening on ${url}`);

  let closing: Promise<void> | undefined;
  return {
    url,
    port: realPort,
    stats,
    dropConnections(code = 1012) {
      const n = conns.size;
      for (const conn of conns) conn.ws.close(code, 'relay dropped the connection');
      return n;
    },
    close() {
      closing ??= (async () => {
        clearInterval(pingTimer);
        clearInterval(sweepTimer);
        for (const conn of conns) conn.ws.close(1001, 'relay shutting down');
        const deadline = Date.now() + 1000;
        while (conns.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        for (const conn of [...conns]) conn.ws.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
        log.info('closed');
      })();
      return closing;
    },
  };
}
