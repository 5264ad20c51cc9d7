/**
 * The embedded session JWT: signed with the embedded wallet's key (derived from the API's session key,
 * src/sessions/keys.ts; both published in /.well-known/jwks.json under their own `kid`), with its own
 * `typ` and audience. It is verified against that key alone, so a wallet sign-in token (the session
 * key, aud = a page origin) is never taken for it, and /v1/sessions/verify never takes it either.
 */
import { jwtVerify, SignJWT } from 'jose';
import { onlyKey, SESSION_JWT_ALG, type SigningKey } from '../sessions/keys';
import { publicUser, type AuthSession } from './store';

export const EMBEDDED_AUDIENCE = 'portico-embedded';
export const EMBEDDED_JWT_TYP = 'portico-embedded+jwt';

export interface EmbeddedClaims {
  /** The user id. */
  sub: string;
  /** The email login's address (absent for social users). */
  email?: string;
  /** 'email' or the social provider (spec §3 authProvider). */
  authProvider: string;
  deviceId: string;
  projectId: string;
  /** RFC 7800 confirmation: the thumbprint of the device key the session is bound to (issue 28). */
  cnf: { jkt: string };
  /** The session id. */
  jti: string;
  iss: string;
  iat: number;
  exp: number;
}

export function signEmbeddedJwt(key: SigningKey, claims: EmbeddedClaims): Promise<string> {
  return new SignJWT({ ...claims, aud: EMBEDDED_AUDIENCE })
    .setProtectedHeader({ alg: SESSION_JWT_ALG, kid: key.embedded.kid, typ: EMBEDDED_JWT_TYP })
    .sign(key.embedded.privateKey);
}

/** The session id of a valid, unexpired embedded token; throws otherwise. */
export async function embeddedSessionId(key: SigningKey, token: string): Promise<string> {
  const { payload } = await jwtVerify(token, onlyKey(key.embedded), {
    algorithms: [SESSION_JWT_ALG],
    audience: EMBEDDED_AUDIENCE,
    typ: EMBEDDED_JWT_TYP,
    requiredClaims: ['jti', 'sub', 'exp'],
  });
  return payload.jti!;
}

/**
 * What a login answers (`POST /v1/auth/otp`, `/v1/auth/social/finish`, `/v1/auth/farcaster/result`): the
 * session's JWT (`iss`: the API's public URL or the request's origin; `cnf.jkt`: the device key's thumbprint),
 * the user and the expiry. One place, so every login hands out the same token.
 */
export async function embeddedSessionReply(key: SigningKey, session: AuthSession, iss: string) {
  // Every sign-in stores one; only sessions older than migration 014 lack it, and they are never answered here.
  if (session.deviceKeyJkt === null) throw new Error('embedded session reply: the session is not bound to a device key');
  const seconds = (at: string) => Math.floor(new Date(at).getTime() / 1000);
  const token = await signEmbeddedJwt(key, {
    sub: session.user.id,
    // Only an address the API proved by a code: a back end may key accounts by it. A provider's address is in /v1/auth/session.
    ...(session.user.authProvider === 'email' && session.user.email !== null ? { email: session.user.email } : {}),
    authProvider: session.user.authProvider,
    deviceId: session.deviceId,
    projectId: session.projectId,
    cnf: { jkt: session.deviceKeyJkt },
    jti: session.id,
    iss,
    iat: seconds(session.createdAt),
    exp: seconds(session.expiresAt),
  });
  return { token, user: publicUser(session.user), expiresAt: session.expiresAt };
}
