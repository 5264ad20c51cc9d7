/**
 * Fuzzing (issue 29) of the embedded wallet's frame protocol parsers (src/embedded/messages.ts, wire.ts) and of the
 * modal's end of the channel (app-channel.ts) under fast-check:
 * - decodeMessage, parsePayload (every schema of the table), jsonLength, isSerializedOrigin, withinMessageLimit never
 *   throw, whatever they are given (anything a structured clone can carry: cycles, BigInts, Maps, typed arrays, …);
 * - invalid envelopes are refused with their reason (another type, a bad id, an unknown or overlong event, over the
 *   size limit), and a payload with a required field missing or of the wrong type fails its schema;
 * - a valid request (any event, a payload built by its rules) round-trips: envelope → structured clone → decode →
 *   the same id, event, route and payload; so do error replies and notifications; createMessageId's ids decode;
 * - the modal's channel, fed random messages while a request is open, settles it only with a reply from the frame's
 *   window and origin under its id (a success only with a payload its reply schema takes), never throws, and passes on
 *   only valid notifications.
 * Prints `fuzz: N cases`.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import fc from 'fast-check';
import { createFrameChannel } from '../src/embedded/app-channel';
import type { FrameNotification } from '../src/embedded/channel-types';
import { ENVELOPE_TYPE, FRAME_READY_DELAY_MS, MAX_ACCOUNTS, MAX_MESSAGE_CHARS } from '../src/embedded/constants';
import { ACCOUNT_TYPES, SOCIAL_PROVIDERS } from '../src/embedded/fields';
import {
  NOTIFICATIONS,
  REQUESTS,
  appEventName,
  createEnvelope,
  decodeMessage,
  errorEventName,
  errorReplySchema,
  notificationEventName,
  parsePayload,
  successEventName,
  withinMessageLimit,
  type AppRequestName,
  type NotificationName,
  type RequestName,
} from '../src/embedded/messages';
import { createMessageId, isSerializedOrigin, jsonLength, MESSAGE_ID_PATTERN } from '../src/embedded/wire';
import { FRAME_ORIGIN, FakeWindow, track, windowPair } from './embedded-fakes';

/** fast-check runs per property (each one a parse, or for the channel one request and its messages). */
const RUNS = 2_000;
const RUNS_CHANNEL = 1_000;
/**
 * The runs are the same on every run (CI): FUZZ_SEED picks other ones (`FUZZ_SEED=$RANDOM pnpm … test:unit`); fast-check
 * prints the seed and path of a failure, which replay it.
 */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 2029);
/** Each property's seed: FUZZ_SEED and its place in the file. */
const seedFor = (name: string) => [...name].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, FUZZ_SEED);
/** Each property's own time limit (the default is 5 s; a busy CI machine runs slower). */
const PROPERTY_TIMEOUT_MS = 60_000;
const fuzzIt = (name: string, fn: () => Promise<void>) => it(name, fn, PROPERTY_TIMEOUT_MS);

let cases = 0;
/** How the channel's open requests ended, for the summary line. */
const settled = { resolved: 0, rejected: 0, open: 0, refusedBeforeSending: 0 };
afterAll(() => console.log(`fuzz: ${cases} cases, seed ${FUZZ_SEED} (frame protocol: parsers and the modal's channel); channel requests ${JSON.stringify(settled)}`));
/** fc.assert with the run count, the error in the report and the case counter. */
/** Properties run so far (in file order): each gets its own seed. */
let properties = 0;
async function check<T extends unknown[]>(property: fc.IProperty<T> | fc.IAsyncProperty<T>, numRuns = RUNS): Promise<void> {
  try {
    await fc.assert(property as fc.IAsyncProperty<T>, { numRuns, seed: seedFor(`property ${properties++}`), includeErrorInReport: true });
  } finally {
    cases += numRuns;
  }
}

const REQUEST_NAMES = Object.keys(REQUESTS) as RequestName[];
const NOTIFICATION_NAMES = Object.keys(NOTIFICATIONS) as NotificationName[];

