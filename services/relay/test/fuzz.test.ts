/**
 * Fuzzing (issue 29): random JSON-RPC frames to the relay over a socket with a valid relay-auth token — envelopes with
 * random and real methods and random or nearly valid params, batches, responses and acks, notifications, bare integer
 * ids past 2^53, JSON that is not JSON-RPC, text that is not JSON, binary frames, frames just over the size limit.
 *
 * For every frame: each reply is a JSON-RPC reply (a result, or an error with one of the relay's codes, never -32603
 * "unexpected failure"), under the frame's own id (bare big-integer ids to the digit), a batch answered by an array;
 * the socket stays open; a frame answered only with errors (or not at all) adds nothing to the relay (stored messages
 * and bytes, topics, subscriptions); the relay logs no error. After the run a normal subscribe / publish between two
 * new clients, and to the fuzzed socket itself, still delivers. Prints `fuzz: N cases`.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { startRelay, type RelayHandle } from '../src/relay';
import { rawClient, type RawClient } from './helpers';

/** Frames the fuzzer sends (each one JSON-RPC frame, or a batch, or garbage). */
const RUNS = 10_000;
const PROPERTY_TIMEOUT_MS = 120_000;
/**
 * The runs are the same on every run (CI): FUZZ_SEED picks other ones (`FUZZ_SEED=$RANDOM pnpm … test:unit`); fast-check
 * prints the seed and path of a failure, which replay it.
 */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 2029);
/** The relay's default frame limit (512 KiB); the fuzz stays under twice it, where ws itself cuts the socket (1009). */
const MAX_MESSAGE_BYTES = 512 * 1024;

let relay: RelayHandle;
const logged: string[] = [];
let cases = 0;
const replyKinds: Record<string, number> = {};

beforeAll(async () => {
  // Default limits but the per-socket rate: the fuzzer sends as fast as the relay answers (the rate limit has its own tests).
  relay = await startRelay({ port: 0, logLevel: 'error', logWrite: (line) => logged.push(line), limits: { maxMessagesPerSecond: 1_000_000 } });
});
afterAll(async () => {
  console.log(`fuzz: ${cases} cases, seed ${FUZZ_SEED} (relay JSON-RPC frames); replies ${JSON.stringify(replyKinds)}`);
  await relay?.close();
});

// ------------------------------------------------------------------ arbitraries

