// Static servers for the Portico demo and tests: plain node:http, one origin per bundle (like a CDN).
//   shell   -> shell/dist           (portico.js, mf/remoteEntry.js, hashed chunks)
//   connect -> remotes/connect/dist (remoteEntry.js + exposed chunks)
//   account -> remotes/account/dist
//   send    -> remotes/send/dist
//   demo    -> demo/dist            (/ React MF host, /plain.html, GET /portico-config.js)
//   cdn     -> cdn/                 (the CDN layout of `pnpm build`, scripts/build-cdn.mjs), when built
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evmNetwork, solanaCaipNetworkId, solanaNetwork } from './networks.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The host examples (examples/<name>, built by scripts/build-examples.mjs), each served on its own origin. */
export const EXAMPLES_DIR = join(ROOT, 'examples');

/** The feature remotes, each built and served on its own. */
export const REMOTES = ['connect', 'account', 'send', 'swap', 'onramp', 'names'];

/** The CDN layout (scripts/build-cdn.mjs): `<package>/<version>/…` and `manifest.json`. */
export const DEFAULT_CDN_DIR = join(ROOT, 'cdn');
export const CDN_MANIFEST = 'manifest.json';

export const DEFAULT_DIST = {
  demo: join(ROOT, 'demo', 'dist'),
  shell: join(ROOT, 'shell', 'dist'),
  connect: join(ROOT, 'remotes', 'connect', 'dist'),
  account: join(ROOT, 'remotes', 'account', 'dist'),
  send: join(ROOT, 'remotes', 'send', 'dist'),
  swap: join(ROOT, 'remotes', 'swap', 'dist'),
  onramp: join(ROOT, 'remotes', 'onramp', 'dist'),
  names: join(ROOT, 'remotes', 'names', 'dist'),
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

// Content-hashed file names (rsbuild's `[name].[contenthash].ext`) may be cached forever;
// everything else (remoteEntry.js, portico.js, mf-manifest.json, html) must be revalidated.
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

function cacheControl(pathname) {
  const base = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (base === 'remoteEntry.js' || base === 'portico.js' || !HASHED.test(base)) return 'no-cache';
  return 'public, max-age=31536000, immutable';
}

/**
 * The CDN layout's caching: a versioned folder never changes (a new release is a new folder), so its files are cached
 * for a year; the manifest is revalidated on every use, so rolling a release forward or back is live at the next
 * page load (docs/operating.md, "CDN layout").
 */
function cdnCacheControl(pathname) {
  return pathname === `/${CDN_MANIFEST}` ? 'no-cache' : 'public, max-age=31536000, immutable';
}

/**
 * @param {string} dir
 * @param {{ noFavicon?: boolean, rewrite?: (pathname: string, body: Buffer) => Buffer | string, routes?: Record<string, () => { type: string, body: string }>, cacheControl?: (pathname: string) => string }} [opts]
 */
function staticHandler(dir, opts = {}) {
  const root = resolve(dir);
  return async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', '*');
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    const route = opts.routes?.[pathname];
    if (route) {
      const { type, body } = route();
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache', 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (pathname === '/favicon.ico' && opts.noFavicon) {
      // Browsers ask for it on every origin they render; answer without a console 404.
      res.writeHead(204, { 'Cache-Control': 'public, max-age=86400' }).end();
      return;
    }
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = normalize(join(root, pathname));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    let body;
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      body = await readFile(file);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end(`not found: ${pathname}`);
      return;
    }
    if (opts.rewrite) body = opts.rewrite(pathname, body);
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': (opts.cacheControl ?? cacheControl)(pathname),
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/** The largest JSON-RPC body the examples' `/rpc` passes on to the local node. */
const MAX_RPC_PROXY_BYTES = 1024 * 1024;

/**
 * An example site: its build (`dist`), the shell served by the site itself under `/portico/` (with its
 * deployment file: the package's default `cdnBase`), and `/rpc`, the site's JSON-RPC endpoint for the local chain
 * (POST, JSON, passed to the node), so a build made once runs against any port the node has.
 */
function exampleHandler(dist, shellHandler, rpcUrl) {
  const site = staticHandler(dist, { noFavicon: true });
  return async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/rpc') {
      if (req.method !== 'POST') return void res.writeHead(405, { Allow: 'POST' }).end();
      const chunks = [];
      let size = 0;
      for await (const chunk of req) {
        size += chunk.length;
        if (size > MAX_RPC_PROXY_BYTES) return void res.writeHead(413, { Connection: 'close' }).end();
        chunks.push(chunk);
      }
      const reply = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
      res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(Buffer.from(await reply.arrayBuffer()));
      return;
    }
    if (path === '/portico' || path.startsWith('/portico/')) {
      req.url = (req.url ?? '/').slice('/portico'.length) || '/';
      return shellHandler(req, res);
    }
    return site(req, res);
  };
}

