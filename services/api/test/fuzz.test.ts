/**
 * Fuzzing (issue 29): every route of the API's route table (`createApp(…).routes`, so a new route is fuzzed
 * without touching this file), called over HTTP on the real server with fast-check-made requests: path
 * parameters, queries, headers (Origin, Authorization, the project and SDK headers, Content-Type) and bodies —
 * arbitrary JSON, a valid body with one field mutated (wrong type, oversize, missing, extra and
 * prototype-pollution keys), text that is not JSON, oversize bodies. Plus unknown paths and methods, and
 * preflights.
 *
 * Properties, for every case:
 * - never a 5xx (the environment has every upstream a valid request needs: anvil with the devchain, the local
 *   OpenID provider, the Farcaster relay, an SMTP sink; so a 5xx is the API's fault);
 * - a refused request (4xx) changes nothing: the row count of every table, the rows of the tables that hold
 *   accounts and sessions, the chain's block number and the dev accounts' balances are what they were;
 * - garbage that cannot be a valid body (JSON that is not an object, text that is not JSON) is a 4xx on every
 *   route that reads a body;
 * - an error reply is `{ error: string }` (JSON-RPC error objects on the JSON-RPC endpoint) and every reply
 *   carries X-Request-Id;
 * - nothing reaches `Object.prototype` (the server runs in this process).
 *
 * A valid session (email login) rides along on part of the cases so the authenticated routes are fuzzed past
 * their Bearer check. Beside the random runs, sweeps try every route on every run with what random runs rarely hit:
 * its valid body under each Content-Type the API does not read, and a NUL character in each place a request carries
 * text (PostgreSQL text cannot hold one); and a refused oversize body must leave its keep-alive connection usable.
 * The seed is fixed (FUZZ_SEED overrides it). The run prints `fuzz: N cases over M routes`.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { Agent, request } from 'node:http';
import fc from 'fast-check';
import { deployDevchain, DEV_ACCOUNTS, type DevchainDeployment } from '@portico/devchain';
import { startOidcProvider, type RunningOidcProvider } from '@portico/oidc';
import { runServiceCli } from '@portico/service-kit/testing';
import { createApp, type AppContext } from '../src/app';
import { developmentProviders } from '../src/auth/social-config';
import { devchainChainConfig, type RunningApi } from '../src/server';
import { authClient, DEVICE_KEY, newDevice, SECURE_SITE, type SignedIn } from './auth-helpers';
import { startSmtpSink, type SmtpSink } from './auth-smtp';
import { startAnvil, type Anvil } from './chain-helpers';
import { PROJECT, start } from './helpers';

/** fast-check runs per route (each run is one HTTP request); tuned to keep the whole file near a minute on 2 cores. */
const RUNS_PER_ROUTE = 40;
/** Runs of the unknown-path and preflight properties. */
const RUNS_UNKNOWN_PATHS = 150;
const RUNS_PREFLIGHT = 60;
/** Runs of the oversize-body keep-alive property. */
const RUNS_OVERSIZE = 20;

/**
 * The runs are the same on every run (CI): FUZZ_SEED picks other ones (`FUZZ_SEED=$RANDOM pnpm … test:unit`); fast-check
 * prints the seed and path of a failure, which replay it.
 */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 2029);
/** Each property's seed: FUZZ_SEED and its name, so the routes' runs differ from one another. */
const seedFor = (name: string) => [...name].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, FUZZ_SEED);

const CHAIN = 'eip155:31337';
const ALLOWED_ORIGIN = 'http://127.0.0.1:3000';
/** Rate limits far above the run, so the cases reach validation instead of a 429. */
const PLENTY = { points: 1_000_000, durationS: 60 };

// ------------------------------------------------------------------ the route table

/** The app's own route table: method + path of every handler (middleware and wildcards left out). */
function routeTable(): { method: string; path: string }[] {
  // The routes are registered by createApp alone; the context is read only when a request runs.
  const ctx = { limits: { consumeIp: async () => {}, consumeProject: async () => {} } } as unknown as AppContext;
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of createApp(ctx).routes) {
    if (r.method === 'ALL' || r.path.includes('*')) continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...seen.values()];
}
const ROUTES = routeTable();
const paramNames = (path: string) => [...path.matchAll(/:(\w+)(\{[^}]*\})?/g)].map((m) => m[1]!);

// ------------------------------------------------------------------ environment

let anvil: Anvil;
let deployment: DevchainDeployment;
let oidc: RunningOidcProvider;
let relay: { url: string; stop(): Promise<void> };
let sink: SmtpSink;
let api: RunningApi;
let session: SignedIn;
let cases = 0;
/** Replies by status class, for the summary line. */
const statuses: Record<string, number> = {};
const routesRun = new Set<string>();

