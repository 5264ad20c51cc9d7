/**
 * Sign in with the wallet, sessions kept by the API (issue 10; spec sections 3, 7). The server
 * issues the nonce, checks the signed message itself (EIP-4361 on eip155, Sign-In With Solana on
 * solana and its Bitcoin twin on bip122: issue 32), stores the session and hands back a JWT a
 * site's own back end verifies offline with the JWKS (revocation: the list or /verify). An eip155
 * address signs with EIP-191 (0x hex), a Solana one with ed25519 (base58), a bitcoin one with
 * BIP-322 (base64 of the witness), here and in the list and revoke proofs alike.
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
import { getAddress, type Address, type Hex } from 'viem';
import { z } from 'zod';
import { clientIp, type AppEnv } from '../app';
import { isSolanaAccount } from '../http/chain';
import { HttpError } from '../http/errors';
import { originAllowed } from '../http/origins';
import { caip2, optionalParam } from '../http/params';
import { endpoint } from '../http/validate';
import type { RequestProject } from '../http/project';
import { jwks, SIGN_IN_UNAVAILABLE, signSessionJwt, verifySessionJwt, type SigningKey } from '../sessions/keys';
import { checkSignInMessage, INVALID_SIGNATURE } from '../sessions/message';
import { bitcoinHrp, signedByBitcoinAddress, UNSUPPORTED_BITCOIN_ADDRESS } from '../sessions/bip322';
import { signedBySolanaAccount } from '../sessions/siws';
import { messageSignedBy } from '../chains/signature';
import { claimNonce, createSession, findSession, issueNonce, liveSessions, nonceLive, revokeSession, sessionBody, storedAddress, type SessionRow } from '../sessions/store';

/** Largest sign-in message accepted (characters). */
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

/** The text an address signs (EIP-191 personal_sign; ed25519 on Solana; BIP-322 on bitcoin) to revoke one of its sessions. */
export const revokeMessage = (sessionId: string) => `Revoke Portico session ${sessionId}`;

/**
 * The text an address signs (EIP-191 personal_sign; ed25519 on Solana; BIP-322 on bitcoin) to list its sessions without holding
 * one of their tokens: fresh by a nonce from POST /v1/sessions/nonce, which the list uses up. `address`
 * checksummed (eip155), as given otherwise.
 */
export const listSessionsMessage = (address: string, nonce: string) => `List Portico sessions of ${address}\nNonce: ${nonce}`;

// Spec section 5: a signed message is 0x plus at least 62 hex characters; ERC-6492 wrappings are longer.
const EVM_SIGNATURE = /^0x[0-9a-fA-F]{62,}$/;
export const EVM_SIGNATURE_SHAPE = 'must be 0x plus at least 62 hex characters';
/** A Solana (ed25519) signature: 64 bytes in base58, 64 to 88 characters. */
const SOLANA_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;
export const SOLANA_SIGNATURE_SHAPE = 'must be base58 of a 64-byte ed25519 signature';
/** A BIP-322 simple signature: base64 of the witness. */
const BITCOIN_SIGNATURE = /^[A-Za-z0-9+/]{20,}={0,2}$/;
export const BITCOIN_SIGNATURE_SHAPE = 'must be base64 of a BIP-322 witness';

/** Either namespace's signature shape; which one the signer's namespace needs is checked once it is known (`signedBy`). */
const signature = z
  .string({ error: 'required' })
  .max(16_384, 'must be at most 16384 characters')
  .superRefine((value, ctx) => {
    if (EVM_SIGNATURE.test(value) || SOLANA_SIGNATURE.test(value) || BITCOIN_SIGNATURE.test(value)) return;
    ctx.addIssue({ code: 'custom', message: value.startsWith('0x') || !/^[1-9A-HJ-NP-Za-km-z]+$/.test(value) ? EVM_SIGNATURE_SHAPE : SOLANA_SIGNATURE_SHAPE });
  });

/** Today a sign-in text (EIP-4361, or Sign-In With Solana and its Bitcoin twin) and its signature; a CACAO body joins this union and maps onto the same pair. */
const signInBody = z.object({
  message: z.string({ error: 'required (sign-in text)' }).min(1, 'required (sign-in text)').max(MAX_SIWE_MESSAGE_LENGTH, `must be at most ${MAX_SIWE_MESSAGE_LENGTH} characters`),
  signature,
});

