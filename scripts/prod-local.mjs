// `pnpm prod:local`: Portico's production topology on this machine (docs/operating.md, "Production topology"):
// HAProxy terminating TLS with a local CA made at start, two API replicas on PostgreSQL, two relay nodes in cluster
// mode on Redis, the secure site and the CDN layout, each public origin on its own https port of 127.0.0.1. Every
// service runs in production mode with secrets generated for this run. `--no-build` (or PORTICO_SKIP_BUILD=1)
// skips `pnpm build`. e2e/tests/prod-topology.spec.ts starts it with `startProdTopology()`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startAnvil } from './anvil.mjs';
import { CDN_MANIFEST, freePort as freePortOn, startCdnOrigin } from '../demo/server.mjs';
import { startService } from './services.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HOST = '127.0.0.1';
/** Debian's haproxy (scripts/setup.sh) is in /usr/sbin, which a user's PATH may not name. */
const HAPROXY = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
/** The public https ports of `pnpm prod:local` (the tests ask for free ones). */
const DEFAULT_PORTS = { api: 8443, relay: 8444, secureSite: 8445, cdn: 8446, relayNodes: [8447, 8448] };
/** `pnpm demo`'s page, which may point its options at this topology (window.PORTICO_OPTIONS). */
const DEFAULT_SITE_ORIGINS = ['http://127.0.0.1:3000', 'http://localhost:3000'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () => freePortOn(HOST);

const run = (command, args, options = {}) => execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options }).trim();
/** A script of scripts/ that prints its URL as its last line (postgres.sh, redis.sh). */
const urlFrom = (script) => run('bash', [join(ROOT, 'scripts', script)]).split('\n').at(-1);

/**
 * The local CA (key and certificate) and one server certificate it signs for `localhost` and 127.0.0.1, as
 * HAProxy reads it (certificate then key, one PEM). P-256 keys; valid two days, the CA for nothing else.
 */