beforeAll(async () => {
  const relayCli = runServiceCli(new URL('../../farcaster-relay/', import.meta.url), { PORT: '0', PORTICO_FARCASTER_RELAY_AUTH_KEY: 'api-fuzz-farcaster-app-key' });
  relay = { url: '', stop: async () => void (await relayCli.stop()) };
  [anvil, oidc, sink] = await Promise.all([startAnvil({ chainId: 31337 }), startOidcProvider({ port: 0, redirectUris: [`${SECURE_SITE}/social/callback`] }), startSmtpSink()]);
  const [relayUrl] = await Promise.all([
    relayCli.waitForStdout(/^FARCASTER RELAY {2}(http:\/\/\S+)/m, 30_000).then(([, url]) => url!),
    deployDevchain({ rpcUrl: anvil.rpcUrl }).then((d) => (deployment = d)),
  ]);
  relay.url = relayUrl;
  api = await start({
    development: true,
    chains: [devchainChainConfig(deployment, { rpcUrl: anvil.rpcUrl })],
    // The indexer writes rows on its own: off, so every row change is a request's.
    indexer: { enabled: false },
    rateLimits: { perIp: PLENTY, perProject: PLENTY },
    sessions: { noncesPerIp: PLENTY },
    auth: { smtpUrl: sink.url, requestsPerIp: PLENTY },
    social: { providers: developmentProviders(oidc.url), redirectUri: `${SECURE_SITE}/social/callback`, startsPerIp: PLENTY },
    farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl, startsPerIp: PLENTY },
  });
  session = await authClient(api, sink).signIn('fuzz-session@example.com');
}, 180_000);

afterAll(async () => {
  console.log(`fuzz: ${cases} cases over ${routesRun.size} routes, seed ${FUZZ_SEED} (${ROUTES.length} in the route table, plus unknown paths and preflights); replies ${JSON.stringify(statuses)}`);
  await api?.close();
  await Promise.all([relay?.stop(), anvil?.stop(), oidc?.stop(), sink?.close()]);
});

// ------------------------------------------------------------------ state

/** Kept per request (rate-limit counters on PostgreSQL) or schema bookkeeping: not state a request may change. */
const UNTRACKED_TABLES = new Set(['rate_limits', 'schema_migrations']);
/** Tables whose rows (not only their count) no refused request may touch: accounts, sessions, wallets, names. */
const CONTENT_TABLES = ['auth_users', 'auth_sessions', 'auth_devices', 'auth_social_identities', 'siwx_sessions', 'embedded_wallets', 'names', 'projects', 'signing_keys'];

