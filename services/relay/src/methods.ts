/** The relay's JSON-RPC methods, and the dispatch of one incoming JSON-RPC object to them. */
import type { z } from 'zod';
import { andThen, inOrder, type Awaitable } from './awaitable';
import type { Clients } from './clients';
import type { Delivery } from './delivery';
import { limitError, RPC_ERRORS, RpcError } from './errors';
import { errorText, idKey, resultText } from './json';
import type { RelayLimits } from './limits';
import { logSafe, type Logger } from './logger';
import { isRelayMethod, issues, paramsSchemas, requestIdOf, requestSchema, responseSchema, type RelayMethod } from './schemas';
import type { After, Dispatch } from './transport';
import type { ClientState, Conn } from './types';

// Tags the real relay uses for the messages it publishes on behalf of wc_proposeSession / wc_approveSession.
const TAG_PROPOSE = 1100;
const TAG_PROPOSE_RESPONSE = 1101;
const TAG_SETTLE = 1102;
const DEFAULT_TTL = 300;

type Handler<M extends RelayMethod> = (conn: Conn, params: z.infer<(typeof paramsSchemas)[M]>, after: After) => unknown;

/** Cluster mode: a client's subscriptions kept in Redis, so the node it connects to next knows them. */
export interface SharedSubscriptions {
  /** Saves the client's topics and resolves once this node hears their messages from the other nodes. */
  subscribed(client: ClientState, topics: readonly string[]): Promise<void>;
  unsubscribed(client: ClientState, topics: readonly string[]): Promise<void>;
}

export interface MethodDeps {
  limits: RelayLimits;
  log: Logger;
  clients: Clients;
  delivery: Delivery;
  shared?: SharedSubscriptions;
}

