import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ANVIL_CHAIN_ID, SECOND_CHAIN_ID, startAnvil, type AnvilHandle } from './fixtures/anvil.ts';
import { ENV_FILE, exportEnv, type E2EEnv } from './fixtures/env.ts';
import { HOST, freePorts, startStaticServer, type StaticServer } from './fixtures/net.ts';

type StartPortico = (opts: {
  host: string;
  ports: { demo: number; shell: number; connect: number; account: number; swap?: number; onramp?: number; names?: number; send: number; cdn?: number };
  rpcUrl: string;
  chainId: number;
  extraRemotes?: Record<string, string>;
  apiUrl?: string;
  relayUrl?: string;
  secureSiteUrl?: string;
  extraChains?: Array<{ rpcUrl: string; chainId: number; name: string }>;
  cdnDir?: string;
}) => Promise<{
  urls: { demo: string; shell: string; connect: string; account: string; send: string; cdn?: string };
  /** Each built host example (examples/<name>) by name. */
  examples: Record<string, string>;
  close(): Promise<void> | void;
}>;

export interface RunningStack {
  stop(): Promise<void>;
}
declare global {
  // eslint-disable-next-line no-var
  var __porticoE2E: RunningStack | undefined;
}

const BLANK_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test wallet check</title></head>' +
  '<body><h1>Blank</h1></body></html>';

type StartServices = (options: {
  host: string;
  relayPort: number;
  apiPort: number;
  mailSmtpPort: number;
  mailHttpPort: number;
  secureSitePort: number;
  oidcPort: number;
  farcasterRelayPort: number;
  bundlerPort: number;
  solanaRpcPort: number;
  solanaPubsubPort: number;
  devchainRpcUrls: string[];
}) => Promise<{
  relayUrl: string;
  apiUrl: string;
  inboxUrl: string;
  secureSiteUrl: string;
  farcasterRelayUrl: string;
  bundlerUrl?: string;
  solanaRpcUrl: string;
  solanaPubsubUrl: string;
  stop(): Promise<void>;
}>;

