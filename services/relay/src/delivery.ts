/**
 * Getting messages to subscribers: fan-out on publish, the stored ones on subscribe, fetch pages,
 * and redelivery of what a closed socket never acked.
 *
 * Each client id gets a message once: a delivery first claims it in the mailbox (`MessageStore.claim`, by the
 * message's id, its sha256). In cluster mode that claim is in Redis, so the nodes a client is connected to (or
 * was) cannot both send it. The in-memory mailbox answers synchronously, and so does all of this then.
 */
import { andThen, inOrder, type Awaitable } from './awaitable';
import { subscriptionId, type Clients } from './clients';
import type { RelayLimits } from './limits';
import type { Logger } from './logger';
import type { MessageStore, NewMessage } from './mailbox';
import type { RelayMetrics } from './metrics';
import type { Send } from './transport';
import type { ClientState, Conn, StoredMessage } from './types';

const wireData = (msg: StoredMessage) => ({ topic: msg.topic, message: msg.message, publishedAt: msg.publishedAt, tag: msg.tag, attestation: '' });

/** Cluster mode: tells the other nodes about a message so they deliver it to their clients. */
export interface Announcer {
  announce(msg: StoredMessage): Promise<void>;
}

export interface DeliveryDeps {
  clients: Clients;
  mailbox: MessageStore;
  send: Send;
  limits: Pick<RelayLimits, 'fetchPageSize' | 'maxUnackedBytes'>;
  log: Logger;
  metrics: RelayMetrics;
  announcer?: Announcer;
}

export class Delivery {
  private nextId = Date.now() * 1000; // safe integer, like the clients' payloadId(3)
  /** Deliveries under way that no request waits for (cluster mode), awaited by `idle`. */
  private readonly background = new Set<Promise<void>>();

  constructor(private readonly deps: DeliveryDeps) {}

  /** Stores the message published on `conn` and forwards it to every other subscriber, never back to the publisher. */
  publish(conn: Conn, message: Omit<NewMessage, 'publisher' | 'publisherIp'>): Awaitable<void> {
    return andThen(this.deps.mailbox.store({ ...message, publisher: conn.client.id, publisherIp: conn.ip }), (msg) => {
      if (!msg) return; // a client retrying the same publish
      this.deps.metrics.onPublished();
      this.fanOut(msg);
      if (this.deps.announcer) return this.deps.announcer.announce(msg).catch((err: Error) => this.deps.log.warn(`announcing a message to the other nodes failed (they deliver it on the next subscribe): ${err.message}`));
    });
  }

  /** Sends `msg` to this node's subscribers of its topic but its publisher (also for messages other nodes announce). */
  fanOut(msg: StoredMessage): void {
    for (const sub of this.deps.clients.subscribersOf(msg.topic)) if (sub.id !== msg.publisher) this.track(this.deliver(sub, msg));
  }

  deliverStored(client: ClientState, topic: string): void {
    this.track(
      andThen(this.deps.mailbox.live(topic), (messages) => {
        for (const msg of messages) this.track(this.deliver(client, msg));
      }),
    );
  }

  /** Up to a page of messages on these topics not yet sent to the client. */
  fetch(client: ClientState, topics: readonly string[]): Awaitable<{ messages: Array<ReturnType<typeof wireData>>; hasMore: boolean }> {
    const { mailbox, limits } = this.deps;
    const messages: Array<ReturnType<typeof wireData>> = [];
    let hasMore = false;
    const take = (msg: StoredMessage): Awaitable<void> => {
      if (hasMore) return;
      return andThen(mailbox.claim(msg, client.id), (claimed) => {
        if (!claimed) return;
        // One past the page: it stays unsent, and says there is more.
        if (messages.length >= limits.fetchPageSize) return andThen(mailbox.release(msg, client.id), () => void (hasMore = true));
        messages.push(wireData(msg));
      });
    };
    const done = inOrder(topics, (topic) => andThen(mailbox.live(topic), (live) => andThen(inOrder(live, take), () => undefined)));
    return andThen(done, () => {
      this.deps.metrics.onRelayed(messages.length);
      return { messages, hasMore };
    });
  }

  /** The client received delivery `id` (an error reply counts as received too). */
  ack(conn: Conn, id: string): void {
    const msg = conn.pending.get(id);
    if (!msg) return;
    conn.pending.delete(id);
    conn.pendingBytes -= msg.bytes;
    if (conn.backlogged && conn.pendingBytes <= this.deps.limits.maxUnackedBytes / 2) {
      conn.backlogged = false;
      for (const topic of conn.client.topics.keys()) this.deliverStored(conn.client, topic);
    }
  }

  /**
   * Deliveries a closed socket never acked and that have not expired go back to its client: now on another open
   * socket (in cluster mode, on any node), or on its next subscribe.
   */
  requeue(conn: Conn, now = Date.now()): void {
    const unacked = [...conn.pending.values()].filter((msg) => msg.expiresAt > now);
    conn.pending.clear();
    conn.pendingBytes = 0;
    const { client } = conn;
    const released = inOrder(unacked, (msg) => this.deps.mailbox.release(msg, client.id));
    this.track(
      andThen(released, () => {
        for (const msg of unacked) if (client.topics.has(msg.topic)) this.track(this.deliver(client, msg));
        // Other nodes deliver it if the client is connected there; claims keep it to one delivery.
        if (this.deps.announcer) return Promise.all(unacked.map((msg) => this.deps.announcer!.announce(msg))).then(() => undefined);
      }),
    );
  }

  /** Resolves when no background delivery is under way (before a cluster node lets go of Redis). */
  async idle(): Promise<void> {
    while (this.background.size) await Promise.allSettled([...this.background]);
  }

  private track(work: Awaitable<void>): void {
    if (!(work instanceof Promise)) return;
    const tracked = work.catch((err: Error) => this.deps.log.warn(`delivery failed (the message stays in the mailbox): ${err.message}`)).finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }

  private deliver(client: ClientState, msg: StoredMessage): Awaitable<void> {
    const conn = liveSocket(client);
    if (!conn) return; // stays in the mailbox until the client subscribes again
    if (conn.pendingBytes > 0 && conn.pendingBytes + msg.bytes > this.deps.limits.maxUnackedBytes) {
      // Flow control: wait for acks (a client that never acks would pin messages past their expiry).
      conn.backlogged = true;
      return; // not claimed: delivered once acks drain the window, or on the next subscribe
    }
    // Held while the claim is under way, so concurrent deliveries see the window they will fill.
    conn.pendingBytes += msg.bytes;
    return andThen(this.deps.mailbox.claim(msg, client.id), (claimed): Awaitable<void> => {
      if (!claimed || conn.ws.readyState !== conn.ws.OPEN) {
        conn.pendingBytes -= msg.bytes;
        // Closed while claiming: its requeue has run already, so give the message back here.
        if (claimed) return this.deps.mailbox.release(msg, client.id);
        return;
      }
      const id = this.nextId++;
      conn.pending.set(String(id), msg);
      // A subscribe and an unsubscribe in one batch can leave the client unsubscribed here.
      const subId = client.topics.get(msg.topic) ?? subscriptionId(msg.topic, client.id);
      this.deps.send(conn, JSON.stringify({ id, jsonrpc: '2.0', method: 'irn_subscription', params: { id: subId, data: wireData(msg) } }));
      this.deps.metrics.onRelayed();
    });
  }
}

function liveSocket(client: ClientState): Conn | undefined {
  let last: Conn | undefined;
  for (const c of client.sockets) if (c.ws.readyState === c.ws.OPEN) last = c;
  return last;
}