/** A free TCP port on `host` (for a server started by another process). */
export function freePort(host) {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * A server-rendered example (Next.js: its `.next` build) runs its own server: `next start`, told where the shell and
 * the local chain are (its proxy.ts serves them as /portico/ and /rpc). Resolves once it answers.
 */
async function startNextExample(dir, { host, port, shellUrl, rpcUrl }) {
  const url = `http://${host}:${port}`;
  const child = spawn(process.execPath, [join(dir, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-H', host, '-p', String(port)], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORTICO_SHELL_URL: `${shellUrl}/`, PORTICO_RPC_URL: rpcUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () =>
    new Promise((resolveStop) => {
      if (child.exitCode !== null) return resolveStop();
      child.once('exit', () => resolveStop());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start in ${dir} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`next start in ${dir} did not answer within 30 s`);
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

/** The plain page's shell tag as written (demo/public/plain.html). */
const PLAIN_SHELL_SRC = 'src="__PORTICO_SHELL_URL__/portico.js"';

/** `value` inside a double-quoted HTML attribute. */
const attribute = (value) => String(value).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The plain page's shell tag: from the CDN layout when it is served, its versioned `portico.js` with the manifest's
 * integrity hash (the browser runs no other bytes; `crossorigin` makes the check possible across origins), else the
 * shell's own origin. The manifest is read at each request, so a changed manifest is the next page's.
 */
function plainPageShellTag(html, shellUrl, cdn) {
  if (!cdn || !html.includes(PLAIN_SHELL_SRC)) return html.replaceAll('__PORTICO_SHELL_URL__', shellUrl);
  const manifestUrl = `${cdn.url}/${CDN_MANIFEST}`;
  const { shell } = JSON.parse(readFileSync(join(cdn.dir, CDN_MANIFEST), 'utf8'));
  const attributes = `src="${attribute(new URL(shell.entry, manifestUrl).href)}" integrity="${attribute(shell.integrity)}" crossorigin="anonymous"`;
  return html.replace(PLAIN_SHELL_SRC, attributes).replaceAll('__PORTICO_SHELL_URL__', shellUrl);
}

function listen(handler, host, port) {
  return new Promise((resolveListen, reject) => {
    const server = createServer((req, res) => {
      handler(req, res).catch((err) => {
        console.error('[portico server]', err);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    server.keepAliveTimeout = 1000;
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { port: actual } = /** @type {import('node:net').AddressInfo} */ (server.address());
      const h = host.includes(':') ? `[${host}]` : host;
      resolveListen({ server, url: `http://${h}:${actual}` });
    });
  });
}

function closeServer(server) {
  return new Promise((r) => {
    server.close(() => r());
    server.closeAllConnections?.();
  });
}

/**
 * The CDN layout's origin (`dir`: scripts/build-cdn.mjs's `<package>/<version>/…` and manifest.json), with the cache
 * headers docs/operating.md names: the demo's :3008 and scripts/prod-local.mjs's CDN behind HAProxy.
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startCdnOrigin(dir, host, port) {
  const { server, url } = await listen(staticHandler(dir, { noFavicon: true, cacheControl: cdnCacheControl }), host, port);
  return { url, close: () => closeServer(server) };
}

/**
 * The demo's host configuration as a script: `PORTICO_DEMO_CONFIG` (where things run) and
 * `PORTICO_DEMO_OPTIONS`, the AppKit-style options both demo pages pass to createPortico.
 * A page (or a test's init script) may set `window.PORTICO_FEATURES` first to flip feature flags,
 * and `window.PORTICO_OPTIONS` to override any other option (e.g. excludeWalletIds).
 */
function demoConfigScript(config) {
  const options = {
    projectId: 'portico-demo',
    metadata: { name: 'Portico demo', description: 'Portico demo host', url: 'http://127.0.0.1', icons: [] },
    // The EVM chains first (Anvil Local is the default network), then the local SVM when it runs.
    networks: [
      ...[{ rpcUrl: config.rpcUrl, chainId: config.chainId, name: 'Anvil Local' }, ...config.extraChains].map(evmNetwork),
      ...(config.solana ? [solanaNetwork({ ...config.solana, name: 'Solana Local' })] : []),
    ],
    themeMode: 'dark',
    // The remotes, API, relay and secure site, as the shell's deployment file names them.
    ...deploymentUrls(config),
  };
  return `window.PORTICO_DEMO_CONFIG = ${JSON.stringify(config)};
window.PORTICO_DEMO_OPTIONS = Object.assign(${JSON.stringify(options)}, {
  metadata: Object.assign(${JSON.stringify(options.metadata)}, { url: location.origin }),
  features: window.PORTICO_FEATURES
}, window.PORTICO_OPTIONS);
`;
}

/** Where the demo's remotes and services run (the shell's deployment file and both demo pages' options). */
function deploymentUrls(config) {
  return {
    remotes: config.remotes,
    ...(config.apiUrl ? { apiUrl: config.apiUrl } : {}),
    ...(config.relayUrl ? { walletConnect: { relayUrl: config.relayUrl, verify: false, telemetry: false } } : {}),
    ...(config.secureSiteUrl ? { embeddedWallet: { url: `${config.secureSiteUrl}/` } } : {}),
  };
}

/**
 * Starts the shell, the remotes and the demo site, each on its own origin.
 * Port 0 picks a free port; the returned urls carry the real ones.
 *
 * @param {{
 *   host?: string,
 *   ports?: { demo?: number, shell?: number, connect?: number, account?: number, send?: number },
 *   rpcUrl?: string,
 *   chainId?: number,
 *   extraChains?: Array<{ rpcUrl: string, chainId: number, name: string }>,
 *   extraRemotes?: Record<string, string>,
 *   apiUrl?: string,
 *   relayUrl?: string,
 *   secureSiteUrl?: string,
 *   solanaRpcUrl?: string,
 *   dist?: Partial<typeof DEFAULT_DIST>,
 *   cdnDir?: string,
 * }} [options]
 * `extraRemotes` is merged over the served remotes (a caller may point one elsewhere, e.g. `send` at a 404).
 * `secureSiteUrl` (the embedded wallet's secure site, scripts/services.mjs) turns on email login in both demo pages.
 * `solanaRpcUrl` (the local SVM, scripts/services.mjs) adds the network 'Solana Local' after the EVM ones; its CAIP-2 id
 * comes from the node's genesis hash, so the node must answer when the demo starts.
 * `cdnDir` (default `cdn/`): the CDN layout, served on its own origin (`urls.cdn`) when it has a manifest; the plain
 * page then loads the shell from it, with Subresource Integrity.
 * @returns {Promise<{ urls: { demo: string, shell: string, connect: string, account: string, send: string, cdn?: string }, config: object, close: () => Promise<void> }>}
 */
export async function startPortico(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const ports = { demo: 3000, shell: 3001, connect: 3002, account: 3003, send: 3004, swap: 3005, onramp: 3006, names: 3007, cdn: 3008, ...options.ports };
  const cdnDir = options.cdnDir ?? DEFAULT_CDN_DIR;
  const dist = { ...DEFAULT_DIST, ...options.dist };
  const rpcUrl = options.rpcUrl ?? 'http://127.0.0.1:8545';
  const chainId = options.chainId ?? 31337;

  const started = [];
  /** Servers run by other processes (server-rendered examples). */
  const stoppers = [];
  const closeAll = () => Promise.all([...started.map((s) => closeServer(s.server)), ...stoppers.map((stop) => stop())]).then(() => undefined);
  try {
    const start = async (handler, port) => {
      const s = await listen(handler, host, port);
      started.push(s);
      return s.url;
    };
    // The shell's deployment description (shared-state/src/deployment.ts), for hosts that load the shell at run
    // time (@portico/js): what runs where in this demo, filled in once every server listens.
    let deployment = { version: 1 };
    const shellHandler = staticHandler(dist.shell, {
      routes: { '/portico-deployment.json': () => ({ type: 'application/json; charset=utf-8', body: JSON.stringify(deployment) }) },
    });
    const shell = await start(shellHandler, ports.shell);
    // Every built remote on its own origin, like separately deployed CDN folders.
    const remoteUrls = {};
    for (const remote of REMOTES) {
      if (existsSync(join(dist[remote], 'remoteEntry.js'))) remoteUrls[remote] = await start(staticHandler(dist[remote]), ports[remote]);
    }

    let cdn;
    if (existsSync(join(cdnDir, CDN_MANIFEST))) {
      const origin = await startCdnOrigin(cdnDir, host, ports.cdn);
      stoppers.push(origin.close);
      cdn = { dir: cdnDir, url: origin.url };
    }

    const solana = options.solanaRpcUrl
      ? { rpcUrl: options.solanaRpcUrl, caipNetworkId: await solanaCaipNetworkId(options.solanaRpcUrl) }
      : undefined;
    const config = {
      shellUrl: shell,
      remotes: {
        ...Object.fromEntries(Object.entries(remoteUrls).map(([remote, url]) => [remote, `${url}/remoteEntry.js`])),
        ...options.extraRemotes,
      },
      rpcUrl,
      chainId,
      extraChains: options.extraChains ?? [],
      apiUrl: options.apiUrl,
      relayUrl: options.relayUrl,
      secureSiteUrl: options.secureSiteUrl,
      solana,
    };
    deployment = { version: 1, ...deploymentUrls(config) };
    const configJs = demoConfigScript(config);
    const demo = await start(
      staticHandler(dist.demo, {
        noFavicon: true,
        routes: { '/portico-config.js': () => ({ type: 'text/javascript; charset=utf-8', body: configJs }) },
        rewrite: (pathname, body) => (pathname.endsWith('.html') ? plainPageShellTag(body.toString('utf8'), shell, cdn) : body),
      }),
      ports.demo,
    );
    // Each built example on its own origin (port 0: any free one, or `ports.examples[name]`): a static build with the
    // shell and /rpc beside it, or a server-rendered one (Next.js) under its own server.
    const examples = {};
    for (const name of existsSync(EXAMPLES_DIR) ? readdirSync(EXAMPLES_DIR) : []) {
      const exampleDir = join(EXAMPLES_DIR, name);
      const exampleDist = join(exampleDir, 'dist');
      if (existsSync(join(exampleDist, 'index.html'))) {
        examples[name] = await start(exampleHandler(exampleDist, shellHandler, rpcUrl), ports.examples?.[name] ?? 0);
      } else if (existsSync(join(exampleDir, '.next', 'BUILD_ID'))) {
        const port = ports.examples?.[name] || (await freePort(host));
        const next = await startNextExample(exampleDir, { host, port, shellUrl: shell, rpcUrl });
        stoppers.push(next.stop);
        examples[name] = next.url;
      }
    }
    return { urls: { demo, shell, ...remoteUrls, ...(cdn ? { cdn: cdn.url } : {}) }, examples, config, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
