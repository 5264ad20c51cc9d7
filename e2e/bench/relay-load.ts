// The relay half of `pnpm bench:services`: simulated WalletConnect clients on raw sockets (the relay's JSON-RPC, as
// the published clients speak it: a relay-auth token, irn_subscribe, irn_publish, acked irn_subscription), in pairs
// that share a topic. Each client publishes to its pair's topic; the peer receives and acks. The messages carry the
// time they were sent (one process, one clock), so delivery latency is publish → delivery as the peer saw it.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth';
import WebSocket from 'ws';
import { percentile, simulatedVisitor } from './load-figures.ts';

/** The size of a typical Sign API envelope (a session request, base64 of its ciphertext). */
const MESSAGE_BYTES = 512;
/** A message not delivered this long after the last one was published counts as lost. */
const DRAIN_MS = 5_000;
/** Sockets opened at once while connecting the clients. */
const CONNECT_BATCH = 100;
const PROJECT_ID = 'portico-bench';

interface Client {
  ws: WebSocket;
  topic: string;
  nextId: number;
  /** Replies still awaited, by request id. */
  pending: Map<number, (reply: { result?: unknown; error?: { code: number; message?: string } }) => void>;
}

export interface RelayRun {
  offeredPerSecond: number;
  published: number;
  delivered: number;
  /** Deliveries per second over the publishing window. */
  deliveredPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Published (the relay answered true) and never delivered. */
  lost: number;
  /** Publishes the relay refused (an error reply), by message. */
  refused: Map<string, number>;
}

/** One client's socket on `url` (wss, trusting `ca`), as a visitor of its own address behind the load balancer. */
async function connect(url: string, ca: string, topic: string, index: number, onDelivery: (message: string) => void): Promise<Client> {
  const keyPair = generateKeyPair(randomBytes(32));
  const token = await signJWT(randomBytes(32).toString('hex'), url, 86_400, keyPair);
  const ws = new WebSocket(`${url}/?auth=${token}&projectId=${PROJECT_ID}`, { ca, headers: { 'x-forwarded-for': simulatedVisitor(index) } });
  const client: Client = { ws, topic, nextId: 1, pending: new Map() };
  ws.on('message', (data) => {
    const value = JSON.parse(data.toString());
    if (value.method === 'irn_subscription') {
      ws.send(JSON.stringify({ id: value.id, jsonrpc: '2.0', result: true }));
      onDelivery(value.params.data.message);
      return;
    }
    const settle = client.pending.get(value.id);
    client.pending.delete(value.id);
    settle?.(value);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`relay refused client ${index}: HTTP ${res.statusCode}`)));
  });
  return client;
}

function call(client: Client, method: string, params: unknown): Promise<{ result?: unknown; error?: { code: number; message?: string } }> {
  const id = client.nextId++;
  client.ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
  return new Promise((resolve) => client.pending.set(id, resolve));
}

/**
 * Connects `pairs` pairs: the first client of each on `urlA`, the second on `urlB` (the same URL: one node), both
 * subscribed to the pair's topic. Returns the clients and a way to run a publishing step against them.
 */
export async function relayClients(options: { urlA: string; urlB: string; ca: string; pairs: number }) {
  const { urlA, urlB, ca, pairs } = options;
  const latencies: number[] = [];
  let deliveredCount = 0;
  const onDelivery = (message: string) => {
    deliveredCount += 1;
    latencies.push(performance.now() - Number(message.slice(0, message.indexOf('|'))));
  };
  // New topics and client ids each time: nothing stored by an earlier set of clients is delivered to these.
  const topics = Array.from({ length: pairs }, () => randomBytes(32).toString('hex'));
  const clients: Client[] = [];
  for (let start = 0; start < pairs * 2; start += CONNECT_BATCH) {
    const batch = [];
    for (let i = start; i < Math.min(start + CONNECT_BATCH, pairs * 2); i++) {
      const pair = Math.floor(i / 2);
      const topic = topics[pair]!;
      batch.push(connect(i % 2 === 0 ? urlA : urlB, ca, topic, i, onDelivery));
    }
    clients.push(...(await Promise.all(batch)));
  }
  for (const client of clients) {
    const reply = await call(client, 'irn_subscribe', { topic: client.topic });
    if (reply.error) throw new Error(`irn_subscribe refused: ${reply.error.message}`);
  }

  /** Publishes `perSecond` messages a second in all, round-robin over the clients, for `seconds`. */
  async function run(perSecond: number, seconds: number): Promise<RelayRun> {
    latencies.length = 0;
    deliveredCount = 0;
    const refused = new Map<string, number>();
    let sent = 0;
    let accepted = 0;
    const padding = randomBytes(MESSAGE_BYTES).toString('base64').slice(0, MESSAGE_BYTES);
    const replies: Promise<void>[] = [];
    const started = performance.now();
    const end = started + seconds * 1000;
    // Open loop: each tick sends what the schedule owes, so a slow relay is measured, not waited for.
    while (performance.now() < end) {
      const owed = Math.floor(((performance.now() - started) / 1000) * perSecond) - sent;
      for (let k = 0; k < owed; k++) {
        const client = clients[sent % clients.length]!;
        sent += 1;
        const message = `${performance.now()}|${sent}|${padding}`;
        replies.push(
          call(client, 'irn_publish', { topic: client.topic, message, ttl: 300, tag: 1108, prompt: false }).then((reply) => {
            if (!reply.error) accepted += 1;
            else {
              const why = reply.error.message ?? String(reply.error.code);
              refused.set(why, (refused.get(why) ?? 0) + 1);
            }
          }),
        );
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    const window = (performance.now() - started) / 1000;
    await Promise.all(replies);
    const drainUntil = performance.now() + DRAIN_MS;
    while (deliveredCount < accepted && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      offeredPerSecond: perSecond,
      published: sent,
      delivered: deliveredCount,
      deliveredPerSecond: deliveredCount / window,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      lost: Math.max(0, accepted - deliveredCount),
      refused,
    };
  }

  const close = async () => {
    await Promise.all(
      clients.map(
        (client) =>
          new Promise<void>((resolve) => {
            if (client.ws.readyState === WebSocket.CLOSED) return resolve();
            client.ws.once('close', () => resolve());
            client.ws.close(1000);
          }),
      ),
    );
  };
  return { run, close };
}
