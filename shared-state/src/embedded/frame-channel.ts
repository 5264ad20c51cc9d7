/**
 * The secure site's end of the frame protocol: answers the events of the page that embeds it, only when
 * that page is the parent window and its origin is on the project's allow-list. Replies go to that origin
 * only (never '*').
 */
import { isOriginAllowed } from '../origin';
import { DEFAULT_ERROR_MESSAGE, MAX_ERROR_MESSAGE_CHARS, MAX_PENDING_REQUESTS, RPC_NOT_ALLOWED_MESSAGE } from './constants';
import { embeddedErrorText, EmbeddedOriginError, FrameNotSetError, InvalidEmbeddedMessageError, RpcMethodNotAllowedError, TooManyEmbeddedRequestsError } from './errors';
import {
  NOTIFICATIONS, REQUESTS, appEventName, createEnvelope, decodeMessage, errorEventName, looksLikePortico,
  notificationEventName, parsePayload, successEventName, withinMessageLimit,
  type AppRequestName, type NotificationName, type ParsedRequestPayload, type ReplyInput, type RequestName,
} from './messages';
import { classifyRpcMethod } from './rpc-policy';
import { createMessageId, isSerializedOrigin, type IgnoredMessage, type ListenTarget, type MessageEventLike, type PostTarget } from './wire';
import type * as z from 'zod/mini';

/**
 * One handler per event the secure site supports; an event without one is answered
 * '<event> is not supported by this embedded wallet'. A handler's throw becomes the error reply: its
 * `shortMessage` (PorticoError) or `message`, and its numeric `code` (4001 for a declined approval).
 * Throw `new SessionExpiredError()` for an invalid or expired session. RPC_REQUEST handlers receive only
 * allow-listed methods and must ask the person before answering a 'needs-approval' one (`classifyRpcMethod`).
 */
export type RequestHandlers = {
  [K in AppRequestName]?: (payload: ParsedRequestPayload<K>) => Promise<ReplyInput<K>> | ReplyInput<K>;
};

export interface ParentChannelOptions {
  /** `window.parent` (pass `undefined` when the page is not framed: the channel refuses with 'parent is not set'). */
  parentWindow: PostTarget | null | undefined;
  /** The parent's origin as the secure site learned it (`location.ancestorOrigins[0]`, or the iframe URL's `origin`
   * parameter): a false claim only means the browser drops every message, since posts target this origin. */
  parentOrigin: string;
  /** The project's allow-list, wildcard patterns as the API reads them (`https://*.example.com`, `http://127.0.0.1:*`). */
  allowedOrigins: readonly string[];
  /** Where requests arrive: the secure site's `window`. */
  listenTarget: ListenTarget;
  handlers: RequestHandlers;
  /** Every dropped or refused message, for logging. */
  onIgnored?: (ignored: IgnoredMessage) => void;
  /** A handler's reply that does not fit its event's schema or cannot be posted (a bug in the secure site). */
  onHandlerError?: (error: unknown, event: string) => void;
}

export interface ParentChannel {
  /** Posts a notification (SESSION_EXPIRED, ACCOUNTS_CHANGED, CHAIN_CHANGED) to the parent. Throws on a bad payload. */
  notify<K extends Exclude<NotificationName, 'READY'>>(name: K, payload: z.input<(typeof NOTIFICATIONS)[K]>): void;
  /** Stops answering; handlers still running post nothing. */
  close(): void;
}

const codeOf = (error: unknown): number | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && Number.isInteger(code) ? code : undefined;
};

/**
 * Creates the secure site's channel to its parent and posts READY. Create it once the handlers can answer.
 *
 * @throws {FrameNotSetError} 'parent is not set' without a parent window
 * @throws {EmbeddedOriginError} 'Unauthorized: origin not allowed' when `parentOrigin` is not on the allow-list
 * @example
 * const channel = createParentChannel({
 *   parentWindow: window.parent !== window ? window.parent : undefined,
 *   parentOrigin: location.ancestorOrigins?.[0] ?? new URL(location.href).searchParams.get('origin') ?? '',
 *   allowedOrigins: project.allowedOrigins,
 *   listenTarget: window,
 *   handlers: {
 *     CONNECT_EMAIL: ({ email }) => auth.startEmailLogin(email), // → { action: 'VERIFY_OTP' }
 *     GET_CHAIN_ID: () => ({ chainId: wallet.chainId }),
 *   },
 *   onIgnored: (ignored) => log.warn('ignored message', ignored),
 * });
 * channel.notify('CHAIN_CHANGED', { chainId: 31337 });
 */
