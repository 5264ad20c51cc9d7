/**
 * CLI: `pnpm --filter @portico/relay start`. Env: HOST (127.0.0.1), PORT (8787), LOG_LEVEL, RELAY_ALLOW_REMOTE ('1'
 * to listen on a host that is not loopback), RELAY_PUBLIC_URLS (comma list of the ws(s) URLs clients use, besides
 * the listening one), RELAY_LIMIT_* (see limits.ts and README.md), PORTICO_RELAY_REDIS_URL (cluster mode through Redis;
 * none: in memory), PORTICO_RELAY_REDIS_PREFIX (its key prefix) and PORTICO_RELAY_METRICS_TOKEN (the Bearer token /metrics
 * is served to; none: no /metrics) and PORTICO_RELAY_TRUSTED_PROXIES (load balancers whose X-Forwarded-For names the
 * visitor for the per-address limits).
 */
import { exitBadEnvironment, exitOnStartFailure, flagField, listenFields, metricsTokenField, parseEnv, stopOnSignals, trustedProxiesField } from '@portico/service-kit';
import { z } from 'zod';
import { relayUrlSchema } from './auth';
import { isLogLevel, type LogLevel } from './logger';
import { limitsFromEnv, startRelay, type RelayLimits } from './relay';

const env = parseEnv(
  'relay',
  z.object({
    ...listenFields(8787),
    LOG_LEVEL: z
      .custom<LogLevel>(isLogLevel, { error: (issue) => `LOG_LEVEL must be one of debug, info, warn, error, silent; got ${JSON.stringify(issue.input)}` })
      .default('info'),
    RELAY_ALLOW_REMOTE: flagField('RELAY_ALLOW_REMOTE'),
    RELAY_PUBLIC_URLS: z
      .string()
      .transform((list) => list.split(',').map((url) => url.trim()).filter((url) => url !== ''))
      .pipe(z.array(relayUrlSchema))
      .optional(),
    PORTICO_RELAY_REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'PORTICO_RELAY_REDIS_URL must be a redis:// or rediss:// URL' }).optional(),
    PORTICO_RELAY_REDIS_PREFIX: z.string().min(1).max(200).optional(),
    PORTICO_RELAY_METRICS_TOKEN: metricsTokenField(),
    PORTICO_RELAY_TRUSTED_PROXIES: trustedProxiesField(),
  }),
);
let limits: Partial<RelayLimits>;
try {
  limits = limitsFromEnv(process.env);
} catch (err) {
  exitBadEnvironment('relay', (err as Error).message);
}

const relay = await startRelay({
  host: env.HOST,
  port: env.PORT,
  allowRemote: env.RELAY_ALLOW_REMOTE,
  publicUrls: env.RELAY_PUBLIC_URLS,
  logLevel: env.LOG_LEVEL,
  limits,
  redisUrl: env.PORTICO_RELAY_REDIS_URL,
  redisKeyPrefix: env.PORTICO_RELAY_REDIS_PREFIX,
  metricsToken: env.PORTICO_RELAY_METRICS_TOKEN,
  trustedProxies: env.PORTICO_RELAY_TRUSTED_PROXIES,
}).catch(exitOnStartFailure('relay', env.HOST));
console.log(relay.url);

stopOnSignals('relay', () => relay.close());
