/**
 * CLI: `pnpm --filter @portico/farcaster-relay start` (scripts/services.mjs runs it with tsx).
 * Env: HOST (127.0.0.1), PORT (8791), PORTICO_FARCASTER_RELAY_AUTH_KEY (the development default),
 * PORTICO_FARCASTER_RELAY_CHANNEL_TTL_S (3600), PORTICO_FARCASTER_RELAY_MAX_CHANNELS (10000),
 * PORTICO_FARCASTER_RELAY_CHANNELS_PER_IP ('100/60'), PORTICO_FARCASTER_RELAY_RPC_URL (the chain with the
 * IdRegistry, for `custody`; default none), PORTICO_FARCASTER_RELAY_CONNECT_URI_BASE ('farcaster://connect'),
 * PORTICO_FARCASTER_RELAY_ALLOW_REMOTE ('1' to listen on a host that is not loopback).
 */
import { exitOnStartFailure, flagField, listenFields, parseEnv, stopOnSignals, wholeNumberField } from '@portico/service-kit';
import { z } from 'zod';
import { DEFAULT_AUTH_KEY, DEFAULT_PORT, RelayOptionsError, startFarcasterRelay } from './server';

const envSchema = z.object({
  ...listenFields(DEFAULT_PORT),
  PORTICO_FARCASTER_RELAY_AUTH_KEY: z.string().optional(),
  PORTICO_FARCASTER_RELAY_CHANNEL_TTL_S: wholeNumberField('PORTICO_FARCASTER_RELAY_CHANNEL_TTL_S', 86_400),
  PORTICO_FARCASTER_RELAY_MAX_CHANNELS: wholeNumberField('PORTICO_FARCASTER_RELAY_MAX_CHANNELS', 1_000_000),
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
  PORTICO_FARCASTER_RELAY_ALLOW_REMOTE: flagField('PORTICO_FARCASTER_RELAY_ALLOW_REMOTE'),
});
const env = parseEnv('farcaster-relay', envSchema);

const relay = await startFarcasterRelay({
  host: env.HOST,
  port: env.PORT,
  authKey: env.PORTICO_FARCASTER_RELAY_AUTH_KEY,
  channelTtlS: env.PORTICO_FARCASTER_RELAY_CHANNEL_TTL_S,
  maxChannels: env.PORTICO_FARCASTER_RELAY_MAX_CHANNELS,
  channelsPerIp: env.PORTICO_FARCASTER_RELAY_CHANNELS_PER_IP,
  rpcUrl: env.PORTICO_FARCASTER_RELAY_RPC_URL,
  connectUriBase: env.PORTICO_FARCASTER_RELAY_CONNECT_URI_BASE,
  allowRemote: env.PORTICO_FARCASTER_RELAY_ALLOW_REMOTE,
  log: (line) => console.error(line),
}).catch(exitOnStartFailure('farcaster-relay', env.HOST, RelayOptionsError));
const defaultKey = (env.PORTICO_FARCASTER_RELAY_AUTH_KEY ?? DEFAULT_AUTH_KEY) === DEFAULT_AUTH_KEY;
console.log(`FARCASTER RELAY  ${relay.url}  (DEVELOPMENT: Sign In With Farcaster channels in memory${defaultKey ? '; the public default auth key' : ''})`);

stopOnSignals('farcaster-relay', () => relay.stop());
