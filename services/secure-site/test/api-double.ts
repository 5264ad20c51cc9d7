/**
 * Test double of the Portico API routes the secure site uses (the real @portico/api is not a dependency of
 * this package): JWKS with an ES256 key, embedded session tokens (aud portico-embedded), /v1/auth/email,
 * /device, /otp, /session, /sign-out, /email/update (+ /primary, /secondary), /v1/auth/wallet (GET/PUT, one per user, 409 on
 * overwrite; a PUT whose `proof` is not the address's key's signature of services/api's text for the session's user → 400),
 * /v1/auth/social/start|finish (a provider URL under this double carrying the frame's PKCE challenge; finish only with
 * the start's device id, device key and verifier; the code 'refused' plays a refused code, `error` a provider error;
 * anything else signs in `state.socialIdentity`), /v1/auth/farcaster/start|result (a
 * `farcaster://connect` URI; `state.farcaster` says how many polls stay pending and how the channel ends), allowed
 * origins, supported chains, the key export's code (`/v1/auth/export/code` mails nothing: the code is in `exportCodes`;
 * `/v1/auth/export/verify` checks it as services/api does: newest only, 5 tries, one use, no Origin; a Farcaster user
 * of this double has no email), and the JSON-RPC proxy `POST /v1/?chainId&projectId` (forwarded to
 * `state.rpcNodeUrl` when a test runs a node; 503 otherwise).
 * Sign-ins (/otp, /social/finish, /farcaster/result) take the browser's `deviceKey` (a public P-256 JWK; 400
 * without one) and bind the session to it: the token carries `cnf.jkt`, its RFC 7638 thumbprint (issue 28).
 * It answers the shapes and messages services/api documents.
 */
import { serve } from '@hono/node-server';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, jwtVerify, SignJWT, createLocalJWKSet, type JWK } from 'jose';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { verifyMessage, type Address, type Hex } from 'viem';

export const PROJECT = 'portico-demo';
export const ALLOWED = ['http://127.0.0.1:*', 'https://shop.example'];
/** services/api's social login messages (src/auth/social-client.ts). */
export const SOCIAL_MESSAGES = {
  unusable: 'This sign-in has expired or was already used. Please try again',
  cancelled: 'Sign-in was cancelled at the provider',
  codeRefused: 'The provider refused the sign-in code. Please try again',
  providerFailed: 'The provider could not complete the sign-in. Please try again',
} as const;
/** services/api's Sign In With Farcaster messages (src/routes/farcaster.ts). */
export const FARCASTER_MESSAGES = {
  unverified: 'This Farcaster account could not be verified',
  expired: 'This Farcaster sign-in has expired. Please try again',
  relayUnreachable: 'The Farcaster relay could not be reached. Please try again later',
} as const;
/** services/api's key export messages (src/routes/key-export.ts, src/auth/store.ts). */
export const EXPORT_MESSAGES = {
  needsEmail: 'Add an email to this account to export its key',
  serverOnly: "origin: export codes are checked by the secure site's server only",
  invalid: 'Invalid code',
  burned: 'Too many wrong codes: request a new one',
  noCode: 'No code to check: request a new one',
} as const;
/** services/api's refusal of a wallet whose proof is missing or not the address's key's (src/routes/embedded-wallet.ts). */
export const WALLET_PROOF_REFUSED = "proof: not signed by the address's key for this user";
type FarcasterOutcome = { fid: number; username: string } | { status: 400 | 401 | 503; error: string };
/** services/api's deviceKey rule (src/auth/device-key.ts), less the on-curve check. */
const isDeviceKey = (key: unknown): key is { kty: 'EC'; crv: 'P-256'; x: string; y: string } => {
  const k = key as Record<string, unknown> | null;
  const coordinate = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9_-]{43}$/.test(v);
  return typeof k === 'object' && k !== null && Object.keys(k).length === 4 && k.kty === 'EC' && k.crv === 'P-256' && coordinate(k.x) && coordinate(k.y);
};
/** The thumbprint a sign-in's body binds its session to, or the API's 400 message. */
const deviceKeyJkt = async (body: { deviceKey?: unknown }): Promise<{ jkt: string } | { error: string }> => {
  if (body.deviceKey === undefined) return { error: 'deviceKey: required' };
  if (!isDeviceKey(body.deviceKey)) return { error: 'deviceKey: must be a public JWK { kty, crv, x, y }' };
  return { jkt: await calculateJwkThumbprint(body.deviceKey, 'sha256') };
};

