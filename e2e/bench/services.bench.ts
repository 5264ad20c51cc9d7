// `pnpm bench:services`: the services' throughput on the production topology (scripts/prod-local.mjs: HAProxy with
// TLS, two API replicas on PostgreSQL, two relay nodes on Redis), in one run, with the single-node figures beside the
// two-node ones and their ratio (issue 34). Runs as `node --import tsx` like bench:connect.
//
//   pnpm bench:services [--seconds N] [--build]
//
// API: the balance and history routes under autocannon (api-load.ts) on both replicas, then on one after the other
// is killed (HAProxy's health check takes it out). Relay: 1,000 WalletConnect clients in 500 pairs (relay-load.ts)
// publishing at rising rates, first all on node 1, then each pair split across the two nodes (every message crosses
// Redis). The load generator, HAProxy, Redis, PostgreSQL and the services share this machine's cores: read the
// figures as what one machine does, and the ratio as what a second node buys when the cores are not free.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProdTopology } from '../../scripts/prod-local.mjs';
import { ADDRESSES, apiLoad, type ApiRun } from './api-load.ts';
import { relayClients, type RelayRun } from './relay-load.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const USAGE = `pnpm bench:services [--seconds N] [--build]
  --seconds N  length of each measured row, 3..120 (default 10)
  --build      run \`pnpm run build\` first (default: only when cdn/ is missing; the topology serves it)`;
const CHAIN_ID = 'eip155:31337';
const CONNECTIONS = 50;
const PAIRS = 500;
const RELAY_RATES = [1_000, 2_000, 4_000];
/** Each account asked twice of each replica before a row: the rows compare warm caches (PostgreSQL's and the API's). */
const WARM_UP_REQUESTS = ADDRESSES * 2 * 2;

const argv = process.argv.slice(2);
if (argv.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
const secondsArg = argv.indexOf('--seconds');
const seconds = secondsArg >= 0 ? Number(argv[secondsArg + 1]) : 10;
if (!Number.isInteger(seconds) || seconds < 3 || seconds > 120) {
  console.error(`--seconds must be an integer 3..120\n${USAGE}`);
  process.exit(2);
}
if (argv.includes('--build') || !existsSync(join(ROOT, 'cdn', 'manifest.json'))) {
  const built = spawnSync('pnpm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const ratio = (two: number, one: number) => (one > 0 ? `${(two / one).toFixed(2)}×` : '–');
const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')).join('\n');
};

const PROJECT_ID = 'portico-demo';
const SITE_ORIGIN = 'http://127.0.0.1:3000';
const topology = await startProdTopology({
  ports: { api: 0, relay: 0, secureSite: 0, cdn: 0, relayNodes: [0, 0] },
  siteOrigins: [SITE_ORIGIN],
  // One project here stands for a deployment's many sites: its per-project budget (60,000 a minute) would be the
  // figure otherwise. The per-IP budget stays, spread over the simulated visitors.
  apiEnv: { PORTICO_API_RATE_LIMIT_PROJECT: '100000000/60' },
});
const stop = async () => {
  await topology.stop();
};
process.once('SIGINT', () => void stop().then(() => process.exit(130)));
try {
  const ca = readFileSync(topology.caCertPath, 'utf8');
  // autocannon negotiates TLS without checking the certificate (its own choice); prod-topology.spec.ts checks it.
  const api = async (route: 'balance' | 'history', length: { seconds: number } | { requests: number } = { seconds }) =>
    apiLoad({ apiUrl: topology.urls.api, route, chainId: CHAIN_ID, projectId: PROJECT_ID, origin: SITE_ORIGIN, length, connections: CONNECTIONS });

  console.log(`[bench:services] ${cpus().length} cores; API: ${CONNECTIONS} connections, ${seconds} s a row; relay: ${PAIRS * 2} clients, ${seconds} s a rate`);
  const apiRows: Record<'balance' | 'history', { two?: ApiRun; one?: ApiRun }> = { balance: {}, history: {} };
  for (const route of ['balance', 'history'] as const) {
    await api(route, { requests: WARM_UP_REQUESTS });
    apiRows[route].two = await api(route);
  }
  await topology.killApiReplica(1);
  // HAProxy checks every 500 ms and takes a server out at its first failure.
  await new Promise((r) => setTimeout(r, 1_500));
  for (const route of ['balance', 'history'] as const) {
    await api(route, { requests: WARM_UP_REQUESTS });
    apiRows[route].one = await api(route);
  }

  const relayRows: { rate: number; one: RelayRun; two: RelayRun }[] = [];
  const [node1, node2] = topology.urls.relayNodes as [string, string];
  const oneNode = await relayClients({ urlA: node1, urlB: node1, ca, pairs: PAIRS });
  const oneNodeRuns: RelayRun[] = [];
  for (const rate of RELAY_RATES) oneNodeRuns.push(await oneNode.run(rate, seconds));
  await oneNode.close();
  const twoNodes = await relayClients({ urlA: node1, urlB: node2, ca, pairs: PAIRS });
  for (const [i, rate] of RELAY_RATES.entries()) relayRows.push({ rate, one: oneNodeRuns[i]!, two: await twoNodes.run(rate, seconds) });
  await twoNodes.close();

  const apiTable = [['route', 'replicas', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors']];
  for (const route of ['balance', 'history'] as const) {
    for (const [label, run] of [['1', apiRows[route].one!], ['2', apiRows[route].two!]] as const) {
      apiTable.push([route, label, whole.format(run.requestsPerSecond), whole.format(run.p50Ms), whole.format(run.p99Ms), whole.format(run.requests), whole.format(run.non2xx), whole.format(run.errors)]);
    }
    const { one, two } = apiRows[route] as { one: ApiRun; two: ApiRun };
    apiTable.push([route, '2 ÷ 1', ratio(two.requestsPerSecond, one.requestsPerSecond), ratio(two.p50Ms, one.p50Ms), ratio(two.p99Ms, one.p99Ms), '', '', '']);
  }
  const relayTable = [['offered msg/s', 'nodes', 'delivered msg/s', 'p50 ms', 'p99 ms', 'lost', 'refused']];
  for (const { rate, one, two } of relayRows) {
    for (const [label, run] of [['1', one], ['2', two]] as const) {
      const refused = [...run.refused].map(([why, n]) => `${n} ${why}`).join('; ') || '0';
      relayTable.push([whole.format(rate), label, whole.format(run.deliveredPerSecond), oneDecimal.format(run.p50Ms), oneDecimal.format(run.p99Ms), whole.format(run.lost), refused]);
    }
    relayTable.push([whole.format(rate), '2 ÷ 1', ratio(two.deliveredPerSecond, one.deliveredPerSecond), ratio(two.p50Ms, one.p50Ms), ratio(two.p99Ms, one.p99Ms), '', '']);
  }
  console.log(`
API through HAProxy (TLS): GET /v1/account/:address/{balance,history}, ${CONNECTIONS} connections, 1,000 accounts, 500 visitors
${table(apiTable)}

Relay through HAProxy (WSS): ${PAIRS * 2} WalletConnect clients in ${PAIRS} pairs, 512-byte messages; 2 nodes: each pair split across them
${table(relayTable)}
`);
} finally {
  await stop();
}
