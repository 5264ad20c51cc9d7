/**
 * CLI: `pnpm --filter @portico/api start`.
 * Env: PORT (8788), HOST (127.0.0.1), DATABASE_URL (PostgreSQL; required in production, development default the
 * embedded PGlite), PORTICO_API_DATA_DIR (development: PGlite data directory; default in memory), LOG_LEVEL (info),
 * PORTICO_API_PUBLIC_URL (required in production; development default the listening URL), PORTICO_API_PROJECTS (projects file),
 * PORTICO_API_SYNTHETIC_WALLETS (bench only; default 0), PORTICO_API_CHAINS (chains JSON file),
 * PORTICO_API_SOLANA_CHAINS (Solana chains, JSON array),
 * PORTICO_API_INDEXER_POLL_MS (500), PORTICO_API_NFT_METADATA_HOSTS ('*' or comma-separated hosts),
 * PORTICO_API_MODE ('production' | 'development'; PORTICO_API_DEVCHAIN_RPC_URLS implies development),
 * PORTICO_API_RATE_LIMIT_IP / _PROJECT / _SIGN_IN_NONCE ('<requests>/<seconds>'),
 * PORTICO_API_SESSION_KEY (sign-in JWT key, PEM or JWK), PORTICO_API_SMTP_URL / PORTICO_API_MAIL_FROM
 * (embedded email login's mail), PORTICO_API_AUTH_SESSION_TTL_S, PORTICO_API_RATE_LIMIT_AUTH / _AUTH_MAIL / _AUTH_MAIL_EMAIL_IP /
 * _AUTH_MAIL_IP / _AUTH_SOCIAL,
 * PORTICO_API_SOCIAL_PROVIDERS (JSON) / PORTICO_API_SOCIAL_REDIRECT_URI / PORTICO_API_SOCIAL_DEV_OIDC_URL (development
 * default providers' base URL) (embedded social login), PORTICO_API_FARCASTER_RELAY_URL / _RPC_URL / _SIWE_URI and
 * PORTICO_API_RATE_LIMIT_AUTH_FARCASTER (Sign In With Farcaster), PORTICO_API_TRUSTED_PROXIES (load balancers whose X-Forwarded-For is believed), PORTICO_API_METRICS_TOKEN (the Bearer token
 * `GET /metrics` asks for; unset: no /metrics, as the API faces the public internet; 32–256 characters of
 * A-Z a-z 0-9 - . _ ~ + / =, e.g. `openssl rand -hex 32`). See README.md.
 */
import { exitBadEnvironment, flagField, listenFields, metricsTokenField, parseEnv, stopOnSignals, trustedProxiesField } from '@portico/service-kit';
import { z } from 'zod';
import { parseSocialProvidersJson } from './auth/social-config';
import { loadChainsFile, parseSolanaChains } from './chains/config';
import { LOG_LEVELS } from './log';
import { devchainChainConfig } from './chains/devchain';
import { startApi } from './server';

/** '<requests>/<seconds>', e.g. '6000/60'. */
const rateLimit = z
  .string()
  .regex(/^\d{1,9}\/\d{1,6}$/, "must be '<requests>/<seconds>', e.g. 6000/60")
  .transform((v) => {
    const [points, durationS] = v.split('/').map(Number) as [number, number];
    return { points, durationS };
  })
  .refine((l) => l.points > 0 && l.durationS > 0, 'requests and seconds must be positive');

