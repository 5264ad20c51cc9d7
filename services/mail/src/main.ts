/**
 * CLI: `pnpm --filter @portico/mail start` (scripts/services.mjs runs it with tsx).
 * Env: HOST (127.0.0.1), PORT (HTTP inbox and API, 8025), SMTP_PORT (1025), MAIL_ALLOW_REMOTE
 * ('1' to listen on a host that is not loopback), MAIL_LIMIT_* (see limits.ts and README.md).
 * DEVELOPMENT AND TESTS ONLY: no authentication, no TLS, mail is kept in memory and never delivered.
 */
import { z } from 'zod';
import { limitsFromEnv, startMail, type MailLimits } from './server';

const port = (name: string, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,5}$/, `${name} must be a port number 0–65535`)
    .transform(Number)
    .refine((n) => n <= 65535, `${name} must be a port number 0–65535`)
    .default(fallback);

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port('PORT', 8025),
  SMTP_PORT: port('SMTP_PORT', 1025),
  MAIL_ALLOW_REMOTE: z.enum(['0', '1'], { error: "MAIL_ALLOW_REMOTE must be '0' or '1'" }).default('0'),
});

const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
if (!parsed.success) {
  console.error(`mail: bad environment: ${parsed.error.issues[0]!.message}`);
  process.exit(2);
}
const env = parsed.data;
let limits: Partial<MailLimits>;
try {
  limits = limitsFromEnv(process.env);
} catch (err) {
  console.error(`mail: bad environment: ${(err as Error).message}`);
  process.exit(2);
}

const mail = await startMail({
  host: env.HOST,
  smtpPort: env.SMTP_PORT,
  httpPort: env.PORT,
  limits,
  allowRemote: env.MAIL_ALLOW_REMOTE === '1',
  log: (line) => console.error(line),
}).catch((err: NodeJS.ErrnoException) => {
  console.error(err.code ? `mail: cannot start on ${env.HOST}: ${err.code} (${err.message})` : err.message);
  process.exit(1);
});
console.log(`SMTP  ${mail.smtpUrl}  (development only: no auth, no TLS, nothing is delivered)`);
console.log(`Inbox ${mail.inboxUrl}`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.error(`mail: ${signal}, stopping`);
  mail.close().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
