/**
 * Test double of the Portico API routes the secure site uses (the real @portico/api is not a dependency of
 * this package): JWKS with an ES256 key, embedded session tokens (aud portico-embedded), /v1/auth/email,
 * /device, /otp, /session, /sign-out, /email/update (+ /primary, /secondary), /v1/auth/wallet (GET/PUT, one per user, 409 on overwrite),
 * allowed origins, supported chains. It answers the shapes and messages services/api documents.
 */
import { serve } from '@hono/node-server';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, createLocalJWKSet, type JWK } from 'jose';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';

export const PROJECT = 'portico-demo';
export const ALLOWED = ['http://127.0.0.1:*', 'https://shop.example'];

export async function startApiDouble() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256', use: 'sig' };
  const jwks = createLocalJWKSet({ keys: [jwk] });
  const wallets = new Map<string, { address: string; sealed: string }>();
  const revoked = new Set<string>();
  const calls: string[] = [];
  const state = { deviceApprovedAfter: 0, devicePolls: 0, code: '123456' };
  let sessions = 0;

  const sign = (claims: { sub: string; projectId?: string; expiresInS?: number; aud?: string }) =>
    new SignJWT({ email: `${claims.sub}@example.com`, deviceId: 'device', projectId: claims.projectId ?? PROJECT, aud: claims.aud ?? 'portico-embedded' })
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
  app.get('/v1/supported-chains', (c) => c.json({ http: ['eip155:31337', 'eip155:1'], ws: [] }));
  app.post('/v1/auth/email', (c) => c.json({ action: 'VERIFY_DEVICE' }));
  app.post('/v1/auth/device', (c) => c.json({ action: ++state.devicePolls > state.deviceApprovedAfter ? 'VERIFY_OTP' : 'VERIFY_DEVICE' }));
  app.post('/v1/auth/otp', async (c) => {
    const body = await c.req.json<{ email: string; otp: string }>();
    if (body.otp !== state.code) return c.json({ error: 'Invalid code' }, 401);
    const userId = `user-${body.email.split('@')[0]}`;
    return c.json({ token: await sign({ sub: userId }), user: { id: userId, email: body.email }, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
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
    return c.json({ user: { id: s.sub, email: newEmail } });
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
    if (wallets.has(s.sub!)) return c.json({ error: 'The embedded wallet already exists: it is never replaced' }, 409);
    const body = await c.req.json<{ address: string; sealed: string }>();
    wallets.set(s.sub!, { address: body.address, sealed: body.sealed });
    return c.json(body, 201);
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    wallets,
    calls,
    state,
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