let tables: string[] | undefined;
async function snapshot(): Promise<Record<string, string>> {
  tables ??= (
    await api.db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`)
  ).rows
    .map((r) => r.tablename)
    .filter((t) => !UNTRACKED_TABLES.has(t));
  const present = CONTENT_TABLES.filter((t) => tables!.includes(t));
  const sql = [
    ...tables.map((t) => `SELECT '${t}' AS k, count(*)::text AS v FROM "${t}"`),
    ...present.map((t) => `SELECT '${t} rows' AS k, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS v FROM "${t}" x`),
  ].join(' UNION ALL ');
  const [rows, chain] = await Promise.all([api.db.query<{ k: string; v: string }>(sql), chainState()]);
  return { ...Object.fromEntries(rows.rows.map((r) => [r.k, r.v])), ...chain };
}

/** The block number and the dev accounts' balances, in one JSON-RPC batch to anvil. */
async function chainState(): Promise<Record<string, string>> {
  const calls = [
    { jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] },
    ...DEV_ACCOUNTS.map((a, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'eth_getBalance', params: [a, 'latest'] })),
  ];
  const res = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(calls) });
  const replies = (await res.json()) as { id: number; result: string }[];
  return Object.fromEntries(replies.map((r) => [r.id === 0 ? 'chain block' : `balance ${DEV_ACCOUNTS[r.id - 1]}`, r.result]));
}

const changed = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after })
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k}: ${before[k]} → ${after[k]}`);

// ------------------------------------------------------------------ arbitraries

const hex = (n: number, c = 'ab') => c.repeat(Math.ceil(n / c.length)).slice(0, n);
const DEVICE_ID = newDevice();
const STATE_43 = 'A'.repeat(43);
const VERIFIER_43 = 'v'.repeat(43);
const SIGNATURE = `0x${hex(130)}`;
const SIWE = [
  '127.0.0.1:3000 wants you to sign in with your Ethereum account:',
  DEV_ACCOUNTS[0],
  '',
  'URI: http://127.0.0.1:3000',
  'Version: 1',
  'Chain ID: 31337',
  'Nonce: abcdefgh12345678',
  `Issued At: ${new Date().toISOString()}`,
].join('\n');

/** A body each route takes (shape-valid; the signatures in them are not real, so none of them succeeds by chance). */
function validBodies(): Record<string, unknown> {
  const [pusd, ptk] = deployment.tokens.map((t) => `${CHAIN}:${t.address}`);
  const rpc = { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] };
  return {
    'POST /v1/analytics/events': { eventId: 'fuzz-event', url: 'https://app.example/page', domain: 'app.example', timestamp: 1_767_225_600_000, props: { a: 1, page: 'home' } },
    'POST /v1/': rpc,
    'POST /v1': rpc,
    'POST /v1/fungible/price': { currency: 'usd', addresses: [`${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, pusd], projectId: PROJECT },
    'POST /v1/convert/build-transaction': { amount: '1000', eip155: { slippage: '1' }, projectId: PROJECT, from: pusd, to: ptk, userAddress: DEV_ACCOUNTS[1], disableEstimate: true },
    'POST /v1/onramp/quote': { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: CHAIN },
    'POST /v1/generators/onrampurl': { destinationWallets: [{ address: DEV_ACCOUNTS[2], blockchains: [CHAIN], assets: ['ETH'] }], partnerUserId: 'fuzz', presetFiatAmount: '100' },
    'POST /onramp-demo/complete': { session: STATE_43, amount: '100', currency: 'USD', method: 'card' },
    'POST /v1/profile/account': {
      coin_type: 2_147_514_985,
      address: DEV_ACCOUNTS[3],
      message: JSON.stringify({ name: 'fuzzname.portico.eth', attributes: {}, timestamp: Math.floor(Date.now() / 1000), chainId: 31337, coinType: 2_147_514_985 }),
      signature: SIGNATURE,
    },
    'POST /v1/sessions/nonce': {},
    'POST /v1/sessions': { message: SIWE, signature: SIGNATURE },
    'POST /v1/sessions/verify': { token: 'aaaa.bbbb.cccc' },
    'POST /v1/sessions/:address/revoke': { pci: '00000000-0000-4000-8000-000000000000', signature: SIGNATURE },
    'POST /v1/auth/social/start': { provider: 'google', projectId: PROJECT, deviceId: DEVICE_ID, deviceKey: DEVICE_KEY, codeChallenge: STATE_43 },
    'POST /v1/auth/social/finish': { projectId: PROJECT, state: STATE_43, code: 'fuzz-code', codeVerifier: VERIFIER_43, deviceId: DEVICE_ID, deviceKey: DEVICE_KEY },
    'POST /v1/auth/farcaster/start': { projectId: PROJECT, deviceId: DEVICE_ID, deviceKey: DEVICE_KEY },
    'POST /v1/auth/farcaster/result': { projectId: PROJECT, channelToken: 'fuzzchanneltoken', deviceId: DEVICE_ID, deviceKey: DEVICE_KEY },
    'POST /v1/auth/export/code': {},
    'POST /v1/auth/export/verify': { code: '123456' },
    'POST /v1/auth/email': { email: 'fuzz@example.com', deviceId: DEVICE_ID },
    'POST /v1/auth/device': { email: 'fuzz@example.com', deviceId: DEVICE_ID },
    'POST /v1/auth/device/approve': { token: STATE_43 },
    'POST /v1/auth/otp': { email: 'fuzz@example.com', deviceId: DEVICE_ID, otp: '123456', deviceKey: DEVICE_KEY },
    'POST /v1/auth/sign-out': {},
    'POST /v1/auth/email/update': { newEmail: 'fuzz-new@example.com' },
    'POST /v1/auth/email/update/primary': { otp: '123456' },
    'POST /v1/auth/email/update/secondary': { otp: '123456' },
    'PUT /v1/auth/wallet': { address: DEV_ACCOUNTS[4], sealed: 'v1.aaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbb', proof: SIGNATURE },
  };
}
/** Routes whose body is ignored (any body, or none, is fine). */
const BODILESS = new Set(['POST /v1/sessions/nonce', 'POST /v1/auth/export/code', 'POST /v1/auth/sign-out']);
/** The session rides along everywhere but here: signing out would end it for the rest of the run. */
const NO_SESSION = new Set(['POST /v1/auth/sign-out']);

/** Printable ASCII (what a header value can carry through fetch). */
const headerText = (maxLength = 200) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });
const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '..',
  '../../etc/passwd',
  '%00',
  '%zz',
  '%',
  '%2F',
  '%E0%A4%A',
  '<script>alert(1)</script>',
  "'; DROP TABLE wallets; --",
  '\u0000',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\u212A', // KELVIN SIGN
  'x'.repeat(5_000),
  '9'.repeat(400),
  '0x',
  `0x${'f'.repeat(40)}`,
  `0x${'g'.repeat(40)}`,
  DEV_ACCOUNTS[0],
  DEV_ACCOUNTS[0].toLowerCase(),
  CHAIN,
  'eip155:1',
  'eip155:99999999999999999999',
  'solana:78kTJh3f74R3uaMX5iZD8t4UZsrVVTQC',
  `${CHAIN}:${DEV_ACCOUNTS[0]}`,
  `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`,
  'alice.portico.eth',
  'portico.eth',
  PROJECT,
  'usd',
  'USD',
  '1',
  '100',
  '1.5',
  '115792089237316195423570985008687907853269984665640564039457584007913129639936',
  '-0',
  'true',
  'false',
);
/** A string as fuzz: arbitrary unicode, nasty constants, printable ASCII. */
const fuzzString = fc.oneof(nasty, fc.string({ unit: 'grapheme', maxLength: 64 }), headerText(64), fc.string({ unit: 'binary', maxLength: 16 }));

/** Percent-encodes every byte that is not unreserved (lone surrogates become U+FFFD, as UTF-8 does). */
const encodeAll = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`)).join('');
/** A path parameter: encoded fuzz, or raw text that is still a valid URL path (bad percent escapes included). */
const paramValue = fc.oneof(fuzzString.map(encodeAll), fc.constantFrom('%zz', '%', '%E0%A4%A', '..', '%2e%2e', '%00', 'a;b', 'a,b', '@', '~'));

const QUERY_KEYS = [
  'projectId', 'chainId', 'page', 'entries', 'search', 'include', 'exclude', 'badge_type', 'chains', 'currency', 'forceUpdate',
  'cursor', 'sender', 'apiVersion', 'zone', 'amount', 'userAddress', 'from', 'to', 'gasPrice', 'tokenAddress', 'session', 'token',
  'st', 'sv', 'state', 'code', 'enableLogger',
];
/** A query: the project (mostly the real one, so validation runs past it) plus fuzzed known and unknown keys, maybe repeated. */
const queryArb = fc.record({
  project: fc.oneof({ weight: 6, arbitrary: fc.constant(PROJECT) }, { weight: 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fuzzString }, { weight: 1, arbitrary: fc.constantFrom('portico-local', 'unknown-project') }),
  chainId: fc.oneof({ weight: 3, arbitrary: fc.constant(CHAIN) }, { weight: 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fuzzString }),
  pairs: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fuzzString), fuzzString), { maxLength: 6 }),
});
type Query = { project?: string; chainId?: string; pairs: [string, string][] };
function queryString(q: Query): string {
  const parts: string[] = [];
  if (q.project !== undefined) parts.push(`projectId=${encodeAll(q.project)}`);
  if (q.chainId !== undefined) parts.push(`chainId=${encodeAll(q.chainId)}`);
  for (const [k, v] of q.pairs) parts.push(`${encodeAll(k)}=${encodeAll(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/jsonx',
  'application/json-rpc',
  'application/octet-stream',
  '*/*',
  ';',
];
const authorizationArb = fc.oneof(
  fc.constant('session'),
  fc.constant(undefined),
  headerText(120).map((t) => `Bearer ${t}`),
  fc.constantFrom('Bearer', 'Bearer ', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'DPoP a.b.c', 'Basic Zm9vOmJhcg==', `Portico-Signature nonce=abc, signature=${SIGNATURE}`, 'Portico-Signature'),
  headerText(120),
);
/** Request headers; `authorization: 'session'` is the valid session token. */
const headersArb = fc.record(
  {
    origin: fc.oneof(fc.constant(ALLOWED_ORIGIN), fc.constant(SECURE_SITE), fc.constantFrom('null', 'https://evil.example', 'http://127.0.0.1:3000/path', 'file://', ''), headerText(60)),
    authorization: authorizationArb,
    'content-type': fc.oneof({ weight: 4, arbitrary: fc.constant('application/json') }, { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) }, { weight: 1, arbitrary: headerText(40) }),
    'x-project-id': fc.oneof(fc.constant(PROJECT), headerText(40)),
    'x-sdk-type': headerText(40),
    'x-sdk-version': headerText(40),
    'x-request-id': headerText(200),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', ''),
    'x-forwarded-for': fc.constantFrom('10.0.0.1', '1.2.3.4, 5.6.7.8', 'garbage'),
    'content-encoding': fc.constantFrom('gzip', 'br', 'identity'),
  },
  { requiredKeys: ['content-type'] },
);
type Headers = { [k: string]: string | undefined };

// Body mutations: a valid body with one thing changed.
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
const oddValues = fc.constantFrom<unknown>(null, '', 0, -1, -0, 1.5, 1e21, 2 ** 53 + 1, -(2 ** 63), true, false, [], {}, [[[[]]]], '0x', ' ', '\u0000', '\uFFFF', 'x'.repeat(300), 'x'.repeat(5_000), { __proto__: null }, { length: 1 }, [null]);
const mutationArb = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('delete', 'replace', 'odd', 'oversize', 'extra', 'pollute', 'wrap'),
  value: fc.oneof(fc.jsonValue({ maxDepth: 3 }), oddValues, fuzzString),
  key: fc.oneof(fc.constantFrom(...POLLUTING_KEYS), fuzzString),
  size: fc.constantFrom(300, 4_097, 70_000),
});
type Mutation = { at: number; op: string; value: unknown; key: string; size: number };

/** Every place in a JSON value: [container, key] pairs (objects and arrays, at any depth). */
function places(value: unknown, out: [Record<string, unknown> | unknown[], string | number][] = []) {
  if (Array.isArray(value)) value.forEach((v, i) => (out.push([value, i]), places(v, out)));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push([value as Record<string, unknown>, k]), places(v, out);
  return out;
}
const own = (o: object, k: string | number, v: unknown) => Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });

/** The valid body with the mutation applied (a deep copy; own `__proto__` keys stay keys, as JSON.parse makes them). */
function mutate(valid: unknown, m: Mutation): unknown {
  const body = structuredClone(valid) as Record<string, unknown>;
  const all = places(body);
  if (m.op === 'wrap') return [body];
  if (m.op === 'extra' || m.op === 'pollute' || all.length === 0) {
    const objects = [body, ...all.map(([c, k]) => (c as Record<string, unknown>)[k as string]).filter((v) => v && typeof v === 'object' && !Array.isArray(v))] as object[];
    const target = objects[m.at % objects.length]!;
    own(target, m.op === 'pollute' ? POLLUTING_KEYS[m.at % POLLUTING_KEYS.length]! : m.key, m.op === 'pollute' ? { polluted: 'fuzz', isAdmin: true } : m.value);
    return body;
  }
  const [container, key] = all[m.at % all.length]!;
  if (m.op === 'delete') {
    if (Array.isArray(container)) container.splice(key as number, 1);
    else delete (container as Record<string, unknown>)[key];
  } else if (m.op === 'oversize') own(container, key, 'x'.repeat(m.size));
  else own(container, key, m.value);
  return body;
}

/** What a case sends as its body, and whether it can possibly be valid. */
type BodyCase = { kind: 'none' } | { kind: 'text'; text: string; garbage: boolean };
function bodyArb(valid: unknown | undefined): fc.Arbitrary<BodyCase> {
  const json = (v: unknown, garbage: boolean): BodyCase => ({ kind: 'text', text: JSON.stringify(v) ?? 'null', garbage });
  const options: fc.Arbitrary<BodyCase>[] = [
    fc.constant<BodyCase>({ kind: 'none' }),
    // Arbitrary JSON: garbage unless it is an object (a random object could in principle be a valid body).
    fc.jsonValue({ maxDepth: 4 }).map((v) => json(v, v === null || typeof v !== 'object' || Array.isArray(v))),
    // Not JSON at all.
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 200 }).filter((s) => !isJson(s)),
      fc.constantFrom('{', '{"a":', '[1,', '{"a":1}}', "{'a':1}", '{"a":01}', '{"a":NaN}', '\uFEFF{}', '{"a":"\\u00"}', '\u0000', 'undefined', 'nul'),
    ).map((text): BodyCase => ({ kind: 'text', text, garbage: true })),
    // Deep nesting and oversize.
    fc.constantFrom(5_000, 100_000).map((n): BodyCase => ({ kind: 'text', text: `${'['.repeat(n)}${']'.repeat(n)}`, garbage: true })),
    fc.constantFrom(4_097, 65_537, 1_100_000).map((n): BodyCase => ({ kind: 'text', text: JSON.stringify({ pad: 'x'.repeat(n) }), garbage: false })),
  ];
  if (valid !== undefined) {
    options.push(
      fc.constant(json(valid, false)),
      mutationArb.map((m) => json(mutate(valid, m), false)),
      mutationArb.map((m) => json(mutate(valid, m), false)),
      // A valid body, cut short: not JSON.
      fc.nat().map((n) => {
        const text = JSON.stringify(valid);
        return { kind: 'text', text: text.slice(0, 1 + (n % (text.length - 1))), garbage: true } as BodyCase;
      }),
    );
  }
  return fc.oneof(...options);
}
function isJson(s: string) {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------ one case

interface Reply {
  status: number;
  type: string;
  text: string;
  requestId: string | null;
}
/**
 * One request on a connection of its own (node:http, no keep-alive), so a connection the server left unusable
 * fails only its own case (the keep-alive after a refused body has its own test below).
 */
function send(method: string, path: string, headers: Headers, body?: string): Promise<Reply> {
  const h: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    h[k] = k === 'authorization' && v === 'session' ? `Bearer ${session.token}` : v;
  }
  const payload = body !== undefined && method !== 'GET' && method !== 'HEAD' ? Buffer.from(body, 'utf8') : undefined;
  if (payload) h['content-length'] = String(payload.length);
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    let answered = false;
    // The path as it is (`//x`, `/%zz`), not resolved against the API's URL.
    const req = request({ hostname, port, path, method, headers: h, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
          requestId: (res.headers['x-request-id'] as string | undefined) ?? null,
        }),
      );
    });
    // The server may answer (413) and close before it has read the whole body: the reply counts, not the write error.
    req.on('error', (err) => {
      if (!answered) setTimeout(() => !answered && reject(err), 200);
    });
    req.end(payload);
  });
}

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');
const PROTOTYPE_KEYS = prototypeKeys();

