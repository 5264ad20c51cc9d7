// Starts Portico's own services as child processes, each as a real deployment would run it:
// the WalletConnect relay (services/relay), the API (services/api), the development mail catcher
// (services/mail, where the API's sign-in codes arrive) and the embedded wallet's secure site
// (services/secure-site, its page built by `pnpm build`), the social, Farcaster and smart-account services and the
// local Solana chain (services/solana-rpc). Used by `pnpm demo` and e2e.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// The local Solana chain's CAIP-2 id and PUSD mint, as services/solana-rpc/src/accounts.ts reads them.
const { caipNetworkId: SOLANA_LOCAL_CAIP2, pusdMint: PUSD_MINT } = JSON.parse(readFileSync(`${ROOT}services/solana-rpc/src/local-chain.json`, 'utf8'));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function portOpen(host, port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Runs `services/<name>/src/main.ts` with tsx and waits until it accepts connections. tsx is loaded into node
 * (`node --import tsx`) rather than run as its CLI, which starts the service in a second node process: one process
 * per service, so the SIGKILL below cannot leave the service itself running.
 */
export async function startService(name, { host, port, env = {}, readyTimeoutMs = 60_000 }) {
  const child = spawn(process.execPath, ['--import', 'tsx', `${ROOT}services/${name}/src/main.ts`], {
    cwd: `${ROOT}services/${name}`,
    env: { ...process.env, HOST: host, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
    if (process.env.PORTICO_SERVICES_LOG) process.stderr.write(`[${name}] ${chunk}`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const deadline = Date.now() + readyTimeoutMs;
  while (!(await portOpen(host, port))) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`${name} was not ready on ${host}:${port} after ${readyTimeoutMs} ms:\n${output}`);
    }
    await sleep(100);
  }
  return {
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(); // a killed service has no exit code
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
    /** Ends the process at once, as a crash would (scripts/prod-local.mjs's failover). */
    kill: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** The eip155 chain id a JSON-RPC node serves. */
async function chainIdOf(rpcUrl) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  });
  const { result } = await response.json();
  if (typeof result !== 'string' || !/^0x[0-9a-f]+$/i.test(result)) throw new Error(`${rpcUrl} answered eth_chainId with ${JSON.stringify(result)}`);
  return Number(BigInt(result));
}

/**
 * @param {{ host?: string, relayPort?: number, apiPort?: number, apiDataDir?: string, devchainRpcUrls?: string[],
 *   mailSmtpPort?: number, mailHttpPort?: number, secureSitePort?: number, oidcPort?: number, farcasterRelayPort?: number, bundlerPort?: number, solanaRpcPort?: number, solanaPubsubPort?: number }} [options]
 *   devchainRpcUrls: local anvil nodes the API seeds with the demo contracts and indexes.
 *   mailSmtpPort / mailHttpPort: the mail catcher's SMTP and inbox ports (default 1025 / 8025).
 *   secureSitePort: the secure site's port (default 3010).
 *   oidcPort: the local OpenID provider's port (default 8790), which plays the six social login providers.
 *   farcasterRelayPort: the local Farcaster auth relay's port (default 8791).
 *   bundlerPort: the ERC-4337 bundler's port (default 4337), started with the first devchain.
 *   solanaRpcPort: the local Solana JSON-RPC's port (default 8899, Solana's test validator's), over litesvm.
 *   solanaPubsubPort: its PubSub WebSocket's port (default solanaRpcPort + 1, where @solana/web3.js looks for it).
 * @returns {Promise<{ relayUrl: string, apiUrl: string, inboxUrl: string, secureSiteUrl: string, oidcUrl: string, farcasterRelayUrl: string, bundlerUrl?: string, solanaRpcUrl: string, solanaPubsubUrl: string, stop(): Promise<void> }>}
 */
export async function startServices(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const relayPort = options.relayPort ?? 8787;
  const apiPort = options.apiPort ?? 8788;
  const mailSmtpPort = options.mailSmtpPort ?? 1025;
  const mailHttpPort = options.mailHttpPort ?? 8025;
  const secureSitePort = options.secureSitePort ?? 3010;
  const oidcPort = options.oidcPort ?? 8790;
  const farcasterRelayPort = options.farcasterRelayPort ?? 8791;
  const bundlerPort = options.bundlerPort ?? 4337;
  const solanaRpcPort = options.solanaRpcPort ?? 8899;
  const solanaPubsubPort = options.solanaPubsubPort ?? solanaRpcPort + 1;
  const devchainRpcUrl = options.devchainRpcUrls?.[0];
  // Social logins come back to the secure site; the API's development providers live at the local OpenID provider.
  const socialCallback = `http://${host}:${secureSitePort}/social/callback`;
  // The demo, the e2e suite and the benchmarks run the API in development mode (demo origins on
  // 127.0.0.1/localhost, the on-ramp demo provider); a deployment leaves it off.
  const apiEnv = {
    PORTICO_API_MODE: 'development',
    PORTICO_API_SMTP_URL: `smtp://${host}:${mailSmtpPort}`,
    PORTICO_API_SOCIAL_DEV_OIDC_URL: `http://${host}:${oidcPort}`,
    PORTICO_API_SOCIAL_REDIRECT_URI: socialCallback,
    // Every page, wallet and test here is one loopback address; listing sessions by signature uses a nonce too.
    PORTICO_API_RATE_LIMIT_SIGN_IN_NONCE: '300/60',
    ...(options.apiDataDir ? { PORTICO_API_DATA_DIR: options.apiDataDir } : {}),
    ...(options.devchainRpcUrls?.length ? { PORTICO_API_DEVCHAIN_RPC_URLS: options.devchainRpcUrls.join(',') } : {}),
    // Sign In With Farcaster: channels on the local auth relay; custody checked on the first devchain (the API's default).
    PORTICO_API_FARCASTER_RELAY_URL: `http://${host}:${farcasterRelayPort}`,
    PORTICO_API_FARCASTER_SIWE_URI: `http://${host}:${secureSitePort}`,
    // The local Solana chain: its CAIP-2 id and PUSD mint are fixed (services/solana-rpc/src/local-chain.json),
    // given here so the API need not wait for the chain to start; e2e's solana.spec checks both end to end.
    PORTICO_API_SOLANA_CHAINS: JSON.stringify([
      {
        name: 'Solana Local',
        rpcUrl: `http://${host}:${solanaRpcPort}`,
        caipNetworkId: SOLANA_LOCAL_CAIP2,
        testnet: true,
        tokens: [{ mint: PUSD_MINT.address, symbol: PUSD_MINT.symbol, name: PUSD_MINT.name, decimals: PUSD_MINT.decimals }],
      },
    ]),
  };
  const started = await Promise.all([
    startService('relay', { host, port: relayPort }),
    startService('api', { host, port: apiPort, env: apiEnv }),
    startService('mail', { host, port: mailHttpPort, env: { SMTP_PORT: String(mailSmtpPort) } }),
    startService('oidc', { host, port: oidcPort, env: { PORTICO_OIDC_REDIRECT_URIS: socialCallback } }),
    startService('farcaster-relay', {
      host,
      port: farcasterRelayPort,
      env: devchainRpcUrl ? { PORTICO_FARCASTER_RELAY_RPC_URL: devchainRpcUrl } : {},
    }),
    // The local Solana chain (a real SVM); development mode: airdrops, CORS for the demo's pages.
    startService('solana-rpc', {
      host,
      port: solanaRpcPort,
      env: { PORTICO_SOLANA_RPC_MODE: 'development', PORTICO_SOLANA_RPC_PUBSUB_PORT: String(solanaPubsubPort) },
    }),
    // ERC-4337 beside the first devchain: EntryPoint v0.7, Portico's account factory and Alto (development keys).
    ...(devchainRpcUrl
      ? [
          startService('bundler', {
            host,
            port: bundlerPort,
            // Development mode allows loopback origins: the secure site's page sends the smart account's user operations from the browser.
            env: { PORTICO_BUNDLER_MODE: 'development', PORTICO_BUNDLER_RPC_URL: devchainRpcUrl },
            readyTimeoutMs: 120_000,
          }),
        ]
      : []),
  ]);
  const stopAll = (services) => Promise.all(services.map((service) => service.stop()));
  // Development mode: the operator key is generated and kept under services/secure-site/.data.
  // The embedded wallet's smart accounts live on the chain the bundler serves.
  const bundlerUrl = devchainRpcUrl ? `http://${host}:${bundlerPort}/rpc` : undefined;
  const smartAccountEnv = bundlerUrl
    ? { PORTICO_SECURE_SITE_BUNDLER_URL: bundlerUrl, PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: String(await chainIdOf(devchainRpcUrl)) }
    : {};
  const secureSite = await startService('secure-site', {
    host,
    port: secureSitePort,
    env: { PORTICO_API_URL: `http://${host}:${apiPort}`, PORTICO_SECURE_SITE_MODE: 'development', ...smartAccountEnv },
  }).catch(async (error) => {
    await stopAll(started);
    throw error;
  });
  return {
    relayUrl: `ws://${host}:${relayPort}`,
    apiUrl: `http://${host}:${apiPort}`,
    inboxUrl: `http://${host}:${mailHttpPort}`,
    secureSiteUrl: `http://${host}:${secureSitePort}`,
    oidcUrl: `http://${host}:${oidcPort}`,
    farcasterRelayUrl: `http://${host}:${farcasterRelayPort}`,
    bundlerUrl,
    solanaRpcUrl: `http://${host}:${solanaRpcPort}`,
    solanaPubsubUrl: `ws://${host}:${solanaPubsubPort}`,
    stop: async () => {
      await stopAll([...started, secureSite]);
    },
  };
}
