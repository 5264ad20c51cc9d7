/** Published WalletConnect clients wired for fully offline use against a local relay. */
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Core as CoreClass } from '@walletconnect/core';
import { SignClient } from '@walletconnect/sign-client';
import { WalletKit } from '@reown/walletkit';
import { encodeIss, generateKeyPair, signJWT } from '@walletconnect/relay-auth';
import WebSocket from 'ws';

/** anvil / hardhat dev account #0 */
export const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const;
export const ANVIL_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
export const PROJECT_ID = 'portico-local';

/** Every URL a client tried to fetch; non-loopback ones are refused. */
export const outbound: string[] = [];
const realFetch = globalThis.fetch;
export function guardFetch(): void {
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    outbound.push(url);
    const host = new URL(url).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') {
      throw new TypeError(`offline test: outbound fetch refused (${url})`);
    }
    return realFetch(input, init);
  }) as typeof fetch;
}

/** In-memory IKeyValueStorage (the `storage` option of Core / SignClient). */
export class MemoryStorage {
  private map = new Map<string, unknown>();
  async getKeys() {
    return [...this.map.keys()];
  }
  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.map.entries()] as [string, T][];
  }
  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    return this.map.get(key) as T | undefined;
  }
  async setItem<T = unknown>(key: string, value: T) {
    this.map.set(key, value);
  }
  async removeItem(key: string) {
    this.map.delete(key);
  }
}

let counter = 0;
const prefix = (role: string) => `portico-test-${role}-${process.pid}-${++counter}`;

// Loaded through Node's own require: when rstest externalizes `@walletconnect/core` as an ESM import it
// picks the package's "module" build, whose default import of @walletconnect/jsonrpc-ws-connection is
// not a constructor there ("Li is not a constructor": the relayer never connects).
const Core = createRequire(import.meta.url)('@walletconnect/core').Core as typeof CoreClass;
type AnyCore = InstanceType<typeof CoreClass>['pairing']['core'];

/** No verify iframe / attestation lookups offline. */
function skipVerify(core: AnyCore) {
  core.verify.register = async () => '';
  // Incoming messages carry attestation "" from the relay, which already skips resolve(); belt and braces:
  core.verify.resolve = async () => undefined as never;
}

const metadata = (name: string) => ({ name, description: `${name} (test)`, url: 'http://127.0.0.1', icons: [] as string[] });

export async function createDapp(relayUrl: string) {
  const client = await SignClient.init({
    projectId: PROJECT_ID,
    relayUrl,
    customStoragePrefix: prefix('dapp'),
    storage: new MemoryStorage() as never,
    telemetryEnabled: false,
    logger: (process.env.WC_LOG ?? 'silent') as never,
    metadata: metadata('Portico dapp'),
  });
  skipVerify(client.core);
  return client;
}

/** @walletconnect/universal-provider as the dapp (what the modal uses). */
export async function createUniversalDapp(relayUrl: string) {
  const { UniversalProvider } = await import('@walletconnect/universal-provider');
  const provider = await UniversalProvider.init({
    projectId: PROJECT_ID,
    relayUrl,
    customStoragePrefix: prefix('universal'),
    storage: new MemoryStorage() as never,
    telemetryEnabled: false,
    logger: (process.env.WC_LOG ?? 'silent') as never,
    metadata: metadata('Portico universal dapp'),
  });
  skipVerify(provider.client.core);
  return provider;
}

/** A plain SignClient as the wallet (makes no HTTP calls at all). */
export async function createSignWallet(relayUrl: string) {
  const client = await SignClient.init({
    projectId: PROJECT_ID,
    relayUrl,
    customStoragePrefix: prefix('signwallet'),
    storage: new MemoryStorage() as never,
    telemetryEnabled: false,
    logger: (process.env.WC_LOG ?? 'silent') as never,
    metadata: metadata('Portico sign wallet'),
  });
  skipVerify(client.core);
  return client;
}

export async function createWalletKit(relayUrl: string, { stopTelemetry = true } = {}) {
  const core = new Core({
    projectId: PROJECT_ID,
    relayUrl,
    customStoragePrefix: prefix('walletkit'),
    storage: new MemoryStorage() as never,
    telemetryEnabled: false,
    logger: (process.env.WC_LOG ?? 'silent') as never,
  });
  // WalletKit calls core.eventClient.init(), which POSTs an INIT event to pulse.walletconnect.org
  // whatever telemetryEnabled says. Turn it off at the source.
  if (stopTelemetry) {
    core.eventClient.init = async () => {};
    (core.eventClient as unknown as { sendEvent: unknown }).sendEvent = async () => ({ ok: true });
  }
  skipVerify(core);
  const wallet = await WalletKit.init({ core: core as never, metadata: metadata('Portico wallet') });
  return { wallet, core };
}

