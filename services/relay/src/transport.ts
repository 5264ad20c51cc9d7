/**
 * Sockets: the HTTP upgrade (auth and connection limits), frames (size, JSON, batches, rate),
 * server pings and the silence timeout. What a frame means is up to `dispatch` (methods.ts).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { errorText, parseJson } from './json';
import { clientIdFromAuth } from './auth';
import type { Clients } from './clients';
import { RPC_ERRORS } from './errors';
import { ipKey, RateWindow, type RelayLimits } from './limits';
import type { Logger } from './logger';
import type { Conn } from './types';

/** Work to run after a frame's replies are sent (e.g. delivering stored messages after a subscribe result). */
export type After = Array<() => void>;
export type Send = (conn: Conn, text: string) => void;
/** Handles one JSON-RPC object; returns the reply text, or null when none is due. */
export type Dispatch = (conn: Conn, value: unknown, after: After, limited: boolean) => string | null;

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
}

export function createTransport(server: Server, deps: TransportDeps) {
  const { limits, log, clients, send } = deps;
  const conns = new Set<Conn>();
  const perIp = new Map<string, number>();

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
    return rate !== 'ok';
  }

  function onMessage(conn: Conn, data: RawData): void {
    conn.lastSeenAt = Date.now();
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer | ArrayBuffer).byteLength;
    if (size > limits.maxMessageBytes) {
      log.warn(`${conn.client.short} sent ${size} bytes (max ${limits.maxMessageBytes}), closing 1009`);
      send(conn, errorText(null, RPC_ERRORS.limitExceeded, `limit exceeded: message of ${size} bytes (max ${limits.maxMessageBytes})`));
      conn.ws.close(1009, 'message too big');
      return;
    }
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    // Binary frames are read as UTF-8 text too.
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    let value: unknown;
    try {
      value = parseJson(buf.toString('utf8'));
    } catch {
      if (!overRate(conn, 1)) send(conn, errorText(null, RPC_ERRORS.parse, 'Parse error'));
      return;
    }
    const after: After = [];
    if (!Array.isArray(value)) {
      const reply = deps.dispatch(conn, value, after, overRate(conn, 1));
      if (reply) send(conn, reply);
    } else if (value.length === 0) {
      send(conn, errorText(null, RPC_ERRORS.invalidRequest, 'Invalid Request: empty batch'));
    } else if (value.length > limits.maxBatchSize) {
      send(conn, errorText(null, RPC_ERRORS.limitExceeded, `limit exceeded: batch of ${value.length} (max ${limits.maxBatchSize})`));
    } else {
      const limited = overRate(conn, value.length);
      const replies = value.map((v) => deps.dispatch(conn, v, after, limited)).filter((r): r is string => r !== null);
      if (replies.length) send(conn, `[${replies.join(',')}]`);
    }
    for (const fn of after) fn();
  }

  function onClose(conn: Conn, code: number, reason: string): void {
    if (!conns.delete(conn)) return;
    const left = (perIp.get(conn.ip) ?? 1) - 1;
    if (left > 0) perIp.set(conn.ip, left);
    else perIp.delete(conn.ip);
    clients.detach(conn);
    deps.onClosed(conn);
    log.info(`disconnect ${conn.client.short} code=${code}${reason ? ` reason=${reason}` : ''} (${conns.size} open)`);
  }

  wss.on('connection', (ws: WebSocket, req: IncomingMessage, clientId: string) => {
    const client = clients.admit(clientId);
    if (!client) {
      ws.close(1013, 'relay is full'); // admitted at upgrade, so this is not expected
      return;
    }
    const conn: Conn = { ws, client, ip: ipKey(req.socket.remoteAddress), lastSeenAt: Date.now(), pending: new Map(), pendingBytes: 0, backlogged: false, rate: new RateWindow(limits.maxMessagesPerSecond) };
    clients.attach(conn);
    conns.add(conn);
    perIp.set(conn.ip, (perIp.get(conn.ip) ?? 0) + 1);
    log.info(`connect ${client.short} (${conns.size} open)`);
    ws.on('message', (data) => {
      try {
        onMessage(conn, data);
      } catch (err) {
        log.error(`${client.short} message handling failed: ${(err as Error)?.stack ?? err}`);
        send(conn, errorText(null, RPC_ERRORS.internal, 'Internal error'));
      }
    });
    ws.on('pong', () => {
      conn.lastSeenAt = Date.now();
    });
    ws.on('error', (err) => log.warn(`${client.short} socket error: ${err.message}`));
    ws.on('close', (code, reason) => onClose(conn, code, reason.toString()));
  });

  function reject(socket: Duplex, status: number, text: string): void {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  }

  /** Why an upgrade is refused, or null when it may proceed (the client id is then admitted, see `Clients.admit`). */
  function refusal(clientId: string | null, ip: string): [status: number, text: string] | null {
    if (!clientId) return [401, 'Unauthorized'];
    if (conns.size >= limits.maxConnections) return [503, 'Service Unavailable'];
    if ((perIp.get(ip) ?? 0) >= limits.maxConnectionsPerIp) return [429, 'Too Many Requests'];
    if (!clients.admit(clientId)) return [503, 'Service Unavailable'];
    return null;
  }

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    try {
      const clientId = clientIdFromAuth(new URL(req.url ?? '/', 'ws://relay').searchParams.get('auth'));
      const ip = ipKey(req.socket.remoteAddress);
      const refused = refusal(clientId, ip);
      if (refused) {
        log.info(`refused upgrade from ${ip}: ${refused[0]} (${conns.size} open, ${perIp.get(ip) ?? 0} from this address)`);
        return reject(socket, ...refused);
      }
      // Completes synchronously (no verifyClient), so the client admitted above is still there.
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req, clientId));
    } catch (err) {
      log.warn(`upgrade failed: ${(err as Error).message}`);
      socket.destroy();
    }
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
      clearInterval(pingTimer);
      for (const conn of conns) conn.ws.close(1001, 'relay shutting down');
      const deadline = Date.now() + 1000;
      while (conns.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      for (const conn of [...conns]) conn.ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