/** The state after the last case, reused as the next case's "before" (nothing else writes between cases). */
let lastState: Record<string, string> | undefined;

/**
 * Sends one request and checks every property; throws (with the request and reply) when one fails.
 * `garbage`: the body cannot be valid, so the answer must be a 4xx. `light`: without the state check (GET sweeps).
 */

async function check(route: string, method: string, path: string, headers: Headers, body: string | undefined, garbage: boolean, light = false) {
  // `light`: no state snapshots (the sweeps' many reads); the next case takes a fresh one.
  const before = light ? {} : (lastState ?? (await snapshot()));
  lastState = undefined;
  const described = () => `${method} ${path}\nheaders: ${JSON.stringify(headers)}\nbody (${body?.length ?? 0} chars): ${body?.slice(0, 600)}`;
  let reply: Reply;
  try {
    reply = await send(method, path, headers, body);
  } catch (err) {
    throw new Error(`no reply (${String((err as Error)?.message ?? err)}): ${described()}`);
  }
  const after = light ? {} : await snapshot();
  if (!light) lastState = after;
  cases++;
  statuses[`${String(reply.status)[0]}xx`] = (statuses[`${String(reply.status)[0]}xx`] ?? 0) + 1;
  const what = () => `${described()}\n→ ${reply.status} ${reply.text.slice(0, 600)}`;
  if (reply.status >= 500) throw new Error(`5xx: ${what()}`);
  if (reply.status >= 400) {
    const diff = changed(before, after);
    if (diff.length > 0) throw new Error(`a refused request changed state (${diff.join('; ')}): ${what()}`);
  }
  // An unknown path may be the JSON-RPC endpoint after all (`/v1/projects/..` is `/v1/`).
  const rpc = route === 'POST /v1/' || route === 'POST /v1' || route.endsWith(' *');
  const rpcErrors = (json: unknown) =>
    [json].flat().length > 0 && [json].flat().every((r: any) => r?.jsonrpc === '2.0' && typeof r?.error?.code === 'number' && typeof r?.error?.message === 'string');
  // JSON-RPC: a batch of garbage is answered 200 with an error in each place; that is a refusal too.
  if (garbage && reply.status < 400 && !(rpc && isJson(reply.text) && rpcErrors(JSON.parse(reply.text)))) throw new Error(`garbage was accepted: ${what()}`);
  if (reply.requestId === null) throw new Error(`no X-Request-Id: ${what()}`);
  if (reply.status >= 400 && method !== 'HEAD' && reply.type.startsWith('application/json')) {
    const json = JSON.parse(reply.text);
    const ok = rpc ? rpcErrors(json) || typeof json.error === 'string' : typeof json.error === 'string' && json.error.length > 0;
    if (!ok) throw new Error(`error reply of the wrong shape: ${what()}`);
  }
  if (prototypeKeys() !== PROTOTYPE_KEYS || ({} as Record<string, unknown>).polluted !== undefined || ({} as Record<string, unknown>).isAdmin !== undefined) {
    throw new Error(`Object.prototype was polluted: ${what()}`);
  }
}

