/**
 * The modal's end of the frame protocol: sends events to the secure site's iframe and resolves them with
 * the frame's replies. Accepts messages only from the frame's origin and its own iframe's window.
 */
import {
  DEFAULT_ERROR_MESSAGE,
  EMBEDDED_ALERTS,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  HEARTBEAT_INTERVAL_MS,
  MAX_PENDING_REQUESTS,
  REQUEST_TIMEOUT_MS,
  USER_ACTION_TIMEOUT_MS,
} from './constants';
import {
  EmbeddedOriginError, EmbeddedRequestAbortedError, EmbeddedWalletError, EmbeddedWalletGoneError,
  EmbeddedWalletLoadError, EmbeddedWalletTimeoutError, FrameNotSetError, InvalidEmbeddedMessageError,
  RpcMethodNotAllowedError, SessionExpiredError, TooManyEmbeddedRequestsError,
} from './errors';
import type { FrameChannel, FrameChannelOptions, FrameChannelState, FrameNotification } from './channel-types';
import {
  REQUESTS, SENT_BEFORE_READY, NOTIFICATIONS, appEventName, createEnvelope, decodeMessage, errorReplySchema,
  looksLikePortico, parsePayload, type Envelope, type ParsedRequestPayload, type ReplyPayload, type RequestName,
} from './messages';
import { classifyRpcMethod } from './rpc-policy';
import { createMessageId, isSerializedOrigin, type IgnoredMessage, type MessageEventLike } from './wire';

/**
 * How long a request may wait for its reply once posted: 30 s, or 5 min for events that wait on a person
 * (device approval, Farcaster, an RPC method that needs approval).
 *
 * @example
 * requestTimeoutMs('CONNECT_OTP'); // 30000
 * requestTimeoutMs('RPC_REQUEST', 'eth_sendTransaction'); // 300000
 */
export function requestTimeoutMs(name: RequestName, rpcMethod?: string): number {
  const waitsOnPerson =
    name === 'CONNECT_DEVICE' ||
    name === 'CONNECT_FARCASTER' ||
    (name === 'RPC_REQUEST' && rpcMethod !== undefined && classifyRpcMethod(rpcMethod) === 'needs-approval');
  return waitsOnPerson ? USER_ACTION_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
}