export function createParentChannel(options: ParentChannelOptions): ParentChannel {
  const { parentOrigin, listenTarget, handlers } = options;
  if (!options.parentWindow) throw new FrameNotSetError('parent');
  const parentWindow: PostTarget = options.parentWindow;
  if (!isSerializedOrigin(parentOrigin)) throw new EmbeddedOriginError(parentOrigin, 'not an http(s) origin');
  // The project's list only: the shell's default development origins do not apply to a wallet holding keys.
  if (!isOriginAllowed(parentOrigin, options.allowedOrigins, [])) throw new EmbeddedOriginError(parentOrigin, 'not on the allow-list');
  let closed = false;
  let inFlight = 0;

  const post = (id: string, event: string, payload: unknown): void => {
    if (!closed) parentWindow.postMessage(createEnvelope(id, event, payload), parentOrigin);
  };
  const replyError = (id: string, name: RequestName, message: string, code?: number): void =>
    post(id, errorEventName(name), { message: message.slice(0, MAX_ERROR_MESSAGE_CHARS), ...(code !== undefined && { code }) });

  async function answer<K extends AppRequestName>(id: string, name: K, payload: ParsedRequestPayload<K>): Promise<void> {
    const handler = handlers[name] as ((payload: ParsedRequestPayload<K>) => unknown) | undefined;
    if (!handler) return replyError(id, name, `${appEventName(name)} is not supported by this embedded wallet`);
    let result: unknown;
    try {
      result = await handler(payload);
    } catch (error) {
      return replyError(id, name, embeddedErrorText(error), codeOf(error));
    }
    const reply = parsePayload(REQUESTS[name].reply, result);
    const envelope = reply.ok ? createEnvelope(id, successEventName(name), reply.value) : undefined;
    if (!envelope || !withinMessageLimit(envelope)) {
      const reason = reply.ok ? 'is too large to post' : reply.issue;
      options.onHandlerError?.(new InvalidEmbeddedMessageError(`${successEventName(name)} ${reason}`), appEventName(name));
      return replyError(id, name, DEFAULT_ERROR_MESSAGE);
    }
    try {
      if (!closed) parentWindow.postMessage(envelope, parentOrigin);
    } catch (error) {
      // A result the browser cannot clone (a function, a DOM node): the parent still gets an answer.
      options.onHandlerError?.(error, appEventName(name));
      replyError(id, name, DEFAULT_ERROR_MESSAGE);
    }
  }

  function onMessage(event: MessageEventLike): void {
    const ignore = (reason: IgnoredMessage['reason'], detail?: string, eventName?: string): void =>
      options.onIgnored?.({ reason, origin: event.origin, lookalike: looksLikePortico(event.data), event: eventName, detail });
    if (closed) return;
    if (event.origin !== parentOrigin) return ignore('origin');
    if (event.source == null || event.source !== parentWindow) return ignore('source');
    const decoded = decodeMessage(event.data);
    if (!decoded.ok) return ignore(decoded.reason, decoded.detail);
    const { envelope, route } = decoded;
    if (route.kind !== 'request') return ignore('unexpected-event', undefined, envelope.event);
    const { id } = envelope;
    if (route.name === 'HEARTBEAT') return post(id, successEventName('HEARTBEAT'), {});
    const payload = parsePayload(REQUESTS[route.name].payload, envelope.payload);
    if (!payload.ok) {
      // From the trusted parent, so it gets an answer instead of a 30 s wait; still reported.
      ignore('malformed', payload.issue, envelope.event);
      return replyError(id, route.name, new InvalidEmbeddedMessageError(`${envelope.event} ${payload.issue}`).shortMessage);
    }
    const method = route.name === 'RPC_REQUEST' ? (payload.value as ParsedRequestPayload<'RPC_REQUEST'>).method : undefined;
    if (method !== undefined && classifyRpcMethod(method) === 'disallowed') {
      return replyError(id, route.name, RPC_NOT_ALLOWED_MESSAGE, new RpcMethodNotAllowedError(method).code);
    }
    if (inFlight >= MAX_PENDING_REQUESTS) {
      return replyError(id, route.name, new TooManyEmbeddedRequestsError(MAX_PENDING_REQUESTS).shortMessage);
    }
    inFlight += 1;
    answer(id, route.name, payload.value)
      .catch((error: unknown) => options.onHandlerError?.(error, envelope.event))
      .finally(() => {
        inFlight -= 1;
      });
  }

  listenTarget.addEventListener('message', onMessage);
  post(createMessageId(), notificationEventName('READY'), {});

  return {
    notify(name, payload) {
      const parsed = parsePayload(NOTIFICATIONS[name], payload);
      if (!parsed.ok) throw new InvalidEmbeddedMessageError(`${notificationEventName(name)} ${parsed.issue}`);
      post(createMessageId(), notificationEventName(name), parsed.value);
    },
    close() {
      closed = true;
      listenTarget.removeEventListener('message', onMessage);
    },
  };
}
