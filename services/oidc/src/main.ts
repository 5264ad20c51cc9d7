/**
 * CLI: `pnpm --filter @portico/oidc start` (scripts/services.mjs runs it with tsx).
 * Env: HOST (127.0.0.1), PORT (8790), PORTICO_OIDC_REDIRECT_URIS (comma list, default
 * http://127.0.0.1:3010/social/callback), PORTICO_OIDC_CLIENT_SECRET (the development default),
 * PORTICO_OIDC_AUTHORIZATION_CODE_TTL_SECONDS (60), PORTICO_OIDC_ALLOW_REMOTE ('1' to listen on a
 * host that is not loopback). DEVELOPMENT AND TESTS ONLY: any username signs in without a password.
 */
import { z } from 'zod';
import {
  clientIdFor,
  DEFAULT_AUTHORIZATION_CODE_TTL_SECONDS,
  DEFAULT_PORT,
  DEFAULT_REDIRECT_URI,
  OidcOptionsError,
  SOCIAL_PROVIDERS,
  startOidcProvider,
} from './server';

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'PORT must be a port number 0–65535')
    .transform(Number)
    .refine((n) => n <= 65535, 'PORT must be a port number 0–65535')
    .default(DEFAULT_PORT),
  // The URLs themselves are checked by startOidcProvider (the same rules for the CLI and for callers).
  PORTICO_OIDC_REDIRECT_URIS: z
    .string()
    .transform((list) => list.split(',').map((uri) => uri.trim()).filter((uri) => uri !== ''))
    .default([DEFAULT_REDIRECT_URI]),
  PORTICO_OIDC_CLIENT_SECRET: z.string().optional(),
  PORTICO_OIDC_AUTHORIZATION_CODE_TTL_SECONDS: z
    .string()
    .regex(/^\d{1,3}$/, 'PORTICO_OIDC_AUTHORIZATION_CODE_TTL_SECONDS must be a whole number of seconds, 1–600')
    .transform(Number)
    .default(DEFAULT_AUTHORIZATION_CODE_TTL_SECONDS),
  PORTICO_OIDC_ALLOW_REMOTE: z.enum(['0', '1'], { error: "PORTICO_OIDC_ALLOW_REMOTE must be '0' or '1'" }).default('0'),
});

const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
if (!parsed.success) {
  console.error(`oidc: bad environment: ${parsed.error.issues[0]!.message}`);
  process.exit(2);
}
const env = parsed.data;

const oidc = await startOidcProvider({
  host: env.HOST,
  port: env.PORT,
  redirectUris: env.PORTICO_OIDC_REDIRECT_URIS,
  clientSecret: env.PORTICO_OIDC_CLIENT_SECRET,
  authorizationCodeTtlSeconds: env.PORTICO_OIDC_AUTHORIZATION_CODE_TTL_SECONDS,
  allowRemote: env.PORTICO_OIDC_ALLOW_REMOTE === '1',
  log: (line) => console.error(line),
}).catch((err: NodeJS.ErrnoException) => {
  if (err instanceof OidcOptionsError) {
    console.error(`oidc: bad environment: ${err.message}`);
    process.exit(2);
  }
  console.error(err.code ? `oidc: cannot start on ${env.HOST}: ${err.code} (${err.message})` : err.message);
  process.exit(1);
});
console.log(`OIDC  ${oidc.url}  (DEVELOPMENT ONLY: a local test provider, not Google & co.; any username signs in, no password)`);
for (const provider of SOCIAL_PROVIDERS) console.log(`  ${provider.padEnd(9)} issuer ${oidc.issuer(provider)}  client ${clientIdFor(provider)}`);
console.log(`  redirect URIs: ${env.PORTICO_OIDC_REDIRECT_URIS.join(', ')}`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.error(`oidc: ${signal}, stopping`);
  oidc.stop().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
