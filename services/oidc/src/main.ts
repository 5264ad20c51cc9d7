/**
 * CLI: `pnpm --filter @portico/oidc start` (scripts/services.mjs runs it with tsx).
 * Env: HOST (127.0.0.1), PORT (8790), PORTICO_OIDC_REDIRECT_URIS (comma list, default
 * http://127.0.0.1:3010/social/callback), PORTICO_OIDC_CLIENT_SECRET (the development default),
 * PORTICO_OIDC_AUTHORIZATION_CODE_TTL_SECONDS (60), PORTICO_OIDC_ALLOW_REMOTE ('1' to listen on a
 * host that is not loopback). DEVELOPMENT AND TESTS ONLY: any username signs in without a password.
 */
import { exitOnStartFailure, flagField, listenFields, parseEnv, stopOnSignals } from '@portico/service-kit';
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
  ...listenFields(DEFAULT_PORT),
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
  PORTICO_OIDC_ALLOW_REMOTE: flagField('PORTICO_OIDC_ALLOW_REMOTE'),
});
const env = parseEnv('oidc', envSchema);

const oidc = await startOidcProvider({
  host: env.HOST,
  port: env.PORT,
  redirectUris: env.PORTICO_OIDC_REDIRECT_URIS,
  clientSecret: env.PORTICO_OIDC_CLIENT_SECRET,
  authorizationCodeTtlSeconds: env.PORTICO_OIDC_AUTHORIZATION_CODE_TTL_SECONDS,
  allowRemote: env.PORTICO_OIDC_ALLOW_REMOTE,
  log: (line) => console.error(line),
}).catch(exitOnStartFailure('oidc', env.HOST, OidcOptionsError));
console.log(`OIDC  ${oidc.url}  (DEVELOPMENT ONLY: a local test provider, not Google & co.; any username signs in, no password)`);
for (const provider of SOCIAL_PROVIDERS) console.log(`  ${provider.padEnd(9)} issuer ${oidc.issuer(provider)}  client ${clientIdFor(provider)}`);
console.log(`  redirect URIs: ${env.PORTICO_OIDC_REDIRECT_URIS.join(', ')}`);

stopOnSignals('oidc', () => oidc.stop());