/** Anything a structured clone (postMessage) can carry, cycles included. */
const cloneable = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withNullPrototype: true,
  maxDepth: 4,
});
const withCycle = cloneable.map((v) => {
  const o: Record<string, unknown> = { type: ENVELOPE_TYPE, id: 'AAAAAAAAAAA', event: appEventName('SIGN_OUT'), payload: v };
  o.self = o;
  return o;
});

// ------------------------------------------------------------------ valid payloads, by each field's rules

const chars = (alphabet: string, min: number, max: number) => fc.string({ unit: fc.constantFrom(...alphabet), minLength: min, maxLength: max });
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const email = fc
  .tuple(
    chars(`${LOWER}${DIGITS}_+-`, 1, 1),
    chars(`${LOWER}${DIGITS}_+-`, 0, 20),
    fc.array(fc.tuple(chars(`${LOWER}${DIGITS}`, 1, 1), chars(`${LOWER}${DIGITS}-`, 0, 12)).map(([a, b]) => a + b), { minLength: 1, maxLength: 3 }),
    chars(LOWER, 2, 6),
  )
  .map(([first, rest, labels, tld]) => `${first}${rest}@${labels.join('.')}.${tld}`);
const otp = fc.stringMatching(/^\d{6}$/);
const chainId = fc.oneof(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.stringMatching(/^[-_:a-zA-Z0-9]{1,64}$/));
const httpUrl = fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }).filter((u) => u.length <= 2048);
const label = fc.string({ minLength: 1, maxLength: 256 });
const address = fc.oneof(fc.stringMatching(/^0x[0-9a-fA-F]{40}$/), chars('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 32, 44));

const validPayloads: { [K in RequestName]: fc.Arbitrary<unknown> } = {
  SWITCH_NETWORK: fc.record({ chainId }),
  CONNECT_EMAIL: fc.record({ email }),
  CONNECT_DEVICE: fc.constant({}),
  CONNECT_OTP: fc.record({ otp }),
  CONNECT_SOCIAL: fc.record({ uri: httpUrl }),
  GET_FARCASTER_URI: fc.constant({}),
  CONNECT_FARCASTER: fc.constant({}),
  GET_USER: fc.record({ chainId, preferredAccountType: fc.constantFrom(...ACCOUNT_TYPES) }, { requiredKeys: ['chainId'] }),
  GET_SOCIAL_REDIRECT_URI: fc.record({ provider: fc.constantFrom(...SOCIAL_PROVIDERS) }),
  SIGN_OUT: fc.constant({}),
  IS_CONNECTED: fc.record({ token: fc.string({ maxLength: 4096 }) }, { requiredKeys: [] }),
  GET_CHAIN_ID: fc.constant({}),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: fc.constant({}),
  INIT_SMART_ACCOUNT: fc.constant({}),
  SET_PREFERRED_ACCOUNT: fc.record({ type: fc.constantFrom(...ACCOUNT_TYPES) }),
  RPC_REQUEST: fc.record(
    {
      method: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,63}$/),
      params: fc.oneof(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 5 }), fc.dictionary(fc.string({ maxLength: 10 }).filter((k) => k !== '__proto__'), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 })),
      chainId,
    },
    { requiredKeys: ['method'] },
  ),
  UPDATE_EMAIL: fc.record({ email }),
  UPDATE_EMAIL_PRIMARY_OTP: fc.record({ otp }),
  UPDATE_EMAIL_SECONDARY_OTP: fc.record({ otp }),
  SYNC_THEME: fc.record(
    {
      themeMode: fc.constantFrom('light', 'dark'),
      // The modal's own variables, each with a safe value of its kind (host-look.ts's allow-list).
      themeVariables: fc.record(
        {
          '--portico-accent': fc.constantFrom('#3396ff', 'red', 'rgb(0 128 255)', 'hsla(210, 100%, 60%, 0.5)'),
          '--portico-font-family': fc.constantFrom('Inter', "Inter, 'Helvetica Neue', sans-serif"),
          '--portico-font-size-master': fc.constantFrom('10px', '0.8rem'),
          '--portico-border-radius-master': fc.constantFrom('4px', '0px'),
          '--portico-z-index': fc.oneof(fc.nat({ max: 2_147_483_647 }), fc.constantFrom('999')),
          '--portico-color-mix-strength': fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom('12.5')),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  ),
  SYNC_DAPP_DATA: fc.record(
    {
      projectId: label,
      sdkVersion: label,
      sdkType: label,
      metadata: fc.record({ name: label, description: fc.string({ maxLength: 1024 }), url: httpUrl, icons: fc.array(httpUrl, { maxLength: 8 }) }),
    },
    { requiredKeys: ['projectId', 'sdkVersion'] },
  ),
  RELOAD: fc.constant({}),
  CANCEL_APPROVAL: fc.constant({}),
  SHOW_EXPORT: fc.constant({}),
  HEARTBEAT: fc.constant({}),
};
/** The fields each request cannot do without. */
const REQUIRED: Partial<Record<RequestName, string[]>> = {
  SWITCH_NETWORK: ['chainId'],
  CONNECT_EMAIL: ['email'],
  CONNECT_OTP: ['otp'],
  CONNECT_SOCIAL: ['uri'],
  GET_USER: ['chainId'],
  GET_SOCIAL_REDIRECT_URI: ['provider'],
  SET_PREFERRED_ACCOUNT: ['type'],
  RPC_REQUEST: ['method'],
  UPDATE_EMAIL: ['email'],
  UPDATE_EMAIL_PRIMARY_OTP: ['otp'],
  UPDATE_EMAIL_SECONDARY_OTP: ['otp'],
  SYNC_DAPP_DATA: ['projectId', 'sdkVersion'],
};
const validNotifications: { [K in NotificationName]: fc.Arbitrary<unknown> } = {
  READY: fc.constant({}),
  SESSION_EXPIRED: fc.constant({}),
  ACCOUNTS_CHANGED: fc.record({ accounts: fc.array(address, { maxLength: MAX_ACCOUNTS }) }),
  CHAIN_CHANGED: fc.record({ chainId }),
  APPROVAL_SHOWN: fc.record({ height: fc.integer({ min: 1, max: 2_000 }), screen: fc.constantFrom('approval', 'keyExport') }, { requiredKeys: ['height'] }),
  APPROVAL_HIDDEN: fc.constant({}),
};
const request = fc.constantFrom(...REQUEST_NAMES).chain((name) => validPayloads[name].map((payload) => ({ name, payload })));

// ------------------------------------------------------------------ properties: the parsers

describe('fuzz: the frame protocol parsers', () => {
  fuzzIt('decodeMessage never throws, and refuses anything that is not a Portico envelope', () =>
    check(
      fc.property(fc.oneof(cloneable, withCycle, fc.record({ type: fc.constant(ENVELOPE_TYPE), id: fc.anything(), event: fc.anything(), payload: cloneable }, { requiredKeys: ['type'] })), (data) => {
        const decoded = decodeMessage(data);
        const portico = typeof data === 'object' && data !== null && (data as { type?: unknown }).type === ENVELOPE_TYPE;
        if (!portico) expect(decoded).toEqual({ ok: false, reason: 'not-portico', lookalike: false });
        if (!decoded.ok) expect(['not-portico', 'too-large', 'malformed', 'unexpected-event']).toContain(decoded.reason);
        else {
          expect(decoded.envelope.id).toMatch(MESSAGE_ID_PATTERN);
          expect(typeof decoded.envelope.event).toBe('string');
        }
      }),
    ));

  fuzzIt('parsePayload never throws, for any payload and every schema of the table', () => {
    const schemas = [
      ...REQUEST_NAMES.flatMap((n) => [REQUESTS[n].payload, REQUESTS[n].reply]),
      ...NOTIFICATION_NAMES.map((n) => NOTIFICATIONS[n]),
      errorReplySchema,
    ];
    return check(
      fc.property(fc.nat(schemas.length - 1), fc.oneof(cloneable, withCycle), (i, payload) => {
        const parsed = parsePayload(schemas[i]!, payload);
        if (!parsed.ok) expect(typeof parsed.issue).toBe('string');
      }),
    );
  });

  fuzzIt('jsonLength, withinMessageLimit and isSerializedOrigin never throw', () =>
    check(
      fc.property(fc.oneof(cloneable, withCycle), fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom('*', 'null', 'http://', 'https://A.example', 'http://127.0.0.1:3010/', 'javascript:alert(1)', 'file:///etc/passwd')), (value, origin) => {
        const length = jsonLength(value);
        if (length !== undefined) expect(length).toBe(JSON.stringify(value).length);
        expect(typeof withinMessageLimit(createEnvelope('AAAAAAAAAAA', appEventName('RELOAD'), value))).toBe('boolean');
        const serialized = isSerializedOrigin(origin);
        // Serialized, or the same origin in other letter case (the check lower-cases what it is given).
        if (serialized) expect(new URL(origin).origin).toBe(origin.toLowerCase());
        expect(isSerializedOrigin('*') || isSerializedOrigin('null')).toBe(false);
      }),
    ));

  fuzzIt('a valid request round-trips: envelope → structured clone → decode → the same id, event and payload', () =>
    check(
      fc.property(request, ({ name, payload }) => {
        const id = createMessageId();
        expect(id).toMatch(MESSAGE_ID_PATTERN);
        const envelope = createEnvelope(id, appEventName(name), payload);
        expect(withinMessageLimit(envelope)).toBe(true);
        const decoded = decodeMessage(structuredClone(envelope));
        if (!decoded.ok) throw new Error(`refused: ${decoded.reason} ${decoded.detail}`);
        expect(decoded.route).toEqual({ kind: 'request', name });
        expect(decoded.envelope).toEqual(envelope);
        const parsed = parsePayload(REQUESTS[name].payload, decoded.envelope.payload);
        if (!parsed.ok) throw new Error(`payload refused: ${parsed.issue}`);
        expect(parsed.value).toEqual(payload);
      }),
    ));

  fuzzIt('error replies and notifications round-trip too', () =>
    check(
      fc.property(
        fc.constantFrom(...REQUEST_NAMES),
        fc.record({ message: fc.string({ minLength: 1, maxLength: 1_000 }), code: fc.maxSafeInteger() }, { requiredKeys: ['message'] }),
        fc.constantFrom(...NOTIFICATION_NAMES).chain((name) => validNotifications[name].map((payload) => ({ name, payload }))),
        (name, error, notification) => {
          const reply = decodeMessage(structuredClone(createEnvelope(createMessageId(), errorEventName(name), error)));
          expect(reply.ok && reply.route).toEqual({ kind: 'error', name });
          expect(reply.ok && parsePayload(errorReplySchema, reply.envelope.payload)).toEqual({ ok: true, value: error });
          const note = decodeMessage(structuredClone(createEnvelope(createMessageId(), notificationEventName(notification.name), notification.payload)));
          expect(note.ok && note.route).toEqual({ kind: 'notification', name: notification.name });
          expect(note.ok && parsePayload(NOTIFICATIONS[notification.name], note.envelope.payload)).toEqual({ ok: true, value: notification.payload });
        },
      ),
    ));

  fuzzIt('an envelope with a bad type, id or event, or over the size limit, is refused with its reason', () =>
    check(
      fc.property(
        request,
        fc.oneof(
          { weight: 3, arbitrary: fc.record({ kind: fc.constant('type' as const), value: fc.oneof(fc.string(), cloneable).filter((t) => t !== ENVELOPE_TYPE) }) },
          { weight: 3, arbitrary: fc.record({ kind: fc.constant('id' as const), value: fc.oneof(fc.string(), cloneable).filter((i) => typeof i !== 'string' || !MESSAGE_ID_PATTERN.test(i)) }) },
          {
            weight: 3,
            arbitrary: fc.record({
              kind: fc.constant('event' as const),
              value: fc.oneof(fc.string({ maxLength: 120 }), cloneable, fc.constantFrom('@portico-app/', '@portico-app/__proto__', '@portico-app/constructor', '@portico-frame/HEARTBEAT', '@PORTICO-APP/SIGN_OUT', '@portico-app/SIGN_OUT ', `@portico-app/${'A'.repeat(100)}`)),
            }),
          },
          // Rarer: each one measures a 1 MiB message.
          { weight: 1, arbitrary: fc.record({ kind: fc.constant('size' as const), value: fc.constant(undefined) }) },
        ),
        ({ name, payload }, bad) => {
          const envelope: Record<string, unknown> = { ...createEnvelope(createMessageId(), appEventName(name), payload) };
          if (bad.kind === 'size') envelope.payload = { ...(payload as object), pad: 'x'.repeat(MAX_MESSAGE_CHARS) };
          else envelope[bad.kind] = bad.value;
          const decoded = decodeMessage(structuredClone(envelope));
          if (bad.kind === 'event' && typeof bad.value === 'string' && decoded.ok) {
            // Only a real event name decodes; it must be the one sent.
            expect(decoded.envelope.event).toBe(bad.value);
            return;
          }
          expect(decoded.ok).toBe(false);
          if (decoded.ok) return;
          const expected =
            bad.kind === 'type' ? 'not-portico'
            : bad.kind === 'size' ? 'too-large'
            : bad.kind === 'event' && typeof bad.value === 'string' && bad.value.length <= 96 ? 'unexpected-event'
            : decoded.reason === 'too-large' ? 'too-large' // a value with no JSON form (a BigInt) cannot be measured
            : 'malformed';
          expect(decoded.reason).toBe(expected);
        },
      ),
    ));

  fuzzIt('a payload that is not an object, or lacks a required field, or has one of the wrong type, fails its schema', () =>
    check(
      fc.property(
        request,
        fc.nat(),
        fc.constantFrom<unknown>(undefined, null, true, 0, -1, 1.5, {}, [], '', [[]], { toString: 'x' }),
        fc.oneof(fc.constantFrom<unknown>(null, undefined, 7, 'x', true), fc.array(fc.jsonValue())),
        ({ name, payload }, at, wrong, notObject) => {
          expect(parsePayload(REQUESTS[name].payload, notObject).ok).toBe(false);
          const required = REQUIRED[name];
          if (!required) return;
          const field = required[at % required.length]!;
          const broken = { ...(payload as Record<string, unknown>) };
          if (wrong === undefined) delete broken[field];
          else broken[field] = wrong;
          const parsed = parsePayload(REQUESTS[name].payload, broken);
          // An empty string is still a string: for the fields whose rules refuse it, it fails; `chainId: 1.5` is not an integer.
          if (parsed.ok) throw new Error(`${name} took ${field}: ${JSON.stringify(wrong)}`);
        },
      ),
    ));
});

