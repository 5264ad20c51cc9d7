import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { parseChains, parseSolanaChains, type ChainConfig, type ChainConfigInput, type SolanaChainConfigInput } from './chains/config';
import { ChainRuntime, type ChainsOptions } from './chains/runtime';
import { resolveSolanaChains } from './chains/solana';

export { devchainChainConfig, type DevchainDeploymentLike } from './chains/devchain';
export type { ChainConfigInput, SolanaChainConfigInput } from './chains/config';
export type { PriceQuery, PriceSource } from './chains/prices';
import { openDb, type Db } from './db/client';
import { migrate } from './db/migrate';
import { createLogger, type LogLevel } from './log';
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
  /** Absolute base URL for image_url (when behind a proxy); default: the request's origin. */
  publicUrl?: string;
  /** Projects file (default seed/projects.json), synced into `projects` on every start. */
  projectsFile?: string;
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
   * Sign In With Farcaster: the auth relay, the RPC of the chain with Farcaster's IdRegistry, the SIWF uri, channel
   * lifetime, starts per IP (development default: the local relay, the devchain, the secure site; src/auth/farcaster-config.ts).
   */
  farcaster?: FarcasterOptions;
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
  const db = await openDb({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  let sessions: SessionRuntime;
  let auth: AuthRuntime;
  let social: SocialRuntime;
  let farcaster: FarcasterRuntime;
  try {
    const applied = await migrate(db);
    if (applied.length > 0) log.info('migrations applied', { versions: applied });
    const seeded = await seed(db, { projectsFile: options.projectsFile, syntheticWallets: options.syntheticWallets, development: options.development });
    if (seeded.walletsSeeded > 0) log.info('wallets seeded', { count: seeded.walletsSeeded });
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
  const app = createApp({ db, log, publicUrl: options.publicUrl?.replace(/\/+$/, ''), chains, onramp, limits, sessions, auth, social, farcaster });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(s));
    s.once('error', reject);
  }).catch(async (err) => {
    await db.close().catch(() => {});
    throw err;
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${urlHost}:${address.port}`;
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
