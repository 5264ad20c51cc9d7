/** CLI: `pnpm --filter @portico/relay start` (PORT, HOST, LOG_LEVEL and RELAY_LIMIT_* from the environment). */
import { isLogLevel } from './logger';
import { limitsFromEnv, startRelay, type RelayLimits } from './relay';

const port = process.env.PORT === undefined || process.env.PORT === '' ? 8787 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be an integer 0–65535, got ${JSON.stringify(process.env.PORT)}`);
  process.exit(2);
}
const logLevel = process.env.LOG_LEVEL ?? 'info';
if (!isLogLevel(logLevel)) {
  console.error(`LOG_LEVEL must be one of debug, info, warn, error, silent; got ${JSON.stringify(logLevel)}`);
  process.exit(2);
}
let limits: Partial<RelayLimits>;
try {
  limits = limitsFromEnv(process.env);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}

const host = process.env.HOST || '127.0.0.1';
const relay = await startRelay({ host, port, logLevel, limits }).catch((err: NodeJS.ErrnoException) => {
  console.error(`relay: cannot start on ${host}:${port}: ${err.code ?? err.message}`);
  process.exit(1);
});
console.log(relay.url);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.error(`relay: ${signal}, stopping`);
  relay.close().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
