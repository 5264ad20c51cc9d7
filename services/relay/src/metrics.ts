/**
 * `/metrics` in Prometheus' text format (prom-client). One registry per relay, not prom-client's global one,
 * so several relays in one process (the tests) each count their own.
 */
import { Counter, Gauge, Registry } from 'prom-client';
import type { Awaitable } from './awaitable';
import type { MailboxStats } from './mailbox';

/** What the rate-limit counter's `limit` label names: the limit that refused the frame or socket. */
export type RateLimitName = 'messages_per_second' | 'new_connections_per_ip' | 'connections_per_ip' | 'connections';

export interface MetricsSources {
  sockets(): number;
  /** The mailbox this node uses (in cluster mode: the shared one in Redis). */
  mailbox(): Awaitable<MailboxStats>;
  /** Cluster mode: whether Redis answers. */
  redisUp?(): Awaitable<boolean>;
}

export class RelayMetrics {
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;
  private readonly relayed: Counter;
  private readonly published: Counter;
  private readonly rateLimited: Counter<'limit'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    new Gauge({ name: 'portico_relay_sockets_open', help: 'Client WebSockets open on this node.', registers, collect() { this.set(sources.sockets()); } });
    // One mailbox read for both gauges of a scrape.
    let reading: Promise<MailboxStats> | null = null;
    const mailbox = () => (reading ??= Promise.resolve(sources.mailbox()).finally(() => setImmediate(() => (reading = null))));
    new Gauge({ name: 'portico_relay_mailbox_bytes', help: 'Bytes held by the mailbox (message, topic and bookkeeping per message).', registers, async collect() { this.set((await mailbox()).storedBytes); } });
    new Gauge({ name: 'portico_relay_mailbox_messages', help: 'Messages held by the mailbox.', registers, async collect() { this.set((await mailbox()).storedMessages); } });
    this.relayed = new Counter({ name: 'portico_relay_messages_relayed_total', help: 'Messages this node sent to subscribers (pushed or fetched).', registers });
    this.published = new Counter({ name: 'portico_relay_messages_published_total', help: 'New messages published on this node and stored (client retries not counted).', registers });
    this.rateLimited = new Counter({ name: 'portico_relay_rate_limit_hits_total', help: 'Frames or sockets refused by a rate or connection limit, by limit.', labelNames: ['limit'], registers });
    const { redisUp } = sources;
    if (redisUp) new Gauge({ name: 'portico_relay_redis_up', help: 'Cluster mode: 1 when Redis answers, else 0.', registers, async collect() { this.set((await redisUp()) ? 1 : 0); } });
  }

  onRelayed(n = 1): void {
    this.relayed.inc(n);
  }

  onPublished(): void {
    this.published.inc();
  }

  onRateLimited(limit: RateLimitName): void {
    this.rateLimited.inc({ limit });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
