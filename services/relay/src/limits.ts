/**
 * Every bound the relay enforces, with its default, in one place. Each is an option of
 * `startRelay({ limits })` and, for the CLI, an environment variable (`limitEnvName`).
 * Defaults are generous: a wallet and a dapp subscribe to a handful of topics and a session's
 * messages are a few kB, so `pnpm demo`, e2e and real clients never come near them.
 */
import { z } from 'zod';

export interface RelayLimits {
  /** Largest accepted text frame; bigger ones get a -32005 error, then close 1009. */
  maxMessageBytes: number;
  /** Entries in one JSON-RPC batch array. */
  maxBatchSize: number;
  /** Frames (or batch entries) per second per socket before -32005; 10x this closes 1008. */
  maxMessagesPerSecond: number;
  /** Unsent bytes queued for one socket before it is closed 1013 (slow consumer). */
  maxBufferedBytes: number;
  /** Mailbox bytes delivered to one socket and not yet acked; further deliveries wait for acks. */
  maxUnackedBytes: number;
  /** Open sockets in the whole relay; more get HTTP 503 at upgrade. */
  maxConnections: number;
  /** Open sockets from one IP address (IPv6: one /64); more get HTTP 429 at upgrade. */
  maxConnectionsPerIp: number;
  /** Sockets one IP address (IPv6: one /64) may open per second, each costing an ed25519 check of its token; more get HTTP 429. */
  maxNewConnectionsPerIpPerSecond: number;
  /** Client ids the relay keeps (connected or remembered); the longest-offline one makes room, else HTTP 503. */
  maxClients: number;
  /** A socket with no traffic at all (no frame, no pong) for this long is terminated. */
  maxSilentMs: number;
  /** Subscriptions of a client id with no open socket are forgotten after this long. */
  maxOfflineMs: number;
  /** Topics (or subscriptions, or messages) in one batch method call; the clients send at most 500. */
  maxTopicsPerCall: number;
  /** Topics one client id may be subscribed to at once. */
  maxTopicsPerClient: number;
  /** Subscriptions (client id, topic) in the whole relay. */
  maxSubscriptions: number;
  /** Bytes stored in the whole mailbox (message + topic + bookkeeping per message). */
  maxMailboxBytes: number;
  /** Bytes of stored messages one client id may have published (its share of the mailbox). */
  maxMailboxBytesPerClient: number;
  /** Bytes of stored messages published from one IP address (IPv6: one /64), whatever the client ids: new ids cost a keypair, not room. */
  maxMailboxBytesPerIp: number;
  /** Bytes stored for one topic; below `maxBufferedBytes`, so delivering a full topic never trips the slow-consumer close. */
  maxMailboxBytesPerTopic: number;
  /** Longest a message waits in the mailbox: its publisher's TTL, clamped to this. */
  maxTtlSeconds: number;
  /** Messages returned by one irn_fetchMessages / irn_batchFetchMessages. */
  fetchPageSize: number;
}

const KiB = 1024;
const MiB = 1024 * KiB;

export const DEFAULT_LIMITS: Readonly<RelayLimits> = Object.freeze({
  maxMessageBytes: 512 * KiB,
  maxBatchSize: 100,
  maxMessagesPerSecond: 500,
  maxBufferedBytes: 16 * MiB,
  maxUnackedBytes: 16 * MiB,
  maxConnections: 10_000,
  maxConnectionsPerIp: 500,
  maxNewConnectionsPerIpPerSecond: 50,
  maxClients: 20_000,
  maxSilentMs: 30_000,
  maxOfflineMs: 15 * 60_000,
  maxTopicsPerCall: 500,
  maxTopicsPerClient: 10_000,
  maxSubscriptions: 1_000_000,
  maxMailboxBytes: 256 * MiB,
  maxMailboxBytesPerClient: 16 * MiB,
  maxMailboxBytesPerIp: 64 * MiB,
  maxMailboxBytesPerTopic: 8 * MiB,
  // The longest TTL the Sign API publishes with (a session request's expiry, at most 7 days).
  maxTtlSeconds: 7 * 24 * 3600,
  fetchPageSize: 200,
});

const LIMIT_KEYS = Object.keys(DEFAULT_LIMITS) as Array<keyof RelayLimits>;

const limitValue = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const limitsSchema = z.strictObject(Object.fromEntries(LIMIT_KEYS.map((k) => [k, limitValue.optional()])) as Record<keyof RelayLimits, z.ZodOptional<typeof limitValue>>);

/** Defaults overridden by `partial`; an unknown key or a value that is not a positive integer throws. */
export function resolveLimits(partial: unknown = {}): RelayLimits {
  const parsed = limitsSchema.safeParse(partial);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.');
    throw new TypeError(`relay limits: ${where}: ${issue.message}`);
  }
  const given = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_LIMITS, ...given };
}

const ENV_PREFIX = 'RELAY_LIMIT_';

/** `maxTopicsPerClient` → `RELAY_LIMIT_MAX_TOPICS_PER_CLIENT`. */
export const limitEnvName = (key: keyof RelayLimits) => ENV_PREFIX + key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();

/** The limits set in the environment; an unknown `RELAY_LIMIT_*` name or a non-integer value throws. */
export function limitsFromEnv(env: Record<string, string | undefined>): Partial<RelayLimits> {
  const byName = new Map(LIMIT_KEYS.map((k) => [limitEnvName(k), k]));
  const limits: Partial<RelayLimits> = {};
  for (const [name, text] of Object.entries(env)) {
    if (!name.startsWith(ENV_PREFIX) || text === undefined || text === '') continue;
    const key = byName.get(name);
    if (!key) throw new TypeError(`${name} is not a relay limit; known: ${[...byName.keys()].join(', ')}`);
    if (!/^\d+$/.test(text)) throw new TypeError(`${name} must be a positive integer, got ${JSON.stringify(text)}`);
    limits[key] = Number(text);
  }
  resolveLimits(limits); // range check with the same messages as startRelay
  return limits;
}

/** Seconds in a row over the budget after which a socket counts as flooding, whatever its pace. */
export const FLOOD_STREAK_SECONDS = 3;

/**
 * A per-second message budget. Over it: `limited` (refuse). A flood: 10x it within one second, or
 * over it again after `FLOOD_STREAK_SECONDS` over-budget seconds in a row (a busy relay may read a
 * burst over several seconds).
 */
export class RateWindow {
  private start = 0;
  private count = 0;
  private overStreak = 0;

  constructor(private readonly perSecond: number) {}

  add(n: number, now = Date.now()): 'ok' | 'limited' | 'flood' {
    if (now - this.start >= 1000) {
      const consecutive = now - this.start < 2000;
      this.overStreak = consecutive && this.count > this.perSecond ? this.overStreak + 1 : 0;
      this.start = now;
      this.count = 0;
    }
    this.count += n;
    if (this.count <= this.perSecond) return 'ok';
    return this.count > this.perSecond * 10 || this.overStreak >= FLOOD_STREAK_SECONDS ? 'flood' : 'limited';
  }
}

/** What connections are counted by: the IPv4 address, or the /64 of an IPv6 one (one host's usual share). */
export function ipKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const ip = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => parseInt(g || '0', 16).toString(16)).join(':')}::/64`;
}
