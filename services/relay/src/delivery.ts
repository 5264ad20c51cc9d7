/**
 * Getting messages to subscribers: fan-out on publish, the stored ones on subscribe, fetch pages,
 * and redelivery of what a closed socket never acked.
 */
import { subscriptionId, type Clients } from './clients';
import type { RelayLimits } from './limits';
import type { Mailbox, NewMessage } from './mailbox';
import type { Send } from './transport';
import type { ClientState, Conn, StoredMessage } from './types';

const wireData = (msg: StoredMessage) => ({ topic: msg.topic, message: msg.message, publishedAt: msg.publishedAt, tag: msg.tag, attestation: '' });

export class Delivery {
  private nextId = Date.now() * 1000; // safe integer, like the clients' payloadId(3)

  constructor(
    private readonly clients: Clients,
    private readonly mailbox: Mailbox,
    private readonly send: Send,
    private readonly limits: Pick<RelayLimits, 'fetchPageSize' | 'maxUnackedBytes'>,
  ) {}

  /** Stores the message published on `conn` and forwards it to every other subscriber, never back to the publisher. */
  publish(conn: Conn, message: Omit<NewMessage, 'publisher' | 'publisherIp'>): void {
    const msg = this.mailbox.store({ ...message, publisher: conn.client.id, publisherIp: conn.ip });
    if (!msg) return; // a client retrying the same publish
    for (const sub of this.clients.subscribersOf(msg.topic)) if (sub !== conn.client) this.deliver(sub, msg);
  }

  deliverStored(client: ClientState, topic: string): void {
    for (const msg of this.mailbox.live(topic)) this.deliver(client, msg);
  }

  /** Up to a page of messages on these topics not yet sent to the client. */
  fetch(client: ClientState, topics: readonly string[]) {
    const messages: Array<ReturnType<typeof wireData>> = [];
    for (const topic of topics) {
      for (const msg of this.mailbox.live(topic)) {
        if (msg.sent.has(client.id)) continue;
        if (messages.length >= this.limits.fetchPageSize) return { messages, hasMore: true };
        msg.sent.add(client.id);
        messages.push(wireData(msg));
      }
    }
    return { messages, hasMore: false };
  }

  /** The client received delivery `id` (an error reply counts as received too). */
  ack(conn: Conn, id: string): void {
    const msg = conn.pending.get(id);
    if (!msg) return;
    conn.pending.delete(id);
    conn.pendingBytes -= msg.bytes;
    if (conn.backlogged && conn.pendingBytes <= this.limits.maxUnackedBytes / 2) {
      conn.backlogged = false;
      for (const topic of conn.client.topics.keys()) this.deliverStored(conn.client, topic);
    }
  }

  /** Deliveries a closed socket never acked and that have not expired go back to its client: now on another open socket, or on its next subscribe. */
  requeue(conn: Conn, now = Date.now()): void {
    const unacked = [...conn.pending.values()].filter((msg) => msg.expiresAt > now);
    conn.pending.clear();
    conn.pendingBytes = 0;
    for (const msg of unacked) msg.sent.delete(conn.client.id);
    for (const msg of unacked) if (conn.client.topics.has(msg.topic)) this.deliver(conn.client, msg);
  }

  private deliver(client: ClientState, msg: StoredMessage): void {
    if (msg.sent.has(client.id)) return;
    const conn = liveSocket(client);
    if (!conn) return; // stays in the mailbox until the client subscribes again
    if (conn.pendingBytes > 0 && conn.pendingBytes + msg.bytes > this.limits.maxUnackedBytes) {
      // Flow control: wait for acks (a client that never acks would pin messages past their expiry).
      conn.backlogged = true;
      return; // not marked sent: delivered once acks drain the window, or on the next subscribe
    }
    msg.sent.add(client.id);
    const id = this.nextId++;
    conn.pending.set(String(id), msg);
    conn.pendingBytes += msg.bytes;
    // A subscribe and an unsubscribe in one batch can leave the client unsubscribed here.
    const subId = client.topics.get(msg.topic) ?? subscriptionId(msg.topic, client.id);
    this.send(conn, JSON.stringify({ id, jsonrpc: '2.0', method: 'irn_subscription', params: { id: subId, data: wireData(msg) } }));
  }
}

function liveSocket(client: ClientState): Conn | undefined {
  let last: Conn | undefined;
  for (const c of client.sockets) if (c.ws.readyState === c.ws.OPEN) last = c;
  return last;
}
