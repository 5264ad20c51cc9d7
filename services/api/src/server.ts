import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { loadArtwork, type ArtworkLibrary } from './artwork/library';
import { parseChains, parseSolanaChains, type ChainConfig, type ChainConfigInput, type SolanaChainConfigInput } from './chains/config';
import { ChainRuntime, type ChainsOptions } from './chains/runtime';
import { resolveSolanaChains } from './chains/solana';

export { devchainChainConfig, type DevchainDeploymentLike } from './chains/devchain';
export type { ChainConfigInput, SolanaChainConfigInput } from './chains/config';
export type { PriceQuery, PriceSource } from './chains/prices';
import { openDb, type Db } from './db/client';
import { migrate } from './db/migrate';
import { createLogger, type LogLevel } from './log';
import { ApiMetrics } from './metrics';
import { seed } from './seed/index';
import { onRampRuntime, type OnRampOptions } from './onramp/config';
import { rateLimiters, type RateLimitOptions } from './http/rate-limit';
import { recoverDeliveries } from './onramp/delivery';
import { sessionRuntime, type SessionOptions, type SessionRuntime } from './sessions/config';
import { authRuntime, type AuthOptions, type AuthRuntime } from './auth/config';
import { socialRuntime, type SocialOptions, type SocialRuntime } from './auth/social-config';
import { farcasterRuntime, type FarcasterOptions, type FarcasterRuntime } from './auth/farcaster-config';

export interface StartApiOptions extends Omit<ChainsOptions, 'chains' | 'solanaChains'> {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; without it PGlite runs in memory. */
  dataDir?: string;
  logLevel?: LogLevel;
  /**
   * The API's public base URL: every absolute URL it hands out (mailed device-approval links, session JWT `iss`,
   * image_url) is built on it, never on a request's Host header. The CLI requires it in production
   * (PORTICO_API_PUBLIC_URL); without it the API's own listening URL (loopback for a wildcard host) is used.
   */
  publicUrl?: string;
  /** Projects file (default seed/projects.json), synced into `projects` on every start. */
  projectsFile?: string;
  /** The load balancers whose X-Forwarded-For names the visitor for per-address limits; default none (the socket's peer). */
  trustedProxies?: readonly string[];
  /** Synthetic wallets to add — scale tests and bench only. Default 0. */
  syntheticWallets?: number;
  /** Chains the blockchain API serves (validated; see src/chains/config.ts). Default none. */
  chains?: ChainConfigInput[];
  /**
   * Solana chains the balance, history and JSON-RPC routes serve (src/chains/config.ts). A chain
   * without `caipNetworkId` gets it from its node's genesis hash at start (unreachable → start error).
   */
  solanaChains?: SolanaChainConfigInput[];
  /** On-ramp providers, fiat rates, the demo provider and its funding key (src/onramp/config.ts). */
  onramp?: OnRampOptions;
  /**
   * Development mode (`pnpm demo`, e2e; never in production): projects also allow their
   * `developmentOrigins`, and the on-ramp demo provider may run on local dev chains. Default false.
   */
  development?: boolean;
  /** Requests per window per client IP and per project (src/http/rate-limit.ts). */
  rateLimits?: RateLimitOptions;
  /** Sign-in sessions: JWT signing key (PEM or JWK; development mode generates and stores one), lifetimes, nonces per IP. */
  sessions?: SessionOptions;
  /** Embedded wallet email login: SMTP URL and From (development default smtp://127.0.0.1:1025), lifetimes, limits (src/auth/config.ts). */
  auth?: AuthOptions;
  /**
   * Embedded wallet social login: providers (development default: the six at the local OpenID provider
   * http://127.0.0.1:8790), the secure site's callback, state lifetime, starts per IP (src/auth/social-config.ts).
   */
  social?: SocialOptions;
  /**
   * Sign In With Farcaster: the auth relay, the RPC of the chain with Farcaster's IdRegistry and KeyRegistry, the SIWF uri, channel
   * lifetime, starts per IP (development default: the local relay, the devchain, the secure site; src/auth/farcaster-config.ts).
   */
  farcaster?: FarcasterOptions;
  /**
   * The Bearer token `GET /metrics` (Prometheus) asks for (CLI: PORTICO_API_METRICS_TOKEN). Without it /metrics is not
   * served: the API answers the public internet, and its figures are the operator's.
   */
  metricsToken?: string;
}