const METHODS = [
  'irn_subscribe', 'irn_batchSubscribe', 'irn_unsubscribe', 'irn_batchUnsubscribe', 'irn_publish', 'irn_batchPublish',
  'irn_fetchMessages', 'irn_batchFetchMessages', 'wc_proposeSession', 'wc_approveSession',
];
const topic = fc.oneof(
  { weight: 3, arbitrary: fc.nat(30).map((n) => createHash('sha256').update(`fuzz-topic-${n}`).digest('hex')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '__proto__', 'constructor', 'hasOwnProperty', 'x'.repeat(256), 'x'.repeat(257)) },
);
const odd = fc.constantFrom<unknown>(null, '', 0, -1, 0.5, 1e21, 2 ** 53 + 1, 1e308, true, [], {}, '0', 'x'.repeat(10_000), { __proto__: null });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: odd });
const ttl = maybe(fc.oneof(fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom(300, 86_400, 604_800, 2 ** 53, 1e12)));
const messageText = maybe(fc.oneof(fc.string({ minLength: 1, maxLength: 200 }), fc.constantFrom('x'.repeat(MAX_MESSAGE_BYTES - 200), 'x'.repeat(MAX_MESSAGE_BYTES + 10))));
const publish = fc.record({ topic: maybe(topic), message: messageText, ttl, tag: maybe(fc.nat(2_000)), prompt: maybe(fc.boolean()) }, { requiredKeys: [] });
/** Params close to each method's own (so the handlers run), with any field odd or missing. */
const paramsFor: Record<string, fc.Arbitrary<unknown>> = {
  irn_subscribe: fc.record({ topic: maybe(topic) }, { requiredKeys: [] }),
  irn_batchSubscribe: fc.record({ topics: maybe(fc.array(maybe(topic), { maxLength: 8 })) }, { requiredKeys: [] }),
  irn_unsubscribe: fc.record({ topic: maybe(topic), id: maybe(fc.string({ maxLength: 300 })) }, { requiredKeys: [] }),
  irn_batchUnsubscribe: fc.record({ subscriptions: maybe(fc.array(fc.record({ topic: maybe(topic), id: maybe(fc.string()) }, { requiredKeys: [] }), { maxLength: 6 })) }, { requiredKeys: [] }),
  irn_publish: publish,
  irn_batchPublish: fc.record({ messages: maybe(fc.array(publish, { maxLength: 5 })) }, { requiredKeys: [] }),
  irn_fetchMessages: fc.record({ topic: maybe(topic) }, { requiredKeys: [] }),
  irn_batchFetchMessages: fc.record({ topics: maybe(fc.array(maybe(topic), { maxLength: 8 })) }, { requiredKeys: [] }),
  wc_proposeSession: fc.record({ pairingTopic: maybe(topic), sessionProposal: messageText, ttl, tag: maybe(fc.nat(2_000)) }, { requiredKeys: [] }),
  wc_approveSession: fc.record({ sessionTopic: maybe(topic), pairingTopic: maybe(topic), sessionProposalResponse: messageText, sessionSettlementRequest: messageText, ttl, tag: maybe(fc.nat(2_000)) }, { requiredKeys: [] }),
};
const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...METHODS) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty', 'toString', 'irn_', 'IRN_PUBLISH', 'irn_subscription', 'wc_sessionRequest', '', 'x'.repeat(129)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);
const id = fc.oneof(
  { weight: 4, arbitrary: fc.integer() },
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(1_700_000_000_000_000_000, 0, -1, 1.5, 1e21) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(128), 'x'.repeat(129), '__proto__') },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({}, [], true) },
);
const jsonrpcVersion = fc.oneof({ weight: 8, arbitrary: fc.constant<unknown>('2.0') }, { weight: 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom<unknown>('1.0', 2, '') });
/** A request: an id (or none: a notification), a method, params for it. */
const request = fc
  .tuple(method, fc.option(id, { nil: undefined, freq: 8 }), jsonrpcVersion)
  .chain(([m, i, jsonrpc]) =>
    fc.oneof({ weight: 4, arbitrary: Object.hasOwn(paramsFor, m) ? paramsFor[m]! : fc.jsonValue({ maxDepth: 3 }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) }, { weight: 1, arbitrary: fc.constant(undefined) }).map((params) => ({
      ...(i !== undefined && { id: i }),
      ...(jsonrpc !== undefined && { jsonrpc }),
      method: m,
      ...(params !== undefined && { params }),
    })),
  );
/** Responses and acks of deliveries never made, and error objects. */
const response = fc.oneof(
  fc.record({ id, jsonrpc: fc.constant('2.0'), result: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ id, jsonrpc: fc.constant('2.0'), error: fc.oneof(fc.record({ code: fc.integer(), message: fc.string() }), odd) }),
  fc.record({ id }),
);
/** What goes over the socket: text (JSON or not) or bytes, and whether it is a batch. */
type Frame = { text: string | Buffer; batch: boolean; rawId?: string };
const anyFrame: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 8, arbitrary: request.map((r) => ({ text: JSON.stringify(r), batch: false })) },
  { weight: 2, arbitrary: fc.array(fc.oneof(request, response, fc.jsonValue({ maxDepth: 2 })), { maxLength: 6 }).map((b) => ({ text: JSON.stringify(b), batch: true })) },
  { weight: 1, arbitrary: fc.constantFrom(101, 150).map((n) => ({ text: JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i, jsonrpc: '2.0', method: 'irn_fetchMessages', params: { topic: 'a' } }))), batch: true })) },
  { weight: 2, arbitrary: response.map((r) => ({ text: JSON.stringify(r), batch: false })) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => ({ text: JSON.stringify(v), batch: Array.isArray(v) })) },
  {
    weight: 2,
    // Bare integer ids past 2^53 (and near misses), written as tokens: replies must carry them to the digit.
    arbitrary: fc.tuple(fc.stringMatching(/^-?[1-9]\d{15,40}$/), fc.constantFrom(...METHODS), fc.constantFrom('', '.5', 'e3')).map(([digits, m, tail]) => ({
      text: `{"id":${digits}${tail},"jsonrpc":"2.0","method":"${m}","params":{"topic":"${'ab'.repeat(32)}","n":${digits}}}`,
      batch: false,
      ...(tail === '' && !Number.isSafeInteger(Number(digits)) && { rawId: digits }),
    })),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 200 }).map((s) => ({ text: s, batch: false })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => ({ text: Buffer.from(b), batch: false })) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', '[]', '[[]]', '{}', '{"id":1}', '{"method":1}', `${'['.repeat(20_000)}${']'.repeat(20_000)}`, '{"id":1,"method":"irn_subscribe","params":{"topic":"t"}', '\uFEFF{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"t"}}').map((t) => ({ text: t, batch: t.startsWith('[') })) },
);
/** Frames under twice the limit: past it ws itself closes the socket (1009, by design; survival.test.ts). */
const frameArb = anyFrame.filter((f) => Buffer.byteLength(f.text) < 2 * MAX_MESSAGE_BYTES - 1024);

