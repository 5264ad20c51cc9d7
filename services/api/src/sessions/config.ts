/** Sign-in session settings (`startApi({ sessions })`) and what the routes need at run time. */
import type { Pool } from 'pg';
import type { Db } from '../db/client';
import { keyedRateLimit, type RateLimit } from '../http/rate-limit';
import { loadSigningKey, type SigningKey } from './keys';

export interface SessionOptions {
  /** The JWT signing key: PKCS#8 PEM or private JWK (JSON), EC P-256. Required in production for sign-in. */
  signingKey?: string;
  /** Nonce lifetime (s). Default 600. */
  nonceTtlS?: number;
  /** Session lifetime when the message has no expirationTime (s). Default 86,400 (24 h). */
  defaultTtlS?: number;
  /** Longest session, whatever the message's expirationTime says (s). Default 604,800 (7 days). */
  maxTtlS?: number;
  /** Nonces per client IP. Default 30 per 60 s. */
  noncesPerIp?: RateLimit;
}

export interface SessionRuntime {
  /** Absent: sign-in is unavailable (production without a key) and its endpoints answer 503. */
  key?: SigningKey;
  nonceTtlS: number;
  defaultTtlS: number;
  maxTtlS: number;
  consumeNonce(ip: string): Promise<void>;
}

export const DEFAULT_NONCES_PER_IP: RateLimit = { points: 30, durationS: 60 };

export async function sessionRuntime(db: Db, options: SessionOptions = {}, development = false, pool?: Pool): Promise<SessionRuntime> {
  return {
    key: await loadSigningKey(db, { signingKey: options.signingKey, development }),
    nonceTtlS: options.nonceTtlS ?? 600,
    defaultTtlS: options.defaultTtlS ?? 86_400,
    maxTtlS: options.maxTtlS ?? 604_800,
    consumeNonce: keyedRateLimit(options.noncesPerIp ?? DEFAULT_NONCES_PER_IP, 'siwx-nonce', 'IP address', pool),
  };
}