const envSchema = z.object({
  /** Development mode: demo origins, the on-ramp demo provider. Never on a deployment with real value. */
  PORTICO_API_MODE: z.enum(['production', 'development']).optional(),
  PORTICO_API_RATE_LIMIT_IP: rateLimit.optional(),
  PORTICO_API_RATE_LIMIT_PROJECT: rateLimit.optional(),
  PORTICO_API_RATE_LIMIT_SIGN_IN_NONCE: rateLimit.optional(),
  /** Sign-in session JWT key: EC P-256 private key, PKCS#8 PEM or JWK JSON. Production sign-in needs it. */
  PORTICO_API_SESSION_KEY: z.string().min(1).optional(),
  /** Embedded email login: the SMTP server codes go out through (development default smtp://127.0.0.1:1025) and the From header. */
  PORTICO_API_SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  PORTICO_API_MAIL_FROM: z.string().min(3).max(256).optional(),
  PORTICO_API_AUTH_SESSION_TTL_S: z.coerce.number().int().min(60).max(31_536_000).optional(),
  PORTICO_API_RATE_LIMIT_AUTH: rateLimit.optional(),
  /** Login mails: per address from every requester (the ceiling an approved device passes), per address and IP, per IP. */
  PORTICO_API_RATE_LIMIT_AUTH_MAIL: rateLimit.optional(),
  PORTICO_API_RATE_LIMIT_AUTH_MAIL_EMAIL_IP: rateLimit.optional(),
  PORTICO_API_RATE_LIMIT_AUTH_MAIL_IP: rateLimit.optional(),
  PORTICO_API_RATE_LIMIT_AUTH_SOCIAL: rateLimit.optional(),
  /** Embedded social login: providers (JSON, checked in src/auth/social-config.ts) and the secure site's callback. */
  PORTICO_API_SOCIAL_PROVIDERS: z.string().min(1).optional(),
  PORTICO_API_SOCIAL_REDIRECT_URI: z.url().optional(),
  PORTICO_API_SOCIAL_DEV_OIDC_URL: z.url().optional(),
  /** Sign In With Farcaster: the auth relay, OP mainnet's RPC (Farcaster's IdRegistry and KeyRegistry), the SIWF message's uri (checked in src/auth/farcaster-config.ts). */
  PORTICO_API_FARCASTER_RELAY_URL: z.string().min(1).optional(),
  PORTICO_API_FARCASTER_RPC_URL: z.string().min(1).optional(),
  PORTICO_API_FARCASTER_SIWE_URI: z.string().min(1).optional(),
  PORTICO_API_RATE_LIMIT_AUTH_FARCASTER: rateLimit.optional(),
  /** Prometheus' Bearer token for /metrics (RFC 6750 token characters); without it /metrics is not served. */
  PORTICO_API_METRICS_TOKEN: metricsTokenField(),
  /** The load balancers in front (addresses, CIDRs, loopback…): their X-Forwarded-For names the visitor for the per-IP limits. */
  PORTICO_API_TRUSTED_PROXIES: trustedProxiesField(),
  ...listenFields(8788),
  DATABASE_URL: z.string().min(1).optional(),
  PORTICO_API_DATA_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PORTICO_API_PUBLIC_URL: z.url().optional(),
  PORTICO_API_PROJECTS: z.string().min(1).optional(),
  PORTICO_API_SYNTHETIC_WALLETS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  PORTICO_API_CHAINS: z.string().min(1).optional(),
  /** Solana chains: a JSON array of Solana chain configs (src/chains/config.ts), added to the chains file's `solanaChains`. */
  PORTICO_API_SOLANA_CHAINS: z.string().min(1).optional(),
  /** Development only: comma-separated anvil RPC URLs to seed with @portico/devchain and serve. */
  PORTICO_API_DEVCHAIN_RPC_URLS: z.string().min(1).optional(),
  PORTICO_API_INDEXER_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(500),
  PORTICO_API_NFT_METADATA_HOSTS: z.string().min(1).optional(),
  /** '1': NFT metadata may also come from loopback/private/link-local addresses (opt-in). */
  PORTICO_API_NFT_METADATA_PRIVATE: flagField('PORTICO_API_NFT_METADATA_PRIVATE'),
  /** The on-ramp demo provider (development mode only): off with '0'; the key it pays purchases from (default anvil #9). */
  PORTICO_API_ONRAMP_DEMO: z.enum(['0', '1']).default('1'),
  PORTICO_API_ONRAMP_FUNDING_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x + 64 hex digits').optional(),
});

const env = parseEnv('portico api', envSchema);
if (env.PORTICO_API_MODE === 'production' && env.PORTICO_API_DEVCHAIN_RPC_URLS) {
  exitBadEnvironment('portico api', 'PORTICO_API_DEVCHAIN_RPC_URLS: development mode only, PORTICO_API_MODE is production');
}
// The devchain is the demo's and the tests' chain: serving it is development mode.
const development = env.PORTICO_API_MODE === 'development' || env.PORTICO_API_DEVCHAIN_RPC_URLS !== undefined;
if (!development && !env.DATABASE_URL) {
  // PGlite in memory would lose every user and sealed wallet at the next restart.
  exitBadEnvironment(
    'portico api',
    'DATABASE_URL: required in production (a PostgreSQL connection string), so that users and sealed wallets outlive a restart; the embedded PGlite is for PORTICO_API_MODE=development',
  );
}
if (!development && !env.PORTICO_API_PUBLIC_URL) {
  // The Host header is the client's to write: a mailed link or a token issuer built on it would be the attacker's.
  exitBadEnvironment(
    'portico api',
    "PORTICO_API_PUBLIC_URL: required in production: the links in login mails and the session tokens' issuer are built on it, never on a request's Host header",
  );
}