export interface RunningApi {
  url: string;
  db: Db;
  /** Chains, RPC clients and indexers (tests: `chains.get(id)?.indexer?.waitFor()`). */
  chains: ChainRuntime;
  close(): Promise<void>;
}

export async function startApi(options: StartApiOptions = {}): Promise<RunningApi> {
  const { host = '127.0.0.1', port = 8788 } = options;
  const log = createLogger(options.logLevel ?? 'info');
  const chainConfigs: ChainConfig[] = parseChains(options.chains ?? []);
  const solanaChains = await resolveSolanaChains(parseSolanaChains(options.solanaChains ?? []), options.rpcTimeoutMs ?? 10_000);
  const onramp = onRampRuntime(options.onramp, options.development ?? false);
  const artwork: ArtworkLibrary = await loadArtwork();
  const db = await openDb({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  let sessions: SessionRuntime;
  let auth: AuthRuntime;
  let social: SocialRuntime;
  let farcaster: FarcasterRuntime;
  try {
    const applied = await migrate(db);
    if (applied.length > 0) log.info('migrations applied', { versions: applied });
    const seeded = await seed(db, artwork, { projectsFile: options.projectsFile, syntheticWallets: options.syntheticWallets, development: options.development });
    if (seeded.walletsSeeded > 0) log.info('wallets seeded', { count: seeded.walletsSeeded });
    if (seeded.walletImagesUpdated > 0) log.info('wallet images updated', { count: seeded.walletImagesUpdated });
    if (seeded.syntheticWallets > 0) log.info('synthetic wallets present', { count: seeded.syntheticWallets });
    sessions = await sessionRuntime(db, options.sessions, options.development ?? false, db.pool);
    if (!sessions.key) log.info('sign-in sessions unavailable: no session signing key (PORTICO_API_SESSION_KEY)');
    auth = authRuntime(options.auth, options.development ?? false, sessions.key, db.pool);
    if (auth.unavailable) log.info('email login unavailable', { reason: auth.unavailable });
    social = socialRuntime(options.social, options.development ?? false, db.pool);
    farcaster = farcasterRuntime(options.farcaster, options.development ?? false, db.pool);
    if (farcaster.missing.length > 0) log.info('Sign In With Farcaster unavailable', { missing: farcaster.missing });
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }

  const chains = new ChainRuntime(db, log, { ...options, chains: chainConfigs, solanaChains });
  const limits = rateLimiters(options.rateLimits, db.pool);
  const metrics = new ApiMetrics({ db, chains });
  const { server, url } = await new Promise<{ server: ReturnType<typeof serve>; url: string }>((resolve, reject) => {
    // Built once the port is known (port 0 picks one), as the default public URL needs it. The listening callback
    // runs before the server accepts its first connection, so no request meets `app` unset.
    let app: ReturnType<typeof createApp> | undefined;
    const server = serve({ fetch: (request, env) => app!.fetch(request, env), hostname: host, port }, (address) => {
      const url = listeningUrl(address);
      const publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? url;
      app = createApp({ db, log, publicUrl, chains, artwork, onramp, limits, sessions, auth, social, farcaster, metrics, metricsToken: options.metricsToken, trustedProxies: options.trustedProxies });
      resolve({ server, url });
    });
    server.once('error', reject);
  }).catch(async (err) => {
    await db.close().catch(() => {});
    throw err;
  });
  log.info('api listening', { url, db: db.kind, chains: chains.ids() });
  chains.start();
  if (onramp.demoProvider) {
    // Deliveries a stopped API left half done: confirmed or re-sent (same transaction), never paid twice.
    recoverDeliveries({ db, log, chains, onramp }).catch((err) => log.warn('onramp recovery failed', { error: String((err as Error)?.message ?? err) }));
  }

  let closing: Promise<void> | undefined;
  return {
    url,
    db,
    chains,
    close() {
      closing ??= (async () => {
        await chains.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        await db.close();
      })();
      return closing;
    },
  };
}

/** The URL this machine reaches the API at: a wildcard listen address (0.0.0.0, ::) answers on loopback. */
function listeningUrl(address: AddressInfo): string {
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${address.family === 'IPv6' ? `[${host}]` : host}:${address.port}`;
}