interface OpenRequest {
  name: RequestName;
  envelope: Envelope;
  timeoutMs: number;
  settle(outcome: { value: unknown } | { error: Error }): void;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Creates the modal's channel to the secure site's iframe. Create it when the iframe is added: the 20 s load
 * timeout starts now. Events wait for READY plus 500 ms, except theme sync, dapp data sync and set preferred
 * account, which go at once (and again on READY: they are idempotent, and the frame may not have listened yet).
 *
 * @example
 * const channel = createFrameChannel({
 *   frameWindow: () => iframe.contentWindow,
 *   frameOrigin: 'http://127.0.0.1:3010',
 *   listenTarget: window,
 *   onAlert: (title) => store.set(alertAtom, { title, message: '' }),
 *   onIgnored: (ignored) => console.debug('embedded wallet: ignored message', ignored),
 * });
 * const { action } = await channel.request('CONNECT_EMAIL', { email: 'ada@example.com' });
 */
export function createFrameChannel(options: FrameChannelOptions): FrameChannel {
  const { frameOrigin, listenTarget } = options;
  if (!isSerializedOrigin(frameOrigin)) throw new EmbeddedOriginError(frameOrigin, 'not an http(s) origin');
  let state: FrameChannelState = 'loading';
  const queued: OpenRequest[] = [];
  const sent = new Map<string, OpenRequest>();
  let heartbeatId: string | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  const loadTimer = setTimeout(() => {
    state = 'failed';
    failAll(new EmbeddedWalletLoadError(), queued);
    options.onAlert?.(EMBEDDED_ALERTS.loadFailed);
  }, FRAME_LOAD_TIMEOUT_MS);

  const freshId = (): string => {
    const id = createMessageId();
    return sent.has(id) || id === heartbeatId ? freshId() : id;
  };
  const post = (envelope: Envelope): void => {
    const target = options.frameWindow();
    if (!target) throw new FrameNotSetError('iframe');
    target.postMessage(envelope, frameOrigin);
  };
  const send = (open: OpenRequest): void => {
    try {
      post(open.envelope);
    } catch (error) {
      return open.settle({ error: error as Error });
    }
    sent.set(open.envelope.id, open);
    open.timer ??= setTimeout(() => {
      open.settle({ error: new EmbeddedWalletTimeoutError(open.envelope.event, open.timeoutMs) });
      options.onAlert?.(EMBEDDED_ALERTS.requestTimedOut);
    }, open.timeoutMs);
  };
  function failAll(error: Error, opens: Iterable<OpenRequest>): void {
    for (const open of [...opens]) open.settle({ error });
  }
  const stopHeartbeat = (): void => {
    clearInterval(heartbeatTimer);
    heartbeatId = undefined;
  };
  const frameGone = (): void => {
    stopHeartbeat();
    state = 'gone';
    failAll(new EmbeddedWalletGoneError(), [...sent.values(), ...queued]);
    options.onAlert?.(EMBEDDED_ALERTS.loadFailed);
  };
  const beat = (): void => {
    // The last heartbeat is still unanswered a whole interval later: the frame is gone.
    if (heartbeatId !== undefined) return frameGone();
    heartbeatId = freshId();
    try {
      post(createEnvelope(heartbeatId, appEventName('HEARTBEAT'), {}));
    } catch {
      frameGone();
    }
  };

  function frameReady(): void {
    clearTimeout(loadTimer);
    clearTimeout(settleTimer);
    stopHeartbeat();
    const reloaded = state === 'ready' || state === 'settling';
    for (const open of [...sent.values()]) {
      if (SENT_BEFORE_READY.has(open.name)) send(open);
      else if (reloaded) open.settle({ error: new EmbeddedRequestAbortedError(open.name === 'RPC_REQUEST', 'the frame reloaded') });
    }
    state = 'settling';
    settleTimer = setTimeout(() => {
      state = 'ready';
      for (const open of queued.splice(0)) send(open);
      heartbeatTimer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
    }, FRAME_READY_DELAY_MS);
  }

  function onMessage(event: MessageEventLike): void {
    const ignore = (reason: IgnoredMessage['reason'], detail?: string, eventName?: string): void =>
      options.onIgnored?.({ reason, origin: event.origin, lookalike: looksLikePortico(event.data), event: eventName, detail });
    if (state === 'closed') return;
    if (event.origin !== frameOrigin) return ignore('origin');
    if (event.source == null || event.source !== options.frameWindow()) return ignore('source');
    const decoded = decodeMessage(event.data);
    if (!decoded.ok) return ignore(decoded.reason, decoded.detail);
    const { envelope, route } = decoded;
    if (route.kind === 'request') return ignore('unexpected-event', undefined, envelope.event);
    if (route.kind === 'notification') {
      const payload = parsePayload(NOTIFICATIONS[route.name], envelope.payload);
      if (!payload.ok) return ignore('malformed', payload.issue, envelope.event);
      if (route.name === 'READY') return frameReady();
      if (route.name === 'SESSION_EXPIRED') options.onAlert?.(EMBEDDED_ALERTS.sessionExpired);
      return options.onNotification?.({ name: route.name, payload: payload.value } as FrameNotification);
    }
    if (route.name === 'HEARTBEAT' && envelope.id === heartbeatId) {
      heartbeatId = undefined;
      return;
    }
    const open = sent.get(envelope.id);
    if (!open) return ignore('unknown-id', undefined, envelope.event);
    if (open.name !== route.name) return ignore('unexpected-event', `reply to ${open.envelope.event}`, envelope.event);
    if (route.kind === 'success') {
      const reply = parsePayload(REQUESTS[open.name].reply, envelope.payload);
      return open.settle(reply.ok ? { value: reply.value } : { error: new InvalidEmbeddedMessageError(`${envelope.event} ${reply.issue}`) });
    }
    const reply = parsePayload(errorReplySchema, envelope.payload);
    if (reply.ok && reply.value.message === EMBEDDED_ALERTS.sessionExpired) {
      open.settle({ error: new SessionExpiredError() });
      return options.onAlert?.(EMBEDDED_ALERTS.sessionExpired);
    }
    open.settle({ error: reply.ok ? new EmbeddedWalletError(reply.value.message, reply.value.code) : new EmbeddedWalletError(DEFAULT_ERROR_MESSAGE) });
  }
  listenTarget.addEventListener('message', onMessage);

  return {
    get state() {
      return state;
    },
    request(name, payload, requestOptions = {}) {
      return new Promise((resolve, reject) => {
        const isRpc = name === 'RPC_REQUEST';
        if (state === 'closed') return reject(new EmbeddedRequestAbortedError(isRpc, 'the channel is closed'));
        const parsed = parsePayload(REQUESTS[name].payload, payload);
        if (!parsed.ok) return reject(new InvalidEmbeddedMessageError(`${appEventName(name)} ${parsed.issue}`));
        const method = isRpc ? (parsed.value as ParsedRequestPayload<'RPC_REQUEST'>).method : undefined;
        if (method !== undefined && classifyRpcMethod(method) === 'disallowed') return reject(new RpcMethodNotAllowedError(method));
        if (sent.size + queued.length >= MAX_PENDING_REQUESTS) return reject(new TooManyEmbeddedRequestsError(MAX_PENDING_REQUESTS));
        if (state === 'failed') return reject(new EmbeddedWalletLoadError());
        if (state === 'gone') return reject(new EmbeddedWalletGoneError());
        const { signal } = requestOptions;
        if (signal?.aborted) return reject(new EmbeddedRequestAbortedError(isRpc, 'aborted by the caller'));
        const onAbort = (): void => open.settle({ error: new EmbeddedRequestAbortedError(isRpc, 'aborted by the caller') });
        const open: OpenRequest = {
          name,
          envelope: createEnvelope(freshId(), appEventName(name), parsed.value),
          timeoutMs: requestOptions.timeoutMs ?? requestTimeoutMs(name, method),
          settle(outcome) {
            clearTimeout(open.timer);
            sent.delete(open.envelope.id);
            const index = queued.indexOf(open);
            if (index >= 0) queued.splice(index, 1);
            signal?.removeEventListener('abort', onAbort);
            if ('error' in outcome) reject(outcome.error);
            else resolve(outcome.value as ReplyPayload<typeof name>);
          },
        };
        signal?.addEventListener('abort', onAbort);
        if (state === 'ready' || SENT_BEFORE_READY.has(name)) send(open);
        else queued.push(open);
      });
    },
    close() {
      if (state === 'closed') return;
      state = 'closed';
      listenTarget.removeEventListener('message', onMessage);
      clearTimeout(loadTimer);
      clearTimeout(settleTimer);
      stopHeartbeat();
      for (const open of [...sent.values(), ...queued]) {
        open.settle({ error: new EmbeddedRequestAbortedError(open.name === 'RPC_REQUEST', 'the channel is closed') });
      }
    },
  };
}
