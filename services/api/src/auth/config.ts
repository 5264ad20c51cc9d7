/**
 * Email login settings (`startApi({ auth })`) and what the routes need at run time: the mailer, the
 * lifetimes, the limits and the secret one-time codes are hashed with.
 */
import { createHash, hkdfSync } from 'node:crypto';
import type { Pool } from 'pg';
import { z } from 'zod';
import { issueMessage } from '../http/errors';
import { keyedRateLimit, type RateLimit } from '../http/rate-limit';
import type { SigningKey } from '../sessions/keys';
import { createMailer, type Mailer } from './mail';

export interface AuthOptions {
  /** `smtp://` or `smtps://` URL of the mail server codes go out through. Development default `smtp://127.0.0.1:1025`. */
  smtpUrl?: string;
  /** The From header of every mail. Default `Portico <no-reply@localhost>`. */
  mailFrom?: string;
  /** Session (and JWT) lifetime (s). Default 604,800 (7 days). */
  sessionTtlS?: number;
  /** One-time code lifetime (s). Default 600. */
  codeTtlS?: number;
  /** Device approval link lifetime (s). Default 900. */
  deviceTokenTtlS?: number;
  /** A new login or code request for an email within this many seconds of the last is refused (spec §5). Default 30. */
  throttleS?: number;
  /** Wrong tries a code takes before it is burned. Default 5. */
  maxCodeAttempts?: number;
  /**
   * Mails (codes and approval links) per email address and requesting client IP: one requester's share of an
   * address, so a stranger who uses theirs up blocks only themselves. Default 10 per 3,600 s.
   */
  mailsPerEmailAndIp?: RateLimit;
  /** Mails per requesting client IP, whatever the addresses (room for a shared NAT). Default 100 per 3,600 s. */
  mailsPerIp?: RateLimit;
  /**
   * Mails per email address from every requester: the ceiling that keeps many IPs from flooding one inbox. A device
   * already approved for the address is not held by it, so strangers cannot lock the owner out. Default 30 per 3,600 s.
   */
  mailsPerEmail?: RateLimit;
  /** Requests to the /v1/auth routes per client IP. Default 120 per 60 s. */
  requestsPerIp?: RateLimit;
}

export interface AuthRuntime {
  mailer?: Mailer;
  /** HMAC key for one-time codes, derived from the session signing key. */
  codeSecret?: Buffer;
  /** Why email login answers 503 (no mail server or no signing key); absent when it is available. */
  unavailable?: string;
  sessionTtlS: number;
  codeTtlS: number;
  deviceTokenTtlS: number;
  throttleS: number;
  maxCodeAttempts: number;
  /** Counts one mail to `email` asked for from `ip` against the three mail caps; throws the 429 of the first one over. */
  consumeMail(mail: { email: string; ip: string; approvedDevice: boolean }): Promise<void>;
  consumeIp(ip: string): Promise<void>;
  /** Development mode: new embedded wallets get test ETH on local dev chains (src/auth/devchain-funding.ts). */
  fundNewWallets: boolean;
}

export const DEVELOPMENT_SMTP_URL = 'smtp://127.0.0.1:1025';
export const DEFAULT_MAIL_FROM = 'Portico <no-reply@localhost>';
export const DEFAULT_MAILS_PER_EMAIL_AND_IP: RateLimit = { points: 10, durationS: 3_600 };
export const DEFAULT_MAILS_PER_IP: RateLimit = { points: 100, durationS: 3_600 };
export const DEFAULT_MAILS_PER_EMAIL: RateLimit = { points: 30, durationS: 3_600 };
export const DEFAULT_AUTH_REQUESTS_PER_IP: RateLimit = { points: 120, durationS: 60 };

export const NO_MAIL_SERVER = 'Email login is unavailable: the API has no mail server (set PORTICO_API_SMTP_URL)';
export const NO_SIGNING_KEY = 'Email login is unavailable: the API has no session signing key (set PORTICO_API_SESSION_KEY)';

const seconds = (max: number) => z.number().int().min(1).max(max);
const optionsSchema = z.object({
  smtpUrl: z
    .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL, e.g. smtp://127.0.0.1:1025" })
    .optional(),
  mailFrom: z.string().min(3).max(256).optional(),
  sessionTtlS: seconds(31_536_000).default(604_800),
  codeTtlS: seconds(86_400).default(600),
  deviceTokenTtlS: seconds(86_400).default(900),
  throttleS: seconds(3_600).default(30),
  maxCodeAttempts: z.number().int().min(1).max(100).default(5),
});

export function authRuntime(options: AuthOptions = {}, development: boolean, key: SigningKey | undefined, pool?: Pool): AuthRuntime {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) throw new Error(`auth: ${issueMessage(parsed.error)}`);
  const settings = parsed.data;
  const smtpUrl = settings.smtpUrl ?? (development ? DEVELOPMENT_SMTP_URL : undefined);
  return {
    mailer: smtpUrl ? createMailer(smtpUrl, settings.mailFrom ?? DEFAULT_MAIL_FROM) : undefined,
    // The codes' HMAC key never sits in the database in production (the signing key comes from the environment).
    codeSecret: key && Buffer.from(hkdfSync('sha256', key.privateKey.export({ format: 'der', type: 'pkcs8' }), '', 'portico embedded one-time codes', 32)),
    unavailable: !smtpUrl ? NO_MAIL_SERVER : !key ? NO_SIGNING_KEY : undefined,
    sessionTtlS: settings.sessionTtlS,
    codeTtlS: settings.codeTtlS,
    deviceTokenTtlS: settings.deviceTokenTtlS,
    throttleS: settings.throttleS,
    maxCodeAttempts: settings.maxCodeAttempts,
    consumeMail: mailCaps(options, pool),
    consumeIp: keyedRateLimit(options.requestsPerIp ?? DEFAULT_AUTH_REQUESTS_PER_IP, 'auth-ip', 'IP address', pool),
    fundNewWallets: development,
  };
}

/**
 * The mail caps, the requester's own first: per address and IP, per IP, then the address's ceiling, which a device
 * already approved for the address skips. Addresses are keyed by their sha256: one (≤ 254 characters) would not fit
 * the counters' key column.
 */
function mailCaps(options: AuthOptions, pool: Pool | undefined): AuthRuntime['consumeMail'] {
  const perEmailAndIp = keyedRateLimit(options.mailsPerEmailAndIp ?? DEFAULT_MAILS_PER_EMAIL_AND_IP, 'auth-mail-email-ip', 'email address from this IP address', pool);
  const perIp = keyedRateLimit(options.mailsPerIp ?? DEFAULT_MAILS_PER_IP, 'auth-mail-ip', 'IP address (login mails)', pool);
  const perEmail = keyedRateLimit(options.mailsPerEmail ?? DEFAULT_MAILS_PER_EMAIL, 'auth-mail', 'email address', pool);
  return async ({ email, ip, approvedDevice }) => {
    const address = createHash('sha256').update(email).digest('hex');
    await perEmailAndIp(`${address}:${ip}`);
    await perIp(ip);
    if (!approvedDevice) await perEmail(address);
  };
}
