/** CLI: `pnpm --filter @portico/relay start` (PORT, HOST, LOG_LEVEL and RELAY_LIMIT_* from the environment). */
import { exitBadEnvironment, exitOnStartFailure, listenFields, parseEnv, stopOnSignals } from '@portico/service-kit';
import { z } from 'zod';
import { isLogLevel, type LogLevel } from './logger';
import { limitsFromEnv, startRelay, type RelayLimits } from './relay';

const env = parseEnv(
  'relay',
  z.object({
    ...listenFields(8787),
    LOG_LEVEL: z
      .custom<LogLevel>(isLogLevel, { error: (issue) => `LOG_LEVEL must be one of debug, info, warn, error, silent; got ${JSON.stringify(issue.input)}` })
      .default('info'),
  }),
);
let limits: Partial<RelayLimits>;
try {
  limits = limitsFromEnv(process.env);
} catch (err) {
  exitBadEnvironment('relay', (err as Error).message);
}

const relay = await startRelay({ host: env.HOST, port: env.PORT, logLevel: env.LOG_LEVEL, limits }).catch(exitOnStartFailure('relay', env.HOST));
console.log(relay.url);

stopOnSignals('relay', () => relay.close());