// ------------------------------------------------------------------ properties

describe('fuzz: every route of the route table', () => {
  test('the route table lists the routes (new ones are fuzzed as they are added)', () => {
    expect(ROUTES.length).toBeGreaterThan(50);
    expect(ROUTES).toContainEqual({ method: 'POST', path: '/v1/auth/otp' });
    expect(ROUTES).toContainEqual({ method: 'GET', path: '/v1/account/:address/balance' });
  });

  for (const { method, path } of ROUTES) {
    const route = `${method} ${path}`;
    const names = paramNames(path);
    test(`${route}: random and mutated requests → never 5xx, a refusal changes nothing`, async () => {
      const valid = validBodies()[route];
      const takesBody = method !== 'GET' && method !== 'HEAD';
      const readsBody = takesBody && valid !== undefined && !BODILESS.has(route);
      routesRun.add(route);
      await fc.assert(
        fc.asyncProperty(
          fc.array(paramValue, { minLength: names.length, maxLength: names.length }),
          queryArb,
          headersArb,
          takesBody ? bodyArb(valid) : fc.constant<BodyCase>({ kind: 'none' }),
          async (params, query, headers, body) => {
            let i = 0;
            const filled = path.replace(/:(\w+)(\{[^}]*\})?/g, () => params[i++]!);
            if (NO_SESSION.has(route) && headers.authorization === 'session') headers = { ...headers, authorization: undefined };
            const text = body.kind === 'text' ? body.text : undefined;
            await check(route, method, `${filled}${queryString(query)}`, headers, text, readsBody && body.kind === 'text' && body.garbage);
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: seedFor(route), includeErrorInReport: true },
      );
    });
  }
});

