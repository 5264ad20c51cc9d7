/**
 * The demo provider never pays twice: the API (a child process, `src/main.ts` as deployed) is
 * killed after it broadcast a delivery and before the receipt; restarted on the same database it
 * confirms that same transaction. One payment on chain, checked on anvil with viem.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEFAULT_FUNDING_KEY } from '../src/onramp/config';
import { clients, freePort, rpc, startAnvil, type Anvil } from './chain-helpers';
import { PROJECT, testDatabase, type TestDatabase } from './helpers';

const CHAIN = 'eip155:31337';
const FUNDER = privateKeyToAccount(DEFAULT_FUNDING_KEY).address;
const API_DIR = new URL('..', import.meta.url).pathname;

let anvil: Anvil;
let database: TestDatabase;
let dir: string;
let chainsFile: string;
let child: ChildProcess | undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** The API as `pnpm demo` runs it: tsx src/main.ts in development mode on this database. */
async function startApiProcess(port: number): Promise<{ url: string; process: ChildProcess }> {
  const { DATABASE_URL: _a, PORTICO_API_TEST_DATABASE_URL: _b, PORTICO_API_DATA_DIR: _c, ...env } = process.env;
  const proc = spawn(join(API_DIR, 'node_modules/.bin/tsx'), [join(API_DIR, 'src/main.ts')], {
    cwd: API_DIR,
    env: {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PORTICO_API_MODE: 'development',
      PORTICO_API_CHAINS: chainsFile,
      ...(database.options.databaseUrl ? { DATABASE_URL: database.options.databaseUrl } : { PORTICO_API_DATA_DIR: database.options.dataDir! }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: tsx runs main.ts in a child node process, which a SIGKILL to tsx alone would orphan.
    detached: true,
  });
  let stderr = '';
  proc.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  await until(`the API on ${url} (${stderr})`, async () => {
    if (proc.exitCode !== null) throw new Error(`api exited: ${stderr}`);
    return (await fetch(`${url}/healthz`)).ok ? true : undefined;
  }, 120_000);
  return { url, process: proc };
}

async function kill(proc: ChildProcess) {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  // The whole group: tsx and the node process running the API (a crash, as the test means it).
  process.kill(-proc.pid!, 'SIGKILL');
  await exited;
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
  database = await testDatabase();
  dir = await mkdtemp(join(tmpdir(), 'portico-onramp-restart-'));
  chainsFile = join(dir, 'chains.json');
  await writeFile(
    chainsFile,
    JSON.stringify([{ caipNetworkId: CHAIN, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, localDevchain: true }]),
  );
}, 120_000);

afterAll(async () => {
  if (child) await kill(child);
  await anvil?.stop();
  await database?.drop();
  await rm(dir, { recursive: true, force: true });
});

test('killed between broadcast and receipt, restarted on the same database: exactly one payment', async () => {
  const { publicClient } = clients(anvil);
  const buyer = privateKeyToAccount(generatePrivateKey()).address;
  const port = await freePort();
  let api = await startApiProcess(port);
  child = api.process;

  const created = await fetch(`${api.url}/v1/generators/onrampurl?projectId=${PROJECT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ destinationWallets: [{ address: buyer, blockchains: [CHAIN], assets: ['ETH'] }], defaultNetwork: CHAIN, partnerUserId: buyer, presetFiatAmount: '100' }),
  });
  expect(created.status).toBe(200);
  const session = new URL(((await created.json()) as { url: string }).url).searchParams.get('session')!;
  const complete = (url: string) =>
    fetch(`${url}/onramp-demo/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session, amount: '100', currency: 'USD', method: 'card' }).toString(),
    });

  const nonceBefore = await publicClient.getTransactionCount({ address: FUNDER });
  // Blocks only when asked: the delivery waits in the pool, its receipt cannot come.
  await rpc(anvil.rpcUrl, 'evm_setAutomine', [false]);
  const firstSubmit = complete(api.url).catch(() => undefined); // the process dies under it
  await until('the broadcast delivery in the pool', async () => {
    const status = await rpc<{ pending: string }>(anvil.rpcUrl, 'txpool_status');
    return Number(status.pending) > 0 ? true : undefined;
  });
  await kill(api.process);
  await firstSubmit;
  expect(await publicClient.getBalance({ address: buyer })).toBe(0n);

  api = await startApiProcess(port);
  child = api.process;
  // A second submit while the delivery is open is refused; nothing new is signed.
  const again = await complete(api.url);
  expect(again.status).toBe(409);
  expect(await again.text()).toContain('This purchase is already being processed.');

  await rpc(anvil.rpcUrl, 'evm_mine');
  await rpc(anvil.rpcUrl, 'evm_setAutomine', [true]);
  const page = await until('the purchase confirmed', async () => {
    const text = await (await fetch(`${api.url}/onramp-demo/?session=${session}`)).text();
    return text.includes('Purchase complete') ? text : undefined;
  });
  expect(page).toContain(buyer);

  // Exactly one payment: one transaction from the funder, and the buyer holds exactly its value.
  expect(await publicClient.getTransactionCount({ address: FUNDER })).toBe(nonceBefore + 1);
  const received = await publicClient.getBalance({ address: buyer });
  expect(received).toBeGreaterThan(0n);
  const block = await publicClient.getBlock({ includeTransactions: true });
  const payments = block.transactions.filter((t) => t.from.toLowerCase() === FUNDER.toLowerCase());
  expect(payments).toHaveLength(1);
  expect(payments[0]!.to?.toLowerCase()).toBe(buyer.toLowerCase());
  expect(payments[0]!.value).toBe(received);

  // Submitting once more shows the finished purchase and pays nothing.
  const done = await complete(api.url);
  expect(await done.text()).toContain('Purchase complete');
  expect(await publicClient.getTransactionCount({ address: FUNDER })).toBe(nonceBefore + 1);
}, 300_000);
