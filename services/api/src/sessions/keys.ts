/**
 * The key session JWTs are signed with (ES256, P-256) and the JWKS that publishes it.
 *
 * - Production: the operator's key (`startApi({ sessions: { signingKey } })`, env
 *   `PORTICO_API_SESSION_KEY`): a PKCS#8 PEM or a private JWK as JSON. Without one, sign-in is
 *   unavailable (503): an ephemeral key would make every token unverifiable after a restart.
 * - Development mode without a key: one is generated on first start and kept in `signing_keys`,
 *   so tokens keep verifying across restarts of the same database.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Db } from '../db/client';

export const SESSION_JWT_ALG = 'ES256';
export const SIGN_IN_UNAVAILABLE =
  'Sign-in is unavailable: the API has no session signing key (set PORTICO_API_SESSION_KEY)';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  /** The public half as published in the JWKS (`kid`, `alg`, `use` set). */
  publicJwk: JWK;
}

/** Reads a PEM (PKCS#8 / SEC1) or a private JWK (JSON text); only P-256 EC keys are accepted. */
function privateKeyFrom(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = trimmed.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(trimmed) as JsonWebKey, format: 'jwk' })
      : createPrivateKey(trimmed);
  } catch (err) {
    throw new Error(`session signing key: not a private key in PEM or JWK form (${(err as Error).message})`);
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('session signing key: must be an EC P-256 key (ES256)');
  }
  return key;
}

async function signingKey(privateKey: KeyObject): Promise<SigningKey> {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, privateKey, publicJwk: { ...jwk, kid, alg: SESSION_JWT_ALG, use: 'sig' } };
}

/** The development key: the stored one, else a new one stored first (a concurrent start keeps the first). */
async function developmentKey(db: Db): Promise<KeyObject> {
  const fresh = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  await db.query(
    `INSERT INTO signing_keys (purpose, private_jwk) VALUES ('development', $1::jsonb) ON CONFLICT (purpose) DO NOTHING`,
    [JSON.stringify(fresh)],
  );
  const { rows } = await db.query<{ private_jwk: JsonWebKey | string }>(`SELECT private_jwk FROM signing_keys WHERE purpose = 'development'`);
  const stored = rows[0]!.private_jwk;
  return createPrivateKey({ key: typeof stored === 'string' ? (JSON.parse(stored) as JsonWebKey) : stored, format: 'jwk' });
}

/**
 * The API's signing key, or `undefined` when sign-in is unavailable (production without a key).
 * A malformed configured key throws: the API does not start with a key it cannot use.
 */
export async function loadSigningKey(db: Db, options: { signingKey?: string; development: boolean }): Promise<SigningKey | undefined> {
  if (options.signingKey) return signingKey(privateKeyFrom(options.signingKey));
  if (options.development) return signingKey(await developmentKey(db));
  return undefined;
}

export function jwks(key: SigningKey): { keys: JWK[] } {
  return { keys: [key.publicJwk] };
}

export function signSessionJwt(key: SigningKey, claims: JWTPayload & Required<Pick<JWTPayload, 'sub' | 'aud' | 'iss' | 'exp' | 'iat' | 'jti'>>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: SESSION_JWT_ALG, kid: key.kid, typ: 'JWT' }).sign(key.privateKey);
}
