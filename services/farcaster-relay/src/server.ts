/**
 * `startFarcasterRelay`: Portico's local Farcaster auth relay, the HTTP API of Farcaster's own relay
 * (github.com/farcasterxyz/auth-monorepo, apps/relay) that `@farcaster/auth-client`'s app and wallet
 * clients speak, so Sign In With Farcaster runs offline:
 *
 *   POST /v1/channel               (the app: the API)           → 201 { channelToken, url, connectUri, nonce }
 *   POST /v1/channel/authenticate  (the Farcaster app; Bearer channelToken, X-Farcaster-Auth-Relay-Key)
 *                                  { message, signature, fid, username?, … }  → 201 the channel
 *   GET  /v1/channel/status        (the app; Bearer channelToken) → 202 pending | 200 completed (then closed)
 *
 * The relay only passes the signed message along: whoever reads it verifies the signature and the fid's
 * custody (the API does, against the IdRegistry). DEVELOPMENT AND TESTS: loopback only unless allowed.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIP, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { ChannelStore, type Channel } from './channels';
import { custodyOf } from './custody';
import { IpRateLimit } from './rate-limit';

export const DEFAULT_PORT = 8791;
/** The Farcaster app's key for /authenticate. Public on purpose: a development relay on loopback. */
export const DEFAULT_AUTH_KEY = 'portico-local-farcaster-relay-development-key';
/** The real relay's CHANNEL_TTL default. */
export const DEFAULT_CHANNEL_TTL_S = 3600;
export const DEFAULT_MAX_CHANNELS = 10_000;
export const DEFAULT_CHANNELS_PER_IP = { points: 100, durationS: 60 } as const;
/** The sign-in URI the QR code carries; a Farcaster app reads the channel token and the SIWF fields from it. */
export const DEFAULT_CONNECT_URI_BASE = 'farcaster://connect';
/** Largest request body (bytes): a SIWF message and a profile's few fields. */
export const MAX_BODY_BYTES = 16 * 1024;
/** Domains the real relay refuses (phishing targets of SIWF signatures). */
export const RESTRICTED_DOMAINS = ['farcaster.xyz'];

const rateLimitSchema = z.strictObject({ points: z.number().int().min(1).max(1_000_000), durationS: z.number().int().min(1).max(86_400) });

