/**
 * The production topology of `pnpm prod:local` (scripts/prod-local.mjs): HAProxy terminating TLS from a local CA in
 * front of two API replicas, two relay nodes on Redis, the secure site and the CDN. A Chromium of its own trusts the
 * CA through its NSS database, as a machine that installed the CA would; the published WalletConnect clients in this
 * process trust it too. The suite's plain demo page loads Portico from the topology's CDN and connects a wallet through
 * its relay. Replicas are killed (SIGKILL) in the middle of traffic: what crosses HAProxy keeps working.
 */
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SignClient } from '@walletconnect/sign-client';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { toHex, verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import type { ProdTopology, startProdTopology as StartProdTopology } from '../../scripts/prod-local.mjs';
import { ANVIL_CHAIN_ID, DEV_ACCOUNTS } from '../fixtures/anvil.ts';
import { readEnv, type E2EEnv } from '../fixtures/env.ts';
import { accountOutput, addressPattern, dialog } from '../fixtures/portico.ts';
import { copiedUri, openWalletConnect } from '../fixtures/walletconnect-page.ts';
import { WC_ACCOUNT, startWcWallet, type WcWallet } from '../fixtures/wc-wallet.ts';

const CHAIN = 'eip155:31337';
const PROD_LOCAL = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'scripts', 'prod-local.mjs');

let topology: ProdTopology;
let env: E2EEnv;
let ca: string;
let home: string;
let trustingBrowser: Browser;
let untrustTls: () => void;
const stoppers: Array<() => Promise<unknown> | unknown> = [];

/**
 * Node reads extra CAs only when it starts (NODE_EXTRA_CA_CERTS) and this worker is already running: the published
 * WalletConnect clients open their sockets with `ws`, through tls.connect, which here gets the system's roots and the
 * topology's CA.
 */
function trustCaInThisProcess(caPem: string): () => void {
  const connect = tls.connect;
  const roots = [...tls.rootCertificates, caPem];
  const passOn = connect as (...args: unknown[]) => tls.TLSSocket;
  tls.connect = ((...args: unknown[]) => {
    const [options, ...rest] = args;
    if (typeof options !== 'object' || options === null) return passOn(...args);
    return passOn({ ...options, ca: (options as tls.ConnectionOptions).ca ?? roots }, ...rest);
  }) as typeof tls.connect;
  return () => {
    tls.connect = connect;
  };
}

/** GET over https trusting the topology's CA alone; the status and JSON body. */
function getText(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.once('error', reject);
    req.end();
  });
}

async function getJson(url: string): Promise<{ status: number; body: any }> {
  const { status, text } = await getText(url);
  return { status, body: text ? JSON.parse(text) : undefined };
}

/** A POST from the demo site's page, as the modal makes it; the status, or what fetch threw. */
async function postFromSite(page: Page, path: string, body: unknown): Promise<{ status: number | string; body: any }> {
  return page.evaluate(
    async ({ url, body }) => {
      try {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: response.status, body: await response.json().catch(() => undefined) };
      } catch (err) {
        return { status: String(err), body: undefined };
      }
    },
    { url: `${topology.urls.api}${path}?projectId=portico-demo`, body },
  );
}

/** A statement on the topology's database, its rows as `|`-separated lines. */
const sql = (statement: string) =>
  execFileSync('psql', [topology.databaseUrl, '-tAc', statement], { encoding: 'utf8' }).split('\n').filter(Boolean);

/** A relay node's WebSocket count, asked through its own frontend. */
async function nodeConnections(index: number): Promise<number> {
  const { body } = await getJson(`${topology.urls.relayNodes[index]!.replace('wss:', 'https:')}/health`);
  return body.connections as number;
}
const allConnections = async () => (await nodeConnections(0)) + (await nodeConnections(1));

let dapps = 0;
/** A dapp: the published SignClient, its storage in memory. */
async function startDapp(relayUrl: string) {
  const client = await SignClient.init({
    projectId: 'portico-prod-topology',
    relayUrl,
    customStoragePrefix: `portico-prod-dapp-${process.pid}-${++dapps}`,
    // The storage package's in-memory database (its option's name is newer than its types).
    storageOptions: { dbName: ':memory:' } as never,
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name: 'Portico prod topology dapp', description: 'dapp for tests', url: 'https://127.0.0.1', icons: [] },
  });
  // No hosted verify lookups offline.
  client.core.verify.register = async () => '';
  stoppers.push(async () => {
    client.core.heartbeat.stop();
    await client.core.relayer.transportClose().catch(() => undefined);
  });
  return client;
}

