/**
 * Rate limits per client IP and per project (rate-limiter-flexible). With PostgreSQL the counters
 * live in the `rate_limits` table (migration 006), so every replica on the same database shares
 * them; with PGlite (one process) they live in memory. Over the limit → HttpError 429 with
 * `Retry-After` in whole seconds.
 */
import type { Pool } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from './errors';

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

function limiter(limit: RateLimit, keyPrefix: string, pool: Pool | undefined): RateLimiterAbstract {
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

async function consume(rl: RateLimiterAbstract, key: string, what: string): Promise<void> {
  try {
    await rl.consume(key);
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    const retryAfterS = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw new HttpError(429, `Too many requests for this ${what}: try again in ${retryAfterS} s`, retryAfterS);
  }
}

/** One more limit of the same kind (e.g. sign-in nonces per IP): `consume(key)` throws the 429. */
export function keyedRateLimit(limit: RateLimit, keyPrefix: string, what: string, pool?: Pool): (key: string) => Promise<void> {
  const rl = limiter(limit, keyPrefix, pool);
  return (key) => consume(rl, key, what);
}

export function rateLimiters(options: RateLimitOptions = {}, pool?: Pool): RateLimiters {
  const ip = limiter(options.perIp ?? DEFAULT_RATE_LIMITS.perIp, 'ip', pool);
  const project = limiter(options.perProject ?? DEFAULT_RATE_LIMITS.perProject, 'project', pool);
  return {
    consumeIp: (key) => consume(ip, key, 'IP address'),
    consumeProject: (key) => consume(project, key, 'project'),
  };
}