// ------------------------------------------------------------------ checks

const RELAY_ERROR_CODES = new Set([-32700, -32600, -32601, -32602, -32005]);
/** Why `reply` is not a JSON-RPC reply of the relay's, or undefined. */
function badReply(reply: unknown): string | undefined {
  if (!reply || typeof reply !== 'object' || Array.isArray(reply)) return 'not an object';
  const r = reply as Record<string, unknown>;
  if (r.jsonrpc !== '2.0') return 'no jsonrpc 2.0';
  if (!('id' in r)) return 'no id';
  if ('result' in r === 'error' in r) return 'not exactly one of result and error';
  if ('error' in r) {
    const e = r.error as { code?: unknown; message?: unknown };
    if (typeof e?.message !== 'string') return 'an error without a message';
    if (e.code === -32603) return 'an internal error (-32603)';
    if (!RELAY_ERROR_CODES.has(e.code as number)) return `an unknown error code ${String(e.code)}`;
  }
  return undefined;
}

const GROWTH = ['storedMessages', 'storedBytes', 'topics', 'subscriptions'] as const;
/** Whether a frame holds a notification of a relay method (executed without a reply). */
function hasNotification(frame: Frame): boolean {
  if (typeof frame.text !== 'string') return false;
  let value: unknown;
  try {
    value = JSON.parse(frame.text);
  } catch {
    return false;
  }
  return [value].flat().some((v) => v && typeof v === 'object' && 'method' in v && !('id' in v));
}

let sentinels = 0;
/** Sends `frame`, then a request no method answers; everything received in between is the frame's reply. */
async function exchange(client: RawClient, frame: Frame): Promise<{ replies: unknown[]; texts: string[] }> {
  const from = client.received.length;
  const sentinel = `sentinel-${sentinels++}`;
  client.ws.send(frame.text);
  client.ws.send(JSON.stringify({ id: sentinel, jsonrpc: '2.0', method: 'fuzz_sentinel' }));
  let onClose: ((code: number, reason: Buffer) => void) | undefined;
  const closed = new Promise<never>((_, reject) => {
    onClose = (code, reason) => reject(new Error(`the relay closed the socket (${code} ${reason.toString()})`));
    client.ws.once('close', onClose);
  });
  try {
    await Promise.race([client.next((m) => m?.id === sentinel, 10_000), closed]);
  } finally {
    client.ws.off('close', onClose!);
  }
  const end = client.received.findIndex((m) => m?.id === sentinel);
  // Deliveries (irn_subscription) are not replies; the fuzzer gets none (it is the only client), but be exact.
  const replies = client.received.slice(from, end).filter((m) => !(m && typeof m === 'object' && 'method' in m));
  const texts = client.texts.slice(from, end).filter((t) => !t.includes('"method":"irn_subscription"'));
  return { replies, texts };
}

// ------------------------------------------------------------------ properties

