/**
 * Rate limits per client IP and per project (rate-limiter-flexible). With PostgreSQL the counters
 * live in the `rate_limits` table (migration 006), so every replica on the same database shares
 * them; with PGlite (one process) they live in memory. Over the limit → RateLimitError (an HttpError 429 with
 * `Retry-After` in whole seconds) naming the limit, which the app counts in /metrics.
 */
import type { Pool } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from './errors';

/**
 * Every limit that refuses a request with 429: the limiters' names (their key prefix in `rate_limits`, as
 * `portico-admin limits show` lists them) and the login mails' 30 s throttle per address and IP (`auth_email_throttle`).
 */
export type RateLimitName =
  | 'ip'
  | 'project'
  | 'siwx-nonce'
  | 'auth-ip'
  | 'auth-mail'
  | 'auth-mail-email-ip'
  | 'auth-mail-ip'
  | 'auth-social-start'
  | 'auth-farcaster-start'
  | 'auth-mail-throttle';

/** A request refused by the limit `limit`: 429 with Retry-After. */
export class RateLimitError extends HttpError {
  constructor(
    readonly limit: RateLimitName,
    message: string,
    retryAfterS: number,
  ) {
    super(429, message, retryAfterS);
  }
}

export interface RateLimit {
  /** Requests allowed per window. */
  points: number;
  /** Window length in seconds. */
  durationS: number;
}

export interface RateLimitOptions {
  /** Default 6,000 per 60 s (100 requests a second) per client IP. */
  perIp?: RateLimit;
  /** Default 60,000 per 60 s per project, over all its clients. */
  perProject?: RateLimit;
}

export const DEFAULT_RATE_LIMITS: Required<RateLimitOptions> = {
  perIp: { points: 6_000, durationS: 60 },
  perProject: { points: 60_000, durationS: 60 },
};

export interface RateLimiters {
  consumeIp(ip: string): Promise<void>;
  consumeProject(projectId: string): Promise<void>;
}

function limiter(limit: RateLimit, keyPrefix: RateLimitName, pool: Pool | undefined): RateLimiterAbstract {
  const options = { points: limit.points, duration: limit.durationS, keyPrefix };
  if (!pool) return new RateLimiterMemory(options);
  return new RateLimiterPostgres({
    ...options,
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    // A database hiccup must not refuse every request: count in memory meanwhile.
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

async function consume(rl: RateLimiterAbstract, name: RateLimitName, key: string, what: string): Promise<void> {
  try {
    await rl.consume(key);
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    const retryAfterS = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw new RateLimitError(name, `Too many requests for this ${what}: try again in ${retryAfterS} s`, retryAfterS);
  }
}

/** One more limit of the same kind (e.g. sign-in nonces per IP): `consume(key)` throws the 429. */
export function keyedRateLimit(limit: RateLimit, name: RateLimitName, what: string, pool?: Pool): (key: string) => Promise<void> {
  const rl = limiter(limit, name, pool);
  return (key) => consume(rl, name, key, what);
}

export function rateLimiters(options: RateLimitOptions = {}, pool?: Pool): RateLimiters {
  const ip = limiter(options.perIp ?? DEFAULT_RATE_LIMITS.perIp, 'ip', pool);
  const project = limiter(options.perProject ?? DEFAULT_RATE_LIMITS.perProject, 'project', pool);
  return {
    consumeIp: (key) => consume(ip, 'ip', key, 'IP address'),
    consumeProject: (key) => consume(project, 'project', key, 'project'),
  };
}
