/**
 * CLI: `pnpm --filter @portico/secure-site start`.
 * Env: HOST (127.0.0.1), PORT (3010), PORTICO_API_URL (http://127.0.0.1:8788), PORTICO_SECURE_SITE_KEY (operator key,
 * 32 bytes hex or base64; required in production), PORTICO_SECURE_SITE_MODE (production | development; default
 * production), PORTICO_SECURE_SITE_DATA_DIR (development: where the generated key is kept; default .data/),
 * PORTICO_SECURE_SITE_PUBLIC_ORIGIN (behind a proxy), PORTICO_SECURE_SITE_RATE_LIMIT_OPEN ('<requests>/<seconds>', 30/60),
 * PORTICO_SECURE_SITE_BUNDLER_URL + PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS (smart accounts: the bundler's URL, https
 * unless development mode or loopback, and a comma list of eip155 chain ids; both or neither).
 */
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { startSecureSite } from './server';

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3010),
  PORTICO_API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8788'),
  PORTICO_SECURE_SITE_KEY: z.string().min(1).optional(),
  PORTICO_SECURE_SITE_MODE: z.enum(['production', 'development']).default('production'),
  PORTICO_SECURE_SITE_DATA_DIR: z.string().min(1).default(fileURLToPath(new URL('../.data/', import.meta.url))),
  PORTICO_SECURE_SITE_PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  PORTICO_SECURE_SITE_RATE_LIMIT_OPEN: z
    .string()
    .regex(/^[1-9]\d{0,8}\/[1-9]\d{0,5}$/, "must be '<requests>/<seconds>', e.g. 30/60")
    .transform((v) => {
      const [points, durationS] = v.split('/').map(Number) as [number, number];
      return { points, durationS };
    })
    .optional(),
  PORTICO_SECURE_SITE_BUNDLER_URL: z.string().max(2048).optional(),
  PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS: z
    .string()
    .regex(/^(eip155:)?\d{1,16}(,(eip155:)?\d{1,16})*$/, 'must be a comma list of eip155 chain ids, e.g. 31337')
    .transform((v) => v.split(',').map((id) => Number(id.replace('eip155:', ''))))
    .optional(),
}).refine((env) => (env.PORTICO_SECURE_SITE_BUNDLER_URL === undefined) === (env.PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS === undefined), {
  message: 'set both or neither of PORTICO_SECURE_SITE_BUNDLER_URL and PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS',
  path: ['PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS'],
});

const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
if (!parsed.success) {
  const issue = parsed.error.issues[0];
  process.stderr.write(`portico secure site: bad environment: ${issue?.path.join('.')}: ${issue?.message}\n`);
  process.exit(2);
}
const env = parsed.data;

const site = await startSecureSite({
  host: env.HOST,
  port: env.PORT,
  apiUrl: env.PORTICO_API_URL,
  key: env.PORTICO_SECURE_SITE_KEY,
  development: env.PORTICO_SECURE_SITE_MODE === 'development',
  dataDir: env.PORTICO_SECURE_SITE_DATA_DIR,
  publicOrigin: env.PORTICO_SECURE_SITE_PUBLIC_ORIGIN,
  openLimit: env.PORTICO_SECURE_SITE_RATE_LIMIT_OPEN,
  smartAccounts:
    env.PORTICO_SECURE_SITE_BUNDLER_URL && env.PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS
      ? { bundlerUrl: env.PORTICO_SECURE_SITE_BUNDLER_URL, chains: env.PORTICO_SECURE_SITE_SMART_ACCOUNT_CHAINS }
      : undefined,
}).catch((err: Error) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(2);
});
process.stdout.write(`portico secure site listening on ${site.url} (api ${env.PORTICO_API_URL}, ${env.PORTICO_SECURE_SITE_MODE})\n`);

const stop = async () => {
  await site.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
