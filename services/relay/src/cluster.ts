/**
 * Cluster mode (`redisUrl`): relay nodes share one Redis. The mailbox lives there (redis-mailbox.ts); a node
 * listens on a pub/sub channel per topic its clients subscribe to, and announces every message it stores there,
 * so a node delivers what another one received; a client's subscriptions are kept there too, for whichever node
 * it connects to next. A message reaches each client id once: nodes claim it in Redis before sending it.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Announcer } from './delivery';
import { unavailableError } from './errors';
import type { RelayLimits } from './limits';
import type { Logger } from './logger';
import type { SharedSubscriptions } from './methods';
import { RedisMailbox } from './redis-mailbox';
import type { ClusterGate } from './transport';
import type { ClientState, StoredMessage } from './types';

export const DEFAULT_REDIS_KEY_PREFIX = 'portico:relay:';

export interface ClusterOptions {
  redisUrl: string;
  keyPrefix: string;
  limits: RelayLimits;
  log: Logger;
}

/** What one node announces to the others: the node (so it skips its own) and the stored message. */
const announcementSchema = z.object({
  node: z.string(),
  msg: z.object({
    topic: z.string(),
    message: z.string(),
    publishedAt: z.number(),
    tag: z.number(),
    expiresAt: z.number(),
    publisher: z.string(),
    publisherIp: z.string(),
    bytes: z.number(),
    hash: z.string(),
  }),
});

/** The URL without its credentials, for messages. */
export function redisUrlForLogs(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.href;
  } catch {
    return 'an invalid Redis URL';
  }
}

export class Cluster implements Announcer, SharedSubscriptions, ClusterGate {
  readonly mailbox: RedisMailbox;
  private readonly node = randomUUID();
  /** Topic channels this node listens on, each resolved once Redis confirmed the SUBSCRIBE. */
  private readonly listening = new Map<string, Promise<unknown>>();
  private deliver: (msg: StoredMessage) => void = () => {};
  /** Why Redis is unreachable, while it is. */
  private down: string | null = null;
  private closing = false;
  /** `offline` calls under way, awaited before the connections close. */
  private readonly leaving = new Set<Promise<unknown>>();

  private constructor(
    private readonly commands: Redis,
    /** A second connection: one in subscriber mode takes no other commands. */
    private readonly subscriber: Redis,
    private readonly options: ClusterOptions,
  ) {
    this.mailbox = new RedisMailbox(commands, options.keyPrefix, options.limits);
    subscriber.on('message', (channel: string, text: string) => this.received(text));
    for (const [name, conn] of [['commands', commands], ['subscriber', subscriber]] as const) {
      conn.on('error', (err: Error) => this.lost(`${name} connection: ${err.message}`));
      conn.on('close', () => this.lost(`${name} connection closed`));
      conn.on('ready', () => {
        if (this.down && commands.status === 'ready' && subscriber.status === 'ready') {
          options.log.info(`Redis reachable again (${redisUrlForLogs(options.redisUrl)})`);
          this.down = null;
        }
      });
    }
  }

  /** Connects both connections; throws, naming the URL without its password, when Redis does not answer. */
  static async connect(options: ClusterOptions): Promise<Cluster> {
    const base = {
      lazyConnect: true,
      connectTimeout: 2000,
      // Keep trying after a loss, at most a second apart, so a node recovers as soon as Redis is back.
      retryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
    };
    // Requests fail at once while Redis is away (the client gets -32002 and retries) instead of waiting in a queue.
    const commands = new Redis(options.redisUrl, { ...base, enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 5000 });
    // Channel (un)subscriptions made while Redis is away are queued and sent when it is back.
    const subscriber = new Redis(options.redisUrl, { ...base, maxRetriesPerRequest: null });
    const cluster = new Cluster(commands, subscriber, options);
    try {
      await Promise.all([commands.connect(), subscriber.connect()]);
      await commands.ping();
    } catch (err) {
      await cluster.close();
      throw new Error(`relay: cannot reach Redis at ${redisUrlForLogs(options.redisUrl)}: ${(err as Error).message}`);
    }
    cluster.down = null;
    return cluster;
  }

