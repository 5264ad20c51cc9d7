/**
 * The embedded session JWT: signed with the API's session key (src/sessions/keys.ts, published in
 * /.well-known/jwks.json) but with its own `typ` and audience, so it is never taken for a wallet
 * sign-in token (aud = a page origin, typ JWT) or the other way round.
 */
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { jwks, SESSION_JWT_ALG, type SigningKey } from '../sessions/keys';

export const EMBEDDED_AUDIENCE = 'portico-embedded';
export const EMBEDDED_JWT_TYP = 'portico-embedded+jwt';

export interface EmbeddedClaims {
  /** The user id. */
  sub: string;
  email: string;
  deviceId: string;
  projectId: string;
  /** The session id. */
  jti: string;
  iss: string;
  iat: number;
  exp: number;
}

export function signEmbeddedJwt(key: SigningKey, claims: EmbeddedClaims): Promise<string> {
  return new SignJWT({ ...claims, aud: EMBEDDED_AUDIENCE })
    .setProtectedHeader({ alg: SESSION_JWT_ALG, kid: key.kid, typ: EMBEDDED_JWT_TYP })
    .sign(key.privateKey);
}

/** The session id of a valid, unexpired embedded token; throws otherwise. */
export async function embeddedSessionId(key: SigningKey, token: string): Promise<string> {
  const { payload } = await jwtVerify(token, createLocalJWKSet(jwks(key)), {
    algorithms: [SESSION_JWT_ALG],
    audience: EMBEDDED_AUDIENCE,
    typ: EMBEDDED_JWT_TYP,
    requiredClaims: ['jti', 'sub', 'exp'],
  });
  return payload.jti!;
}
