/**
 * The embedded wallet's Sign In With Farcaster (issue 12; spec §2 ConnectingFarcaster, §7 GET_FARCASTER_URI
 * and CONNECT_FARCASTER): a channel on the auth relay, whose sign-in URI the modal shows as a QR code and
 * deep link; the Farcaster app signs the SIWF (EIP-4361) message with one of the account's keys and the
 * relay passes it back; the API verifies the signature AND that the signer is one of the fid's auth addresses in
 * Farcaster's KeyRegistry or its custody address in the IdRegistry (@farcaster/auth-client's verifySignInMessage
 * over the configured RPC), with the nonce and domain this start chose. Mounted inside the auth routes (their per-IP limit and 4096-byte bodies apply).
 *
 *   POST /v1/auth/farcaster/start  { projectId, deviceId, deviceKey }    → { url, channelToken }
 *   POST /v1/auth/farcaster/result { projectId, channelToken, deviceId, deviceKey } → 202 { status: 'pending' } | { token, user, expiresAt }
 *        (only with the device and device key that started it; the session is bound to that key, src/auth/device-key.ts)
 *
 * The username is the relay's (the Farcaster app's word, as for every SIWF app: fnames live off chain); the
 * fid is what the signature and the registry prove.
 */
import { generateSiweNonce } from 'viem/siwe';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { clientIp, type AppEnv } from '../app';
import { requireKey } from '../auth/bearer';
import { deviceKeySchema, deviceKeyThumbprint } from '../auth/device-key';
import { FARCASTER_NOT_CONFIGURED, type FarcasterRuntime } from '../auth/farcaster-config';
import {
  claimFarcasterChannel,
  createFarcasterChannel,
  dropFarcasterChannel,
  farcasterChannelState,
  type FarcasterChannelRef,
} from '../auth/farcaster-store';
import { providerSignIn } from '../auth/social-store';
import { findSession } from '../auth/store';
import { embeddedSessionReply } from '../auth/token';
import { HttpError } from '../http/errors';
import { endpoint } from '../http/validate';

export const FARCASTER_UNVERIFIED = 'This Farcaster account could not be verified';
export const FARCASTER_EXPIRED = 'This Farcaster sign-in has expired. Please try again';
export const FARCASTER_RELAY_UNREACHABLE = 'The Farcaster relay could not be reached. Please try again later';
export const FARCASTER_RELAY_FAILED = 'The Farcaster relay gave an unexpected answer. Please try again later';
export const FARCASTER_REGISTRY_UNREACHABLE = 'The Farcaster registry could not be reached. Please try again later';
/** Per call to the relay, and for the verification (the chain). */
export const FARCASTER_CALL_TIMEOUT_MS = 10_000;

const text = () => z.string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be a string') });
const deviceId = text().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16 to 64 letters, digits, - or _');
// Farcaster's relay hands out 8 characters, the local one 32; both URL-safe.
const channelToken = text().regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be the channelToken start answered');

const startBody = z.object({ deviceId, deviceKey: deviceKeySchema });
const resultBody = z.object({ channelToken, deviceId, deviceKey: deviceKeySchema });

/** The relay's replies, checked (extra fields, as the real relay sends, are fine). */
const createdReply = z.object({
  channelToken,
  url: z.url().max(4096),
  nonce: z.string().min(8).max(128),
});
const completedReply = z.object({
  state: z.literal('completed'),
  message: z.string().min(1).max(4096),
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/),
  fid: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  // Only a Farcaster name is taken as the username; anything else is ignored.
  username: z.string().regex(/^[a-z0-9][a-z0-9-]{0,15}(\.eth)?$/).optional().catch(undefined),
});

/** `promise`, or `error` after FARCASTER_CALL_TIMEOUT_MS (the relay client has no timeout of its own). */
async function withinTime<T>(promise: Promise<T>, error: HttpError): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error), FARCASTER_CALL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function configured(c: Context<AppEnv>): FarcasterRuntime & { client: NonNullable<FarcasterRuntime['client']> } {
  const { farcaster } = c.var.ctx;
  if (!farcaster.client) throw new HttpError(503, FARCASTER_NOT_CONFIGURED);
  return farcaster as FarcasterRuntime & { client: NonNullable<FarcasterRuntime['client']> };
}

