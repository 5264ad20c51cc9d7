/**
 * `portico-admin limits show`: the rate-limit counters (rate-limiter-flexible's `rate_limits` table, migration 006,
 * keys '<limiter>:<key>') and the login-mail state: the 30 s throttle per address and client IP
 * (`auth_email_throttle`) and the hourly mail caps, keyed by the address's sha256 (src/auth/config.ts).
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';

export interface Counter {
  /** The limiter: ip, project, siwx-nonce, auth-ip, auth-mail, auth-mail-email-ip, auth-mail-ip, auth-social-start, auth-farcaster-start. */
  limiter: string;
  key: string;
  /** Requests counted in the current window. */
  points: number;
  resetsAt: string | null;
}

export interface LimitsState {
  /** PGlite: the API counts in its own memory, so no counter is in the database. */
  countersStored: boolean;
  counters: Counter[];
  mailThrottle: { email: string; clientIp: string; lastSentAt: string }[];
}

const emailHash = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex');

/** Live counters and throttle rows; `email` narrows both to one address, `limiter` the counters to one limiter. */
export async function limitsState(db: Db, filter: { email?: string; limiter?: string } = {}): Promise<LimitsState> {
  const email = filter.email?.toLowerCase();
  const hash = email && emailHash(email);
  const counters = db.kind === 'postgres'
    ? (
        await db.query<{ key: string; points: number; expire: string | number | null }>(
          `SELECT key, points, expire FROM rate_limits
           WHERE (expire IS NULL OR expire > $1)
             AND ($2::text IS NULL OR split_part(key, ':', 1) = $2)
             AND ($3::text IS NULL OR key = 'auth-mail:' || $3 OR key LIKE 'auth-mail-email-ip:' || $3 || ':%')
           ORDER BY key`,
          [Date.now(), filter.limiter ?? null, hash ?? null],
        )
      ).rows.map((r) => {
        const at = r.key.indexOf(':');
        return { limiter: r.key.slice(0, at), key: r.key.slice(at + 1), points: r.points, resetsAt: r.expire === null ? null : new Date(Number(r.expire)).toISOString() };
      })
    : [];
  const { rows } = await db.query<{ email: string; client_ip: string; last_sent_at: Date | string }>(
    `SELECT email, client_ip, last_sent_at FROM auth_email_throttle WHERE $1::text IS NULL OR email = $1 ORDER BY email, client_ip`,
    [email ?? null],
  );
  return {
    countersStored: db.kind === 'postgres',
    counters,
    mailThrottle: rows.map((r) => ({ email: r.email, clientIp: r.client_ip, lastSentAt: new Date(r.last_sent_at).toISOString() })),
  };
}
