/**
 * Messages kept per topic until their TTL, for clients that subscribe later. Measured in bytes:
 * the whole mailbox, each topic, and each publisher's share, so one client cannot fill it.
 * A re-publish of a stored message (a client retry) is found in O(1) by its hash.
 */
import { createHash } from 'node:crypto';
import { limitError } from './errors';
import type { RelayLimits } from './limits';
import type { StoredMessage } from './types';

/** Rough bookkeeping cost of one stored message (record, map entries, sets), so tiny messages are not free. */
export const MESSAGE_OVERHEAD_BYTES = 256;

type MailboxLimits = Pick<RelayLimits, 'maxMailboxBytes' | 'maxMailboxBytesPerClient' | 'maxMailboxBytesPerTopic' | 'maxTtlSeconds'>;

export interface NewMessage {
  publisher: string;
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
      bytes,
      hash,
      sent: new Set([input.publisher]),
    };
    let box = this.topics.get(input.topic);
    if (!box) this.topics.set(input.topic, (box = { messages: new Map(), bytes: 0 }));
    box.messages.set(hash, msg);
    box.bytes += bytes;
    this.shares.set(msg.publisher, (this.shares.get(msg.publisher) ?? 0) + bytes);
    this.bytes += bytes;
    this.count++;
    return msg;
  }

  /** The topic's messages that have not expired, oldest first. */
  live(topic: string, now = Date.now()): StoredMessage[] {
    const box = this.topics.get(topic);
    return box ? [...box.messages.values()].filter((m) => m.expiresAt > now) : [];
  }

  /** Drops expired messages; returns how many. */
  sweep(now = Date.now()): number {
    let removed = 0;
    for (const box of this.topics.values()) {
      for (const msg of box.messages.values()) {
        if (msg.expiresAt <= now) {
          this.remove(msg);
          removed++;
        }
      }
    }
    return removed;
  }

  stats() {
    return { storedMessages: this.count, storedBytes: this.bytes };
  }

  private checkRoom(input: NewMessage, bytes: number): void {
    const { maxMailboxBytes, maxMailboxBytesPerClient, maxMailboxBytesPerTopic } = this.limits;
    if ((this.shares.get(input.publisher) ?? 0) + bytes > maxMailboxBytesPerClient) {
      throw limitError(`this client's share of the mailbox is full (${maxMailboxBytesPerClient} bytes)`);
    }
    if ((this.topics.get(input.topic)?.bytes ?? 0) + bytes > maxMailboxBytesPerTopic) {
      throw limitError(`mailbox for this topic is full (${maxMailboxBytesPerTopic} bytes)`);
    }
    if (this.bytes + bytes > maxMailboxBytes) throw limitError(`relay mailbox is full (${maxMailboxBytes} bytes)`);
  }

  private remove(msg: StoredMessage): void {
    const box = this.topics.get(msg.topic);
    if (!box?.messages.delete(msg.hash)) return;
    box.bytes -= msg.bytes;
    if (box.messages.size === 0) this.topics.delete(msg.topic);
    const share = (this.shares.get(msg.publisher) ?? 0) - msg.bytes;
    if (share > 0) this.shares.set(msg.publisher, share);
    else this.shares.delete(msg.publisher);
    this.bytes -= msg.bytes;
    this.count--;
  }
}
