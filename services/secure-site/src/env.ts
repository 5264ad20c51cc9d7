/**
 * The server's environment (see main.ts and the README's table) as a zod schema; main.ts reads it with the
 * service kit's `parseEnv` (empty variables count as unset; the first bad variable exits 2 in words).
 */
import { fileURLToPath } from 'node:url';
import { trustedProxiesField } from '@portico/service-kit';
import { z } from 'zod';
import { previousOperatorKeySchema } from './sealing';

/** A rate limit written '<requests>/<seconds>'; `example` is the default the message shows. */
const rateLimit = (example: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,8}\/[1-9]\d{0,5}$/, `must be '<requests>/<seconds>', e.g. ${example}`)
    .transform((v) => {
      const [points, durationS] = v.split('/').map(Number) as [number, number];
      return { points, durationS };
    });

export const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3010),
  PORTICO_API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8788'),
  PORTICO_SECURE_SITE_KEY: z.string().min(1).optional(),
  PORTICO_SECURE_SITE_PREVIOUS_KEY: previousOperatorKeySchema.optional(),
  PORTICO_SECURE_SITE_MODE: z.enum(['production', 'development']).default('production'),
  PORTICO_SECURE_SITE_DATA_DIR: z.string().min(1).default(fileURLToPath(new URL('../.data/', import.meta.url))),
  PORTICO_SECURE_SITE_PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  PORTICO_SECURE_SITE_RATE_LIMIT_OPEN: rateLimit('30/60').optional(),
  PORTICO_SECURE_SITE_RATE_LIMIT_SIGN: rateLimit('120/60').optional(),
  PORTICO_SECURE_SITE_RATE_LIMIT_EXPORT: rateLimit('5/60').optional(),
  /** The load balancers in front: their X-Forwarded-For names the visitor for the per-IP limits. */
  PORTICO_SECURE_SITE_TRUSTED_PROXIES: trustedProxiesField(),
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
