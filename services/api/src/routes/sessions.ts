/**
 * Sign in with the wallet, sessions kept by the API (issue 10; spec sections 3, 7). The server
 * issues the nonce, checks the signed EIP-4361 message itself, stores the session and hands back a
 * JWT a site's own back end verifies offline with the JWKS (revocation: the list or /verify).
 *
 *   POST /v1/sessions/nonce                      → 201 { nonce, expiresAt }
 *   POST /v1/sessions { message, signature }     → 201 { session, token }
 *   GET  /v1/sessions/:address?chainId           → { sessions } (live ones, newest first), for the address
 *        only: `Authorization: Bearer <its sign-in token>` or `Portico-Signature nonce=…, signature=…`
 *   POST /v1/sessions/:address/revoke { pci, signature } → { id, revokedAt }
 *   POST /v1/sessions/verify { token }           → { session } | 401
 *   GET  /.well-known/jwks.json                  → { keys }
 */
import { Hono, type Context } from 'hono';
import { errors as joseErrors } from 'jose';
import type { Address, Hex } from 'viem';
import { z } from 'zod';
import { clientIp, type AppEnv } from '../app';
import { addressParams } from '../http/chain';
import { HttpError } from '../http/errors';
import { originAllowed } from '../http/origins';
import { caip2, optionalParam } from '../http/params';
import { endpoint } from '../http/validate';
import type { RequestProject } from '../http/project';
import { jwks, SIGN_IN_UNAVAILABLE, signSessionJwt, verifySessionJwt, type SigningKey } from '../sessions/keys';
import { checkSiweMessage, INVALID_SIGNATURE } from '../sessions/message';
import { messageSignedBy } from '../chains/signature';
import { claimNonce, createSession, findSession, issueNonce, liveSessions, nonceLive, revokeSession, sessionBody, type SessionRow } from '../sessions/store';

/** Largest EIP-4361 message accepted (characters). */
export const MAX_SIWE_MESSAGE_LENGTH = 4096;
export const NONCE_UNUSABLE = 'Nonce expired or already used';
export const SESSION_NOT_FOUND = 'Session not found';
export const INVALID_TOKEN = 'Invalid token';
export const SESSION_EXPIRED = 'Session expired';
export const SESSION_REVOKED = 'Session revoked';
export const LIST_AUTHORIZATION_REQUIRED =
  'authorization: the sessions of an address are listed with one of its sign-in tokens (Bearer) or a fresh signature (Portico-Signature)';
export const TOKEN_OF_ANOTHER_ACCOUNT = 'The token is for another account';
/** Longest sign-in token /verify and the list read (ours are about 700 characters). */
export const MAX_SESSION_TOKEN_CHARS = 8192;
/** Longest Authorization header the list reads: a sign-in token, or a nonce and a signature (ERC-6492 ones are long). */
export const MAX_LIST_AUTHORIZATION_CHARS = 8192;

/** The text an address signs (EIP-191 personal_sign) to revoke one of its sessions. */
export const revokeMessage = (sessionId: string) => `Revoke Portico session ${sessionId}`;

/**
 * The text an address signs (EIP-191 personal_sign) to list its sessions without holding one of their
 * tokens: fresh by a nonce from POST /v1/sessions/nonce, which the list uses up. `address` checksummed.
 */
export const listSessionsMessage = (address: Address, nonce: string) => `List Portico sessions of ${address}\nNonce: ${nonce}`;

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

const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/;
const PORTICO_SIGNATURE = /^Portico-Signature nonce=([a-zA-Z0-9]+), signature=(\S+)$/;

