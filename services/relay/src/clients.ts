/**
 * Client ids and their subscriptions. Subscriptions belong to the client id, not the socket (the
 * clients reconnect and re-subscribe), and are forgotten `maxOfflineMs` after its last socket closed.
 */
import { createHash } from 'node:crypto';
import { limitError } from './errors';
import type { RelayLimits } from './limits';
import { logSafe, type Logger } from './logger';
import type { ClientState, Conn } from './types';

type ClientLimits = Pick<RelayLimits, 'maxClients' | 'maxOfflineMs' | 'maxTopicsPerClient' | 'maxSubscriptions'>;

export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256').update(topic + clientId).digest('hex');
}

export class Clients {
  private readonly byId = new Map<string, ClientState>();
  /** Clients with no open socket, in the order they went offline (oldest first). */
  private readonly offline = new Map<string, ClientState>();
  private readonly subscribers = new Map<string, Set<ClientState>>();
  private subscriptions = 0;

  constructor(
    private readonly limits: ClientLimits,
    private readonly log: Logger,
    /** Called when this relay gains its first subscriber of a topic (true) or loses its last (false): cluster mode listens to the topic's channel. */
    private readonly onTopic?: (topic: string, subscribed: boolean) => void,
  ) {}

  /** The client with this id, new if unknown; null when `maxClients` are kept and none is offline to make room. */
  admit(id: string, now = Date.now()): ClientState | null {
    const known = this.byId.get(id);
    if (known) return known;
    if (this.byId.size >= this.limits.maxClients) {
      const oldest = this.offline.values().next().value;
      if (!oldest) return null;
      this.forget(oldest, `forgotten to make room (${this.limits.maxClients} clients)`);
    }
    // Offline until a socket is attached, so a failed upgrade leaves nothing that is never swept.
    const client: ClientState = { id, short: logSafe(id.replace(/^did:key:/, ''), 10), sockets: new Set(), topics: new Map(), offlineSince: now };
    this.byId.set(id, client);
    this.offline.set(id, client);
    return client;
  }

  attach(conn: Conn): void {
    conn.client.sockets.add(conn);
    conn.client.offlineSince = null;
    this.offline.delete(conn.client.id);
  }

  detach(conn: Conn, now = Date.now()): void {
    const { client } = conn;
    client.sockets.delete(conn);
    if (client.sockets.size > 0) return;
    client.offlineSince = now;
    this.offline.delete(client.id); // re-inserted last: the map stays ordered by offlineSince
    this.offline.set(client.id, client);
  }

  /** Forgets clients offline for longer than `maxOfflineMs`. */
  sweep(now = Date.now()): void {
    for (const client of this.offline.values()) {
      if (now - (client.offlineSince ?? now) <= this.limits.maxOfflineMs) break;
      this.forget(client, 'forgotten after idling');
    }
  }

  /** Throws -32005 unless the client may add these topics; checked first so a batch is all or nothing. */
  checkRoom(client: ClientState, topics: readonly string[]): void {
    let fresh = 0;
    for (const t of new Set(topics)) if (!client.topics.has(t)) fresh++;
    if (client.topics.size + fresh > this.limits.maxTopicsPerClient) {
      throw limitError(`too many subscriptions (max ${this.limits.maxTopicsPerClient} topics per client)`);
    }
    if (this.subscriptions + fresh > this.limits.maxSubscriptions) {
      throw limitError(`the relay holds its maximum of ${this.limits.maxSubscriptions} subscriptions`);
    }
  }

  subscribe(client: ClientState, topic: string): string {
    let id = client.topics.get(topic);
    if (!id) {
      id = subscriptionId(topic, client.id);
      client.topics.set(topic, id);
      let set = this.subscribers.get(topic);
      if (!set) {
        this.subscribers.set(topic, (set = new Set()));
        this.onTopic?.(topic, true);
      }
      set.add(client);
      this.subscriptions++;
    }
    return id;
  }

  unsubscribe(client: ClientState, topic: string): void {
    if (!client.topics.delete(topic)) return;
    this.subscriptions--;
    const set = this.subscribers.get(topic);
    set?.delete(client);
    if (set?.size === 0) {
      this.subscribers.delete(topic);
      this.onTopic?.(topic, false);
    }
  }

  /**
   * Cluster mode, as a client connects: its subscriptions become the ones kept in Redis (made on whichever node),
   * as far as the limits allow.
   */
  restore(client: ClientState, topics: readonly string[]): void {
    const keep = new Set(topics);
    for (const topic of [...client.topics.keys()]) if (!keep.has(topic)) this.unsubscribe(client, topic);
    for (const topic of keep) {
      if (client.topics.has(topic)) continue;
      if (client.topics.size >= this.limits.maxTopicsPerClient || this.subscriptions >= this.limits.maxSubscriptions) break;
      this.subscribe(client, topic);
    }
  }

  subscribersOf(topic: string): ReadonlySet<ClientState> {
    return this.subscribers.get(topic) ?? new Set();
  }

  stats() {
    return { clients: this.byId.size, topics: this.subscribers.size, subscriptions: this.subscriptions };
  }

  private forget(client: ClientState, why: string): void {
    for (const topic of [...client.topics.keys()]) this.unsubscribe(client, topic);
    this.byId.delete(client.id);
    this.offline.delete(client.id);
    this.log.debug(`${client.short} ${why}`);
  }
}