export function farcasterRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/start', endpoint({ project: 'body', body: startBody }, async (c, { project, body }) => {
    const farcaster = configured(c);
    const { db, log } = c.var.ctx;
    // The session at the end needs the key: without it no channel is opened for nothing.
    requireKey(c);
    await farcaster.consumeStart(clientIp(c));
    const nonce = generateSiweNonce();
    const created = await withinTime(
      farcaster.client.createChannel({
        siweUri: farcaster.siweUri,
        domain: farcaster.domain,
        nonce,
        expirationTime: new Date(Date.now() + farcaster.channelTtlS * 1000).toISOString(),
      }),
      new HttpError(503, FARCASTER_RELAY_UNREACHABLE),
    );
    if (created.isError) throw new HttpError(503, FARCASTER_RELAY_UNREACHABLE);
    const reply = createdReply.safeParse(created.data);
    if (created.response.status !== 201 || !reply.success || reply.data.nonce !== nonce) {
      log.warn('farcaster relay: unexpected channel reply', { requestId: c.var.requestId, status: created.response.status });
      throw new HttpError(502, FARCASTER_RELAY_FAILED);
    }
    await createFarcasterChannel(db, {
      channelToken: reply.data.channelToken,
      nonce,
      domain: farcaster.domain,
      siweUri: farcaster.siweUri,
      projectId: project.projectId,
      deviceId: body.deviceId,
      deviceKeyJkt: await deviceKeyThumbprint(body.deviceKey),
      ttlS: farcaster.channelTtlS,
    });
    return c.json({ url: reply.data.url, channelToken: reply.data.channelToken });
  }));

  app.post('/result', endpoint({ project: 'body', body: resultBody }, async (c, { project, body }) => {
    const farcaster = configured(c);
    const { db, log, auth, publicUrl } = c.var.ctx;
    const key = requireKey(c);
    const ref: FarcasterChannelRef = {
      channelToken: body.channelToken,
      deviceId: body.deviceId,
      deviceKeyJkt: await deviceKeyThumbprint(body.deviceKey),
      projectId: project.projectId,
      ttlS: farcaster.channelTtlS,
    };
    const state = await farcasterChannelState(db, ref);
    if (state === 'expired') await dropFarcasterChannel(db, ref);
    if (state !== 'live') throw new HttpError(400, FARCASTER_EXPIRED);

    const status = await withinTime(farcaster.client.status({ channelToken: body.channelToken }), new HttpError(503, FARCASTER_RELAY_UNREACHABLE));
    if (status.isError) throw new HttpError(503, FARCASTER_RELAY_UNREACHABLE);
    if (status.response.status === 202) return c.json({ status: 'pending' }, 202);
    // The relay's channel is gone (its lifetime, a restart, or a concurrent result took the answer, which the
    // relay gives once): nothing to complete here. The row is left alone, so that concurrent result can claim it.
    if (status.response.status === 401) throw new HttpError(400, FARCASTER_EXPIRED);
    const completed = completedReply.safeParse(status.data);
    if (status.response.status !== 200 || !completed.success) {
      log.warn('farcaster relay: unexpected status reply', { requestId: c.var.requestId, status: status.response.status });
      throw new HttpError(502, FARCASTER_RELAY_FAILED);
    }
    // The relay answers a completed channel once; the sign-in is used here, whatever the verification says.
    const expected = await claimFarcasterChannel(db, ref);
    if (!expected) throw new HttpError(400, FARCASTER_EXPIRED);
    const { message, signature, fid } = completed.data;
    const verified = await withinTime(
      farcaster.client.verifySignInMessage({
        nonce: expected.nonce,
        domain: expected.domain,
        message,
        signature: signature as `0x${string}`,
        // The signer is an auth address the fid holds in the KeyRegistry (an ADDED key of type 2: a removed or another
        // fid's key is refused), or else the fid's custody address in the IdRegistry.
        acceptAuthAddress: true,
      }),
      new HttpError(503, FARCASTER_REGISTRY_UNREACHABLE),
    );
    if (verified.isError) {
      const code = verified.error?.errCode;
      log.info('farcaster sign-in refused', { requestId: c.var.requestId, fid, code, error: verified.error?.message });
      // 'unavailable': the registry read failed; 'unknown': the chain call for the signature threw.
      if (code === 'unavailable' || code === 'unknown') throw new HttpError(503, FARCASTER_REGISTRY_UNREACHABLE);
      throw new HttpError(401, FARCASTER_UNVERIFIED);
    }
    if (!verified.success || verified.fid !== fid || verified.data.uri !== expected.siweUri) {
      log.info('farcaster sign-in refused', { requestId: c.var.requestId, fid, signedFid: verified.fid, uri: verified.data.uri });
      throw new HttpError(401, FARCASTER_UNVERIFIED);
    }
    const sessionId = await providerSignIn(db, {
      account: { provider: 'farcaster', subject: String(fid), username: completed.data.username ?? `fid:${fid}`, email: null },
      projectId: project.projectId,
      deviceId: body.deviceId,
      deviceKeyJkt: ref.deviceKeyJkt,
      sessionTtlS: auth.sessionTtlS,
    });
    const session = (await findSession(db, sessionId))!;
    return c.json(await embeddedSessionReply(key, session, publicUrl));
  }));

  return app;
}