async function startWallet(relayUrl: string): Promise<WcWallet> {
  const wallet = await startWcWallet(relayUrl);
  stoppers.push(() => wallet.stop());
  return wallet;
}

/** Pairs the dapp with the wallet on CHAIN; the session's topic. `beforeWallet` runs once the dapp's socket is open. */
async function pair(dapp: Awaited<ReturnType<typeof startDapp>>, wallet: WcWallet, beforeWallet?: () => Promise<void>): Promise<string> {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: { eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] } },
  });
  await beforeWallet?.();
  await wallet.pair(uri!);
  return (await approval()).topic;
}

async function personalSign(dapp: Awaited<ReturnType<typeof startDapp>>, topic: string, message: string) {
  const signature = (await dapp.request({
    topic,
    chainId: CHAIN,
    request: { method: 'personal_sign', params: [toHex(message), WC_ACCOUNT.address] },
  })) as `0x${string}`;
  expect(await verifyMessage({ address: WC_ACCOUNT.address, message, signature })).toBe(true);
}

/** A context of the Chromium that trusts the CA. */
async function trustingContext(): Promise<BrowserContext> {
  const context = await trustingBrowser.newContext();
  stoppers.push(() => context.close());
  return context;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  const { startProdTopology } = (await import(pathToFileURL(PROD_LOCAL).href)) as { startProdTopology: typeof StartProdTopology };
  env = readEnv();
  topology = await startProdTopology({
    ports: { api: 0, relay: 0, secureSite: 0, cdn: 0, relayNodes: [0, 0] },
    // The suite's devchain: the demo contracts are on it already.
    devchainRpcUrl: env.rpcUrl,
    // The suite's demo site is the one site the topology's project allows.
    siteOrigins: [new URL(env.demo!).origin],
  });
  ca = readFileSync(topology.caCertPath, 'utf8');
  untrustTls = trustCaInThisProcess(ca);
  // Chromium on Linux takes its trusted roots from the NSS database under $HOME: a home of its own with the CA in it.
  home = mkdtempSync(join(tmpdir(), 'portico-prod-home-'));
  const nssdb = `sql:${join(home, '.pki', 'nssdb')}`;
  mkdirSync(join(home, '.pki', 'nssdb'), { recursive: true });
  execFileSync('certutil', ['-d', nssdb, '-N', '--empty-password'], { stdio: 'pipe' });
  execFileSync('certutil', ['-d', nssdb, '-A', '-t', 'C,,', '-n', 'Portico local CA', '-i', topology.caCertPath], { stdio: 'pipe' });
  trustingBrowser = await chromium.launch({ ...testInfo.project.use.launchOptions, headless: true, env: { ...process.env, HOME: home } });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  for (const stop of stoppers.splice(0).reverse()) await stop();
  await trustingBrowser?.close();
  untrustTls?.();
  await topology?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

test('a browser without the local CA is refused: the certificate is the CA’s, not a trusted public one', async ({ page }) => {
  await expect(page.goto(`${topology.urls.api}/healthz`)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
});

test('through HAProxy over https: the API’s health, the wallet registry and a balance; the CDN’s caching', async () => {
  const page = await (await trustingContext()).newPage();
  const health = await page.goto(`${topology.urls.api}/healthz`);
  expect(health?.status()).toBe(200);
  await expect(page.getByText('"status":"ok"')).toBeVisible();
  expect((await getJson(`${topology.urls.api}/healthz`)).body).toMatchObject({ status: 'ok', db: 'postgres' });

  const wallets = await getJson(`${topology.urls.api}/v1/wallets?projectId=portico-demo&entries=3`);
  expect(wallets.status).toBe(200);
  expect(wallets.body.data).toHaveLength(3);
  const balance = await getJson(`${topology.urls.api}/v1/account/${DEV_ACCOUNTS[4]}/balance?projectId=portico-demo&chainId=${CHAIN}`);
  expect(balance.status).toBe(200);
  expect(balance.body.balances.map((b: { symbol: string }) => b.symbol)).toEqual(expect.arrayContaining(['ETH', 'PUSD']));
  // Links the API builds are on its public https origin, never on the replica's own address.
  expect(balance.body.balances[0].iconUrl).toMatch(new RegExp(`^${topology.urls.api}/`));

  const manifest = await page.goto(`${topology.urls.cdn}/manifest.json`);
  expect(manifest?.headers()['cache-control']).toBe('no-cache');
  const { shell } = (await manifest!.json()) as { shell: { entry: string } };
  const entry = await page.goto(`${topology.urls.cdn}/${shell.entry}`);
  expect(entry?.status()).toBe(200);
  expect(entry?.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const secureSite = await page.goto(`${topology.urls.secureSite}/healthz`);
  expect(secureSite?.status()).toBe(200);

  // Prometheus scrapes the API and each relay node with the run's token; the public without it gets nothing.
  const bearer = { authorization: `Bearer ${topology.metricsToken}` };
  const apiMetrics = await getText(`${topology.urls.api}/metrics`, bearer);
  expect(apiMetrics.status).toBe(200);
  expect(apiMetrics.text).toContain('portico_api_http_requests_total{method="GET",route="/healthz",status="200"}');
  expect((await getText(`${topology.urls.api}/metrics`)).status).toBe(401);
  const relayMetrics = await getText(`${topology.urls.relayNodes[0]!.replace('wss:', 'https:')}/metrics`, bearer);
  expect(relayMetrics.text).toContain('portico_relay_redis_up 1');
  expect((await getText(`${topology.urls.relayNodes[0]!.replace('wss:', 'https:')}/metrics`)).status).toBe(401);
});

test('WalletConnect across the relay cluster: the dapp on node 1, the wallet on node 2, over wss', async () => {
  const dapp = await startDapp(topology.urls.relayNodes[0]!);
  const wallet = await startWallet(topology.urls.relayNodes[1]!);
  const topic = await pair(dapp, wallet);
  await personalSign(dapp, topic, 'across two relay nodes');
  expect(await nodeConnections(0)).toBeGreaterThanOrEqual(1);
  expect(await nodeConnections(1)).toBeGreaterThanOrEqual(1);
});

/** The suite's plain demo page with everything Portico uses on the topology, in a context of its own. */
async function openDemoOnTopology(context: BrowserContext) {
  const site = new URL(env.demo!).origin;
  // A page the test fulfils has no address space of its own, so Chromium counts it public and asks before it reaches
  // 127.0.0.1 (Local Network Access): granted, as the site served from loopback itself would not need.
  await context.grantPermissions(['clipboard-read', 'clipboard-write', 'local-network-access'], { origin: site });
  const page = await context.newPage();
  // The site's one tag names the topology's CDN instead of the suite's: the same versioned file and integrity hash.
  await page.route(`${site}/plain.html`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replaceAll(env.cdn!, topology.urls.cdn) });
  });
  // Everything else the page uses is the topology's: the remotes the manifest names, the API, the relay, the secure site.
  await page.addInitScript((urls) => {
    (window as unknown as { PORTICO_OPTIONS: unknown }).PORTICO_OPTIONS = {
      remotes: {},
      manifestUrl: `${urls.cdn}/manifest.json`,
      apiUrl: urls.api,
      walletConnect: { relayUrl: urls.relay, verify: false, telemetry: false },
      embeddedWallet: { url: `${urls.secureSite}/` },
    };
  }, topology.urls);
  return page;
}