export default async function globalSetup(): Promise<void> {
  const stoppers: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const s of stoppers.splice(0).reverse()) {
      try {
        await s();
      } catch (e) {
        console.warn('[e2e teardown]', e);
      }
    }
  };
  globalThis.__porticoE2E = { stop };

  try {
    const [demoPort, shellPort, connectPort, accountPort, sendPort, relayPort, apiPort, mailSmtpPort, mailHttpPort, secureSitePort, oidcPort, farcasterRelayPort, bundlerPort, solanaRpcPort, solanaPubsubPort] = await freePorts(15);
    const anvil: AnvilHandle = await startAnvil({ chainId: ANVIL_CHAIN_ID });
    stoppers.push(() => anvil.stop());
    // A second local chain for switching networks.
    const secondAnvil: AnvilHandle = await startAnvil({ chainId: SECOND_CHAIN_ID });
    stoppers.push(() => secondAnvil.stop());

    const missing: StaticServer = await startStaticServer({});
    stoppers.push(() => missing.close());
    const pages: StaticServer = await startStaticServer({ '/blank.html': { type: 'text/html; charset=utf-8', body: BLANK_HTML } });
    stoppers.push(() => pages.close());

    const env: E2EEnv = {
      rpcUrl: anvil.rpcUrl,
      chainId: ANVIL_CHAIN_ID,
      blankPage: `${pages.url}/blank.html`,
      missingOrigin: missing.url,
      // Same shape as the demo's own remote URLs (`<origin>/remoteEntry.js`); the origin 404s everything.
      sendRemote: `${missing.url}/remoteEntry.js`,
    };

    const serverPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'demo', 'server.mjs');
    const servicesPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'scripts', 'services.mjs');
    try {
      // The product's own services, as separate processes: WalletConnect relay and API (registry).
      const { startServices } = (await import(pathToFileURL(servicesPath).href)) as { startServices: StartServices };
      const services = await startServices({
        host: HOST,
        relayPort: relayPort!,
        apiPort: apiPort!,
        mailSmtpPort: mailSmtpPort!,
        mailHttpPort: mailHttpPort!,
        secureSitePort: secureSitePort!,
        oidcPort: oidcPort!,
        farcasterRelayPort: farcasterRelayPort!,
        bundlerPort: bundlerPort!,
        solanaRpcPort: solanaRpcPort!,
        solanaPubsubPort: solanaPubsubPort!,
        devchainRpcUrls: [anvil.rpcUrl, secondAnvil.rpcUrl],
      });
      stoppers.push(() => services.stop());
      env.inbox = services.inboxUrl;
      env.secureSite = services.secureSiteUrl;
      env.relay = services.relayUrl;
      env.secondRpcUrl = secondAnvil.rpcUrl;
      env.api = services.apiUrl;
      env.farcasterRelay = services.farcasterRelayUrl;
      env.bundler = services.bundlerUrl;
      env.solanaRpc = services.solanaRpcUrl;
      // The CDN layout (`pnpm build`), copied for this run: a spec rolls its manifest forward and back.
      const builtCdn = join(dirname(fileURLToPath(import.meta.url)), '..', 'cdn');
      const cdnDir = existsSync(join(builtCdn, 'manifest.json')) ? mkdtempSync(join(tmpdir(), 'portico-e2e-cdn-')) : undefined;
      if (cdnDir) {
        cpSync(builtCdn, cdnDir, { recursive: true });
        stoppers.push(() => rmSync(cdnDir, { recursive: true, force: true }));
        env.cdnDir = cdnDir;
      }
      const mod = (await import(pathToFileURL(serverPath).href)) as { startPortico: StartPortico };
      const portico = await mod.startPortico({
        host: HOST,
        // Port 0: the later feature remotes (swap, onramp, names) get free ports too.
        ports: { demo: demoPort!, shell: shellPort!, connect: connectPort!, account: accountPort!, send: sendPort!, swap: 0, onramp: 0, names: 0, cdn: 0 },
        rpcUrl: anvil.rpcUrl,
        chainId: ANVIL_CHAIN_ID,
        extraChains: [{ rpcUrl: secondAnvil.rpcUrl, chainId: SECOND_CHAIN_ID, name: 'Anvil Second' }],
        // The demo's `send` remote stays the 404 one (feature-flags.spec.ts); the real one is served
        // too, and a test that needs it overrides `remotes` with window.PORTICO_OPTIONS and
        // process.env.PORTICO_E2E_SEND_URL (set below).
        extraRemotes: { send: env.sendRemote },
        apiUrl: services.apiUrl,
        relayUrl: services.relayUrl,
        // Email login through the secure site (issue 11); a test points it elsewhere with window.PORTICO_OPTIONS.
        secureSiteUrl: services.secureSiteUrl,
        cdnDir,
      });
      stoppers.push(() => portico.close());
      const { send: realSend, ...urls } = portico.urls;
      Object.assign(env, urls);
      env.exampleViteReactWagmi = portico.examples['vite-react-wagmi'];
      env.exampleNextjsAppRouter = portico.examples['nextjs-app-router'];
      env.exampleViteReactEthers = portico.examples['vite-react-ethers'];
      process.env.PORTICO_E2E_SEND_URL = `${realSend}/remoteEntry.js`;
    } catch (e) {
      // Keep anvil + fixture pages up so the product-independent specs still run;
      // every spec that needs the demo fails with this message (see fixtures/test.ts).
      env.demoError = e instanceof Error ? e.stack ?? e.message : String(e);
      console.warn(`[e2e] Portico demo server did not start; demo specs will fail:\n${env.demoError}`);
    }

    exportEnv(env);
    mkdirSync(dirname(ENV_FILE), { recursive: true });
    writeFileSync(ENV_FILE, JSON.stringify({ env, anvilPid: anvil.pid, runnerPid: process.pid }, null, 2));
  } catch (e) {
    await stop();
    throw e;
  }
}