function makeCertificates(dir) {
  const ca = { key: join(dir, 'ca.key'), cert: join(dir, 'ca.pem') };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run('openssl', ['req', '-x509', ...ec, '-keyout', ca.key, '-out', ca.cert, '-days', '2', '-subj', '/CN=Portico local CA',
    '-addext', 'basicConstraints=critical,CA:TRUE,pathlen:0', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  const key = join(dir, 'server.key');
  const csr = join(dir, 'server.csr');
  const cert = join(dir, 'server.crt');
  const extensions = join(dir, 'server.ext');
  writeFileSync(extensions, [
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    'basicConstraints=critical,CA:FALSE',
    'keyUsage=critical,digitalSignature',
    'extendedKeyUsage=serverAuth',
  ].join('\n'));
  run('openssl', ['req', ...ec, '-keyout', key, '-out', csr, '-subj', '/CN=localhost']);
  run('openssl', ['x509', '-req', '-in', csr, '-CA', ca.cert, '-CAkey', ca.key, '-CAcreateserial', '-out', cert, '-days', '2', '-extfile', extensions]);
  const serverPem = join(dir, 'server.pem');
  writeFileSync(serverPem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  return { caCert: ca.cert, serverPem };
}

/** A database of its own on scripts/postgres.sh's server, dropped at stop. */
function createDatabase() {
  const server = urlFrom('postgres.sh');
  const name = `portico_prod_${Date.now()}_${process.pid}`;
  run('psql', [server, '-v', 'ON_ERROR_STOP=1', '-c', `CREATE DATABASE ${name}`]);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run('psql', [server, '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]) };
}

/**
 * Deploys (or finds) the demo contracts on the devchain and writes the API's chains file: the chain the API serves in
 * development mode from PORTICO_API_DEVCHAIN_RPC_URLS, which production refuses, so it comes from a file here.
 */
function writeChainsFile(file, rpcUrl) {
  const script = `
    import { writeFileSync } from 'node:fs';
    import { deployDevchain } from '@portico/devchain';
    import { devchainChainConfig } from './src/chains/devchain.ts';
    const rpcUrl = process.env.RPC_URL;
    const chain = devchainChainConfig(await deployDevchain({ rpcUrl }), { rpcUrl, name: 'Anvil Local' });
    writeFileSync(process.env.CHAINS_FILE, JSON.stringify({ chains: [chain] }, null, 2));
  `;
  run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: join(ROOT, 'services', 'api'),
    env: { ...process.env, RPC_URL: rpcUrl, CHAINS_FILE: file },
  });
}

/**
 * HAProxy's configuration: one TLS frontend per public origin. A dead server is left at once (a refused connection
 * is retried on the other one; idempotent requests also when the server died holding them) and its health check
 * takes it out within about a second: two failed checks, so that one slow answer on a loaded machine does not take
 * out a live server; WebSockets stay open for an hour of silence (the relay pings sooner).
 */
function haproxyConfig({ serverPem, ports, backends, statsPort }) {
  const bind = (port) => `  bind ${HOST}:${port} ssl crt ${serverPem} alpn h2,http/1.1`;
  const frontend = (name, port, backend) => [
    `frontend ${name}`,
    bind(port),
    '  http-request set-header X-Forwarded-Proto https',
    `  default_backend ${backend}`,
    '',
  ];
  const backend = (name, check, servers, balance = 'roundrobin') => [
    `backend ${name}`,
    `  balance ${balance}`,
    `  option httpchk GET ${check}`,
    '  http-check expect status 200',
    '  default-server check inter 500 fall 2 rise 2',
    // A request that changes something is never sent twice: only a refused connection is retried for it.
    '  http-request disable-l7-retry unless METH_GET or METH_HEAD or METH_OPTIONS',
    ...servers.map((port, i) => `  server ${name}${i + 1} ${HOST}:${port}`),
    '',
  ];
  return [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    '  timeout http-keep-alive 10s',
    '  timeout check 2s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
    '',
    // Plain http on loopback, for this script only: whether every server is in (serversDown).
    'listen stats',
    `  bind ${HOST}:${statsPort}`,
    '  stats enable',
    '  stats uri /stats',
    '',
    ...frontend('api', ports.api, 'api'),
    ...frontend('relay', ports.relay, 'relay'),
    ...ports.relayNodes.flatMap((port, i) => frontend(`relay_node${i + 1}`, port, `relay_node${i + 1}`)),
    ...frontend('secure_site', ports.secureSite, 'secure_site'),
    ...frontend('cdn', ports.cdn, 'cdn'),
    ...backend('api', '/healthz', backends.api),
    ...backend('relay', '/health', backends.relay, 'leastconn'),
    ...backends.relay.flatMap((port, i) => backend(`relay_node${i + 1}`, '/health', [port])),
    ...backend('secure_site', '/healthz', [backends.secureSite]),
    ...backend('cdn', `/${CDN_MANIFEST}`, [backends.cdn]),
  ].join('\n');
}

/** GET over https, trusting `ca` only; resolves with the status (0 when nothing answers). */
function httpsStatus(url, ca) {
  return new Promise((resolveStatus) => {
    const req = httpsRequest(url, { ca, timeout: 2000 }, (res) => {
      res.resume();
      resolveStatus(res.statusCode ?? 0);
    });
    req.once('error', () => resolveStatus(0));
    req.once('timeout', () => req.destroy());
    req.end();
  });
}

/**
 * The servers HAProxy does not have in (not UP), as `backend/server`, from its stats in CSV; undefined while the
 * stats do not answer.
 */
async function serversDown(statsPort) {
  const csv = await fetch(`http://${HOST}:${statsPort}/stats;csv`).then((r) => (r.ok ? r.text() : undefined), () => undefined);
  if (!csv) return undefined;
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const [backend, server, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
  return rows
    .map((row) => row.split(','))
    .filter((cells) => cells[server] !== 'FRONTEND' && cells[server] !== 'BACKEND' && cells[backend] !== 'stats' && cells[status] !== 'UP')
    .map((cells) => `${cells[backend]}/${cells[server]}`);
}

function startHaproxy(configFile) {
  const child = spawn(HAPROXY, ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
    if (process.env.PORTICO_SERVICES_LOG) process.stderr.write(`[haproxy] ${chunk}`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return {
    output: () => output,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    stop: () =>
      new Promise((r) => {
        if (child.exitCode !== null || child.signalCode !== null) return r();
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Starts the topology. `ports`: the public https ports (0: a free one; default those of `pnpm prod:local`).
 * `devchainRpcUrl`: an anvil already running (else one is started on a free port). `siteOrigins`: the origins the
 * `portico-demo` project allows (default `pnpm demo`'s page). `apiEnv`: more environment for the API replicas.
 *
 * @param {{ ports?: Partial<typeof DEFAULT_PORTS>, devchainRpcUrl?: string, siteOrigins?: string[], apiEnv?: Record<string, string> }} [options]
 * @returns {Promise<{
 *   urls: { api: string, relay: string, relayNodes: string[], secureSite: string, cdn: string },
 *   caCertPath: string,
 *   metricsToken: string,
 *   databaseUrl: string,
 *   killApiReplica(index: 0 | 1): Promise<void>,
 *   killRelayNode(index: 0 | 1): Promise<void>,
 *   stop(): Promise<void>,
 * }>}
 */
export async function startProdTopology(options = {}) {
  const wanted = { ...DEFAULT_PORTS, ...options.ports };
  const dir = mkdtempSync(join(tmpdir(), 'portico-prod-'));
  const stoppers = [() => rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const s of stoppers.splice(0).reverse()) {
      try {
        await s();
      } catch (err) {
        console.warn('[prod:local] stopping:', err instanceof Error ? err.message : err);
      }
    }
  };
  try {
    const cdnDir = join(ROOT, 'cdn');
    if (!existsSync(join(cdnDir, CDN_MANIFEST))) throw new Error('cdn/manifest.json is missing: run `pnpm build` first');
    const ports = {
      api: wanted.api || (await freePort()),
      relay: wanted.relay || (await freePort()),
      secureSite: wanted.secureSite || (await freePort()),
      cdn: wanted.cdn || (await freePort()),
      relayNodes: [wanted.relayNodes[0] || (await freePort()), wanted.relayNodes[1] || (await freePort())],
    };
    const urls = {
      api: `https://${HOST}:${ports.api}`,
      relay: `wss://${HOST}:${ports.relay}`,
      relayNodes: ports.relayNodes.map((port) => `wss://${HOST}:${port}`),
      secureSite: `https://${HOST}:${ports.secureSite}`,
      cdn: `https://${HOST}:${ports.cdn}`,
    };
    const { caCert, serverPem } = makeCertificates(dir);
    const backends = {
      api: [await freePort(), await freePort()],
      relay: [await freePort(), await freePort()],
      secureSite: await freePort(),
      cdn: await freePort(),
    };
    // HAProxy binds its ports first, before the services' own connections (PostgreSQL, Redis) take local ports that
    // a free port picked earlier could be; it takes each server in once its health check passes.
    const statsPort = await freePort();
    const configFile = join(dir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig({ serverPem, ports, backends, statsPort }));
    const haproxy = startHaproxy(configFile);
    stoppers.push(() => haproxy.stop());
    while ((await serversDown(statsPort)) === undefined) {
      if (haproxy.exited()) throw new Error(`haproxy exited at start:\n${haproxy.output()}`);
      await sleep(50);
    }
    const ca = readFileSync(caCert, 'utf8');
    // Node reads the local CA from here: the secure site calls the API through HAProxy, as it would in production.
    const trustCa = { NODE_EXTRA_CA_CERTS: caCert };

    const database = createDatabase();
    stoppers.push(database.drop);
    const redisUrl = urlFrom('redis.sh');
    const redisPrefix = `portico:prod-${process.pid}-${Date.now()}:`;
    stoppers.push(() => {
      // A loaded run (bench:services) leaves hundreds of thousands of keys: listed without a buffer cap, deleted in slices.
      const keys = run('redis-cli', ['-u', redisUrl, '--scan', '--pattern', `${redisPrefix}*`], { maxBuffer: Infinity }).split('\n').filter(Boolean);
      for (let i = 0; i < keys.length; i += 1000) run('redis-cli', ['-u', redisUrl, 'unlink', ...keys.slice(i, i + 1000)]);
    });

    let devchainRpcUrl = options.devchainRpcUrl;
    if (!devchainRpcUrl) {
      const anvil = await startAnvil({ host: HOST, port: await freePort(), chainId: 31337 });
      stoppers.push(() => anvil.stop());
      devchainRpcUrl = anvil.rpcUrl;
    }
    const chainsFile = join(dir, 'chains.json');
    writeChainsFile(chainsFile, devchainRpcUrl);
    const projectsFile = join(dir, 'projects.json');
    writeFileSync(
      projectsFile,
      JSON.stringify([{ projectId: 'portico-demo', allowedOrigins: options.siteOrigins ?? DEFAULT_SITE_ORIGINS, analyticsEnabled: true }], null, 2),
    );

    const sessionKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    // Prometheus' Bearer token for the API's and the relay nodes' /metrics (docs/operating.md, Metrics).
    const metricsToken = randomBytes(24).toString('hex');
    const apiEnv = {
      ...trustCa,
      PORTICO_API_MODE: 'production',
      DATABASE_URL: database.url,
      PORTICO_API_PUBLIC_URL: urls.api,
      PORTICO_API_SESSION_KEY: sessionKey,
      PORTICO_API_CHAINS: chainsFile,
      PORTICO_API_PROJECTS: projectsFile,
      PORTICO_API_METRICS_TOKEN: metricsToken,
      // HAProxy, on this machine: its X-Forwarded-For names the visitor each per-IP limit counts.
      PORTICO_API_TRUSTED_PROXIES: 'loopback',
      LOG_LEVEL: 'warn',
      ...options.apiEnv,
    };
    const started = (service) => {
      stoppers.push(() => service.stop());
      return service;
    };
    // Every start settles before a failure is thrown, so that stop() finds each service that did start.
    const startAll = async (starts) => {
      const results = await Promise.allSettled(starts.map((start) => start.then(started)));
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      return results.map((r) => r.value);
    };
    const [api1, api2, relay1, relay2] = await startAll([
      ...backends.api.map((port) => startService('api', { host: HOST, port, env: apiEnv, readyTimeoutMs: 120_000 })),
      ...backends.relay.map((port, i) =>
          startService('relay', {
            host: HOST,
            port,
            env: {
              LOG_LEVEL: 'warn',
              PORTICO_RELAY_REDIS_URL: redisUrl,
              PORTICO_RELAY_REDIS_PREFIX: redisPrefix,
              PORTICO_RELAY_METRICS_TOKEN: metricsToken,
              PORTICO_RELAY_TRUSTED_PROXIES: 'loopback',
              // The clients' tokens name the URL they connect to: the balanced one or this node's own.
              RELAY_PUBLIC_URLS: [urls.relay, urls.relayNodes[i]].join(','),
            },
          }),
      ),
    ]);
    const api = [api1, api2];
    const relay = [relay1, relay2];
    started(
      await startService('secure-site', {
        host: HOST,
        port: backends.secureSite,
        env: {
          ...trustCa,
          PORTICO_SECURE_SITE_MODE: 'production',
          PORTICO_SECURE_SITE_KEY: randomBytes(32).toString('hex'),
          PORTICO_API_URL: urls.api,
          PORTICO_SECURE_SITE_PUBLIC_ORIGIN: urls.secureSite,
          PORTICO_SECURE_SITE_TRUSTED_PROXIES: 'loopback',
        },
      }),
    );
    const cdn = await startCdnOrigin(cdnDir, HOST, backends.cdn);
    stoppers.push(() => cdn.close());

    const relayHealth = [urls.relay, ...urls.relayNodes].map((url) => `${url.replace('wss:', 'https:')}/health`);
    const checks = [`${urls.api}/healthz`, ...relayHealth, `${urls.secureSite}/healthz`, `${urls.cdn}/${CDN_MANIFEST}`];
    const deadline = Date.now() + 15_000;
    // Ready when every server is in (a failover test needs both replicas from the start) and each origin answers.
    for (;;) {
      const down = await serversDown(statsPort);
      if (down?.length === 0 && (await Promise.all(checks.map((url) => httpsStatus(url, ca)))).every((status) => status === 200)) break;
      if (haproxy.exited()) throw new Error(`haproxy exited before it was ready:\n${haproxy.output()}`);
      if (Date.now() > deadline) throw new Error(`haproxy did not have ${down?.join(', ') || 'its stats'} in, or serve ${checks.join(', ')}, within 15 s:\n${haproxy.output()}`);
      await sleep(100);
    }

    return {
      urls,
      caCertPath: caCert,
      metricsToken,
      // The replicas' database, for what an operator would check or do to it (the failover tests end its connections).
      databaseUrl: database.url,
      killApiReplica: (index) => api[index].kill(),
      killRelayNode: (index) => relay[index].kill(),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv.includes('--no-build') && process.env.PORTICO_SKIP_BUILD !== '1') {
    console.log('[prod:local] building all packages (pnpm build)…');
    const r = spawnSync('pnpm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const topology = await startProdTopology();
  const { urls } = topology;
  console.log(`
Portico's production topology is running (Ctrl-C to stop), behind HAProxy with TLS from a local CA:
  API:         ${urls.api}  (two replicas, PostgreSQL)
  Relay:       ${urls.relay}  (two nodes on Redis; each on its own: ${urls.relayNodes.join(', ')})
  Secure site: ${urls.secureSite}
  CDN:         ${urls.cdn}/${CDN_MANIFEST}
  CA:          ${topology.caCertPath}  (curl --cacert …, NODE_EXTRA_CA_CERTS=…; made for this run)
  Metrics:     GET /metrics on the API and each relay node, Authorization: Bearer ${topology.metricsToken}
`);
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`[prod:local] ${signal}: stopping`);
    await topology.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