  /** Where messages other nodes announce go (this node's subscribers of their topic). */
  onAnnounced(deliver: (msg: StoredMessage) => void): void {
    this.deliver = deliver;
  }

  /** Clients.onTopic: listen on a topic's channel while this node has subscribers of it. */
  readonly topicChanged = (topic: string, subscribed: boolean): void => {
    const channel = this.channel(topic);
    if (subscribed) {
      const listening = this.subscriber.subscribe(channel);
      listening.catch(() => {}); // awaited (and reported) by `subscribed`
      this.listening.set(topic, listening);
    } else {
      this.listening.delete(topic);
      this.subscriber.unsubscribe(channel).catch((err: Error) => this.options.log.warn(`unsubscribing from a topic channel failed: ${err.message}`));
    }
  };

  async announce(msg: StoredMessage): Promise<void> {
    await this.commands.publish(this.channel(msg.topic), JSON.stringify({ node: this.node, msg }));
  }

  async subscribed(client: ClientState, topics: readonly string[]): Promise<void> {
    await Promise.all([this.commands.sadd(this.clientKey(client.id), ...topics), ...topics.map((t) => this.listening.get(t))]).catch((err: Error) => {
      throw unavailableError(err.message);
    });
  }

  async unsubscribed(client: ClientState, topics: readonly string[]): Promise<void> {
    await this.commands.srem(this.clientKey(client.id), ...topics).catch((err: Error) => {
      throw unavailableError(err.message);
    });
  }

  /** As the client connects: its subscriptions, kept (no expiry) while it is connected. */
  async subscriptionsOf(clientId: string): Promise<string[]> {
    const key = this.clientKey(clientId);
    const replies = await this.commands.multi().smembers(key).persist(key).exec();
    const [err, topics] = replies?.[0] ?? [new Error('transaction aborted')];
    if (err) throw err;
    return topics as string[];
  }

  /** The client's last socket on this node closed: its subscriptions are forgotten `maxOfflineMs` later unless it comes back. */
  async offline(clientId: string): Promise<void> {
    const expiring = this.commands.pexpire(this.clientKey(clientId), this.options.limits.maxOfflineMs);
    this.leaving.add(expiring);
    try {
      await expiring;
    } finally {
      this.leaving.delete(expiring);
    }
  }

  /** ClusterGate: why sockets are refused now, or null. */
  unavailable(): string | null {
    if (this.commands.status === 'ready' && this.subscriber.status === 'ready') return null;
    return `Redis unreachable (${this.down ?? this.commands.status})`;
  }

  /** For /health: null when Redis answers a PING, else why not. */
  async problem(): Promise<string | null> {
    const now = this.unavailable();
    if (now) return now;
    return this.commands.ping().then(
      () => null,
      (err: Error) => `Redis unreachable (${err.message})`,
    );
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.leaving]);
    await Promise.all(
      [this.commands, this.subscriber].map((conn) =>
        conn.status === 'ready' ? conn.quit().catch(() => conn.disconnect()) : Promise.resolve(conn.disconnect()),
      ),
    );
  }

  private lost(why: string): void {
    if (this.closing || (this.commands.status === 'ready' && this.subscriber.status === 'ready')) return;
    if (!this.down) this.options.log.warn(`Redis unreachable (${why}); retrying every second, new sockets get 503 meanwhile`);
    this.down = why;
  }

  private received(text: string): void {
    let parsed: z.infer<typeof announcementSchema>;
    try {
      parsed = announcementSchema.parse(JSON.parse(text));
    } catch (err) {
      this.options.log.warn(`ignored an announcement that is not one: ${(err as Error).message.slice(0, 200)}`);
      return;
    }
    if (parsed.node !== this.node) this.deliver(parsed.msg);
  }

  private channel(topic: string): string {
    return `${this.options.keyPrefix}topic:${topic}`;
  }

  private clientKey(clientId: string): string {
    return `${this.options.keyPrefix}client:${clientId}`;
  }
}
