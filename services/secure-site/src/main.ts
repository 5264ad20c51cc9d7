/**
 * CLI: `pnpm --filter @portico/secure-site start`.
 * Env: HOST (127.0.0.1), PORT (3010), PORTICO_API_URL (http://127.0.0.1:8788), PORTICO_SECURE_SITE_KEY (operator key,
 * 32 bytes hex or base64; required in production), PORTICO_SECURE_SITE_PREVIOUS_KEY (during a key rotation:
 * '<previous key>@<ISO time its grace ends>', docs/operating.md), PORTICO_SECURE_SITE_MODE (production | development;
 * default production), PORTICO_SECURE_SITE_DATA_DIR (development: where the generated key is kept; default .data/),
 * PORTICO_SECURE_SITE_PUBLIC_ORIGIN (behind a proxy), PORTICO_SECURE_SITE_RATE_LIMIT_OPEN (/wallet/account, '<requests>/<seconds>', 30/60),
 * PORTICO_SECURE_SITE_RATE_LIMIT_SIGN (/wallet/sign, 120/60), PORTICO_SECURE_SITE_RATE_LIMIT_EXPORT (/wallet/export, 5/60),
 * PORTICO_SECURE_SITE_BUNDLER_URL + PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS (smart accounts: the bundler's URL, https
 * unless development mode or loopback, and a comma list of eip155 chain ids; both or neither).
 */
import { parseEnv, stopOnSignals } from '@portico/service-kit';
import { envSchema } from './env';
import { startSecureSite } from './server';

const env = parseEnv('portico secure site', envSchema);

const site = await startSecureSite({
  host: env.HOST,
  port: env.PORT,
  apiUrl: env.PORTICO_API_URL,
  key: env.PORTICO_SECURE_SITE_KEY,
  previousKey: env.PORTICO_SECURE_SITE_PREVIOUS_KEY,
  development: env.PORTICO_SECURE_SITE_MODE === 'development',
  dataDir: env.PORTICO_SECURE_SITE_DATA_DIR,
  publicOrigin: env.PORTICO_SECURE_SITE_PUBLIC_ORIGIN,
  openLimit: env.PORTICO_SECURE_SITE_RATE_LIMIT_OPEN,
  signLimit: env.PORTICO_SECURE_SITE_RATE_LIMIT_SIGN,
  exportLimit: env.PORTICO_SECURE_SITE_RATE_LIMIT_EXPORT,
  trustedProxies: env.PORTICO_SECURE_SITE_TRUSTED_PROXIES,
  smartAccounts:
    env.PORTICO_SECURE_SITE_BUNDLER_URL && env.PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS
      ? { bundlerUrl: env.PORTICO_SECURE_SITE_BUNDLER_URL, chains: env.PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS }
      : undefined,
}).catch((err: Error) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(2);
});
process.stdout.write(`portico secure site listening on ${site.url} (api ${env.PORTICO_API_URL}, ${env.PORTICO_SECURE_SITE_MODE})\n`);

stopOnSignals('portico secure site', () => site.close());
