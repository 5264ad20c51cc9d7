/**
 * Sign In With Farcaster settings (issue 12; spec §2 ConnectingFarcaster, §7 GET_FARCASTER_URI /
 * CONNECT_FARCASTER): the auth relay the channels are opened on, the RPC of the chain with Farcaster's
 * IdRegistry and KeyRegistry (custody and auth-address checks), the SIWF message's `uri` (its `domain` is that URI's host), the channel's
 * lifetime and the starts per client IP. Development mode defaults to the local relay
 * (`@portico/farcaster-relay`, http://127.0.0.1:8791), the devchain (whose IdRegistry and KeyRegistry sit at their canonical
 * addresses) and the secure site; production has no default: without all three the routes answer 503 (FARCASTER_NOT_CONFIGURED).
 */
import type { Pool } from 'pg';
import { z } from 'zod';
import { createAppClient, viemConnector, type AppClient } from '@farcaster/auth-client';
import { issueMessage } from '../http/errors';
import { keyedRateLimit, type RateLimit } from '../http/rate-limit';

export const DEVELOPMENT_FARCASTER_RELAY_URL = 'http://127.0.0.1:8791';
export const DEVELOPMENT_FARCASTER_RPC_URL = 'http://127.0.0.1:8545';
/** The secure site, where the person signs in (the SIWF message's uri; domain 127.0.0.1:3010). */
export const DEVELOPMENT_FARCASTER_SIWE_URI = 'http://127.0.0.1:3010';
export const DEFAULT_FARCASTER_CHANNEL_TTL_S = 600;
export const DEFAULT_FARCASTER_STARTS_PER_IP: RateLimit = { points: 30, durationS: 600 };
export const FARCASTER_NOT_CONFIGURED = 'Sign In With Farcaster is not configured on this server';

export interface FarcasterOptions {
  /** The auth relay (Farcaster's is https://relay.farcaster.xyz). Development default the local relay. */
  relayUrl?: string;
  /** JSON-RPC of OP mainnet (Farcaster's IdRegistry and KeyRegistry). Development default the devchain, which has both at the same addresses. */
  rpcUrl?: string;
  /** The SIWF message's `uri`; its host is the `domain` the Farcaster app shows. Development default the secure site. */
  siweUri?: string;
  /** How long a started sign-in can be completed and collected (s); also the message's expirationTime. Default 600. */
  channelTtlS?: number;
  /** Sign-ins started per client IP. Default 30 per 600 s. */
  startsPerIp?: RateLimit;
}

export interface FarcasterRuntime {
  /** Settings missing outside development mode (logged at start); while any is, the routes answer 503. */
  missing: string[];
  siweUri: string;
  domain: string;
  channelTtlS: number;
  /** @farcaster/auth-client's app client: channels on the relay, SIWF verification against the registries over the RPC. Absent while `missing`. */
  client?: AppClient;
  consumeStart(ip: string): Promise<void>;
}

/** http:// only in development mode (the local relay and secure site); a production relay and site are https. */
const webUrl = (development: boolean) =>
  z.url({ protocol: development ? /^https?$/ : /^https$/, error: development ? 'must be an http(s) URL' : 'must be an https:// URL (http:// only in development mode)' });

export function farcasterRuntime(options: FarcasterOptions = {}, development: boolean, pool?: Pool): FarcasterRuntime {
  const settings = z
    .object({
      relayUrl: webUrl(development).optional(),
      // A node the operator runs beside the API may well be plain http on a private network.
      rpcUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
      siweUri: webUrl(development).optional(),
      channelTtlS: z.number().int().min(60).max(3_600).default(DEFAULT_FARCASTER_CHANNEL_TTL_S),
    })
    .safeParse(options);
  if (!settings.success) throw new Error(`farcaster: ${issueMessage(settings.error)}`);
  const pick = (value: string | undefined, developmentDefault: string) => value ?? (development ? developmentDefault : undefined);
  const relayUrl = pick(settings.data.relayUrl, DEVELOPMENT_FARCASTER_RELAY_URL);
  const rpcUrl = pick(settings.data.rpcUrl, DEVELOPMENT_FARCASTER_RPC_URL);
  const siweUri = pick(settings.data.siweUri, DEVELOPMENT_FARCASTER_SIWE_URI);
  const missing = [
    ...(relayUrl ? [] : ['relayUrl (PORTICO_API_FARCASTER_RELAY_URL)']),
    ...(rpcUrl ? [] : ['rpcUrl (PORTICO_API_FARCASTER_RPC_URL)']),
    ...(siweUri ? [] : ['siweUri (PORTICO_API_FARCASTER_SIWE_URI)']),
  ];
  return {
    missing,
    siweUri: siweUri ?? '',
    domain: siweUri ? new URL(siweUri).host : '',
    channelTtlS: settings.data.channelTtlS,
    client:
      relayUrl && rpcUrl && siweUri
        ? createAppClient({ relay: relayUrl.replace(/\/+$/, ''), ethereum: viemConnector({ rpcUrl }) })
        : undefined,
    consumeStart: keyedRateLimit(options.startsPerIp ?? DEFAULT_FARCASTER_STARTS_PER_IP, 'auth-farcaster-start', 'IP address', pool),
  };
}
