/**
 * Fuzzing (issue 29): the secure site's server and its page's frame-protocol handlers under fast-check.
 *
 * The server (over HTTP, against the API double): GET /, /social/callback, /static/*, /healthz, POST /wallet/account,
 * /wallet/sign, /wallet/export and unknown paths and methods, with random headers (Origin, Authorization and DPoP
 * garbage, forged tokens, real tokens with bad proofs), random query strings and bodies (random JSON, sign requests with
 * one field mutated, text that is not JSON, oversize bodies). Never a 5xx; no reply to a refused request carries a key,
 * a signature or a signed transaction; no wallet is made and no export code is checked. Then the same with a real
 * session and real device proofs over exactly the fuzzed bytes: /wallet/sign answers a 400 or a signature (never a key,
 * never a 5xx) and /wallet/export (no code was mailed) never answers a key.
 *
 * The page (createEmbeddedWallet's handlers behind shared-state's createParentChannel, a fake parent window, as
 * test/framed-page.ts wires them): random message sequences — any data, Portico-looking envelopes with random ids,
 * events and payloads, from the parent or from another origin or window, and real events with random payloads. No
 * crash (no handler error, no unhandled rejection), every reply goes to the parent's origin only, answers the
 * request's id with its own event's _SUCCESS or _ERROR, an invalid payload is answered with an error and anything
 * else not from the parent or not a request is ignored; no session is stored and no wallet made. The channel still
 * answers afterwards.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { calculateJwkThumbprint, SignJWT, generateKeyPair } from 'jose';
import { createParentChannel, decodeMessage, parsePayload, REQUESTS, type MessageEventLike, type RequestName } from '@portico/shared-state/embedded';
import { deviceProof, loadDeviceKey, publicJwk } from '../src/page/device-key';
import { createEmbeddedWallet } from '../src/page/wallet';
import { startSecureSite, type RunningSecureSite } from '../src/server';
import { ALLOWED, FARCASTER_MESSAGES, PROJECT, startApiDouble, type ApiDouble } from './api-double';
import { memoryKeyStore, memoryStorage, PARENT, SESSION_KEY, siteFetch } from './framed-page';

/** fast-check runs (each one HTTP request) of the server properties; the page's runs are message sequences. */
const RUNS_SERVER = 1_500;
const RUNS_SERVER_SIGNED_IN = 800;
const RUNS_PAGE = 500;
/**
 * The runs are the same on every run (CI): FUZZ_SEED picks other ones (`FUZZ_SEED=$RANDOM pnpm … test:unit`); fast-check
 * prints the seed and path of a failure, which replay it.
 */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 2029);
/** Each property's seed: FUZZ_SEED and its name. */
const seedFor = (name: string) => [...name].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, FUZZ_SEED);
/** Each property's own time limit (the package's default is 30 s). */
const PROPERTY_TIMEOUT_MS = 120_000;

let api: ApiDouble;
let site: RunningSecureSite;
let distDir: string;
let cases = 0;
/** Outcomes, for the summary line: HTTP status classes and the page's replies. */
const outcomes: Record<string, number> = {};
const count = (k: string) => void (outcomes[k] = (outcomes[k] ?? 0) + 1);

