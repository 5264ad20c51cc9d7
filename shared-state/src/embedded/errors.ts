import { PorticoError } from '../errors';
import {
  DEFAULT_ERROR_MESSAGE,
  EMBEDDED_ALERTS,
  EVENT_ABORTED_MESSAGE,
  FRAME_GONE_MESSAGE,
  FRAME_LOAD_FAILED_MESSAGE,
  REQUEST_ABORTED_MESSAGE,
  RPC_NOT_ALLOWED_MESSAGE,
} from './constants';

/** The frame did not post READY within `FRAME_LOAD_TIMEOUT_MS` (spec: 'Unable to load email login dependency'). */
export class EmbeddedWalletLoadError extends PorticoError {
  override name = 'EmbeddedWalletLoadError';
  constructor() {
    super(FRAME_LOAD_FAILED_MESSAGE);
  }
}

/** A request got no reply in time (spec alert 'Embedded Wallet Request Timed Out'). */
export class EmbeddedWalletTimeoutError extends PorticoError {
  override name = 'EmbeddedWalletTimeoutError';
  readonly event: string;
  constructor(event: string, timeoutMs: number) {
    super(EMBEDDED_ALERTS.requestTimedOut, { details: `${event} had no reply within ${timeoutMs} ms` });
    this.event = event;
  }
}

/** The frame's session is invalid or expired (spec alert 'Session Expired'); the person must log in again. */
export class SessionExpiredError extends PorticoError {
  override name = 'SessionExpiredError';
  constructor() {
    super(EMBEDDED_ALERTS.sessionExpired);
  }
}

/** The frame stopped answering heartbeats; open requests fail with this until it posts READY again. */
export class EmbeddedWalletGoneError extends PorticoError {
  override name = 'EmbeddedWalletGoneError';
  constructor() {
    super(FRAME_GONE_MESSAGE);
  }
}

/** Aborted by the caller, by `close()` or by a frame that reloaded (spec: 'Request was aborted' for RPC, else 'Something went wrong'). */
export class EmbeddedRequestAbortedError extends PorticoError {
  override name = 'EmbeddedRequestAbortedError';
  constructor(isRpcRequest: boolean, reason: string) {
    super(isRpcRequest ? REQUEST_ABORTED_MESSAGE : EVENT_ABORTED_MESSAGE, { details: reason });
  }
}

/** The frame's error reply: `shortMessage` is its `message`, `code` its EIP-1193 code when it gave one (4001: declined). */
export class EmbeddedWalletError extends PorticoError {
  override name = 'EmbeddedWalletError';
  readonly code?: number;
  constructor(message: string, code?: number) {
    super(message);
    this.code = code;
  }
}

/** A message that breaks the protocol: bad payload, too large, or a reply that does not fit its event. */
export class InvalidEmbeddedMessageError extends PorticoError {
  override name = 'InvalidEmbeddedMessageError';
  constructor(reason: string) {
    super(`Invalid embedded wallet message: ${reason}`);
  }
}

/** More than `MAX_PENDING_REQUESTS` requests open at once. */
export class TooManyEmbeddedRequestsError extends PorticoError {
  override name = 'TooManyEmbeddedRequestsError';
  constructor(limit: number) {
    super(`Too many embedded wallet requests at once (limit ${limit})`);
  }
}

/** EIP-5792 5760: a batch that must run all-or-nothing, asked of an EOA (it sends calls one by one). */
export class AtomicityNotSupportedError extends PorticoError {
  override name = 'AtomicityNotSupportedError';
  readonly code = 5760;
  constructor() {
    super('Atomicity not supported: this account sends calls one by one; ask again with atomicRequired: false');
  }
}

/** Spec section 6: a method on neither allow-list. The UI shows `ACTION_NOT_ALLOWED_UI_MESSAGE` instead. */
export class RpcMethodNotAllowedError extends PorticoError {
  override name = 'RpcMethodNotAllowedError';
  /** EIP-1193: the provider does not support the requested method. */
  readonly code = 4200;
  readonly method: string;
  constructor(method: string) {
    super(RPC_NOT_ALLOWED_MESSAGE, { details: `method ${JSON.stringify(method.slice(0, 64))}` });
    this.method = method;
  }
}

/** Spec section 8 internal errors: 'W3mFrame: iframe is not set' (modal side), 'parent is not set' (frame side). */
export class FrameNotSetError extends PorticoError {
  override name = 'FrameNotSetError';
  constructor(side: 'iframe' | 'parent') {
    super(side === 'iframe' ? 'W3mFrame: iframe is not set' : 'parent is not set');
  }
}

/** An origin that is not a serialised http(s) origin, or (frame side) not on the project's allow-list. */
export class EmbeddedOriginError extends PorticoError {
  override name = 'EmbeddedOriginError';
  constructor(origin: string, reason: 'not an http(s) origin' | 'not on the allow-list') {
    super(reason === 'not on the allow-list' ? 'Unauthorized: origin not allowed' : 'Invalid embedded wallet origin', {
      details: `${JSON.stringify(origin.slice(0, 200))} is ${reason}`,
    });
  }
}

/** What a person reads for a failure: a PorticoError's short message, else the error's message, else the default. */
export const embeddedErrorText = (error: unknown): string =>
  (error instanceof PorticoError ? error.shortMessage : error instanceof Error ? error.message : '') || DEFAULT_ERROR_MESSAGE;