/** An address of a namespace sign-in serves: eip155 (checksummed), bitcoin (bech32, lower case) or Solana (base58 as given). */
const signInAddressParams = z.object({
  address: z.string({ error: 'required' }).transform((address, ctx) => {
    if (/^(0x)?[0-9a-fA-F]{40}$/.test(address)) return getAddress(address.startsWith('0x') ? address : `0x${address}`);
    if (/^(bc|tb)1[02-9ac-hj-np-z]{8,87}$/.test(address) || isSolanaAccount(address)) return address;
    ctx.addIssue({ code: 'custom', message: `'${address.slice(0, 64)}' is not an address (0x + 40 hex digits, a bitcoin or a Solana address)` });
    return z.NEVER;
  }),
});

/**
 * Did `address` sign `text`? eip155: EIP-191, contract accounts through the node of `chainId` (without
 * one only an EOA's signature verifies); bip122 (known by `chainId`): BIP-322 by a P2WPKH address;
 * Solana: ed25519 by the address. 400 when the signature is not of the namespace's shape.
 */
async function signedBy(c: Context<AppEnv>, address: string, chainId: string | undefined, text: string, signed: string): Promise<boolean> {
  const { chains } = c.var.ctx;
  const hrp = chainId && bitcoinHrp(chainId);
  if (hrp) {
    if (!BITCOIN_SIGNATURE.test(signed)) throw new HttpError(400, `signature: ${BITCOIN_SIGNATURE_SHAPE}`);
    try {
      return signedByBitcoinAddress(address, hrp, text, signed);
    } catch {
      throw new HttpError(400, `address: ${UNSUPPORTED_BITCOIN_ADDRESS}`);
    }
  }
  if (!address.startsWith('0x')) {
    if (!SOLANA_SIGNATURE.test(signed)) throw new HttpError(400, `signature: ${SOLANA_SIGNATURE_SHAPE}`);
    return signedBySolanaAccount(address, text, signed);
  }
  if (!EVM_SIGNATURE.test(signed)) throw new HttpError(400, `signature: ${EVM_SIGNATURE_SHAPE}`);
  return messageSignedBy(chainId ? chains.get(chainId) : undefined, chains.rpcTimeoutMs, address as Address, text, signed as Hex);
}

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
    const { message, origin } = checkSignInMessage(body.message, {
      origin: c.req.header('origin'),
      originAllowed: (o) => originAllowed(o, project.allowedOrigins),
      chains,
      now,
    });
    if (!(await nonceLive(db, project.projectId, message.nonce))) throw new HttpError(401, NONCE_UNUSABLE);
    if (!(await signedBy(c, message.address, message.chainId, body.message, body.signature))) throw new HttpError(401, INVALID_SIGNATURE);

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
  app.get('/v1/sessions/:address', endpoint({ params: signInAddressParams, query: listQuery, headers: listHeaders }, async (c, { project, params, query, headers }) => {
    const { db } = c.var.ctx;
    const proof = headers.authorization;
    if (!proof) throw new HttpError(401, LIST_AUTHORIZATION_REQUIRED);
    let chainId = query.chainId;
    if (proof.kind === 'token') {
      // A token shows the address signed in on one chain: a contract account's owner may differ on another.
      const row = await tokenSession(c, project, proof.token);
      if (row.address !== storedAddress(params.address) || (chainId !== undefined && chainId !== row.chain_id)) throw new HttpError(403, TOKEN_OF_ANOTHER_ACCOUNT);
      chainId = row.chain_id;
    } else {
      // A contract account's signature is checked on the chain asked for (none: only an EOA's verifies).
      if (!(await nonceLive(db, project.projectId, proof.nonce))) throw new HttpError(401, NONCE_UNUSABLE);
      if (!(await signedBy(c, params.address, chainId, listSessionsMessage(params.address, proof.nonce), proof.signature))) throw new HttpError(401, INVALID_SIGNATURE);
      if (!(await claimNonce(db, project.projectId, proof.nonce))) throw new HttpError(401, NONCE_UNUSABLE);
    }
    const rows = await liveSessions(db, project.projectId, params.address, chainId);
    return c.json({ sessions: rows.map(sessionBody) });
  }));

  app.post('/v1/sessions/:address/revoke', endpoint({ params: signInAddressParams, body: revokeBody }, async (c, { project, params, body }) => {
    const { db } = c.var.ctx;
    const row = await findSession(db, project.projectId, body.pci);
    if (!row || row.address !== storedAddress(params.address)) return c.json({ error: SESSION_NOT_FOUND }, 404);
    if (!(await signedBy(c, params.address, row.chain_id, revokeMessage(row.id), body.signature))) throw new HttpError(401, INVALID_SIGNATURE);
    return c.json({ id: row.id, revokedAt: await revokeSession(db, row.id) });
  }));

  return app;
}
