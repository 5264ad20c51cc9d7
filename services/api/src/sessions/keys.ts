/**
 * The keys session JWTs are signed with (ES256, P-256) and the JWKS that publishes them.
 *
 * - Production: the operator's key (`startApi({ sessions: { signingKey } })`, env
 *   `PORTICO_API_SESSION_KEY`): a PKCS#8 PEM or a private JWK as JSON. Without one, sign-in is
 *   unavailable (503): an ephemeral key would make every token unverifiable after a restart.
 * - Development mode without a key: one is generated on first start and kept in `signing_keys`,
 *   so tokens keep verifying across restarts of the same database.
 *
 * That key signs wallet sign-in (SIWX) tokens. The embedded wallet's session tokens are signed by a
 * second key derived from it, under its own `kid`: each kind of token is verified against its own key
 * only, so neither is ever accepted as the other, whatever its header and claims say.
 */
import { createECDH, createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, createLocalJWKSet, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Db } from '../db/client';

export const SESSION_JWT_ALG = 'ES256';
/** The sign-in token's explicit type (RFC 8725 §3.11); the embedded wallet's is `portico-embedded+jwt`. */
export const SIWX_JWT_TYP = 'portico-siwx+jwt';
export const SIGN_IN_UNAVAILABLE =
  'Sign-in is unavailable: the API has no session signing key (set PORTICO_API_SESSION_KEY)';

/** One JWT signing key. */
export interface JwtKey {
  kid: string;
  privateKey: KeyObject;
  /** The public half as published in the JWKS (`kid`, `alg`, `use` set). */
  publicJwk: JWK;
}

/** The API's session key, which signs sign-in (SIWX) tokens, and the embedded wallet's key derived from it. */
export interface SigningKey extends JwtKey {
  embedded: JwtKey;
}

/** P-256's group order n. */
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
/** 32 bytes for the scalar plus 64 extra bits, so that reducing mod n − 1 is unbiased (FIPS 186-5, A.2.1). */
const DERIVED_SCALAR_BYTES = 40;
/** HKDF `info` of the embedded wallet's key (the one-time codes' HMAC key uses another, src/auth/config.ts). */
const EMBEDDED_KEY_INFO = 'portico embedded session JWT key';

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

/**
 * A P-256 key derived from `root`'s private scalar by HKDF-SHA256 with `info`, reduced to [1, n − 1].
 * The same root always gives the same key: nothing more to configure or store, and tokens keep
 * verifying across restarts as the root's do.
 */
function derivedKey(root: KeyObject, info: string): KeyObject {
  const rootScalar = Buffer.from((root.export({ format: 'jwk' }) as JsonWebKey).d!, 'base64url');
  const material = Buffer.from(hkdfSync('sha256', rootScalar, '', info, DERIVED_SCALAR_BYTES));
  const scalar = (BigInt(`0x${material.toString('hex')}`) % (P256_ORDER - 1n)) + 1n;
  const d = Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey(); // uncompressed: 0x04 ‖ x ‖ y
  const base64url = (bytes: Buffer) => bytes.toString('base64url');
  return createPrivateKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', d: base64url(d), x: base64url(point.subarray(1, 33)), y: base64url(point.subarray(33)) },
  });
}

async function jwtKey(privateKey: KeyObject): Promise<JwtKey> {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, privateKey, publicJwk: { ...jwk, kid, alg: SESSION_JWT_ALG, use: 'sig' } };
}

async function signingKey(privateKey: KeyObject): Promise<SigningKey> {
  return { ...(await jwtKey(privateKey)), embedded: await jwtKey(derivedKey(privateKey, EMBEDDED_KEY_INFO)) };
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

/** Both public keys, each under its own `kid`: what `/.well-known/jwks.json` publishes. */
export function jwks(key: SigningKey): { keys: JWK[] } {
  return { keys: [key.publicJwk, key.embedded.publicJwk] };
}

/** A key set of `key` alone: a token signed by any other key does not verify against it. */
export const onlyKey = (key: JwtKey) => createLocalJWKSet({ keys: [key.publicJwk] });

/** A sign-in token's claims: `aud` is the page's origin (the signed message's uri). */
export type SessionClaims = JWTPayload & Required<Pick<JWTPayload, 'sub' | 'iss' | 'exp' | 'iat' | 'jti'>> & { aud: string };

export function signSessionJwt(key: SigningKey, claims: SessionClaims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: SESSION_JWT_ALG, kid: key.kid, typ: SIWX_JWT_TYP }).sign(key.privateKey);
}

/**
 * The claims of a sign-in token: signed by the sign-in key (never the embedded wallet's), typed
 * SIWX_JWT_TYP, unexpired, with one `aud`. Throws jose's errors (JWTExpired among them) otherwise.
 */
export async function verifySessionJwt(key: SigningKey, token: string): Promise<SessionClaims> {
  const { payload } = await jwtVerify(token, onlyKey(key), {
    algorithms: [SESSION_JWT_ALG],
    typ: SIWX_JWT_TYP,
    requiredClaims: ['sub', 'iss', 'exp', 'iat', 'jti', 'aud'],
  });
  if (typeof payload.aud !== 'string') throw new Error('sign-in token: aud must be one origin');
  return payload as SessionClaims;
}
