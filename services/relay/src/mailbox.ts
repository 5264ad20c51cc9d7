/**
 * Messages kept per topic until their TTL, for clients that subscribe later. Measured in bytes:
 * the whole mailbox, each topic, and the shares of each publishing client id and IP address, so
 * neither one client nor one address with many client ids can fill it.
 * A re-publish of a stored message (a client retry) is found in O(1) by its hash.
 */
import { createHash } from 'node:crypto';
import { limitError } from './errors';
import type { RelayLimits } from './limits';
import type { StoredMessage } from './types';

/** Rough bookkeeping cost of one stored message (record, map entries, sets), so tiny messages are not free. */
export const MESSAGE_OVERHEAD_BYTES = 256;

type MailboxLimits = Pick<RelayLimits, 'maxMailboxBytes' | 'maxMailboxBytesPerClient' | 'maxMailboxBytesPerIp' | 'maxMailboxBytesPerTopic' | 'maxTtlSeconds'>;

export interface NewMessage {
  publisher: string;
  /** Address key (`ipKey`) of the socket it was published on. */
  publisherIp: string;
  topic: string;
  message: string;
  ttlSeconds: number;
  tag: number;
}

interface TopicBox {
  /** hash → message, in publish order */
  messages: Map<string, StoredMessage>;
  bytes: number;
}

export class Mailbox {
  private readonly topics = new Map<string, TopicBox>();
  /** publisher client id → bytes of its stored messages */
  private readonly shares = new Map<string, number>();
  /** publisher address key → bytes of the stored messages published from it */
  private readonly ipShares = new Map<string, number>();
  /** expiry second → messages expiring in it, so a sweep touches only what expired */
  private readonly expiring = new Map<number, StoredMessage[]>();
  /** Earlier seconds have been swept empty. */
  private firstUnswept = Math.floor(Date.now() / 1000);
  private bytes = 0;
  private count = 0;

  constructor(private readonly limits: MailboxLimits) {}

  /** Stores a message; null when the same message is already stored on the topic. Throws -32005 past a byte limit. */
  store(input: NewMessage, now = Date.now()): StoredMessage | null {
    const hash = createHash('sha256').update(input.message).digest('hex');
    const existing = this.topics.get(input.topic)?.messages.get(hash);
    if (existing) {
      if (existing.expiresAt > now) return null;
      this.remove(existing);
    }
    const bytes = Buffer.byteLength(input.message) + Buffer.byteLength(input.topic) + MESSAGE_OVERHEAD_BYTES;
    this.checkRoom(input, bytes);
    const msg: StoredMessage = {
      topic: input.topic,
      message: input.message,
      publishedAt: now,
      tag: input.tag,
      expiresAt: now + Math.min(input.ttlSeconds, this.limits.maxTtlSeconds) * 1000,
      publisher: input.publisher,
      publisherIp: input.publisherIp,
      bytes,
      hash,
      sent: new Set([input.publisher]),
    };
    let box = this.topics.get(input.topic);
    if (!box) this.topics.set(input.topic, (box = { messages: new Map(), bytes: 0 }));
    box.messages.set(hash, msg);
    box.bytes += bytes;
    addShare(this.shares, msg.publisher, bytes);
    addShare(this.ipShares, msg.publisherIp, bytes);
    this.bytes += bytes;
    this.count++;
    const second = Math.max(Math.floor(msg.expiresAt / 1000), this.firstUnswept);
    const bucket = this.expiring.get(second);
    if (bucket) bucket.push(msg);
    else this.expiring.set(second, [msg]);
    return msg;
  }

  /** The topic's messages that have not expired, oldest first. */
  live(topic: string, now = Date.now()): StoredMessage[] {
    const box = this.topics.get(topic);
    return box ? [...box.messages.values()].filter((m) => m.expiresAt > now) : [];
  }

  /** Drops the messages that expired since the last sweep; returns how many. */
  sweep(now = Date.now()): number {
    let removed = 0;
    const nowSecond = Math.floor(now / 1000);
    for (let second = this.firstUnswept; second <= nowSecond; second++) {
      const bucket = this.expiring.get(second);
      if (!bucket) continue;
      const waiting: StoredMessage[] = []; // the current second's messages that expire later in it
      for (const msg of bucket) {
        if (msg.expiresAt > now) waiting.push(msg);
        else if (this.remove(msg)) removed++;
      }
      if (waiting.length) this.expiring.set(second, waiting);
      else this.expiring.delete(second);
    }
    this.firstUnswept = Math.max(this.firstUnswept, nowSecond);
    return removed;
  }

  stats() {
    return { storedMessages: this.count, storedBytes: this.bytes };
  }

  private checkRoom(input: NewMessage, bytes: number): void {
    const { maxMailboxBytes, maxMailboxBytesPerClient, maxMailboxBytesPerIp, maxMailboxBytesPerTopic } = this.limits;
    if ((this.shares.get(input.publisher) ?? 0) + bytes > maxMailboxBytesPerClient) {
      throw limitError(`this client's share of the mailbox is full (${maxMailboxBytesPerClient} bytes)`);
    }
    if ((this.ipShares.get(input.publisherIp) ?? 0) + bytes > maxMailboxBytesPerIp) {
      throw limitError(`this IP address's share of the mailbox is full (${maxMailboxBytesPerIp} bytes)`);
    }
    if ((this.topics.get(input.topic)?.bytes ?? 0) + bytes > maxMailboxBytesPerTopic) {
      throw limitError(`mailbox for this topic is full (${maxMailboxBytesPerTopic} bytes)`);
    }
    if (this.bytes + bytes > maxMailboxBytes) throw limitError(`relay mailbox is full (${maxMailboxBytes} bytes)`);
  }

  /** False when `msg` is no longer stored (e.g. an expired message already replaced by its re-publish). */
  private remove(msg: StoredMessage): boolean {
    const box = this.topics.get(msg.topic);
    if (!box || box.messages.get(msg.hash) !== msg) return false;
    box.messages.delete(msg.hash);
    box.bytes -= msg.bytes;
    if (box.messages.size === 0) this.topics.delete(msg.topic);
    addShare(this.shares, msg.publisher, -msg.bytes);
    addShare(this.ipShares, msg.publisherIp, -msg.bytes);
    this.bytes -= msg.bytes;
    this.count--;
    return true;
  }
}

/** Adds `bytes` (negative: frees them) to `key`'s share; an empty share is dropped. */
function addShare(shares: Map<string, number>, key: string, bytes: number): void {
  const share = (shares.get(key) ?? 0) + bytes;
  if (share > 0) shares.set(key, share);
  else shares.delete(key);
}
