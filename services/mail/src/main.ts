/**
 * CLI: `pnpm --filter @portico/mail start` (scripts/services.mjs runs it with tsx).
 * Env: HOST (127.0.0.1), PORT (HTTP inbox and API, 8025), SMTP_PORT (1025), MAIL_ALLOW_REMOTE
 * ('1' to listen on a host that is not loopback), MAIL_LIMIT_* (see limits.ts and README.md).
 * DEVELOPMENT AND TESTS ONLY: no authentication, no TLS, mail is kept in memory and never delivered.
 */
import { exitBadEnvironment, exitOnStartFailure, flagField, listenFields, parseEnv, portField, stopOnSignals } from '@portico/service-kit';
import { z } from 'zod';
import { limitsFromEnv, startMail, type MailLimits } from './server';

const env = parseEnv(
  'mail',
  z.object({
    ...listenFields(8025),
    SMTP_PORT: portField('SMTP_PORT', 1025),
    MAIL_ALLOW_REMOTE: flagField('MAIL_ALLOW_REMOTE'),
  }),
);
let limits: Partial<MailLimits>;
try {
  limits = limitsFromEnv(process.env);
} catch (err) {
  exitBadEnvironment('mail', (err as Error).message);
}

const mail = await startMail({
  host: env.HOST,
  smtpPort: env.SMTP_PORT,
  httpPort: env.PORT,
  limits,
  allowRemote: env.MAIL_ALLOW_REMOTE,
  log: (line) => console.error(line),
}).catch(exitOnStartFailure('mail', env.HOST));
console.log(`SMTP  ${mail.smtpUrl}  (development only: no auth, no TLS, nothing is delivered)`);
console.log(`Inbox ${mail.inboxUrl}`);

stopOnSignals('mail', () => mail.close());