// ------------------------------------------------------------------ the modal's channel

describe("fuzz: the modal's channel under random frame messages", () => {
  beforeEach(() => {
    rs.useFakeTimers();
  });
  afterEach(() => {
    rs.useRealTimers();
  });

  type Incoming = { from: 'frame' | 'other-origin' | 'other-window'; data: unknown };
  /** Stands for the open request's id in generated messages (known only once the request is sent). */
  const OPEN_ID = 'OPEN_REQUEST';
  /** Messages for the open request and for none: replies of any event, notifications, garbage. */
  const incoming = (name: AppRequestName): fc.Arbitrary<Incoming> => {
    const anyEvent = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(successEventName(name), errorEventName(name)) },
      { weight: 1, arbitrary: fc.constantFrom(...REQUEST_NAMES).chain((n) => fc.constantFrom(successEventName(n), errorEventName(n), appEventName(n))) },
      { weight: 1, arbitrary: fc.constantFrom(...NOTIFICATION_NAMES).map(notificationEventName) },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    );
    const payloadFor = (event: string): fc.Arbitrary<unknown> => {
      const note = NOTIFICATION_NAMES.find((n) => notificationEventName(n) === event);
      if (note) return fc.oneof(validNotifications[note], fc.jsonValue({ maxDepth: 2 }));
      if (event.endsWith('_ERROR')) return fc.oneof(fc.record({ message: fc.string({ maxLength: 1_100 }), code: fc.oneof(fc.integer(), fc.double()) }, { requiredKeys: [] }), fc.jsonValue({ maxDepth: 2 }));
      return fc.oneof(cloneable, fc.jsonValue({ maxDepth: 3 }), fc.constant({ chainId: 1 }), fc.constant({ isConnected: true }), fc.constant({ action: 'VERIFY_OTP' }));
    };
    const envelopeArb = fc
      .tuple(fc.oneof({ weight: 4, arbitrary: fc.constant(OPEN_ID) }, { weight: 1, arbitrary: fc.constant('AAAAAAAAAAA') }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }), anyEvent)
      .chain(([i, event]) => payloadFor(event).map((payload) => createEnvelope(i, event, payload)));
    return fc.record({
      from: fc.oneof({ weight: 5, arbitrary: fc.constant<'frame'>('frame') }, { weight: 1, arbitrary: fc.constantFrom<Incoming['from']>('other-origin', 'other-window') }),
      data: fc.oneof({ weight: 5, arbitrary: envelopeArb }, { weight: 1, arbitrary: cloneable }),
    });
  };
  const scenario = fc
    .constantFrom(...(REQUEST_NAMES.filter((n) => n !== 'HEARTBEAT') as AppRequestName[]))
    .chain((name) => fc.record({ name: fc.constant(name), payload: validPayloads[name], messages: fc.array(incoming(name), { minLength: 1, maxLength: 12 }) }));

  fuzzIt('a request settles only with its own reply from the frame (a success only with a valid payload); nothing throws; only valid notifications pass', async () => {
    await check(
      fc.asyncProperty(scenario, async ({ name, payload, messages }) => {
        const { app, frame } = windowPair();
        const notifications: FrameNotification[] = [];
        const channel = createFrameChannel({ frameWindow: () => frame, frameOrigin: FRAME_ORIGIN, listenTarget: app, onNotification: (n) => notifications.push(n) });
        try {
          app.dispatch({ data: createEnvelope(createMessageId(), notificationEventName('READY'), {}), origin: FRAME_ORIGIN, source: frame });
          await rs.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS);
          expect(channel.state).toBe('ready');
          const outcome = track(channel.request(name, payload as never));
          await rs.advanceTimersByTimeAsync(1);
          const sent = frame.posts.find((p) => (p.message as { event?: string }).event === appEventName(name));
          if (!sent) {
            // Refused before sending (a method off the allow-list): settled already, with an error.
            expect(outcome.done && outcome.error instanceof Error).toBe(true);
            settled.refusedBeforeSending++;
            return;
          }
          const id = (sent.message as { id: string }).id;
          for (const m of messages) {
            const data = (m.data as { id?: unknown } | null)?.id === OPEN_ID ? { ...(m.data as object), id } : m.data;
            const wasDone = outcome.done;
            app.dispatch({ data, origin: m.from === 'other-origin' ? 'https://evil.example' : FRAME_ORIGIN, source: m.from === 'other-window' ? new FakeWindow(FRAME_ORIGIN) : frame });
            await rs.advanceTimersByTimeAsync(1);
            if (wasDone || !outcome.done) continue;
            const env = data as { id?: unknown; event?: unknown };
            const what = JSON.stringify({ from: m.from, data }, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))?.slice(0, 300);
            const ready = env?.event === notificationEventName('READY');
            if (m.from !== 'frame') throw new Error(`settled by a message from ${m.from}: ${what}`);
            if (!ready && env.id !== id) throw new Error(`settled by a message under another id: ${what}`);
            if (!('error' in outcome)) {
              if (env.event !== successEventName(name)) throw new Error(`resolved by ${String(env.event)}: ${what}`);
              if (!parsePayload(REQUESTS[name].reply, outcome.value).ok) throw new Error(`resolved with a payload its reply schema refuses: ${what}`);
            } else if (!(outcome.error instanceof Error)) throw new Error(`rejected with a non-Error: ${String(outcome.error)}`);
          }
          settled[!outcome.done ? 'open' : 'error' in outcome ? 'rejected' : 'resolved']++;
          for (const n of notifications) expect(parsePayload(NOTIFICATIONS[n.name], n.payload).ok).toBe(true);
        } finally {
          channel.close();
          await rs.advanceTimersByTimeAsync(1);
        }
      }),
      RUNS_CHANNEL,
    );
  });
});
