/**
 * Sign in with the wallet, sessions kept by the API (issue 10; spec sections 3, 7). The server
 * issues the nonce, checks the signed EIP-4361 message itself, stores the session and hands back a
 * JWT a site's own back end verifies offline with the JWKS (revocation: the list or /verify).
 *
 *   POST /v1/sessions/nonce                      → 201 { nonce, expiresAt }
 *   POST /v1/sessions { message, signature }     → 201 { session, token }
 *   GET  /v1/sessions/:address?chainId           → { sessions } (live ones, newest first)
 *   POST /v1/sessions/:address/revoke { pci, signature } → { id, revokedAt }
 *   POST /v1/sessions/verify { token }           → { session } | 401
 *   GET  /.well-known/jwks.json                  → { keys }
 */
import { Hono, type Context } from 'hono';
import { createLocalJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { Hex } from 'viem';
import { z } from 'zod';
import { clientIp, type AppEnv } from '../app';
import { addressParams } from '../http/chain';
import { HttpError } from '../http/errors';
import { originAllowed } from '../http/origins';
import { caip2, optionalParam } from '../http/params';
import { endpoint } from '../http/validate';
import { jwks, SIGN_IN_UNAVAILABLE, signSessionJwt, type SigningKey } from '../sessions/keys';
import { checkSiweMessage, INVALID_SIGNATURE } from '../sessions/message';
import { messageSignedBy } from '../chains/signature';
import { createSession, findSession, issueNonce, liveSessions, nonceLive, revokeSession, sessionBody } from '../sessions/store';

/** Largest EIP-4361 message accepted (characters). */
export const MAX_SIWE_MESSAGE_LENGTH = 4096;
export const NONCE_UNUSABLE = 'Nonce expired or already used';
export const SESSION_NOT_FOUND = 'Session not found';

/** The text an address signs (EIP-191 personal_sign) to revoke one of its sessions. */
export const revokeMessage = (sessionId: string) => `Revoke Portico session ${sessionId}`;

// Spec section 5: a signed message is 0x plus at least 62 hex characters; ERC-6492 wrappings are longer.
const signature = z
  .string({ error: 'required' })
  .regex(/^0x[0-9a-fA-F]{62,}$/, 'must be 0x plus at least 62 hex characters')
  .max(16_384, 'must be at most 16384 characters')
  .transform((s) => s as Hex);

/** Today an EIP-4361 text and its signature; a CACAO body joins this union and maps onto the same pair. */
const signInBody = z.object({
  message: z.string({ error: 'required (EIP-4361 text)' }).min(1, 'required (EIP-4361 text)').max(MAX_SIWE_MESSAGE_LENGTH, `must be at most ${MAX_SIWE_MESSAGE_LENGTH} characters`),
  signature,
});

const revokeBody = z.object({ pci: z.uuid({ error: 'must be a session id' }), signature });

function requireKey(c: Context<AppEnv>): SigningKey {
  const key = c.var.ctx.sessions.key;
  if (!key) throw new HttpError(503, SIGN_IN_UNAVAILABLE);
  return key;
}

export function sessionRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/.well-known/jwks.json', endpoint({ project: 'none' }, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(jwks(requireKey(c)));
  }));

  app.post('/v1/sessions/nonce', endpoint({}, async (c, { project }) => {
    requireKey(c);
    const { db, sessions } = c.var.ctx;
    await sessions.consumeNonce(clientIp(c));
    return c.json(await issueNonce(db, project.projectId, sessions.nonceTtlS), 201);
  }));

  app.post('/v1/sessions', endpoint({ body: signInBody }, async (c, { project, body }) => {
    const key = requireKey(c);
    const { db, chains, sessions, publicUrl } = c.var.ctx;
    const now = new Date();
    const { message, chain, origin } = checkSiweMessage(body.message, {
      origin: c.req.header('origin'),
      originAllowed: (o) => originAllowed(o, project.allowedOrigins),
      chains,
      now,
    });
    if (!(await nonceLive(db, project.projectId, message.nonce))) throw new HttpError(401, NONCE_UNUSABLE);
    if (!(await messageSignedBy(chain, chains.rpcTimeoutMs, message.address, body.message, body.signature))) throw new HttpError(401, INVALID_SIGNATURE);

    const longest = now.getTime() + sessions.maxTtlS * 1000;
    const expiresAt = new Date(Math.min(message.expirationTime?.getTime() ?? now.getTime() + sessions.defaultTtlS * 1000, longest));
    const row = await createSession(db, { projectId: project.projectId, message, text: body.message, signature: body.signature, expiresAt });
    if (!row) throw new HttpError(401, NONCE_UNUSABLE);
    const session = sessionBody(row);
    const token = await signSessionJwt(key, {
      sub: session.account,
      aud: origin,
      iss: publicUrl ?? new URL(c.req.url).origin,
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
      jti: session.id,
      projectId: project.projectId,
    });
    return c.json({ session, token }, 201);
  }));

  // Before `/:address/…`: a back end asks whether a token it holds is still good (signature, expiry, not revoked).
  app.post('/v1/sessions/verify', endpoint({ body: z.object({ token: z.string({ error: 'required' }).max(8192) }) }, async (c, { project, body }) => {
    const key = requireKey(c);
    let jti: string | undefined;
    try {
      ({ payload: { jti } } = await jwtVerify(body.token, createLocalJWKSet(jwks(key)), { algorithms: ['ES256'] }));
    } catch (err) {
      throw new HttpError(401, err instanceof joseErrors.JWTExpired ? 'Session expired' : 'Invalid token');
    }
    const row = jti ? await findSession(c.var.ctx.db, project.projectId, jti) : undefined;
    if (!row) throw new HttpError(401, 'Invalid token');
    if (row.revoked_at) throw new HttpError(401, 'Session revoked');
    if (new Date(row.expires_at).getTime() <= Date.now()) throw new HttpError(401, 'Session expired');
    return c.json({ session: sessionBody(row) });
  }));

  app.get('/v1/sessions/:address', endpoint({ params: addressParams, query: z.object({ chainId: optionalParam(caip2) }) }, async (c, { project, params, query }) => {
    const rows = await liveSessions(c.var.ctx.db, project.projectId, params.address, query.chainId);
    return c.json({ sessions: rows.map(sessionBody) });
  }));

  app.post('/v1/sessions/:address/revoke', endpoint({ params: addressParams, body: revokeBody }, async (c, { project, params, body }) => {
    const { db, chains } = c.var.ctx;
    const row = await findSession(db, project.projectId, body.pci);
    if (!row || row.address !== params.address.toLowerCase()) return c.json({ error: SESSION_NOT_FOUND }, 404);
    const valid = await messageSignedBy(chains.get(row.chain_id), chains.rpcTimeoutMs, params.address, revokeMessage(row.id), body.signature);
    if (!valid) throw new HttpError(401, INVALID_SIGNATURE);
    return c.json({ id: row.id, revokedAt: await revokeSession(db, row.id) });
  }));

  return app;
}