describe('fuzz: JSON-RPC frames to the relay', () => {
  let fuzzer: RawClient;
  beforeAll(async () => {
    fuzzer = await rawClient(relay.url, 'Fuzzer');
  });

  test(
    'every frame → JSON-RPC replies under its id or none, the socket stays, a refused frame stores nothing, no error logged',
    async () => {
      await fc.assert(
        fc.asyncProperty(frameArb, async (frame) => {
          const before = relay.stats();
          const { replies, texts } = await exchange(fuzzer, frame);
          const after = relay.stats();
          cases++;
          const what = () => `${typeof frame.text === 'string' ? frame.text.slice(0, 500) : `bytes ${frame.text.toString('hex').slice(0, 200)}`} → ${texts.join(' ').slice(0, 500)}`;
          if (fuzzer.ws.readyState !== fuzzer.ws.OPEN) throw new Error(`the socket was closed: ${what()}`);
          if (replies.length > 1) throw new Error(`more than one reply to one frame: ${what()}`);
          const reply = replies[0];
          if (reply !== undefined) {
            const entries = Array.isArray(reply) ? reply : [reply];
            if (Array.isArray(reply) && !frame.batch) throw new Error(`an array answered a frame that is not a batch: ${what()}`);
            for (const entry of entries) {
              const bad = badReply(entry);
              if (bad) throw new Error(`${bad}: ${what()}`);
              const kind = 'error' in (entry as object) ? `error ${(entry as { error: { code: number } }).error.code}` : 'result';
              replyKinds[kind] = (replyKinds[kind] ?? 0) + 1;
            }
            if (frame.rawId && !texts[0]!.startsWith(`{"id":${frame.rawId},`)) throw new Error(`the id ${frame.rawId} was not echoed to the digit: ${what()}`);
            if (!frame.batch && typeof frame.text === 'string') {
              const sent = (() => {
                try {
                  return JSON.parse(frame.text);
                } catch {
                  return undefined;
                }
              })();
              const sentId = sent && typeof sent === 'object' && !Array.isArray(sent) ? sent.id : undefined;
              const repliedId = (reply as { id?: unknown }).id;
              const echoable = typeof sentId === 'string' ? sentId.length <= 128 : typeof sentId === 'number' && Number.isSafeInteger(sentId);
              if (!frame.rawId && echoable && repliedId !== sentId) throw new Error(`the reply's id ${JSON.stringify(repliedId)} is not the request's: ${what()}`);
            }
          } else {
            replyKinds.none = (replyKinds.none ?? 0) + 1;
          }
          const anyResult = [reply ?? []].flat().some((r) => r && typeof r === 'object' && 'result' in r);
          if (!anyResult && !hasNotification(frame)) {
            const grew = GROWTH.filter((k) => after[k] > before[k]);
            if (grew.length > 0) throw new Error(`a refused frame grew the relay (${grew.map((k) => `${k} ${before[k]} → ${after[k]}`).join(', ')}): ${what()}`);
          }
          const errors = logged.filter((l) => /error/i.test(l));
          if (errors.length > 0) throw new Error(`the relay logged an error (${errors[0]!.slice(0, 300)}): ${what()}`);
        }),
        { numRuns: RUNS, seed: FUZZ_SEED, includeErrorInReport: true },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  test('afterwards the relay and the fuzzed socket still deliver', async () => {
    const alice = await rawClient(relay.url, 'Alice after fuzz');
    const bob = await rawClient(relay.url, 'Bob after fuzz');
    const t = createHash('sha256').update('after-fuzz').digest('hex');
    expect((await bob.call('irn_subscribe', { topic: t })).result).toMatch(/^[0-9a-f]{64}$/);
    expect((await alice.call('irn_publish', { topic: t, message: 'hello after fuzz', ttl: 60, tag: 1 })).result).toBe(true);
    expect((await bob.next((m) => m?.method === 'irn_subscription' && m.params?.data?.topic === t)).params.data.message).toBe('hello after fuzz');

    const t2 = createHash('sha256').update('after-fuzz-2').digest('hex');
    expect((await fuzzer.call('irn_subscribe', { topic: t2 })).result).toMatch(/^[0-9a-f]{64}$/);
    expect((await alice.call('irn_publish', { topic: t2, message: 'to the fuzzer', ttl: 60, tag: 1 })).result).toBe(true);
    expect((await fuzzer.next((m) => m?.method === 'irn_subscription' && m.params?.data?.topic === t2)).params.data.message).toBe('to the fuzzer');
    expect(fuzzer.ws.readyState).toBe(fuzzer.ws.OPEN);
    alice.close();
    bob.close();
    fuzzer.close();
  });
});
