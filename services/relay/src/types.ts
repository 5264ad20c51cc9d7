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
  /** sha256 of the message: the de-duplication key within its topic. */
  hash: string;
  /** Client ids this message was sent to (or published by): never sent to them again. */
  sent: Set<string>;
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
}