export function createDispatch({ limits, log, clients, delivery, shared }: MethodDeps): Dispatch {
  /** Throws -32005 when one call carries more entries than `maxTopicsPerCall`. */
  function checkCallSize(entries: readonly unknown[], what: string): void {
    if (entries.length > limits.maxTopicsPerCall) throw limitError(`${entries.length} ${what} in one call (max ${limits.maxTopicsPerCall})`);
  }

  function subscribe(conn: Conn, topics: string[], after: After): Awaitable<string[]> {
    clients.checkRoom(conn.client, topics);
    const ids = topics.map((t) => clients.subscribe(conn.client, t));
    after.push(() => topics.forEach((t) => delivery.deliverStored(conn.client, t)));
    return andThen(shared?.subscribed(conn.client, topics), () => ids);
  }

  function unsubscribe(conn: Conn, topics: string[]): Awaitable<true> {
    for (const t of topics) clients.unsubscribe(conn.client, t);
    return andThen(shared?.unsubscribed(conn.client, topics), () => true as const);
  }

  type Publish = { topic: string; message: string; ttlSeconds: number; tag: number };
  /** One after the other, so a failure (a full mailbox) leaves the earlier ones published, as in order. */
  const publish = (conn: Conn, messages: Publish[]): Awaitable<true> => andThen(inOrder(messages, (m) => delivery.publish(conn, m)), () => true as const);
  const fromParams = (p: { topic: string; message: string; ttl: number; tag?: number }): Publish => ({ topic: p.topic, message: p.message, ttlSeconds: p.ttl, tag: p.tag ?? 0 });

  const handlers: { [M in RelayMethod]: Handler<M> } = {
    irn_subscribe: (conn, { topic }, after) => andThen(subscribe(conn, [topic], after), (ids) => ids[0]),
    irn_batchSubscribe(conn, { topics }, after) {
      checkCallSize(topics, 'topics');
      return subscribe(conn, topics, after);
    },
    irn_unsubscribe: (conn, { topic }) => unsubscribe(conn, [topic]),
    irn_batchUnsubscribe(conn, { subscriptions }) {
      checkCallSize(subscriptions, 'subscriptions');
      return unsubscribe(conn, subscriptions.map((s) => s.topic));
    },
    irn_publish: (conn, p) => publish(conn, [fromParams(p)]),
    irn_batchPublish(conn, { messages }) {
      checkCallSize(messages, 'messages');
      return publish(conn, messages.map(fromParams));
    },
    irn_fetchMessages: (conn, { topic }) => delivery.fetch(conn.client, [topic]),
    irn_batchFetchMessages(conn, { topics }) {
      checkCallSize(topics, 'topics');
      return delivery.fetch(conn.client, topics);
    },
    wc_proposeSession(conn, p, after) {
      // The dapp never subscribes to the pairing topic itself: the relay does it here.
      return andThen(subscribe(conn, [p.pairingTopic], after), () =>
        publish(conn, [{ topic: p.pairingTopic, message: p.sessionProposal, ttlSeconds: p.ttl ?? DEFAULT_TTL, tag: p.tag ?? TAG_PROPOSE }]),
      );
    },
    wc_approveSession(conn, p, after) {
      const ttlSeconds = p.ttl ?? DEFAULT_TTL;
      return andThen(subscribe(conn, [p.sessionTopic], after), () =>
        publish(conn, [
          { topic: p.pairingTopic, message: p.sessionProposalResponse, ttlSeconds, tag: TAG_PROPOSE_RESPONSE },
          { topic: p.sessionTopic, message: p.sessionSettlementRequest, ttlSeconds, tag: TAG_SETTLE },
        ]),
      );
    },
  };

  function call(conn: Conn, method: RelayMethod, params: unknown, after: After): Awaitable<{ result: unknown } | RpcError> {
    const parsed = paramsSchemas[method].safeParse(params);
    if (!parsed.success) return new RpcError(RPC_ERRORS.invalidParams, `Invalid params: ${issues(parsed.error)}`);
    const failed = (err: unknown): RpcError => {
      if (err instanceof RpcError) {
        log.debug(`${conn.client.short} ${method} -> ${err.code} ${err.message}`);
        return err;
      }
      log.error(`${conn.client.short} ${method} failed: ${(err as Error)?.stack ?? err}`);
      return new RpcError(RPC_ERRORS.internal, 'Internal error');
    };
    try {
      const result = (handlers[method] as Handler<typeof method>)(conn, parsed.data as never, after);
      return result instanceof Promise ? result.then((value) => ({ result: value }), failed) : { result };
    } catch (err) {
      return failed(err);
    }
  }

  return (conn, value, after, limited) => {
    if (value && typeof value === 'object' && !Array.isArray(value) && !('method' in value)) {
      const res = responseSchema.safeParse(value);
      if (!res.success) return errorText(requestIdOf(value), RPC_ERRORS.invalidRequest, 'Invalid Request');
      // An ack of one of our deliveries (or an error from the client: treat it as received).
      delivery.ack(conn, idKey(res.data.id));
      return null;
    }
    const req = requestSchema.safeParse(value);
    if (!req.success) return errorText(requestIdOf(value), RPC_ERRORS.invalidRequest, `Invalid Request: ${issues(req.error)}`);
    const { id, method, params } = req.data;
    const reply = (text: string) => (id === undefined ? null : text); // notifications get no reply
    if (limited) return reply(errorText(id, RPC_ERRORS.limitExceeded, `limit exceeded: more than ${limits.maxMessagesPerSecond} messages per second`));
    if (log.enabled('debug')) log.debug(`${conn.client.short} ${logSafe(method, 40)} ${logSafe(topicOf(params))}`);
    if (!isRelayMethod(method)) return reply(errorText(id, RPC_ERRORS.methodNotFound, `Method not found: ${method}`));
    return andThen(call(conn, method, params, after), (outcome) =>
      reply(outcome instanceof RpcError ? errorText(id, outcome.code, outcome.message) : resultText(id, outcome.result)),
    );
  };
}

function topicOf(params: unknown): string | undefined {
  if (!params || typeof params !== 'object') return undefined;
  const p = params as Record<string, unknown>;
  const t = p.topic ?? p.pairingTopic ?? p.sessionTopic ?? (Array.isArray(p.topics) ? p.topics[0] : undefined);
  return typeof t === 'string' ? t : undefined;
}