beforeAll(async () => {
  api = await startApiDouble();
  // A code no fuzzed OTP is likely to be (the double's default is 123456), and Farcaster sign-ins that fail.
  api.state.code = String(100_000 + (randomBytes(4).readUInt32BE() % 900_000));
  api.state.farcaster = { pendingPolls: 0, outcome: { status: 401, error: FARCASTER_MESSAGES.unverified } };
  distDir = await mkdtemp(join(tmpdir(), 'secure-site-fuzz-'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
  await copyFile(new URL('../src/callback/index.html', import.meta.url), join(distDir, 'callback.html'));
  await writeFile(join(distDir, 'app.js'), 'console.log(1)');
  const plenty = { points: 1_000_000, durationS: 60 };
  site = await startSecureSite({ port: 0, apiUrl: api.url, key: randomBytes(32).toString('hex'), distDir, openLimit: plenty, signLimit: plenty, exportLimit: plenty });
});
afterAll(async () => {
  console.log(`fuzz: ${cases} cases, seed ${FUZZ_SEED} (secure site: server routes and frame protocol); outcomes ${JSON.stringify(outcomes)}`);
  await site?.close();
  await api?.close();
  await rm(distDir, { recursive: true, force: true });
});

// ------------------------------------------------------------------ arbitraries

/** Printable ASCII (what a header value carries). */
const ascii = (maxLength: number) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });
const b64url = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: min, maxLength: max });
const jwtLike = fc.tuple(b64url(0, 80), b64url(0, 200), b64url(0, 90)).map((p) => p.join('.'));
const encodeAll = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`)).join('');

/** A token that verifies nowhere: alg none, another key, the right shape with garbage. */
let forged: string[] = [];
async function forgeTokens() {
  const { privateKey } = await generateKeyPair('ES256');
  const claims = { aud: 'portico-embedded', sub: 'user-fuzz', cnf: { jkt: 'x'.repeat(43) } };
  forged = [
    await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'test', typ: 'portico-embedded+jwt' }).setExpirationTime('1h').sign(privateKey),
    `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'portico-embedded+jwt' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, exp: 9e9 })).toString('base64url')}.`,
    // A real token of the double, for the wrong audience and already expired.
    await api.sign({ sub: 'user-fuzz', aud: 'someone-else', jkt: 'y'.repeat(43) }),
    await api.sign({ sub: 'user-fuzz', expiresInS: -10, jkt: 'z'.repeat(43) }),
    // A real, unbound token (no cnf): a bare session cannot prove a device.
    await api.sign({ sub: 'user-fuzz' }),
  ];
}

const headersArb = (siteUrl: () => string) =>
  fc.record(
    {
      origin: fc.oneof(fc.constant('self'), fc.constantFrom('null', PARENT, 'https://evil.example', 'http://127.0.0.1', ''), ascii(60)),
      authorization: fc.oneof(
        jwtLike.map((t) => `DPoP ${t}`),
        fc.nat(4).map((i) => `DPoP ${forged[i]}`),
        fc.nat(4).map((i) => `Bearer ${forged[i]}`),
        ascii(100).map((t) => `DPoP ${t}`),
        fc.constantFrom('DPoP', 'DPoP ', 'Bearer a.b.c', 'Basic Zm9vOmJhcg==', 'DPoP a.b.c d'),
        ascii(100),
      ),
      dpop: fc.oneof(jwtLike, ascii(200), fc.constant(`${'e'.repeat(20)}.${'e'.repeat(20)}.${'e'.repeat(20)}`)),
      'content-type': fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'multipart/form-data', ''),
      cookie: ascii(60),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage'),
      'content-encoding': fc.constantFrom('gzip', 'identity'),
    },
    { requiredKeys: [] },
  ).map((h) => ({ ...h, ...(h.origin === 'self' && { origin: siteUrl() }) }));

const TX = { type: 'legacy', chainId: '0x7a69', nonce: '0x0', gas: '0x5208', to: null, value: '0x0', data: '0x', gasPrice: '0x1' };
const SIGN_BODIES: unknown[] = [
  { kind: 'message', message: { raw: '0x68656c6c6f' } },
  { kind: 'typedData', typedData: { domain: { name: 'D', chainId: 31337 }, types: { M: [{ name: 'n', type: 'uint256' }, { name: 's', type: 'string' }] }, primaryType: 'M', message: { n: '1', s: 'x' } } },
  { kind: 'transaction', transaction: TX },
  { kind: 'transaction', transaction: { ...TX, type: 'eip1559', gasPrice: undefined, maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1' } },
];
const odd = fc.constantFrom<unknown>(null, '', 0, -1, 1e21, 2 ** 53 + 1, true, [], {}, '0x', '0x0', '0x00', '0xzz', 'x'.repeat(2_000), '\u0000', { __proto__: null }, [null], 'uint256', 'M', 'EIP712Domain', 'M[]', 'M[2]', 'bytes32', 'string', 'address', '0x' + 'f'.repeat(64), '0x' + 'f'.repeat(65), '-1', '1.5');
const KEYS = ['__proto__', 'constructor', 'prototype', 'kind', 'type', 'raw', 'types', 'primaryType', 'domain', 'message', 'EIP712Domain', 'M', 'name'];

/** Every place in a JSON value, as [container, key]. */
function places(value: unknown, out: [Record<string, unknown> | unknown[], string | number][] = []) {
  if (Array.isArray(value)) value.forEach((v, i) => (out.push([value, i]), places(v, out)));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push([value as Record<string, unknown>, k]), places(v, out);
  return out;
}
const own = (o: object, k: string | number, v: unknown) => Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
const mutationArb = fc.record({ at: fc.nat(), op: fc.constantFrom('delete', 'replace', 'extra', 'self'), value: fc.oneof(odd, fc.jsonValue({ maxDepth: 3 })), key: fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 12 })) });
/** A valid body with one change: a field deleted or replaced, a key added, or a type made to refer to itself. */
function mutate(valid: unknown, m: { at: number; op: string; value: unknown; key: string }): unknown {
  const body = JSON.parse(JSON.stringify(valid));
  const all = places(body);
  const [container, key] = all[m.at % all.length]!;
  if (m.op === 'delete') Array.isArray(container) ? container.splice(key as number, 1) : delete (container as Record<string, unknown>)[key];
  else if (m.op === 'replace') own(container, key, m.value);
  else if (m.op === 'extra') {
    const objects = [body, ...all.map(([c, k]) => (c as Record<string, unknown>)[k as string]).filter((v) => v && typeof v === 'object' && !Array.isArray(v))] as object[];
    own(objects[m.at % objects.length]!, m.key, m.value);
  } else if (body.typedData) {
    // A recursive or unknown EIP-712 type.
    body.typedData.types.M.push({ name: 'self', type: m.at % 2 ? 'M' : m.at % 3 ? 'M[]' : String(m.value).slice(0, 20) });
    body.typedData.message.self = m.value;
  }
  return body;
}

const bodyArb = fc.oneof(
  fc.constant<string | undefined>(undefined),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(...SIGN_BODIES).map((b) => JSON.stringify(b)),
  fc.tuple(fc.constantFrom(...SIGN_BODIES), mutationArb).map(([b, m]) => JSON.stringify(mutate(b, m))),
  fc.tuple(fc.constantFrom(...SIGN_BODIES), mutationArb).map(([b, m]) => JSON.stringify(mutate(b, m))),
  fc.constantFrom('{', '{"kind":', '\uFEFF{}', '{"code":"123456"}', '{"code":123456}', '{"code":"12345a"}', `{"code":"123456","x":1}`, '\u0000', `${'['.repeat(50_000)}${']'.repeat(50_000)}`),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.constantFrom(1_025, 330_000, 2_000_000).map((n) => JSON.stringify({ kind: 'message', message: { raw: `0x${'ab'.repeat(n / 2)}` } })),
);

// ------------------------------------------------------------------ the server

interface Reply {
  status: number;
  text: string;
}
async function send(method: string, path: string, headers: Record<string, string | undefined>, body: string | undefined): Promise<Reply> {
  const h = Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined));
  let res: Response;
  try {
    res = await fetch(`${site.url}${path}`, { method, headers: h, redirect: 'manual', ...(body !== undefined && method !== 'GET' && method !== 'HEAD' && { body }) });
  } catch (err) {
    throw new Error(`no reply (${String((err as Error)?.cause ?? err)}): ${method} ${path} ${JSON.stringify(h)} body ${body?.slice(0, 300)}`);
  }
  return { status: res.status, text: await res.text() };
}

/**
 * A private key, a signature or a signed transaction in `text`: 32 bytes of hex or more that the request did not carry
 * itself (an error may quote what it refused), or the keys of the replies that carry them.
 */
const secretIn = (text: string, sent = '') =>
  [...text.matchAll(/0x[0-9a-fA-F]{64,}/g)].some(([hex]) => !sent.toLowerCase().includes(hex.toLowerCase())) || /privateKey|serializedTransaction|"signature"/.test(text);

/** What a request may not change: the wallets the API double keeps, and whether the server asked it to check an export code or store a wallet. */
const apiState = () => JSON.stringify({ wallets: [...api.wallets.keys()], calls: api.calls.filter((c) => /PUT \/v1\/auth\/wallet|export\/verify/.test(c)).length });

const PATHS = ['/', '/social/callback', '/static/app.js', '/static/', '/healthz', '/wallet/account', '/wallet/sign', '/wallet/export', '/wallet', '/wallet/', '/wallet/account/x', '/unknown'];

describe('fuzz: the server', () => {
  beforeAll(forgeTokens);

  test(
    'any method, path, query, headers and body without a session proven by its device → never 5xx, no secret, nothing made',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH'),
          fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PATHS) }, { weight: 1, arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 12 }).map(encodeAll), fc.constantFrom('..', '%2e%2e', '%zz', '%00', 'static')), { minLength: 1, maxLength: 4 }).map((s) => `/${s.join('/')}`) }),
          fc.array(fc.tuple(fc.constantFrom('projectId', 'chainId', 'version', 'enableLogger', 'origin', 'state', 'code', 'iss', 'error', 'x'), fc.oneof(fc.constant(PROJECT), fc.string({ maxLength: 40 }), fc.constantFrom('31337', '-1', '1e999', 'eip155:1', 'true'))), { maxLength: 5 }),
          headersArb(() => site.url),
          bodyArb,
          async (method, path, query, headers, body) => {
            const before = apiState();
            const qs = query.length ? `?${query.map(([k, v]) => `${k}=${encodeAll(v)}`).join('&')}` : '';
            const reply = await send(method, `${path}${qs}`, headers, body);
            cases++;
            count(`server ${String(reply.status)[0]}xx`);
            const what = `${method} ${path}${qs} ${JSON.stringify(headers)} body ${body?.slice(0, 300)} → ${reply.status} ${reply.text.slice(0, 300)}`;
            if (reply.status >= 500) throw new Error(`5xx: ${what}`);
            if (path.startsWith('/wallet/') && reply.status < 400 && method === 'POST') throw new Error(`a wallet route answered without a proven session: ${what}`);
            if (secretIn(reply.text, `${path}${qs}${body ?? ''}`)) throw new Error(`a secret in the reply: ${what}`);
            if (apiState() !== before) throw new Error(`the request made a wallet or checked an export code: ${what}`);
          },
        ),
        { numRuns: RUNS_SERVER, seed: seedFor('server'), includeErrorInReport: true },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  test(
    'a real session with real device proofs over fuzzed bodies → /wallet/sign: a 400 or a signature, /wallet/export: never a key; never 5xx',
    async () => {
      const keyPair = await loadDeviceKey({ get: async () => undefined, put: async () => {} });
      const jkt = await calculateJwkThumbprint(await publicJwk(keyPair), 'sha256');
      const token = await api.sign({ sub: `user-fuzz-${Date.now()}`, jkt });
      const post = async (path: string, body: string | undefined) => {
        const proof = await deviceProof(keyPair, { method: 'POST', url: `${site.url}${path}`, accessToken: token, body: body ?? '' });
        return send('POST', path, { origin: site.url, authorization: `DPoP ${token}`, dpop: proof, ...(body !== undefined && { 'content-type': 'application/json' }) }, body);
      };
      const account = await post('/wallet/account', undefined);
      expect(account.status).toBe(200);
      const wallets = api.wallets.size;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('/wallet/sign', '/wallet/export', '/wallet/account'), bodyArb, async (path, body) => {
          const reply = await post(path, body);
          cases++;
          count(`${path} ${reply.status}`);
          const what = `POST ${path} body ${body?.slice(0, 400)} → ${reply.status} ${reply.text.slice(0, 300)}`;
          if (reply.status >= 500) throw new Error(`5xx: ${what}`);
          if (api.wallets.size !== wallets) throw new Error(`a wallet was made: ${what}`);
          if (path === '/wallet/export' && (reply.status < 400 || secretIn(reply.text, body))) throw new Error(`the export answered without a mailed code: ${what}`);
          if (reply.status >= 400 && secretIn(reply.text, body)) throw new Error(`a secret in a refusal: ${what}`);
          if (reply.status < 400) {
            const json = JSON.parse(reply.text);
            const keys = Object.keys(json).sort().join(',');
            const expected = path === '/wallet/account' ? 'address' : /"transaction"/.test(body ?? '') ? 'serializedTransaction' : 'signature';
            if (keys !== expected) throw new Error(`an answer other than ${expected}: ${what}`);
          }
        }),
        { numRuns: RUNS_SERVER_SIGNED_IN, seed: seedFor('server signed in'), includeErrorInReport: true },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

// ------------------------------------------------------------------ the page's frame protocol

const REQUEST_NAMES = Object.keys(REQUESTS) as RequestName[];
const EVENT_NAMES = [...REQUEST_NAMES.map((n) => `@portico-app/${n}`), ...REQUEST_NAMES.flatMap((n) => [`@portico-frame/${n}_SUCCESS`, `@portico-frame/${n}_ERROR`]), '@portico-frame/READY', '@portico-frame/APPROVAL_SHOWN', '@portico-app/', '@portico-app/__proto__', '@portico-app/constructor', 'READY'];
const messageId = fc.oneof({ weight: 4, arbitrary: b64url(11, 11) }, { weight: 1, arbitrary: fc.string({ maxLength: 14 }) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', '') });

/** Payloads that reach the handlers: shape-valid, with values that exercise them (none can sign anyone in). */
const realPayloads: Partial<Record<RequestName, fc.Arbitrary<unknown>>> = {
  CONNECT_EMAIL: fc.constantFrom({ email: 'fuzz@example.com' }, { email: 'a@b.co' }),
  CONNECT_OTP: fc.integer({ min: 0, max: 999_999 }).map((n) => ({ otp: String(n).padStart(6, '0') })),
  CONNECT_DEVICE: fc.constant({}),
  CONNECT_SOCIAL: fc.webUrl().map((uri) => ({ uri })),
  GET_SOCIAL_REDIRECT_URI: fc.constantFrom('google', 'github', 'x', 'discord', 'apple', 'facebook').map((provider) => ({ provider })),
  GET_FARCASTER_URI: fc.constant({}),
  CONNECT_FARCASTER: fc.constant({}),
  GET_USER: fc.record({ chainId: fc.oneof(fc.integer({ min: 1, max: 2 ** 40 }), fc.constantFrom(31337, 1, 'eip155:31337')) }),
  SWITCH_NETWORK: fc.record({ chainId: fc.oneof(fc.integer({ min: 1, max: 2 ** 40 }), fc.constantFrom(31337, 1, '1', 'solana:x')) }),
  SET_PREFERRED_ACCOUNT: fc.constantFrom({ type: 'eoa' }, { type: 'smartAccount' }),
  RPC_REQUEST: fc.record(
    {
      method: fc.constantFrom('eth_chainId', 'eth_accounts', 'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_getCapabilities', 'eth_getBalance', 'eth_call', 'eth_sign', 'eth_requestAccounts', 'wallet_switchEthereumChain', 'solana_signMessage', 'eth_sendUserOperation', 'x'),
      params: fc.oneof(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })),
    },
    { requiredKeys: ['method'] },
  ),
  UPDATE_EMAIL: fc.constant({ email: 'new@example.com' }),
  UPDATE_EMAIL_PRIMARY_OTP: fc.constant({ otp: '000000' }),
  UPDATE_EMAIL_SECONDARY_OTP: fc.constant({ otp: '000000' }),
  IS_CONNECTED: fc.constant({}),
  SIGN_OUT: fc.constant({}),
  RELOAD: fc.constant({}),
  CANCEL_APPROVAL: fc.constant({}),
  SHOW_EXPORT: fc.constant({}),
  SYNC_THEME: fc.constantFrom({ themeMode: 'dark' }, { themeVariables: { '--portico-accent': '#f00' } }),
  SYNC_DAPP_DATA: fc.constant({ projectId: PROJECT, sdkVersion: '1.0.0' }),
};

type Sent = { origin: 'parent' | 'other-origin' | 'other-window' | 'no-source'; data: unknown };
/** A Portico envelope; `loose`: any of its keys may be missing and its type may be a near miss. */
const envelope = (event: fc.Arbitrary<string>, payload: fc.Arbitrary<unknown>, loose = false) =>
  fc.record(
    { type: loose ? fc.oneof({ weight: 6, arbitrary: fc.constant('portico:embedded') }, { weight: 1, arbitrary: fc.constantFrom('portico:embeded', 'PORTICO:EMBEDDED', '') }) : fc.constant('portico:embedded'), id: messageId, event, payload },
    { requiredKeys: loose ? ['type'] : ['type', 'id', 'event', 'payload'] },
  );
const dataArb = fc.oneof(
  { weight: 1, arbitrary: fc.anything() },
  { weight: 2, arbitrary: envelope(fc.oneof(fc.constantFrom(...EVENT_NAMES), fc.string({ maxLength: 100 })), fc.anything(), true) },
  { weight: 3, arbitrary: fc.constantFrom(...REQUEST_NAMES).chain((name) => envelope(fc.constant(`@portico-app/${name}`), fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.anything(), realPayloads[name] ?? fc.constant({})))) },
  { weight: 4, arbitrary: fc.constantFrom(...(Object.keys(realPayloads) as RequestName[])).chain((name) => envelope(fc.constant(`@portico-app/${name}`), realPayloads[name]!)) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({ type: 'portico:embedded', id: 'aaaaaaaaaaa', event: '@portico-app/GET_CHAIN_ID', payload: {}, extra: 'x'.repeat(1_100_000) }, { type: 'portico:embedded', id: 'aaaaaaaaaaa', event: '@portico-app/RPC_REQUEST', payload: { method: 'eth_chainId', params: ['x'.repeat(300_000)] } }) },
);
const sentArb = fc.record({ origin: fc.oneof({ weight: 6, arbitrary: fc.constant<'parent'>('parent') }, { weight: 1, arbitrary: fc.constantFrom<Sent['origin']>('other-origin', 'other-window', 'no-source') }), data: dataArb });

/** The page behind its channel, a fake parent, and every post it made. */
function page() {
  const storage = memoryStorage();
  const posts: { message: any; targetOrigin: string }[] = [];
  const handlerErrors: unknown[] = [];
  const listeners = new Set<(e: MessageEventLike) => void>();
  const parent = { postMessage: (message: unknown, targetOrigin: string) => void posts.push({ message, targetOrigin }) };
  const wallet = createEmbeddedWallet({
    apiUrl: api.url,
    projectId: PROJECT,
    chainId: 31337,
    siteUrl: site.url,
    fetch: siteFetch(site.url),
    parentOrigin: PARENT,
    storage,
    deviceKeys: memoryKeyStore(),
    sleep: async () => {},
    // Nobody approves: an approval would wait; the fuzz cancels what it started (CANCEL_APPROVAL, SIGN_OUT or the end of the run).
    showApproval: (approval) => void approval.reject(),
    showExport: () => {},
  });
  const channel = createParentChannel({
    parentWindow: parent,
    parentOrigin: PARENT,
    allowedOrigins: ALLOWED,
    listenTarget: { addEventListener: (_t, l) => listeners.add(l), removeEventListener: (_t, l) => listeners.delete(l) },
    handlers: wallet.handlers,
    onHandlerError: (error) => handlerErrors.push(error),
  });
  const dispatch = (sent: Sent) => {
    const origin = sent.origin === 'other-origin' ? 'https://evil.example' : PARENT;
    const source = sent.origin === 'other-window' ? { postMessage: () => {} } : sent.origin === 'no-source' ? null : parent;
    for (const l of listeners) l({ origin, source, data: sent.data });
  };
  return { storage, posts, handlerErrors, dispatch, channel, parent };
}

/** Resolves once `posts` (from index `from` on) has a reply for `id` (or after `ms`). */
async function replyFor(posts: { message: any }[], id: string, ms: number, from = 0): Promise<any | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = posts.slice(from).find((p) => p.message?.id === id && /_(SUCCESS|ERROR)$/.test(p.message?.event));
    if (found || Date.now() > deadline) return found?.message;
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe('fuzz: the page over the frame protocol', () => {
  test(
    'random message sequences → no crash, replies only to the parent and only to requests, errors for bad payloads, no session',
    async () => {
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        await fc.assert(
          fc.asyncProperty(fc.array(sentArb, { minLength: 1, maxLength: 6 }), async (sequence) => {
            const p = page();
            const walletsBefore = api.wallets.size;
            try {
              for (const sent of sequence) {
                cases++;
                const postsBefore = p.posts.length;
                p.dispatch(sent);
                const decoded = decodeMessage(sent.data);
                const isRequest = sent.origin === 'parent' && decoded.ok && decoded.route.kind === 'request';
                const what = () => `${sent.origin}: ${JSON.stringify(sent.data)?.slice(0, 500)}`;
                count(isRequest ? 'page request' : 'page ignored');
                if (!isRequest) {
                  await new Promise((r) => setTimeout(r, 1));
                  const replies = p.posts.slice(postsBefore).filter((x) => /_(SUCCESS|ERROR)$/.test(x.message?.event) && x.message?.id === (sent.data as { id?: unknown })?.id);
                  if (replies.length > 0) throw new Error(`answered a message that is not the parent's request: ${what()} → ${JSON.stringify(replies[0]!.message).slice(0, 300)}`);
                  continue;
                }
                const { envelope, route } = decoded;
                const name = route.name as RequestName;
                const reply = await replyFor(p.posts, envelope.id, 10_000, postsBefore);
                if (!reply) throw new Error(`no reply within 10 s: ${what()}`);
                count(`page ${reply.event.endsWith('_SUCCESS') ? 'success' : 'error'}`);
                const validPayload = parsePayload(REQUESTS[name].payload, envelope.payload).ok;
                if (reply.event !== `@portico-frame/${name}_SUCCESS` && reply.event !== `@portico-frame/${name}_ERROR`) throw new Error(`a reply under another event (${reply.event}): ${what()}`);
                // HEARTBEAT is the channels' own: answered by the channel whatever its payload (it carries none back).
                if (!validPayload && name !== 'HEARTBEAT' && reply.event.endsWith('_SUCCESS')) throw new Error(`an invalid payload was answered with success: ${what()}`);
                if (reply.event.endsWith('_ERROR') && (typeof reply.payload?.message !== 'string' || reply.payload.message.length === 0)) throw new Error(`an error reply without a message: ${what()}`);
                if (secretIn(JSON.stringify(reply.payload), JSON.stringify(sent.data))) throw new Error(`a secret in a reply: ${what()} → ${JSON.stringify(reply).slice(0, 300)}`);
              }
              if (p.posts.some((x) => x.targetOrigin !== PARENT)) throw new Error(`a post to another origin: ${JSON.stringify(p.posts.find((x) => x.targetOrigin !== PARENT))}`);
              if (p.handlerErrors.length > 0) throw new Error(`a handler error: ${String(p.handlerErrors[0])}`);
              if (p.storage.map.has(SESSION_KEY)) throw new Error('a session was stored');
              if (api.wallets.size !== walletsBefore) throw new Error('a wallet was made');
              // The channel still answers.
              const postsBefore = p.posts.length;
              p.dispatch({ origin: 'parent', data: { type: 'portico:embedded', id: 'stillthere1', event: '@portico-app/GET_CHAIN_ID', payload: {} } });
              const alive = await replyFor(p.posts, 'stillthere1', 5_000, postsBefore);
              if (alive?.event !== '@portico-frame/GET_CHAIN_ID_SUCCESS') throw new Error(`the channel stopped answering: ${JSON.stringify(alive)}`);
            } finally {
              p.dispatch({ origin: 'parent', data: { type: 'portico:embedded', id: 'cleanup0001', event: '@portico-app/RELOAD', payload: {} } });
              p.channel.close();
            }
          }),
          { numRuns: RUNS_PAGE, seed: seedFor('page'), includeErrorInReport: true },
        );
        await new Promise((r) => setTimeout(r, 50));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
    },
    PROPERTY_TIMEOUT_MS,
  );
});
