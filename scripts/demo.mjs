// `pnpm demo`: build everything, start anvil (or reuse one on :8545), serve the shell, the remotes
// and the demo site on their own ports. `--no-build` (or PORTICO_SKIP_BUILD=1) skips the build.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startPortico } from '../demo/server.mjs';
import { startAnvil } from './anvil.mjs';
import { startServices } from './services.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const skipBuild = process.argv.includes('--no-build') || process.env.PORTICO_SKIP_BUILD === '1';

if (!skipBuild) {
  console.log('[demo] building all packages (pnpm build)…');
  const r = spawnSync('pnpm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const anvil = await startAnvil({ host: '127.0.0.1', port: 8545, chainId: 31337 });
// A second local chain, to try switching networks.
const secondAnvil = await startAnvil({ host: '127.0.0.1', port: 8546, chainId: 31338 });
let portico;
let services;
try {
  // The API keeps its embedded database between runs, so later starts take about half a second.
  services = await startServices({
    relayPort: 8787,
    apiPort: 8788,
    apiDataDir: `${ROOT}services/api/.data`,
    devchainRpcUrls: [anvil.rpcUrl, secondAnvil.rpcUrl],
  });
  portico = await startPortico({
    apiUrl: services.apiUrl,
    relayUrl: services.relayUrl,
    // The embedded wallet (email login) through the secure site services.mjs started.
    secureSiteUrl: services.secureSiteUrl,
    host: '127.0.0.1',
    // Remotes keep their default ports (connect 3002 … names 3007, see demo/server.mjs).
    // The examples on fixed ports after the secure site's (see examples/README.md).
    ports: { demo: Number(process.env.PORT ?? 3000), examples: { 'vite-react-wagmi': 3011, 'vite-react-ethers': 3012, 'nextjs-app-router': 3013 } },
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    extraChains: [{ rpcUrl: secondAnvil.rpcUrl, chainId: secondAnvil.chainId, name: 'Anvil Second' }],
    // "Solana Local" beside the EVM networks: the local SVM services.mjs started.
    solanaRpcUrl: services.solanaRpcUrl,
  });
} catch (err) {
  anvil.stop();
  secondAnvil.stop();
  await services?.stop();
  throw err;
}

const { urls } = portico;
console.log(`
Portico demo is running (Ctrl-C to stop)
  React host (Module Federation): ${urls.demo}/
  Plain page (one script tag):    ${urls.demo}/plain.html
${Object.entries(portico.examples)
  .map(([name, url]) => `  Example ${name}: ${url}/  (installs @portico/* from their tarballs)`)
  .join('\n')}
  Shell:   ${urls.shell}/portico.js  ·  ${urls.shell}/mf/remoteEntry.js
${Object.entries(portico.config.remotes)
  .map(([remote, url]) => `  ${`${remote[0].toUpperCase()}${remote.slice(1)}:`.padEnd(9)}${url}`)
  .join('\n')}
  Anvil:   ${anvil.rpcUrl} (chain ${anvil.chainId}${anvil.reused ? ', already running' : ''}), ${secondAnvil.rpcUrl} (chain ${secondAnvil.chainId})
  Relay:   ${services.relayUrl} (WalletConnect)
  API:     ${services.apiUrl} (wallet registry, project config, sign-in, email codes)
  Mail:    ${services.inboxUrl} (inbox of the development mail catcher; SMTP on 1025)
  Secure:  ${services.secureSiteUrl} (embedded wallet secure site: the iframe page and its keys)
  OIDC:    ${services.oidcUrl} (local OpenID provider playing Google, GitHub, Apple, Facebook, X and Discord)
  Farcaster relay: ${services.farcasterRelayUrl} (Sign In With Farcaster channels)
  Bundler: ${services.bundlerUrl} (ERC-4337: Alto, EntryPoint v0.7, Portico's smart account factory)
  Solana:  ${services.solanaRpcUrl} and PubSub ${services.solanaPubsubUrl} (local SVM over litesvm: PUSD mint, funded dev accounts, airdrops)
`);

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[demo] ${signal}: stopping`);
  anvil.stop();
  secondAnvil.stop();
  await Promise.all([portico.close(), services.stop()]);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
