/**
 * CLI: `pnpm --filter @portico/farcaster-relay start` (scripts/services.mjs runs it with tsx).
 * Env: HOST (127.0.0.1), PORT (8791), PORTICO_FARCASTER_RELAY_AUTH_KEY (the development default),
 * PORTICO_FARCASTER_RELAY_CHANNEL_TTL_S (3600), PORTICO_FARCASTER_RELAY_MAX_CHANNELS (10000),
 * PORTICO_FARCASTER_RELAY_CHANNELS_PER_IP ('100/60'), PORTICO_FARCASTER_RELAY_RPC_URL (the chain with the
 * IdRegistry, for `custody`; default none), PORTICO_FARCASTER_RELAY_CONNECT_URI_BASE ('farcaster://connect'),
 * PORTICO_FARCASTER_RELAY_ALLOW_REMOTE ('1' to listen on a host that is not loopback).
 */
import { z } from 'zod';
import { DEFAULT_AUTH_KEY, DEFAULT_PORT, RelayOptionsError, startFarcasterRelay } from './server';

const whole = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `${name} must be 1–${max}`);

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'PORT must be a port number 0–65535')
    .transform(Number)
    .refine((n) => n <= 65535, 'PORT must be a port number 0–65535')
    .default(DEFAULT_PORT),
  PORTICO_FARCASTER_RELAY_AUTH_KEY: z.string().optional(),
  PORTICO_FARCASTER_RELAY_CHANNEL_TTL_S: whole('PORTICO_FARCASTER_RELAY_CHANNEL_TTL_S', 86_400).optional(),
  PORTICO_FARCASTER_RELAY_MAX_CHANNELS: whole('PORTICO_FARCASTER_RELAY_MAX_CHANNELS', 1_000_000).optional(),
  PORTICO_FARCASTER_RELAY_CHANNELS_PER_IP: z
    .string()
    .regex(/^\d{1,7}\/\d{1,5}$/, "PORTICO_FARCASTER_RELAY_CHANNELS_PER_IP must be '<requests>/<seconds>', e.g. 100/60")
    .transform((v) => {
      const [points, durationS] = v.split('/').map(Number) as [number, number];
      return { points, durationS };
    })
    .optional(),
  PORTICO_FARCASTER_RELAY_RPC_URL: z.string().optional(),
  PORTICO_FARCASTER_RELAY_CONNECT_URI_BASE: z.string().optional(),
  PORTICO_FARCASTER_RELAY_ALLOW_REMOTE: z.enum(['0', '1'], { error: "PORTICO_FARCASTER_RELAY_ALLOW_REMOTE must be '0' or '1'" }).default('0'),
});

const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
if (!parsed.success) {
  console.error(`farcaster-relay: bad environment: ${parsed.error.issues[0]!.message}`);
  process.exit(2);
}
const env = parsed.data;

const relay = await startFarcasterRelay({
  host: env.HOST,
  port: env.PORT,
  authKey: env.PORTICO_FARCASTER_RELAY_AUTH_KEY,
  channelTtlS: env.PORTICO_FARCASTER_RELAY_CHANNEL_TTL_S,
  maxChannels: env.PORTICO_FARCASTER_RELAY_MAX_CHANNELS,
  channelsPerIp: env.PORTICO_FARCASTER_RELAY_CHANNELS_PER_IP,
  rpcUrl: env.PORTICO_FARCASTER_RELAY_RPC_URL,
  connectUriBase: env.PORTICO_FARCASTER_RELAY_CONNECT_URI_BASE,
  allowRemote: env.PORTICO_FARCASTER_RELAY_ALLOW_REMOTE === '1',
  log: (line) => console.error(line),
}).catch((err: NodeJS.ErrnoException) => {
  if (err instanceof RelayOptionsError) {
    console.error(`farcaster-relay: bad environment: ${err.message}`);
    process.exit(2);
  }
  console.error(err.code ? `farcaster-relay: cannot start on ${env.HOST}: ${err.code} (${err.message})` : err.message);
  process.exit(1);
});
const defaultKey = (env.PORTICO_FARCASTER_RELAY_AUTH_KEY ?? DEFAULT_AUTH_KEY) === DEFAULT_AUTH_KEY;
console.log(`FARCASTER RELAY  ${relay.url}  (DEVELOPMENT: Sign In With Farcaster channels in memory${defaultKey ? '; the public default auth key' : ''})`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.error(`farcaster-relay: ${signal}, stopping`);
  relay.stop().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
