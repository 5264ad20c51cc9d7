/**
 * Solana's PubSub API over a WebSocket (the `ws` package) on its own port, as a validator serves it (web3.js
 * derives the HTTP port + 1). Upgrades are checked as the HTTP server checks requests (loopback Host names) and a
 * browser's Origin must be one CORS allows; then JSON-RPC 2.0 frames (single or batch; notifications such as the
 * clients' `ping` get no reply) go to the subscriptions (subscriptions.ts). Limits: connections, frame size, unsent
 * bytes per connection, and pings that drop a connection that stopped answering.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Chain } from './chain';
import { MAX_BATCH, dispatch, errorReply, toJson } from './rpc';
import { Subscriptions, type Subscriber } from './subscriptions';

/** Open PubSub connections at once. */
export const PUBSUB_MAX_CONNECTIONS = 100;
/** Largest frame a client may send (a subscribe is a few hundred bytes); a bigger one closes the connection (1009). */
export const PUBSUB_MAX_FRAME_BYTES = 64 * 1024;
/** Bytes queued for a client that does not read; past this it is cut off, so it cannot make the server hold its notifications. */
export const PUBSUB_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** A ping every this many ms; a connection that answered nothing (no pong, no frame) since the last one is dropped. */
export const PUBSUB_PING_INTERVAL_MS = 30_000;

export interface PubsubOptions {
  host: string;
  port: number;
  chain: Chain;
  /** The HTTP server's Host check (DNS rebinding). */
  hostAllowed(host: string | undefined): boolean;
  /** Whether a browser page at this origin may connect (undefined: not a browser). */
  originAllowed(origin: string | undefined): boolean;
  pingIntervalMs: number;
  log(line: string): void;
}

export interface RunningPubsub {
  port: number;
  stop(): Promise<void>;
}

interface Connection extends Subscriber {
  ws: WebSocket;
  /** Heard from (a pong or a frame) since the last ping. */
  alive: boolean;
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
}

export async function startPubsub(options: PubsubOptions): Promise<RunningPubsub> {
  const { log } = options;
  const subscriptions = new Subscriptions(options.chain);
  const connections = new Set<Connection>();
  const server = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain', connection: 'close' }).end('Solana PubSub: connect with a WebSocket');
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: PUBSUB_MAX_FRAME_BYTES, perMessageDeflate: false });

  async function onMessage(conn: Connection, data: RawData): Promise<void> {
    conn.alive = true;
    let body: unknown;
    try {
      body = JSON.parse((Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? Buffer.from(data) : data).toString('utf8'));
    } catch {
      conn.send(toJson(errorReply(null, -32700, 'Parse error')));
      return;
    }
    const activations: Array<() => void> = [];
    try {
      const reply = await dispatch(body, subscriptions.methods(conn, activations), MAX_BATCH, { silentNotifications: true });
      if (reply) conn.send(toJson(reply));
    } catch (err) {
      log(`solana-rpc: unexpected PubSub error: ${(err as Error).stack ?? String(err)}`);
      conn.send(toJson(errorReply(null, -32603, 'Internal error')));
    }
    for (const activate of activations) activate();
  }

  function onConnection(ws: WebSocket): void {
    const conn: Connection = {
      ws,
      alive: true,
      ids: new Set(),
      send(text) {
        if (ws.readyState !== WebSocket.OPEN) return;
        if (ws.bufferedAmount > PUBSUB_MAX_BUFFERED_BYTES) {
          log(`solana-rpc: PubSub client not reading (${ws.bufferedAmount} bytes unsent), disconnected`);
          ws.terminate();
          return;
        }
        ws.send(text);
      },
    };
    connections.add(conn);
    ws.on('message', (data) => void onMessage(conn, data));
    ws.on('pong', () => (conn.alive = true));
    ws.on('error', (err) => log(`solana-rpc: PubSub socket error: ${err.message}`));
    ws.on('close', () => {
      connections.delete(conn);
      subscriptions.drop(conn);
    });
  }

  function refusal(req: IncomingMessage): [status: number, text: string] | null {
    if (!options.hostAllowed(req.headers.host)) return [403, 'Forbidden: Host not allowed'];
    if (!options.originAllowed(req.headers.origin)) return [403, 'Forbidden: Origin not allowed'];
    if (new URL(req.url ?? '/', 'ws://pubsub').pathname !== '/') return [404, 'Not Found: the PubSub endpoint is /'];
    if (connections.size >= PUBSUB_MAX_CONNECTIONS) return [503, `Service Unavailable: at most ${PUBSUB_MAX_CONNECTIONS} PubSub connections`];
    return null;
  }

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    const refused = refusal(req);
    if (refused) return refuse(socket, ...refused);
    // No verifyClient: the upgrade completes synchronously, so the connection count above still holds.
    wss.handleUpgrade(req, socket, head, onConnection);
  });

  const heartbeat = setInterval(() => {
    for (const conn of connections) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }, options.pingIntervalMs).unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(Object.assign(err, { message: `PubSub WebSocket: ${err.message}` })));
    server.listen(options.port, options.host, () => resolve());
  });

  let stopping: Promise<void> | undefined;
  return {
    port: (server.address() as AddressInfo).port,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        subscriptions.close();
        for (const conn of connections) conn.ws.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopping;
    },
  };
}