/** Stops heartbeat and transport so the test process can exit. */
export async function shutdown(...cores: Array<AnyCore | { core: AnyCore } | undefined>) {
  await new Promise((r) => setTimeout(r, 300));
  for (const c of cores) {
    if (!c) continue;
    const core = 'relayer' in c ? c : c.core;
    try {
      core.heartbeat.stop();
    } catch {}
    try {
      await core.relayer.transportClose();
    } catch {}
  }
}

export function waitFor<T>(fn: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = async () => {
      try {
        const v = await fn();
        if (v) return resolve(v);
      } catch {}
      if (Date.now() - start > timeoutMs) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 20);
    };
    void tick();
  });
}

// ------------------------------------------------------------------ raw sockets

/** The ed25519 keypair of the test client called `name` (the same name is the same client id on every run). */
const testKeyPair = (name: string) => generateKeyPair(createHash('sha256').update(name).digest());

/** The client id (did:key) of the test client called `name`. */
export const testClientId = (name: string) => encodeIss(testKeyPair(name).publicKey);

/** A relay-auth JWT signed by `name`'s key for `aud`, as the clients make one (a random sub, one day long). */
export function clientToken(name: string, aud: string, { ttlSeconds = 86_400, iat }: { ttlSeconds?: number; iat?: number } = {}): Promise<string> {
  return signJWT(randomBytes(32).toString('hex'), aud, ttlSeconds, testKeyPair(name), iat);
}

export interface RawClient {
  ws: WebSocket;
  /** Every text frame received, parsed. */
  received: any[];
  /** Raw text of every frame received. */
  texts: string[];
  /** Its did:key. */
  clientId: string;
  closed: Promise<{ code: number; reason: string }>;
  send(value: unknown): void;
  /** Sends a request and resolves with the reply whose id matches. */
  call(method: string, params?: unknown, id?: string | number): Promise<any>;
  next(pred: (m: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): void;
}

let rawId = 1;
/**
 * A socket of the test client called `name`, with its own signed token. `ack: false` leaves deliveries unacked;
 * `autoPong: false` makes a socket that never answers pings; `localAddress` connects from another loopback address.
 */
export async function rawClient(url: string, name: string, opts: { ack?: boolean; autoPong?: boolean; localAddress?: string } = {}): Promise<RawClient> {
  const ws = new WebSocket(`${url}/?auth=${await clientToken(name, url)}&projectId=${PROJECT_ID}`, { autoPong: opts.autoPong ?? true, localAddress: opts.localAddress });
  const received: any[] = [];
  const texts: string[] = [];
  const waiters = new Set<{ pred: (m: any) => boolean; resolve: (m: any) => void }>();
  ws.on('message', (data) => {
    const text = data.toString();
    texts.push(text);
    let value: any;
    try {
      value = JSON.parse(text);
    } catch {
      value = text;
    }
    received.push(value);
    if (opts.ack !== false && value?.method === 'irn_subscription') ws.send(JSON.stringify({ id: value.id, jsonrpc: '2.0', result: true }));
    for (const w of [...waiters]) if (w.pred(value)) {
      waiters.delete(w);
      w.resolve(value);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (pred: (m: any) => boolean, timeoutMs = 5000) => {
    const found = received.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise<any>((resolve, reject) => {
      const w = { pred, resolve };
      waiters.add(w);
      setTimeout(() => {
        if (waiters.delete(w)) reject(new Error('timed out waiting for a message'));
      }, timeoutMs);
    });
  };
  return {
    ws,
    received,
    texts,
    clientId: testClientId(name),
    closed,
    send: (value) => ws.send(typeof value === 'string' ? value : JSON.stringify(value)),
    call(method, params, id = String(1_700_000_000_000_000_000n + BigInt(rawId++))) {
      ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
      return next((m) => m && m.id === id && !('method' in m));
    },
    next,
    close: () => ws.close(1000),
  };
}

/**
 * How the relay answers a socket opened with `auth` in its query (none when null): the HTTP status of a
 * refused upgrade, or the close code and reason of a socket it opened and closed, or `open` (then it is closed).
 */
export function socketOutcome(
  url: string,
  auth: string | null,
  headers: Record<string, string> = {},
): Promise<{ status: number } | { code: number; reason: string } | 'open'> {
  const ws = new WebSocket(auth === null ? `${url}/?projectId=${PROJECT_ID}` : `${url}/?auth=${encodeURIComponent(auth)}&projectId=${PROJECT_ID}`, { headers });
  ws.on('error', () => {});
  return new Promise((resolve) => {
    ws.on('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    // A socket the relay keeps is open for longer than the time it takes to close a refused one.
    ws.on('open', () => setTimeout(() => {
      resolve('open');
      ws.close(1000);
    }, 200));
  });
}

/** The HTTP status of a refused upgrade of `name`'s socket, or 101 when the relay kept it (it is closed again). */
export async function upgradeStatus(url: string, name: string, headers?: Record<string, string>): Promise<number> {
  const outcome = await socketOutcome(url, await clientToken(name, url), headers);
  if (outcome === 'open') return 101;
  if ('status' in outcome) return outcome.status;
  throw new Error(`the relay closed the socket: ${outcome.code} ${outcome.reason}`);
}
