/** Two relay nodes on one real Redis (PORTICO_RELAY_TEST_REDIS_URL), each test under its own key prefix. */
import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { startRelay, type RelayHandle, type RelayOptions } from '../src/relay';

export const TEST_REDIS_URL = process.env.PORTICO_RELAY_TEST_REDIS_URL || undefined;

export interface TwoNodes {
  a: RelayHandle;
  b: RelayHandle;
  prefix: string;
  close(): Promise<void>;
}

/** Starts two nodes sharing `redisUrl` (default the test server) under a fresh key prefix; `close` stops them and deletes the keys. */
/** The token both nodes serve /metrics to. */
export const METRICS_TOKEN = 'cluster-metrics-token-0123456789abcdef';

export async function twoNodes(options: Omit<RelayOptions, 'redisUrl' | 'redisKeyPrefix'> = {}, redisUrl = TEST_REDIS_URL!): Promise<TwoNodes> {
  const prefix = `portico:relay:test:${randomUUID()}:`;
  // RELAY_LOG=1 prints the nodes' logs, as in pairing.test.ts.
  const logLevel = process.env.RELAY_LOG ? 'debug' : 'silent';
  const node = () => startRelay({ port: 0, logLevel, sweepIntervalMs: 100, metricsToken: METRICS_TOKEN, ...options, redisUrl, redisKeyPrefix: prefix });
  const a = await node();
  const b = await node();
  return {
    a,
    b,
    prefix,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await deleteKeys(prefix);
    },
  };
}

/** The keys the relay left under `prefix` (none once every message expired and was swept, but client subscriptions). */
export async function keysUnder(prefix: string): Promise<string[]> {
  const redis = new Redis(TEST_REDIS_URL!);
  try {
    return await redis.keys(`${prefix}*`);
  } finally {
    redis.disconnect();
  }
}

export async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL!);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/**
 * A TCP proxy to `target` (changeable with `retarget`, for new connections): in front of Redis, `cut()` makes it go
 * away for the nodes behind it and `restore()` brings it back on the same port; in front of the nodes, a load
 * balancer that sends a client's next socket to the other node.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => {});
          s.on('close', () => {
            sockets.delete(s);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
  let server: Server | null = await listen(0);
  const port = (server.address() as { port: number }).port;
  const cut = async () => {
    const closing = server;
    server = null;
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  return {
    port,
    retarget(next: { host: string; port: number }) {
      target = next;
    },
    cut,
    async restore() {
      server ??= await listen(port);
    },
    close: cut,
  };
}

/** host and port of a redis:// or ws:// URL. */
export const hostPort = (url: string) => {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) };
};
