/**
 * Every bound the mail catcher enforces, with its default, in one place. Each is an option of
 * `startMail({ limits })` and, for the CLI, an environment variable (`limitEnvName`). The defaults
 * are far above what `pnpm demo` and e2e send (a few one-time-code mails of a few kB each).
 */
import { z } from 'zod';

export interface MailLimits {
  /** Largest accepted message in bytes (SMTP `SIZE`); bigger ones get `552 ... maximum message size`. */
  maxMessageBytes: number;
  /** Messages kept; the oldest one is dropped to make room for a new one. */
  maxMessages: number;
  /** Bytes of messages kept (sum of their sizes); the oldest ones are dropped to make room. */
  maxStoredBytes: number;
  /** Recipients (`RCPT TO`) of one message; more get `452 Error: too many recipients`. */
  maxRecipients: number;
  /** SMTP connections open at once; more get `421 ... Too many connected clients`. */
  maxConnections: number;
  /** An SMTP connection silent for this long is closed with `421 Timeout - closing connection`. */
  idleTimeoutMs: number;
}

const KiB = 1024;
const MiB = 1024 * KiB;

export const DEFAULT_LIMITS: Readonly<MailLimits> = Object.freeze({
  maxMessageBytes: 1 * MiB,
  maxMessages: 1000,
  maxStoredBytes: 64 * MiB,
  maxRecipients: 50,
  maxConnections: 50,
  idleTimeoutMs: 60_000,
});

const LIMIT_KEYS = Object.keys(DEFAULT_LIMITS) as Array<keyof MailLimits>;

const limitValue = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const limitsSchema = z.strictObject(
  Object.fromEntries(LIMIT_KEYS.map((k) => [k, limitValue.optional()])) as Record<keyof MailLimits, z.ZodOptional<typeof limitValue>>,
);

/** Defaults overridden by `partial`; an unknown key or a value that is not a positive integer throws. */
export function resolveLimits(partial: unknown = {}): MailLimits {
  const parsed = limitsSchema.safeParse(partial);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.');
    throw new TypeError(`mail limits: ${where}: ${issue.message}`);
  }
  const given = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  const limits = { ...DEFAULT_LIMITS, ...given };
  if (limits.maxMessageBytes > limits.maxStoredBytes) {
    throw new TypeError('mail limits: maxMessageBytes: must not exceed maxStoredBytes (a message that fits must be storable)');
  }
  return limits;
}

const ENV_PREFIX = 'MAIL_LIMIT_';

/** `maxMessageBytes` → `MAIL_LIMIT_MAX_MESSAGE_BYTES`. */
export const limitEnvName = (key: keyof MailLimits) => ENV_PREFIX + key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();

/** The limits set in the environment; an unknown `MAIL_LIMIT_*` name or a non-integer value throws. */
export function limitsFromEnv(env: Record<string, string | undefined>): Partial<MailLimits> {
  const byName = new Map(LIMIT_KEYS.map((k) => [limitEnvName(k), k]));
  const limits: Partial<MailLimits> = {};
  for (const [name, text] of Object.entries(env)) {
    if (!name.startsWith(ENV_PREFIX) || text === undefined || text === '') continue;
    const key = byName.get(name);
    if (!key) throw new TypeError(`${name} is not a mail limit; known: ${[...byName.keys()].join(', ')}`);
    if (!/^\d+$/.test(text)) throw new TypeError(`${name} must be a positive integer, got ${JSON.stringify(text)}`);
    limits[key] = Number(text);
  }
  resolveLimits(limits); // range check with the same messages as startMail
  return limits;
}