export async function startApiDouble() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256', use: 'sig' };
  const jwks = createLocalJWKSet({ keys: [jwk] });
  const wallets = new Map<string, { address: string; sealed: string }>();
  /** The proof each stored wallet came with, per user id. */
  const walletProofs = new Map<string, Hex>();
  const revoked = new Set<string>();
  const calls: string[] = [];
  const state = {
    deviceApprovedAfter: 0,
    devicePolls: 0,
    code: '123456',
    /** Who the provider signs in next (`email` null: a provider without one). */
    socialIdentity: { subject: 'ann-1', username: 'ann' as string | null, email: 'ann@mail.example' as string | null },
    /** How the next Farcaster channels answer: 202 pending for `pendingPolls` results, then `outcome` once. */
    farcaster: { pendingPolls: 0, outcome: { fid: 1, username: 'alice' } as FarcasterOutcome },
    /** The node behind the JSON-RPC proxy (a test's anvil). */
    rpcNodeUrl: undefined as string | undefined,
  };
  const farcasterChannels = new Map<string, { deviceId: string; jkt: string; polls: number; pendingPolls: number; outcome: FarcasterOutcome; used: boolean }>();
  type SocialSignIn = { provider: string; deviceId: string; jkt: string; codeChallenge: string; used: boolean };
  const socialSignIns = new Map<string, SocialSignIn>();
  const finishBodies: unknown[] = [];
  let sessions = 0;

  /** A session token; `jkt`: bound to that device key (`cnf.jkt`), as every sign-in's is; without it, an older unbound one. */
  const sign = (claims: { sub: string; projectId?: string; expiresInS?: number; aud?: string; jkt?: string }) =>
    new SignJWT({
      email: `${claims.sub}@example.com`,
      deviceId: 'device',
      projectId: claims.projectId ?? PROJECT,
      aud: claims.aud ?? 'portico-embedded',
      ...(claims.jkt !== undefined && { cnf: { jkt: claims.jkt } }),
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'test', typ: 'portico-embedded+jwt' })
      .setSubject(claims.sub)
      .setJti(`session-${sessions++}`)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + (claims.expiresInS ?? 3600))
      .sign(privateKey);

  const app = new Hono();
  app.use('*', async (c, next) => {
    calls.push(`${c.req.method} ${c.req.path}`);
    await next();
  });
  const session = async (header: string | undefined) => {
    const token = header?.replace(/^Bearer /, '') ?? '';
    try {
      const { payload } = await jwtVerify(token, jwks, { audience: 'portico-embedded' });
      return revoked.has(payload.jti!) ? undefined : payload;
    } catch {
      return undefined;
    }
  };
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [jwk] }));
  app.get('/v1/projects/:id/allowed-origins', (c) => (c.req.param('id') === PROJECT ? c.json({ allowedOrigins: ALLOWED }) : c.json({ error: 'Unauthorized: invalid key' }, 403)));
  app.post('/v1/', async (c) => {
    if (!state.rpcNodeUrl) return c.json({ error: 'No RPC node for this chain' }, 503);
    const reply = await fetch(state.rpcNodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: await c.req.text() });
    return c.body(await reply.text(), reply.status as 200, { 'content-type': 'application/json' });
  });
  app.get('/v1/supported-chains', (c) => c.json({ http: ['eip155:31337', 'eip155:1'], ws: [] }));
  app.post('/v1/auth/email', (c) => c.json({ action: 'VERIFY_DEVICE' }));
  app.post('/v1/auth/device', (c) => c.json({ action: ++state.devicePolls > state.deviceApprovedAfter ? 'VERIFY_OTP' : 'VERIFY_DEVICE' }));
  app.post('/v1/auth/otp', async (c) => {
    const body = await c.req.json<{ email: string; otp: string; deviceKey?: unknown }>();
    const bound = await deviceKeyJkt(body);
    if ('error' in bound) return c.json(bound, 400);
    if (body.otp !== state.code) return c.json({ error: 'Invalid code' }, 401);
    const userId = `user-${body.email.split('@')[0]}`;
    return c.json({ token: await sign({ sub: userId, jkt: bound.jkt }), user: { id: userId, email: body.email, username: null, authProvider: 'email' }, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
  });
  app.post('/v1/auth/social/start', async (c) => {
    const body = await c.req.json<{ provider: string; projectId: string; deviceId: string; deviceKey?: unknown; codeChallenge?: string }>();
    if (!['google', 'github', 'apple', 'facebook', 'x', 'discord'].includes(body.provider)) return c.json({ error: 'Unsupported social provider' }, 400);
    if (body.projectId !== PROJECT || c.req.query('projectId') !== PROJECT) return c.json({ error: 'Unauthorized: invalid key' }, 403);
    const bound = await deviceKeyJkt(body);
    if ('error' in bound) return c.json(bound, 400);
    if (!/^[A-Za-z0-9_-]{43}$/.test(body.codeChallenge ?? '')) return c.json({ error: 'codeChallenge: must be an S256 PKCE challenge (43 base64url characters)' }, 400);
    const stateValue = randomBytes(32).toString('base64url');
    socialSignIns.set(stateValue, { provider: body.provider, deviceId: body.deviceId, jkt: bound.jkt, codeChallenge: body.codeChallenge!, used: false });
    const url = `${new URL(c.req.url).origin}/provider/${body.provider}/authorize?client_id=portico-${body.provider}&response_type=code&state=${stateValue}&code_challenge=${body.codeChallenge}&code_challenge_method=S256`;
    return c.json({ url, state: stateValue });
  });
  app.post('/v1/auth/social/finish', async (c) => {
    const body = await c.req.json<{ state: string; code?: string; iss?: string; error?: string; codeVerifier: string; deviceId: string; deviceKey?: unknown }>();
    finishBodies.push(body);
    const bound = await deviceKeyJkt(body);
    if ('error' in bound) return c.json(bound, 400);
    const signIn = socialSignIns.get(body.state);
    const verifierHash = createHash('sha256').update(body.codeVerifier ?? '').digest('base64url');
    if (!signIn || signIn.used || signIn.deviceId !== body.deviceId || signIn.jkt !== bound.jkt || verifierHash !== signIn.codeChallenge) {
      if (signIn) signIn.used = true;
      return c.json({ error: SOCIAL_MESSAGES.unusable }, 400);
    }
    signIn.used = true;
    if (body.error !== undefined) return c.json({ error: body.error === 'access_denied' ? SOCIAL_MESSAGES.cancelled : SOCIAL_MESSAGES.providerFailed }, 400);
    if (body.code === 'refused') return c.json({ error: SOCIAL_MESSAGES.codeRefused }, 400);
    const { subject, username, email } = state.socialIdentity;
    const userId = `user-${signIn.provider}-${subject}`;
    return c.json({
      token: await sign({ sub: userId, jkt: bound.jkt }),
      user: { id: userId, email, username, authProvider: signIn.provider },
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
  });
  app.post('/v1/auth/farcaster/start', async (c) => {
    const body = await c.req.json<{ projectId: string; deviceId: string; deviceKey?: unknown }>();
    if (body.projectId !== PROJECT || c.req.query('projectId') !== PROJECT) return c.json({ error: 'Unauthorized: invalid key' }, 403);
    const bound = await deviceKeyJkt(body);
    if ('error' in bound) return c.json(bound, 400);
    const channelToken = randomBytes(24).toString('base64url');
    farcasterChannels.set(channelToken, { deviceId: body.deviceId, jkt: bound.jkt, polls: 0, ...state.farcaster, used: false });
    const query = new URLSearchParams({ channelToken, nonce: randomBytes(8).toString('hex'), siweUri: 'http://127.0.0.1:3010', domain: '127.0.0.1:3010' });
    return c.json({ url: `farcaster://connect?${query}`, channelToken });
  });
  app.post('/v1/auth/farcaster/result', async (c) => {
    const body = await c.req.json<{ projectId: string; channelToken: string; deviceId: string; deviceKey?: unknown }>();
    const bound = await deviceKeyJkt(body);
    if ('error' in bound) return c.json(bound, 400);
    const channel = farcasterChannels.get(body.channelToken);
    if (!channel || channel.used || channel.deviceId !== body.deviceId || channel.jkt !== bound.jkt || body.projectId !== PROJECT) return c.json({ error: FARCASTER_MESSAGES.expired }, 400);
    if (++channel.polls <= channel.pendingPolls) return c.json({ status: 'pending' }, 202);
    channel.used = true;
    const { outcome } = channel;
    if ('error' in outcome) return c.json({ error: outcome.error }, outcome.status);
    const userId = `user-farcaster-${outcome.fid}`;
    return c.json({
      token: await sign({ sub: userId, jkt: bound.jkt }),
      user: { id: userId, email: null, username: outcome.username, authProvider: 'farcaster' },
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
  });
  app.get('/v1/auth/session', async (c) => ((await session(c.req.header('authorization'))) ? c.json({ user: {} }) : c.json({ error: 'Session Expired' }, 401)));
  app.post('/v1/auth/sign-out', async (c) => {
    const s = await session(c.req.header('authorization'));
    if (!s) return c.json({ error: 'Session Expired' }, 401);
    revoked.add(s.jti!);
    return c.json({ revokedAt: new Date().toISOString() });
  });
  // Update email: one pending new address per user; both codes are `state.code`.
  const newEmails = new Map<string, string>();
  app.post('/v1/auth/email/update', async (c) => {
    const s = await session(c.req.header('authorization'));
    if (!s) return c.json({ error: 'Session Expired' }, 401);
    newEmails.set(s.sub!, (await c.req.json<{ newEmail: string }>()).newEmail);
    return c.json({ action: 'VERIFY_PRIMARY_OTP' });
  });
  app.post('/v1/auth/email/update/:step{primary|secondary}', async (c) => {
    const s = await session(c.req.header('authorization'));
    if (!s) return c.json({ error: 'Session Expired' }, 401);
    const newEmail = newEmails.get(s.sub!);
    if (!newEmail || (await c.req.json<{ otp: string }>()).otp !== state.code) return c.json({ error: 'Invalid code' }, 401);
    if (c.req.param('step') === 'primary') return c.json({ action: 'VERIFY_SECONDARY_OTP' });
    newEmails.delete(s.sub!);
    return c.json({ user: { id: s.sub, email: newEmail, username: null, authProvider: 'email' } });
  });
  // The key export's code per user (services/api src/routes/key-export.ts); the newest replaces the older.
  const exportCodes = new Map<string, { code: string; tries: number; used: boolean }>();
  app.post('/v1/auth/export/code', async (c) => {
    const s = await session(c.req.header('authorization'));
    if (!s) return c.json({ error: 'Session Expired' }, 401);
    if (s.sub!.startsWith('user-farcaster-')) return c.json({ error: EXPORT_MESSAGES.needsEmail }, 400);
    exportCodes.set(s.sub!, { code: String(randomInt(0, 1_000_000)).padStart(6, '0'), tries: 0, used: false });
    return c.json({ email: s.email });
  });
  app.post('/v1/auth/export/verify', async (c) => {
    if (c.req.header('origin') !== undefined) return c.json({ error: EXPORT_MESSAGES.serverOnly }, 403);
    const s = await session(c.req.header('authorization'));
    if (!s) return c.json({ error: 'Session Expired' }, 401);
    const { code } = await c.req.json<{ code: string }>();
    const issued = exportCodes.get(s.sub!);
    if (!issued || issued.used) return c.json({ error: EXPORT_MESSAGES.noCode }, 403);
    if (issued.tries >= 5) return c.json({ error: EXPORT_MESSAGES.burned }, 403);
    issued.tries += 1;
    if (code !== issued.code) return c.json({ error: issued.tries >= 5 ? EXPORT_MESSAGES.burned : EXPORT_MESSAGES.invalid }, 403);
    issued.used = true;
    return c.json({ ok: true });
  });
  app.get('/v1/auth/wallet', async (c) => {
    const s = await session(c.req.header('authorization'));
    if (!s) return c.json({ error: 'Session Expired' }, 401);
    const w = wallets.get(s.sub!);
    return w ? c.json(w) : c.json({ error: 'No embedded wallet' }, 404);
  });
  app.put('/v1/auth/wallet', async (c) => {
    const s = await session(c.req.header('authorization'));
    if (!s) return c.json({ error: 'Session Expired' }, 401);
    const body = await c.req.json<{ address: Address; sealed: string; proof?: Hex }>();
    // As services/api checks it: the address's own key signed the API's text for this user, or nothing is stored.
    const message = `Portico embedded wallet\nuser: ${s.sub}\naddress: ${body.address}`;
    const proven = body.proof !== undefined && (await verifyMessage({ address: body.address, message, signature: body.proof }).catch(() => false));
    if (!proven) return c.json({ error: WALLET_PROOF_REFUSED }, 400);
    if (wallets.has(s.sub!)) return c.json({ error: 'The embedded wallet already exists: it is never replaced' }, 409);
    wallets.set(s.sub!, { address: body.address, sealed: body.sealed });
    walletProofs.set(s.sub!, body.proof!);
    return c.json({ address: body.address, sealed: body.sealed }, 201);
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    wallets,
    walletProofs,
    calls,
    state,
    /** The export codes the double issued, per user id (what the mail would carry). */
    exportCodes,
    /** The bodies /v1/auth/social/finish received, in order. */
    finishBodies,
    sign,
    revoke: (jti: string) => revoked.add(jti),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
export type ApiDouble = Awaited<ReturnType<typeof startApiDouble>>;