/** The number of strings in `value` (at any depth). */
const stringCount = (value: unknown): number =>
  typeof value === 'string' ? 1 : value && typeof value === 'object' ? Object.values(value).reduce((n: number, v) => n + stringCount(v), 0) : 0;
/** `value` with a NUL character added to its `at`-th string (PostgreSQL text and jsonb cannot hold one). */
function withNulAt(value: unknown, at: number): unknown {
  let i = 0;
  const walk = (v: unknown): unknown =>
    typeof v === 'string' ? (i++ === at ? `${v}\u0000` : v) : Array.isArray(v) ? v.map(walk) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)])) : v;
  return walk(value);
}
/** A plausible value for each query key the routes read, so one key at a time can carry the NUL. */
const PLAUSIBLE_QUERY: Record<string, string> = {
  page: '1', entries: '10', search: 'meta', include: 'x', exclude: 'x', badge_type: 'none', chains: CHAIN, currency: 'usd', forceUpdate: 'false',
  cursor: 'x', sender: DEV_ACCOUNTS[0], apiVersion: '2', zone: 'portico.eth', amount: '1000', userAddress: DEV_ACCOUNTS[0], from: `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`,
  to: `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, gasPrice: '1', tokenAddress: `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, session: 'x', token: 'x',
  st: 'appkit', sv: '1.0.0', state: 'x', code: 'x', enableLogger: 'false',
};

