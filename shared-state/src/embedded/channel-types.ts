/** The modal channel's public shapes (`createFrameChannel` in app-channel.ts builds one). */
import type { EmbeddedAlert } from './constants';
import type { AppRequestName, NotificationName, NotificationPayload, ReplyPayload, RequestPayload } from './messages';
import type { IgnoredMessage, ListenTarget, PostTarget } from './wire';

/** loading → settling (READY seen, 500 ms) → ready; failed (no READY in 20 s); gone (heartbeat missed); closed. */
export type FrameChannelState = 'loading' | 'settling' | 'ready' | 'failed' | 'gone' | 'closed';
/** A notification from the frame other than READY (which the channel handles itself). */
export type FrameNotification = {
  [K in Exclude<NotificationName, 'READY'>]: { name: K; payload: NotificationPayload<K> };
}[Exclude<NotificationName, 'READY'>];

export interface FrameChannelOptions {
  /** The iframe's window (`() => iframe.contentWindow`); read on every post and every received message. */
  frameWindow: () => PostTarget | null | undefined;
  /** The secure site's origin, e.g. `http://127.0.0.1:3010`; the only origin posted to and accepted. */
  frameOrigin: string;
  /** Where replies arrive: the modal page's `window`. */
  listenTarget: ListenTarget;
  /** Every dropped message, for logging (other windows, other origins, look-alikes, late replies). */
  onIgnored?: (ignored: IgnoredMessage) => void;
  /** An alert the UI should raise (spec section 8): load failure or a gone frame, a timed-out request, an expired session. */
  onAlert?: (alert: EmbeddedAlert) => void;
  /** Account, chain and session notifications from the frame. */
  onNotification?: (notification: FrameNotification) => void;
}

export interface RequestOptions {
  /** Overrides `requestTimeoutMs(name, rpcMethod)`. */
  timeoutMs?: number;
  /** Aborting rejects with 'Request was aborted' (RPC) or 'Something went wrong' (other events). */
  signal?: AbortSignal;
}

export interface FrameChannel {
  /**
   * Sends one event and resolves with the frame's success payload.
   * @throws {EmbeddedWalletError} the frame's error reply (`shortMessage` is its message, `code` its code)
   * @throws {SessionExpiredError} | {EmbeddedWalletTimeoutError} | {EmbeddedWalletLoadError} | {EmbeddedWalletGoneError}
   *   | {RpcMethodNotAllowedError} | {InvalidEmbeddedMessageError} | {TooManyEmbeddedRequestsError} | {EmbeddedRequestAbortedError}
   */
  request<K extends AppRequestName>(name: K, payload: RequestPayload<K>, options?: RequestOptions): Promise<ReplyPayload<K>>;
  readonly state: FrameChannelState;
  /** Stops listening and timers; open requests reject as aborted. */
  close(): void;
}
