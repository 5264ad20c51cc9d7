/**
 * Messages kept per topic until their TTL, for clients that subscribe later. Measured in bytes:
 * the whole mailbox, each topic, and the shares of each publishing client id and IP address, so
 * neither one client nor one address with many client ids can fill it.
 * A re-publish of a stored message (a client retry) is found in O(1) by its hash.
 */
import { createHash } from 'node:crypto';
import type { Awaitable } from './awaitable';
import { limitError } from './errors';
import type { RelayLimits } from './limits';
import type { StoredMessage } from './types';

/** Rough bookkeeping cost of one stored message (record, map entries, sets), so tiny messages are not free. */
export const MESSAGE_OVERHEAD_BYTES = 256;

export type MailboxLimits = Pick<RelayLimits, 'maxMailboxBytes' | 'maxMailboxBytesPerClient' | 'maxMailboxBytesPerIp' | 'maxMailboxBytesPerTopic' | 'maxTtlSeconds'>;

export interface NewMessage {
  publisher: string;
  /** Address key (`ipKey`) of the socket it was published on. */
  publisherIp: string;
  topic: string;
  message: string;
  ttlSeconds: number;
  tag: number;
}

export interface MailboxStats {
  storedMessages: number;
  storedBytes: number;
}

/** What delivery needs of a mailbox: this in-memory one, or the shared one in Redis (redis-mailbox.ts). */
export interface MessageStore {
  /** Stores a message; null when the same message is already stored on the topic. Throws -32005 past a byte limit. */
  store(input: NewMessage, now?: number): Awaitable<StoredMessage | null>;
  /** The topic's messages that have not expired, oldest first. */
  live(topic: string, now?: number): Awaitable<StoredMessage[]>;
  /** Marks `msg` as sent to `clientId`; false when it already was (in Redis, or is gone): each client id gets a message once. */
  claim(msg: StoredMessage, clientId: string): Awaitable<boolean>;
  /** Undoes `claim` for a delivery that was never acked, so it is sent again. */
  release(msg: StoredMessage, clientId: string): Awaitable<void>;
  /** Drops the messages that expired; returns how many. */
  sweep(now?: number): Awaitable<number>;
  stats(): MailboxStats;
}

export const messageHash = (message: string) => createHash('sha256').update(message).digest('hex');

/** What a stored message costs in the mailbox: so many tiny messages are not free. */
export const messageCost = (topic: string, message: string) => Buffer.byteLength(message) + Buffer.byteLength(topic) + MESSAGE_OVERHEAD_BYTES;

interface TopicBox {
  /** hash → message, in publish order */
  messages: Map<string, StoredMessage>;
  bytes: number;
}

export class Mailbox implements MessageStore {
  private readonly topics = new Map<string, TopicBox>();
  /** publisher client id → bytes of its stored messages */
  private readonly shares = new Map<string, number>();
  /** publisher address key → bytes of the stored messages published from it */
  private readonly ipShares = new Map<string, number>();
  /** expiry second → messages expiring in it, so a sweep touches only what expired */
  private readonly expiring = new Map<number, StoredMessage[]>();
  /** message → client ids it was sent to (or published by): never sent to them again */
  private readonly sent = new WeakMap<StoredMessage, Set<string>>();
  /** Earlier seconds have been swept empty. */
  private firstUnswept = Math.floor(Date.now() / 1000);
  private bytes = 0;
  private count = 0;

  constructor(private readonly limits: MailboxLimits) {}

  /** Stores a message; null when the same message is already stored on the topic. Throws -32005 past a byte limit. */
  store(input: NewMessage, now = Date.now()): StoredMessage | null {
    const hash = messageHash(input.message);
    const existing = this.topics.get(input.topic)?.messages.get(hash);
    if (existing) {
      if (existing.expiresAt > now) return null;
      this.remove(existing);
    }
    const bytes = messageCost(input.topic, input.message);
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
    };
    this.sent.set(msg, new Set([input.publisher]));
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

  claim(msg: StoredMessage, clientId: string): boolean {
    const sent = this.sent.get(msg);
    if (!sent || sent.has(clientId)) return false;
    sent.add(clientId);
    return true;
  }

  release(msg: StoredMessage, clientId: string): void {
    this.sent.get(msg)?.delete(clientId);
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

  stats(): MailboxStats {
    return { storedMessages: this.count, storedBytes: this.bytes };
  }

  private checkRoom(input: NewMessage, bytes: number): void {
    const { maxMailboxBytes, maxMailboxBytesPerClient, maxMailboxBytesPerIp, maxMailboxBytesPerTopic } = this.limits;
    if ((this.shares.get(input.publisher) ?? 0) + bytes > maxMailboxBytesPerClient) throw roomError('client', this.limits);
    if ((this.ipShares.get(input.publisherIp) ?? 0) + bytes > maxMailboxBytesPerIp) throw roomError('ip', this.limits);
    if ((this.topics.get(input.topic)?.bytes ?? 0) + bytes > maxMailboxBytesPerTopic) throw roomError('topic', this.limits);
    if (this.bytes + bytes > maxMailboxBytes) throw roomError('all', this.limits);
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

/** The share of the mailbox a message found full, checked in this order (here and in Redis). */
export type MailboxShare = 'client' | 'ip' | 'topic' | 'all';

export function roomError(share: MailboxShare, limits: MailboxLimits) {
  switch (share) {
    case 'client':
      return limitError(`this client's share of the mailbox is full (${limits.maxMailboxBytesPerClient} bytes)`);
    case 'ip':
      return limitError(`this IP address's share of the mailbox is full (${limits.maxMailboxBytesPerIp} bytes)`);
    case 'topic':
      return limitError(`mailbox for this topic is full (${limits.maxMailboxBytesPerTopic} bytes)`);
    case 'all':
      return limitError(`relay mailbox is full (${limits.maxMailboxBytes} bytes)`);
  }
}

/** Adds `bytes` (negative: frees them) to `key`'s share; an empty share is dropped. */
function addShare(shares: Map<string, number>, key: string, bytes: number): void {
  const share = (shares.get(key) ?? 0) + bytes;
  if (share > 0) shares.set(key, share);
  else shares.delete(key);
}
