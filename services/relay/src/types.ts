/** The relay's in-memory records, shared by its modules. */
import type { WebSocket } from 'ws';
import type { RateWindow } from './limits';

export interface StoredMessage {
  topic: string;
  message: string;
  publishedAt: number;
  tag: number;
  expiresAt: number;
  /** Client id whose mailbox share this message counts against. */
  publisher: string;
  /** Address key whose mailbox share this message counts against. */
  publisherIp: string;
  /** What the message costs in the mailbox (see `Mailbox`). */
  bytes: number;
  /** sha256 of the message: its id, the de-duplication key within its topic (also across nodes in cluster mode). */
  hash: string;
}

export interface ClientState {
  id: string;
  /** Log-safe prefix of the id. */
  short: string;
  sockets: Set<Conn>;
  /** topic → subscription id */
  topics: Map<string, string>;
  /** When its last socket closed; null while connected. */
  offlineSince: number | null;
}

export interface Conn {
  ws: WebSocket;
  client: ClientState;
  /** Key of the remote address (see `ipKey`). */
  ip: string;
  /** Last frame or pong from the client. */
  lastSeenAt: number;
  /** delivery id → message awaiting the client's ack */
  pending: Map<string, StoredMessage>;
  /** Mailbox bytes of the messages in `pending`. */
  pendingBytes: number;
  /** Deliveries were held back by `maxUnackedBytes`; resumed when acks drain half of it. */
  backlogged: boolean;
  rate: RateWindow;
  /** Frames still being handled (cluster mode waits on Redis); the next frame waits for them, so replies keep their order. */
  busy: Promise<void> | null;
  /** Frames queued behind `busy`. */
  waiting: number;
}