let chainsFile: Awaited<ReturnType<typeof loadChainsFile>> | undefined;
if (env.PORTICO_API_CHAINS) {
  try {
    chainsFile = await loadChainsFile(env.PORTICO_API_CHAINS);
  } catch (err) {
    process.stderr.write(`portico api: ${(err as Error).message}\n`);
    process.exit(2);
  }
}
let solanaChains: ReturnType<typeof parseSolanaChains> = [];
try {
  if (env.PORTICO_API_SOLANA_CHAINS !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(env.PORTICO_API_SOLANA_CHAINS);
    } catch {
      throw new Error('PORTICO_API_SOLANA_CHAINS: must be a JSON array of Solana chains');
    }
    solanaChains = parseSolanaChains(json);
  }
} catch (err) {
  exitBadEnvironment('portico api', (err as Error).message);
}
let socialProviders: unknown;
try {
  socialProviders = env.PORTICO_API_SOCIAL_PROVIDERS === undefined ? undefined : parseSocialProvidersJson(env.PORTICO_API_SOCIAL_PROVIDERS);
} catch (err) {
  exitBadEnvironment('portico api', (err as Error).message);
}
const chains = [...(chainsFile?.chains ?? []), ...(await devchainChains(env.PORTICO_API_DEVCHAIN_RPC_URLS))];
const hosts = env.PORTICO_API_NFT_METADATA_HOSTS;

const api = await startApi({
  chains,
  solanaChains: [...(chainsFile?.solanaChains ?? []), ...solanaChains],
  prices: chainsFile?.prices,
  indexer: { pollIntervalMs: env.PORTICO_API_INDEXER_POLL_MS },
  nftMetadata: {
    allowedHosts: !hosts || hosts === '*' ? '*' : hosts.split(',').map((h) => h.trim()).filter(Boolean),
    allowPrivateNetworks: env.PORTICO_API_NFT_METADATA_PRIVATE,
  },
  host: env.HOST,
  port: env.PORT,
  databaseUrl: env.DATABASE_URL,
  dataDir: env.PORTICO_API_DATA_DIR,
  logLevel: env.LOG_LEVEL,
  publicUrl: env.PORTICO_API_PUBLIC_URL,
  projectsFile: env.PORTICO_API_PROJECTS,
  syntheticWallets: env.PORTICO_API_SYNTHETIC_WALLETS,
  development,
  rateLimits: { perIp: env.PORTICO_API_RATE_LIMIT_IP, perProject: env.PORTICO_API_RATE_LIMIT_PROJECT },
  sessions: { signingKey: env.PORTICO_API_SESSION_KEY, noncesPerIp: env.PORTICO_API_RATE_LIMIT_SIGN_IN_NONCE },
  auth: {
    smtpUrl: env.PORTICO_API_SMTP_URL,
    mailFrom: env.PORTICO_API_MAIL_FROM,
    sessionTtlS: env.PORTICO_API_AUTH_SESSION_TTL_S,
    requestsPerIp: env.PORTICO_API_RATE_LIMIT_AUTH,
    mailsPerEmail: env.PORTICO_API_RATE_LIMIT_AUTH_MAIL,
    mailsPerEmailAndIp: env.PORTICO_API_RATE_LIMIT_AUTH_MAIL_EMAIL_IP,
    mailsPerIp: env.PORTICO_API_RATE_LIMIT_AUTH_MAIL_IP,
  },
  social: {
    providers: socialProviders,
    redirectUri: env.PORTICO_API_SOCIAL_REDIRECT_URI,
    developmentOidcUrl: env.PORTICO_API_SOCIAL_DEV_OIDC_URL,
    startsPerIp: env.PORTICO_API_RATE_LIMIT_AUTH_SOCIAL,
  },
  farcaster: {
    relayUrl: env.PORTICO_API_FARCASTER_RELAY_URL,
    // The devchain served in development carries both registries (deployDevchain): its first URL is the default.
    rpcUrl: env.PORTICO_API_FARCASTER_RPC_URL ?? env.PORTICO_API_DEVCHAIN_RPC_URLS?.split(',')[0]?.trim(),
    siweUri: env.PORTICO_API_FARCASTER_SIWE_URI,
    startsPerIp: env.PORTICO_API_RATE_LIMIT_AUTH_FARCASTER,
  },
  metricsToken: env.PORTICO_API_METRICS_TOKEN,
  trustedProxies: env.PORTICO_API_TRUSTED_PROXIES,
  onramp: { demoProvider: development && env.PORTICO_API_ONRAMP_DEMO === '1', fundingKey: env.PORTICO_API_ONRAMP_FUNDING_KEY as `0x${string}` | undefined },
});

stopOnSignals('portico api', () => api.close());

/**
 * Development mode (`pnpm demo`, e2e): deploys the demo contracts to each local anvil (idempotent)
 * and serves those chains. The devchain package is loaded only here, never in production.
 */
async function devchainChains(rpcUrls: string | undefined) {
  if (!rpcUrls) return [];
  const { deployDevchain } = await import('@portico/devchain');
  const urls = rpcUrls.split(',').map((url) => url.trim()).filter(Boolean);
  return Promise.all(
    urls.map(async (rpcUrl) => devchainChainConfig(await deployDevchain({ rpcUrl }), { rpcUrl, name: `Anvil ${new URL(rpcUrl).port}` })),
  );
}