describe('sweeps: every route under the inputs the random runs may miss', () => {
  // Not random, so these are tried on every run: each route that takes a body with its valid body under every
  // Content-Type the API does not read (and none); and every route with a NUL character in each place a request
  // carries text (the project id, with and without an Origin, as a preflight too; every query key; the path
  // parameters; every string of the body).
  const ODD_TYPES = ['multipart/form-data', 'multipart/form-data; boundary=fuzz', 'application/x-www-form-urlencoded', 'text/plain', 'application/json; charset=utf-16', undefined];
  const NUL = encodeAll('x\u0000');
  for (const { method, path } of ROUTES) {
    const route = `${method} ${path}`;
    const takesBody = method === 'POST' || method === 'PUT';
    test(`${route}: odd content types and NUL characters → never 5xx, a refusal changes nothing`, async () => {
      routesRun.add(route);
      const valid = validBodies()[route];
      const body = takesBody ? JSON.stringify(valid ?? {}) : undefined;
      const filled = path.replace(/:(\w+)(\{[^}]*\})?/g, DEV_ACCOUNTS[0]);
      const query = `?projectId=${PROJECT}&chainId=${CHAIN}`;
      const failures: string[] = [];
      const attempt = (path: string, headers: Headers, body: string | undefined, m = method, light = false) =>
        check(route, m, path, headers, body, false, light).catch((err: Error) => failures.push(err.message));
      if (takesBody) for (const type of ODD_TYPES) await attempt(`${filled}${query}`, { 'content-type': type }, body);
      const json = { 'content-type': 'application/json' };
      await attempt(`${filled}?projectId=${NUL}&chainId=${CHAIN}`, json, body);
      await attempt(`${filled}?projectId=${NUL}&chainId=${CHAIN}`, { ...json, origin: ALLOWED_ORIGIN }, body);
      // One query key at a time carries the NUL, the others a plausible value (a route stops at its first bad key).
      const plausible = Object.entries(PLAUSIBLE_QUERY);
      for (const [key] of plausible) {
        const q = plausible.map(([k, v]) => `${k}=${encodeAll(k === key ? `${v}\u0000` : v)}`).join('&');
        await attempt(`${filled}${query}&${q}`, json, body, method, !takesBody);
      }
      if (paramNames(path).length > 0) await attempt(`${path.replace(/:(\w+)(\{[^}]*\})?/g, NUL)}${query}`, json, body);
      // One string of the valid body at a time carries the NUL.
      if (takesBody && valid !== undefined) {
        for (let at = 0; at < stringCount(valid); at++) await attempt(`${filled}${query}`, { ...json, authorization: 'session' }, JSON.stringify(withNulAt(valid, at)));
      }
      if (failures.length > 0) throw new Error(`${failures.length} failing request(s):\n\n${failures.join('\n\n')}`);
    });
  }

  test('a preflight naming a project id with a NUL character, on every path → never 5xx', async () => {
    const failures: string[] = [];
    for (const path of new Set(ROUTES.map((r) => r.path.replace(/:(\w+)(\{[^}]*\})?/g, DEV_ACCOUNTS[0])))) {
      await check('OPTIONS', 'OPTIONS', `${path}?projectId=${NUL}`, { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'POST' }, undefined, false).catch((err: Error) => failures.push(err.message));
    }
    if (failures.length > 0) throw new Error(`${failures.length} failing request(s), the first:\n\n${failures[0]}`);
  });
});