/** Loads the demo page and connects a wallet over WalletConnect: the modal is on its Account view. */
async function connectVisitor(page: Page): Promise<WcWallet> {
  await page.goto(`${new URL(env.demo!).origin}/plain.html`);
  await expect(page.getByRole('heading', { name: 'Portico demo' })).toBeVisible();
  const wallet = await startWallet(topology.urls.relayNodes[1]!);
  await openWalletConnect(page);
  await wallet.pair(await copiedUri(page));
  await expect(accountOutput(page)).toHaveText(addressPattern(WC_ACCOUNT.address));
  await expect(dialog(page, 'Account').getByText(/ETH/).first()).toBeVisible();
  return wallet;
}

test('the plain demo page with Portico from the CDN origin, on this topology: a wallet connects over WalletConnect', async () => {
  const context = await trustingContext();
  const page = await openDemoOnTopology(context);
  const socketsBefore = await allConnections();
  const origins = new Set<string>();
  page.on('requestfinished', (request) => origins.add(new URL(request.url()).origin));
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const wallet = await connectVisitor(page);

  expect([...origins]).toEqual(expect.arrayContaining([new URL(topology.urls.cdn).origin, new URL(topology.urls.api).origin]));
  for (const dev of [env.cdn!, env.api!, env.connect!, env.shell!]) expect(origins).not.toContain(new URL(dev).origin);
  expect(sockets.some((url) => url.startsWith(`${topology.urls.relay}/`) || url.startsWith(`${topology.urls.relay}?`))).toBe(true);

  // The relay as it was found: the last test places clients by counting each node's sockets.
  await context.close();
  await wallet.stop();
  await expect.poll(allConnections).toBe(socketsBefore);
});