/** Who asks for an address's sessions: one of its sign-in tokens, or a fresh signature over listSessionsMessage. */
const listAuthorization = z
  .string()
  .max(MAX_LIST_AUTHORIZATION_CHARS, `must be at most ${MAX_LIST_AUTHORIZATION_CHARS} characters`)
  .transform((header, ctx) => {
    const bearer = BEARER.exec(header);
    if (bearer) return { kind: 'token' as const, token: bearer[1]! };
    const signed = PORTICO_SIGNATURE.exec(header);
    const checked = signed && signature.safeParse(signed[2]);
    if (checked?.success) return { kind: 'signature' as const, nonce: signed![1]!, signature: checked.data };
    const reason = checked ? `signature ${checked.error.issues[0]!.message}` : "must be 'Bearer <sign-in token>' or 'Portico-Signature nonce=<nonce>, signature=<0x…>'";
    ctx.addIssue({ code: 'custom', message: reason });
    return z.NEVER;
  });

function requireKey(c: Context<AppEnv>): SigningKey {
  const key = c.var.ctx.sessions.key;
  if (!key) throw new HttpError(503, SIGN_IN_UNAVAILABLE);
  return key;
}

/**
 * The live session a sign-in token names, for this project: the token checked by verifySessionJwt,
 * its `aud` the session's page (its uri's origin). 401 'Invalid token' / 'Session expired' / 'Session revoked'.
 */
async function tokenSession(c: Context<AppEnv>, project: RequestProject, token: string): Promise<SessionRow> {
  const key = requireKey(c);
  let claims;
  try {
    claims = await verifySessionJwt(key, token);
  } catch (err) {
    throw new HttpError(401, err instanceof joseErrors.JWTExpired ? SESSION_EXPIRED : INVALID_TOKEN);
  }
  const row = await findSession(c.var.ctx.db, project.projectId, claims.jti);
  if (!row || claims.aud !== new URL(row.uri).origin) throw new HttpError(401, INVALID_TOKEN);
  if (row.revoked_at) throw new HttpError(401, SESSION_REVOKED);
  if (new Date(row.expires_at).getTime() <= Date.now()) throw new HttpError(401, SESSION_EXPIRED);
  return row;
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
      iss: publicUrl,
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
      jti: session.id,
      projectId: project.projectId,
    });
    return c.json({ session, token }, 201);
  }));

  // Before `/:address/…`: a back end asks whether a token it holds is still good (signature, expiry, not revoked).
  app.post('/v1/sessions/verify', endpoint({ body: z.object({ token: z.string({ error: 'required' }).max(MAX_SESSION_TOKEN_CHARS, `must be at most ${MAX_SESSION_TOKEN_CHARS} characters`) }) }, async (c, { project, body }) => {
    return c.json({ session: sessionBody(await tokenSession(c, project, body.token)) });
  }));

  // Only the address may see its sessions (their messages and signatures say where and when it signed in).
  const listQuery = z.object({ chainId: optionalParam(caip2) });
  const listHeaders = z.object({ authorization: listAuthorization.optional() });
  app.get('/v1/sessions/:address', endpoint({ params: addressParams, query: listQuery, headers: listHeaders }, async (c, { project, params, query, headers }) => {
    const { db, chains } = c.var.ctx;
    const proof = headers.authorization;
    if (!proof) throw new HttpError(401, LIST_AUTHORIZATION_REQUIRED);
    let chainId = query.chainId;
    if (proof.kind === 'token') {
      // A token shows the address signed in on one chain: a contract account's owner may differ on another.
      const row = await tokenSession(c, project, proof.token);
      if (row.address !== params.address.toLowerCase() || (chainId !== undefined && chainId !== row.chain_id)) throw new HttpError(403, TOKEN_OF_ANOTHER_ACCOUNT);
      chainId = row.chain_id;
    } else {
      // A contract account's signature is checked on the chain asked for (none: only an EOA's verifies).
      if (!(await nonceLive(db, project.projectId, proof.nonce))) throw new HttpError(401, NONCE_UNUSABLE);
      const signed = await messageSignedBy(chainId ? chains.get(chainId) : undefined, chains.rpcTimeoutMs, params.address, listSessionsMessage(params.address, proof.nonce), proof.signature);
      if (!signed) throw new HttpError(401, INVALID_SIGNATURE);
      if (!(await claimNonce(db, project.projectId, proof.nonce))) throw new HttpError(401, NONCE_UNUSABLE);
    }
    const rows = await liveSessions(db, project.projectId, params.address, chainId);
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