const optionsSchema = z.strictObject({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.number().int().min(0).max(65535).default(DEFAULT_PORT),
  allowRemote: z.boolean().default(false),
  authKey: z.string().min(16, 'authKey must have at least 16 characters').max(256).default(DEFAULT_AUTH_KEY),
  channelTtlS: z.number().int().min(1).max(86_400).default(DEFAULT_CHANNEL_TTL_S),
  maxChannels: z.number().int().min(1).max(1_000_000).default(DEFAULT_MAX_CHANNELS),
  channelsPerIp: rateLimitSchema.default(DEFAULT_CHANNELS_PER_IP),
  connectUriBase: z.url({ error: 'connectUriBase must be a URL' }).refine((u) => !/[?#]/.test(u), 'connectUriBase has no query or fragment').default(DEFAULT_CONNECT_URI_BASE),
  /** JSON-RPC of the chain with the IdRegistry: the completed channel then carries the fid's `custody`, as the real relay's does. */
  rpcUrl: z.url({ protocol: /^https?$/, error: 'rpcUrl must be an http(s) URL' }).optional(),
  log: z.custom<(line: string) => void>((v) => typeof v === 'function', 'log must be a function').optional(),
});

export type StartFarcasterRelayOptions = z.input<typeof optionsSchema>;

/** A bad option (the message names it); the CLI answers it as a bad environment (exit 2). */
export class RelayOptionsError extends Error {}

export interface RunningFarcasterRelay {
  /** http://host:port with the real port. */
  url: string;
  /** Live channels (tests). */
  channelCount(): number;
  stop(): Promise<void>;
}

export function isLoopback(host: string): boolean {
  const h = host.toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

const urlHost = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

// ---- request bodies (the real relay's JSON schemas, as zod; unknown fields are refused as there) ----

const isoDateTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });
const createChannelBody = z.strictObject({
  siweUri: z.url({ error: 'must be a URI' }).max(2048),
  domain: z.string().max(253).regex(/^[a-zA-Z0-9.-]+(:[0-9]+)?$/, 'must be a host name, optionally with :port'),
  // EIP-4361: at least 8 alphanumeric characters.
  nonce: z.string().regex(/^[a-zA-Z0-9]{8,128}$/, 'must be 8 to 128 letters and digits').optional(),
  notBefore: isoDateTime.optional(),
  expirationTime: isoDateTime.optional(),
  requestId: z.string().max(256).optional(),
  redirectUrl: z.url({ error: 'must be a URI' }).max(2048).optional(),
  acceptAuthAddress: z.boolean().optional(),
});

const authenticateBody = z.strictObject({
  message: z.string().min(1).max(4096),
  signature: z.string().regex(/^0x[a-fA-F0-9]{130}$/, 'must be a 65-byte hex signature'),
  authMethod: z.enum(['custody', 'authAddress']).optional(),
  fid: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  username: z.string().regex(/^[a-z0-9][a-z0-9-]{0,15}$|^[a-z0-9][a-z0-9-]{0,15}\.eth$/, 'must be a Farcaster username').optional(),
  bio: z.string().max(1024).optional(),
  displayName: z.string().max(256).optional(),
  pfpUrl: z.url({ error: 'must be a URI' }).max(2048).optional(),
});

const validationError = (c: Context, error: z.ZodError) => {
  const issue = error.issues[0]!;
  return c.json({ error: 'Validation error', message: `${issue.path.join('.') || 'body'}: ${issue.message}` }, 400);
};

/** The JSON body, or `undefined` when it is not JSON. */
async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/** `Authorization: Bearer <channelToken>` (the real relay takes the word after the first space). */
const bearerToken = (c: Context) => c.req.header('authorization')?.split(' ')[1] || undefined;

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The status reply: the channel without its URLs, as the real relay answers. */
const statusReply = ({ url: _url, connectUri: _connectUri, ...rest }: Channel) => rest;

export async function startFarcasterRelay(options: StartFarcasterRelayOptions = {}): Promise<RunningFarcasterRelay> {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new RelayOptionsError(`bad option ${issue.path.join('.') || '(options)'}: ${issue.message}`);
  }
  const { host, port, allowRemote, authKey, channelTtlS, maxChannels, channelsPerIp, connectUriBase, rpcUrl } = parsed.data;
  const log = parsed.data.log ?? (() => {});
  if (!isLoopback(host) && !allowRemote) {
    throw new Error(
      `farcaster-relay: refusing to listen on ${host}: a development relay (public default key) listens on loopback; use allowRemote (PORTICO_FARCASTER_RELAY_ALLOW_REMOTE=1) if you really mean it`,
    );
  }
  const channels = new ChannelStore(channelTtlS * 1000, maxChannels);
  const creates = new IpRateLimit(channelsPerIp.points, channelsPerIp.durationS * 1000);
  // Host names a loopback-bound relay answers; anything else may be a DNS-rebinding page.
  const allowedHostNames = isLoopback(host) ? new Set(['127.0.0.1', 'localhost', '[::1]', urlHost(host.toLowerCase())]) : undefined;

  const app = new Hono();
  app.use('*', async (c, next) => {
    if (allowedHostNames && !allowedHostNames.has((c.req.header('host') ?? '').toLowerCase().replace(/:\d+$/, ''))) {
      return c.json({ error: 'Host not allowed' }, 403);
    }
    await next();
  });
  // As the real relay: any origin (auth-kit calls it from the browser); the channel token is the credential.
  app.use('*', cors({ origin: '*', allowHeaders: ['Content-Type', 'Authorization', 'X-Farcaster-Auth-Relay-Key'] }));
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: `Body must be at most ${MAX_BODY_BYTES} bytes` }, 413) }));
  app.onError((err, c) => {
    log(`farcaster-relay: ${c.req.method} ${c.req.path}: ${err.stack ?? err.message}`);
    return c.json({ error: 'Internal error' }, 500);
  });
  app.notFound((c) => c.json({ error: 'Not found' }, 404));

  app.get('/healthcheck', (c) => c.json({ status: 'OK' }));

  app.post('/v1/channel', async (c) => {
    const retryAfterS = creates.consume(clientIp(c));
    if (retryAfterS !== undefined) return c.json({ error: 'Too many channels, try again later' }, 429, { 'Retry-After': String(retryAfterS) });
    const body = createChannelBody.safeParse(await jsonBody(c));
    if (!body.success) return validationError(c, body.error);
    const request = body.data;
    if (RESTRICTED_DOMAINS.some((d) => request.domain.includes(d))) return c.json({ error: 'Domain not allowed' }, 400);
    const { acceptAuthAddress = true, ...params } = request;
    const nonce = params.nonce ?? newNonce();
    const opened = channels.open((channelToken) => {
      const url = signInUri(connectUriBase, channelToken, { ...params, nonce });
      return {
        state: 'pending',
        nonce,
        url,
        connectUri: url,
        acceptAuthAddress,
        signatureParams: { ...params, nonce },
        metadata: { ip: clientIp(c), userAgent: c.req.header('user-agent') ?? 'Unknown' },
      };
    });
    if (!opened) return c.json({ error: 'Too many open channels, try again later' }, 503, { 'Retry-After': '60' });
    const { channelToken, channel } = opened;
    return c.json({ channelToken, url: channel.url, connectUri: channel.connectUri, nonce }, 201);
  });

  app.post('/v1/channel/authenticate', async (c) => {
    const channelToken = bearerToken(c);
    if (!channelToken) return c.json({ error: 'Unauthorized' }, 401);
    const key = c.req.header('x-farcaster-auth-relay-key') ?? c.req.header('x-farcaster-connect-auth-key');
    if (!sameSecret(key, authKey)) return c.json({ error: 'Unauthorized' }, 401);
    const body = authenticateBody.safeParse(await jsonBody(c));
    if (!body.success) return validationError(c, body.error);
    const channel = channels.read(channelToken);
    if (!channel) return c.json({ error: 'Unauthorized' }, 401);
    // Unlike the real relay, a completed channel keeps its first answer: nobody replaces a signature the app may be reading.
    if (channel.state === 'completed') return c.json({ error: 'Channel already completed' }, 409);
    let custody: string | undefined;
    if (rpcUrl) {
      try {
        custody = await custodyOf(rpcUrl, body.data.fid);
      } catch (err) {
        log(`farcaster-relay: custody of fid ${body.data.fid}: ${(err as Error).message}`);
        return c.json({ error: 'The chain could not be reached to look up the custody address' }, 503);
      }
    }
    const completed: Channel = {
      ...channel,
      ...body.data,
      state: 'completed',
      authMethod: body.data.authMethod ?? 'custody',
      ...(custody === undefined ? {} : { custody }),
      // Verified addresses come from a Farcaster hub; a local relay has none to ask.
      verifications: [],
    };
    if (!channels.update(channelToken, completed)) return c.json({ error: 'Unauthorized' }, 401);
    log(`farcaster-relay: channel completed for fid ${completed.fid}${completed.username ? ` (${completed.username})` : ''}`);
    return c.json(completed, 201);
  });

  app.get('/v1/channel/status', (c) => {
    const channelToken = bearerToken(c);
    const channel = channelToken ? channels.read(channelToken) : undefined;
    if (!channelToken || !channel) return c.json({ error: 'Unauthorized' }, 401);
    if (channel.state === 'completed') {
      // One read of the answer, as the real relay: the channel is closed once the app has it.
      channels.close(channelToken);
      return c.json(statusReply(channel), 200);
    }
    return c.json(statusReply(channel), 202);
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const url = `http://${urlHost(host)}:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    channelCount: () => channels.size,
    stop() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      return closing;
    },
  };
}

/** A SIWE nonce (EIP-4361: alphanumeric, at least 8): 24 random alphanumerics, as the real relay makes one when the app sends none. */
function newNonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  // 256 % 62 leaves a slight bias: harmless for a nonce that only has to be unpredictable and unique.
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * The sign-in URI a Farcaster app opens (QR code, deep link): the channel token and the fields it
 * must sign, so the app can build the SIWF message (as the relay's earlier `sign-in-with-farcaster` URLs did).
 */
function signInUri(base: string, channelToken: string, params: Channel['signatureParams']): string {
  const { nonce, siweUri, domain, ...optional } = params;
  const query = new URLSearchParams({ channelToken, nonce, siweUri, domain });
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) query.set(key, value);
  return `${base}?${query.toString()}`;
}