test('PostgreSQL ends every API connection under a connected visitor: the modal keeps working, the visitor sees nothing', async () => {
  const context = await trustingContext();
  const page = await openDemoOnTopology(context);
  const socketsBefore = await allConnections();
  const wallet = await connectVisitor(page);
  const api = new URL(topology.urls.api).origin;
  const afterKill: Array<{ url: string; status: number }> = [];
  let killed = false;
  page.on('response', (response) => {
    if (killed && new URL(response.url()).origin === api) afterKill.push({ url: response.url(), status: response.status() });
  });
  // Both replicas' pools hold connections (idle ones close after 10 s): what a busy API has when its database goes.
  for (let i = 0; i < 6; i++) expect((await getJson(`${topology.urls.api}/v1/wallets?projectId=portico-demo&entries=1&page=${i + 1}`)).status).toBe(200);
  const [ended] = sql('SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  expect(Number(ended)).toBeGreaterThanOrEqual(2);
  killed = true;

  // The visitor goes on: the Account view's tabs ask the API again.
  const account = dialog(page, 'Account');
  await account.getByRole('tab', { name: 'Activity' }).click();
  await account.getByRole('tab', { name: 'Tokens' }).click();
  await expect(account.getByRole('list', { name: 'Tokens' }).getByText(/ETH/).first()).toBeVisible();
  // No error anywhere: the page's and the modal's alert regions stay empty.
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
  expect(afterKill.length).toBeGreaterThan(0);
  expect(afterKill.filter((r) => r.status >= 500)).toEqual([]);
  // Every replica reconnected: the wallet registry (a read on each) and the health check answer.
  for (let i = 0; i < 4; i++) expect((await getJson(`${topology.urls.api}/v1/wallets?projectId=portico-demo&entries=1`)).status).toBe(200);
  expect((await getJson(`${topology.urls.api}/healthz`)).body).toMatchObject({ status: 'ok', db: 'postgres' });

  await context.close();
  await wallet.stop();
  await expect.poll(allConnections).toBe(socketsBefore);
});

/** A visitor's sign-in (EIP-4361) as the modal makes it: a nonce, the wallet's signature, the signed message posted. */
async function signIn(page: Page) {
  const signer = privateKeyToAccount(generatePrivateKey());
  const site = new URL(env.demo!);
  const nonce = await postFromSite(page, '/v1/sessions/nonce', {});
  expect(nonce.status).toBe(201);
  const message = createSiweMessage({
    address: signer.address,
    chainId: ANVIL_CHAIN_ID,
    domain: site.host,
    uri: `${site.origin}/`,
    version: '1',
    nonce: nonce.body.nonce as string,
    issuedAt: new Date(),
  });
  const signed = { message, signature: await signer.signMessage({ message }) };
  return { nonce: nonce.body.nonce as string, signed, reply: postFromSite(page, '/v1/sessions', signed) };
}

/** A transaction of the test's own on the topology's database that takes `lock` and keeps it until `release()`. */
function holdLock(lock: string) {
  const psql = spawn('psql', [topology.databaseUrl, '-q', '-v', 'ON_ERROR_STOP=1'], { stdio: ['pipe', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => psql.once('exit', resolve));
  stoppers.push(() => psql.kill());
  psql.stdin.write(`BEGIN;\n${lock};\n`);
  return {
    release: async () => {
      psql.stdin.end('COMMIT;\n');
      await exited;
    },
  };
}

/** Statements of the topology's API waiting for a lock. */
const waitingForLocks = () => Number(sql("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")[0]);

test('an API replica is killed in the middle of a visitor’s requests: every read succeeds, a sign-in it held is made once', async () => {
  // Sign-ins held by the replicas when one dies: each waits to store its session behind a lock the test takes.
  const context = await trustingContext();
  const site = await openDemoOnTopology(context);
  const socketsBefore = await allConnections();
  await site.goto(`${new URL(env.demo!).origin}/plain.html`);
  const lock = holdLock('LOCK TABLE siwx_sessions IN SHARE MODE');
  await expect.poll(() => sql("SELECT count(*) FROM pg_locks WHERE relation = 'siwx_sessions'::regclass AND mode = 'ShareLock' AND granted")).toEqual(['1']);
  const signIns = await Promise.all(Array.from({ length: 4 }, () => signIn(site)));
  await expect.poll(waitingForLocks).toBe(4);

  const page = await context.newPage();
  await page.goto(`${topology.urls.api}/healthz`);
  // Same-origin requests from the page, one after another, as the modal makes them.
  const outcomes = page.evaluate(async () => {
    const statuses: Array<number | string> = [];
    for (let i = 0; i < 80; i++) {
      try {
        statuses.push((await fetch(`/v1/wallets?projectId=portico-demo&entries=1&page=${i % 5 + 1}`)).status);
      } catch (err) {
        statuses.push(String(err));
      }
      (window as unknown as { done: number }).done = i + 1;
    }
    return statuses;
  });
  await page.waitForFunction(() => ((window as unknown as { done?: number }).done ?? 0) >= 20);
  await topology.killApiReplica(0);
  // The dead replica held some: their sign-ins, sent again to the live one, now also wait, for the nonces the dead
  // replica's open transactions claimed.
  await expect.poll(waitingForLocks).toBeGreaterThan(4);
  await lock.release();
  const statuses = await outcomes;
  expect(statuses).toHaveLength(80);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);

  // A sign-in is a write: HAProxy never sends it to a second replica once a first one got it. It closes the browser's
  // connection unanswered, as the dead replica did, and Chromium sends the request again; the dead replica's
  // transactions end with its connections, and each sign-in is made on the live replica.
  const replies = await Promise.all(signIns.map((s) => s.reply));
  expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201]);
  // The same signed message sent once more makes no second session.
  for (const s of signIns) expect((await postFromSite(site, '/v1/sessions', s.signed)).status).toBe(401);
  const sessionIds = new Map(signIns.map((s, i) => [s.nonce, replies[i]!.body.session.id as string]));
  // Exactly once: one session a sign-in, the one its visitor was given.
  const stored = sql(`SELECT nonce || '|' || id FROM siwx_sessions WHERE nonce IN (${signIns.map((s) => `'${s.nonce}'`).join(',')})`);
  expect(stored.sort()).toEqual([...sessionIds].map(([nonce, id]) => `${nonce}|${id}`).sort());

  await context.close();
  await expect.poll(allConnections).toBe(socketsBefore);
});