describe('fuzz: unknown paths, methods and preflights', () => {
  test('any method on any path → never 5xx, a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
        fc.array(paramValue, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('/', '/v1/', '/v1/auth/', '/v1/account/', '/v1/projects/', '/onramp-demo/', '/.well-known/'),
        queryArb,
        headersArb,
        bodyArb(undefined),
        async (method, segments, prefix, query, headers, body) => {
          const text = body.kind === 'text' && method !== 'GET' && method !== 'HEAD' ? body.text : undefined;
          await check(`${method} *`, method, `${prefix}${segments.join('/')}${queryString(query)}`, headers, text, false);
        },
      ),
      { numRuns: RUNS_UNKNOWN_PATHS, seed: seedFor('unknown paths'), includeErrorInReport: true },
    );
  });

  test('preflights with any origin, project and requested headers → never 5xx, nothing changes', async () => {
    const paths = [...new Set(ROUTES.map((r) => r.path))];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.array(paramValue, { minLength: 3, maxLength: 3 }), queryArb, headerText(60), headerText(60), headerText(80), async (path, params, query, origin, requestMethod, requestHeaders) => {
        let i = 0;
        const filled = path.replace(/:(\w+)(\{[^}]*\})?/g, () => params[i++ % 3]!);
        await check('OPTIONS', 'OPTIONS', `${filled}${queryString(query)}`, { origin, 'access-control-request-method': requestMethod, 'access-control-request-headers': requestHeaders }, undefined, false);
      }),
      { numRuns: RUNS_PREFLIGHT, seed: seedFor('preflights'), includeErrorInReport: true },
    );
  });
});

describe('fuzz: a refused oversize body', () => {
  /** Sends on `agent` (one kept-alive connection); resolves with the status and the Connection header. */
  const onConnection = (agent: Agent, method: string, path: string, body?: Buffer) =>
    new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const headers = body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {};
      const req = request(new URL(path, api.url), { method, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      });
      req.on('error', reject);
      req.end(body);
    });

  test('a 413 either closes the connection (Connection: close) or the next request on it is answered', async () => {
    const bodyRoutes = ROUTES.filter((r) => r.method === 'POST' || r.method === 'PUT');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bodyRoutes), fc.integer({ min: 65_537, max: 2_000_000 }), async (route, size) => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const path = `${route.path.replace(/:(\w+)(\{[^}]*\})?/g, 'x')}?projectId=${PROJECT}&chainId=${CHAIN}`;
          const refused = await onConnection(agent, route.method, path, Buffer.alloc(size, 0x61));
          cases++;
          if (refused.status !== 413 || refused.connection === 'close') return;
          const next = await onConnection(agent, 'GET', '/healthz').catch((err: Error) => ({ status: 0, connection: err.message }));
          if (next.status !== 200) {
            throw new Error(
              `${route.method} ${path} with ${size} bytes → 413 "Connection: ${refused.connection}", then GET /healthz on that connection → ${next.status === 0 ? `no reply (${next.connection})` : next.status}`,
            );
          }
        } finally {
          agent.destroy();
        }
      }),
      { numRuns: RUNS_OVERSIZE, seed: seedFor('oversize'), includeErrorInReport: true },
    );
  });
});