test('a relay node is killed under a paired wallet: it reconnects through HAProxy to the other node and gets the request', async () => {
  test.setTimeout(60_000);
  const counts = async () => [await nodeConnections(0), await nodeConnections(1)];
  const movedTo = (before: number[], after: number[]) => after.findIndex((count, i) => count > before[i]!);
  const before = await counts();
  // Both through HAProxy's balanced frontend (least connections): the dapp's socket opens first, the wallet's lands on the other node.
  const dapp = await startDapp(topology.urls.relay);
  const wallet = await startWallet(topology.urls.relay);
  let afterDapp: number[] = [];
  const topic = await pair(dapp, wallet, async () => {
    await expect.poll(async () => movedTo(before, await counts())).not.toBe(-1);
    afterDapp = await counts();
  });
  await expect.poll(async () => movedTo(afterDapp, await counts())).not.toBe(-1);
  const dappNode = movedTo(before, afterDapp);
  const walletNode = movedTo(afterDapp, await counts()) as 0 | 1;
  expect(walletNode).toBe(1 - dappNode);
  await personalSign(dapp, topic, 'before the node goes');

  await topology.killRelayNode(walletNode);
  // Sent while the wallet has no socket: it waits in the cluster's mailbox (Redis) until the wallet is back.
  await personalSign(dapp, topic, 'after the wallet moved to the other node');
  expect(wallet.signed).toHaveLength(2);
  expect(await nodeConnections(dappNode)).toBeGreaterThanOrEqual(afterDapp[dappNode]! + 1);
});
