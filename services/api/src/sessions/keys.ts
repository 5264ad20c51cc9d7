/**
 * The keys session JWTs are signed with (ES256, P-256) and the JWKS that publishes them.
 *
 * - Production: the operator's key (`startApi({ sessions: { signingKey } })`, env
 *   `PORTICO_API_SESSION_KEY`): a PKCS#8 PEM or a private JWK as JSON. Without one, sign-in is
 *   unavailable (503): an ephemeral key would make every token unverifiable after a restart.
 * - Development mode without a key: one is generated on first start and kept in `signing_keys`,
 *   so tokens keep verifying across restarts of the same database.
 * - After `portico-admin session-key rotate` (migration 021): the key it put in `signing_keys` (purpose
 *   'session') wins over both, and the keys it replaced keep verifying until their grace ends. Every
 *   replica reads those from the database, so one that has not restarted yet still verifies the new key's
 *   tokens (an unknown `kid` reloads them) and publishes it in its JWKS.
 *
 * That key signs wallet sign-in (SIWX) tokens. The embedded wallet's session tokens are signed by a
 * second key derived from it, under its own `kid`: each kind of token is verified against its own keys
 * only, so neither is ever accepted as the other, whatever its header and claims say.
 */
import { createECDH, createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, createLocalJWKSet, jwtVerify, SignJWT, type JWK, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Db, Queryable } from '../db/client';

export const SESSION_JWT_ALG = 'ES256';
/** The sign-in token's explicit type (RFC 8725 §3.11); the embedded wallet's is `portico-embedded+jwt`. */
export const SIWX_JWT_TYP = 'portico-siwx+jwt';
export const SIGN_IN_UNAVAILABLE =
  'Sign-in is unavailable: the API has no session signing key (set PORTICO_API_SESSION_KEY)';

/** Which token a key signs: wallet sign-in (SIWX) or the embedded wallet's session. */
export type KeyKind = 'siwx' | 'embedded';

/** One JWT signing key. */
export interface JwtKey {
  kid: string;
  privateKey: KeyObject;
  /** The public half as published in the JWKS (`kid`, `alg`, `use` set). */
  publicJwk: JWK;
  /** The public keys whose tokens of this kind verify now: this one and those of a rotation in its grace. */
  accepted(): JWK[];
  /** Reloads the rotation's keys when `kid` is not among them (a rotation this process has not seen yet). */
  learn(kid: string | undefined): Promise<void>;
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

/** A key's public JWK as published: `kid` is its RFC 7638 thumbprint. */
async function publicJwkOf(privateKey: KeyObject): Promise<JWK> {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: SESSION_JWT_ALG, use: 'sig' };
}

/** The public JWKs of a root key: its own (sign-in) and the embedded wallet's derived from it. */
async function publicJwksOf(root: KeyObject): Promise<Record<KeyKind, JWK>> {
  return { siwx: await publicJwkOf(root), embedded: await publicJwkOf(derivedKey(root, EMBEDDED_KEY_INFO)) };
}

/** How often a process rereads the rotation's keys (an unknown kid rereads them at once). */
const RING_REFRESH_MS = 60_000;

interface RingEntry {
  jwks: Record<KeyKind, JWK>;
  /** Absent: the key in use; else when its tokens stop verifying (ms since 1970). */
  until?: number;
}

/** The purpose 'session' rows of `signing_keys` (migration 021) as this process last read them. */
class RotationRing {
  #entries: RingEntry[] = [];
  #loadedAt = 0;
  #loading: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  reload(): Promise<void> {
    this.#loading ??= (async () => {
      try {
        const { rows } = await this.db.query<{ public_jwks: Record<KeyKind, JWK> | string; verify_until: Date | string | null }>(
          `SELECT public_jwks, verify_until FROM signing_keys WHERE purpose = 'session'`,
        );
        this.#entries = rows.map((r) => ({
          jwks: typeof r.public_jwks === 'string' ? (JSON.parse(r.public_jwks) as Record<KeyKind, JWK>) : r.public_jwks,
          ...(r.verify_until !== null && { until: new Date(r.verify_until).getTime() }),
        }));
        this.#loadedAt = Date.now();
      } finally {
        this.#loading = undefined;
      }
    })();
    return this.#loading;
  }

  /** The accepted keys of `own`'s kind: `own` unless a rotation retired it and its grace ended, and the ring's live ones. */
  accepted(kind: KeyKind, own: JWK): JWK[] {
    if (Date.now() - this.#loadedAt > RING_REFRESH_MS) {
      // In the background: the JWKS route answers synchronously. A failed read keeps the keys read before.
      this.reload().catch(() => {});
    }
    const now = Date.now();
    const ownEnded = this.#entries.some((e) => e.jwks[kind].kid === own.kid && e.until !== undefined && e.until <= now);
    const live = this.#entries.filter((e) => e.until === undefined || e.until > now).map((e) => e.jwks[kind]);
    return [...(ownEnded ? [] : [own]), ...live.filter((jwk) => jwk.kid !== own.kid)];
  }

  async learn(kind: KeyKind, kid: string | undefined): Promise<void> {
    // One small indexed read per unknown kid; concurrent ones share it (reload).
    if (kid === undefined || this.#entries.some((e) => e.jwks[kind].kid === kid)) return;
    await this.reload();
  }
}

async function jwtKey(privateKey: KeyObject, kind: KeyKind, ring: RotationRing): Promise<JwtKey> {
  const publicJwk = await publicJwkOf(privateKey);
  return {
    kid: publicJwk.kid!,
    privateKey,
    publicJwk,
    accepted: () => ring.accepted(kind, publicJwk),
    learn: (kid) => (kid === publicJwk.kid ? Promise.resolve() : ring.learn(kind, kid)),
  };
}

async function signingKey(root: KeyObject, ring: RotationRing): Promise<SigningKey> {
  return { ...(await jwtKey(root, 'siwx', ring)), embedded: await jwtKey(derivedKey(root, EMBEDDED_KEY_INFO), 'embedded', ring) };
}

const jwkObject = (stored: JsonWebKey | string): JsonWebKey => (typeof stored === 'string' ? (JSON.parse(stored) as JsonWebKey) : stored);

/** The development key: the stored one, else a new one stored first (a concurrent start keeps the first). */
async function developmentKey(db: Db): Promise<KeyObject> {
  const fresh = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  await db.query(
    `INSERT INTO signing_keys (purpose, private_jwk) VALUES ('development', $1::jsonb) ON CONFLICT (purpose) WHERE verify_until IS NULL DO NOTHING`,
    [JSON.stringify(fresh)],
  );
  const { rows } = await db.query<{ private_jwk: JsonWebKey | string }>(`SELECT private_jwk FROM signing_keys WHERE purpose = 'development'`);
  return createPrivateKey({ key: jwkObject(rows[0]!.private_jwk), format: 'jwk' });
}

/** The key a rotation put in use (purpose 'session'), if any. */
async function rotatedKey(db: Queryable): Promise<KeyObject | undefined> {
  const { rows } = await db.query<{ private_jwk: JsonWebKey | string }>(
    `SELECT private_jwk FROM signing_keys WHERE purpose = 'session' AND verify_until IS NULL`,
  );
  return rows[0] && createPrivateKey({ key: jwkObject(rows[0].private_jwk), format: 'jwk' });
}

/**
 * The API's signing key, or `undefined` when sign-in is unavailable (production without a key).
 * A malformed configured key throws: the API does not start with a key it cannot use.
 */
export async function loadSigningKey(db: Db, options: { signingKey?: string; development: boolean }): Promise<SigningKey | undefined> {
  const root =
    (await rotatedKey(db)) ??
    (options.signingKey ? privateKeyFrom(options.signingKey) : options.development ? await developmentKey(db) : undefined);
  if (!root) return undefined;
  const ring = new RotationRing(db);
  await ring.reload();
  return signingKey(root, ring);
}

/** Every public key that verifies now, each under its own `kid`: what `/.well-known/jwks.json` publishes. */
export function jwks(key: SigningKey): { keys: JWK[] } {
  return { keys: [...key.accepted(), ...key.embedded.accepted()] };
}

/**
 * A key set of `key`'s kind alone (its own key, and a rotation's others of the same kind during their grace):
 * a token signed by any other key does not verify against it.
 */
export function onlyKey(key: JwtKey): JWTVerifyGetKey {
  return async (header, token) => {
    await key.learn(header.kid);
    return createLocalJWKSet({ keys: key.accepted() })(header, token);
  };
}

/** Advisory lock key that serialises rotations (the migrations use 7282001, the seed 7282002). */
const ROTATION_LOCK = 7282003;

/** What `session-key rotate` did: the key now in use and the one whose tokens verify until `verifyUntil`. */
export interface SessionKeyRotation {
  kid: string;
  retiredKid: string;
  verifyUntil: string;
}

/**
 * Puts `newKey` (PEM or JWK; generated when absent) in use and retires the key in use: its public halves stay
 * in `signing_keys` and its tokens verify for `graceS` more seconds. The key in use is the last rotation's,
 * else `currentKey` (the PORTICO_API_SESSION_KEY the API runs with), else the development key.
 */
export async function rotateSessionKey(db: Db, options: { newKey?: string; currentKey?: string; graceS: number }): Promise<SessionKeyRotation> {
  const next = options.newKey ? privateKeyFrom(options.newKey) : generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const nextJwks = await publicJwksOf(next);
  return db.transaction(async (tx) => {
    // Two rotations at once would each retire the same key and drop the other's new one: one at a time.
    await tx.query(`SELECT pg_advisory_xact_lock(${ROTATION_LOCK})`);
    const { rows: dev } = await tx.query<{ private_jwk: JsonWebKey | string }>(`SELECT private_jwk FROM signing_keys WHERE purpose = 'development'`);
    const current =
      (await rotatedKey(tx)) ??
      (options.currentKey ? privateKeyFrom(options.currentKey) : dev[0] && createPrivateKey({ key: jwkObject(dev[0].private_jwk), format: 'jwk' }));
    if (!current) {
      throw new Error('session key: no key in use to retire; pass the key the API runs with (--current-key-file or PORTICO_API_SESSION_KEY)');
    }
    const currentJwks = await publicJwksOf(current);
    if (currentJwks.siwx.kid === nextJwks.siwx.kid) throw new Error('session key: the new key is the key in use');
    // One statement order for every source of the key in use: its old rows go, then the retired and the new one are written.
    await tx.query(`DELETE FROM signing_keys WHERE purpose = 'development' OR (purpose = 'session' AND (verify_until IS NULL OR kid = ANY($1::text[])))`, [
      [currentJwks.siwx.kid, nextJwks.siwx.kid],
    ]);
    const { rows } = await tx.query<{ verify_until: Date | string }>(
      `INSERT INTO signing_keys (purpose, kid, public_jwks, verify_until) VALUES ('session', $1, $2::jsonb, now() + $3::int * interval '1 second')
       RETURNING verify_until`,
      [currentJwks.siwx.kid, JSON.stringify(currentJwks), options.graceS],
    );
    await tx.query(`INSERT INTO signing_keys (purpose, kid, public_jwks, private_jwk) VALUES ('session', $1, $2::jsonb, $3::jsonb)`, [
      nextJwks.siwx.kid,
      JSON.stringify(nextJwks),
      JSON.stringify(next.export({ format: 'jwk' })),
    ]);
    return { kid: nextJwks.siwx.kid!, retiredKid: currentJwks.siwx.kid!, verifyUntil: new Date(rows[0]!.verify_until).toISOString() };
  });
}

/** The rotation's keys (purpose 'session'): the one in use, and each retired one with the end of its grace. */
export async function sessionKeyStatus(db: Db): Promise<{ kid: string; inUse: boolean; verifyUntil?: string }[]> {
  const { rows } = await db.query<{ kid: string; verify_until: Date | string | null }>(
    `SELECT kid, verify_until FROM signing_keys WHERE purpose = 'session' ORDER BY verify_until DESC NULLS FIRST`,
  );
  return rows.map((r) => ({ kid: r.kid, inUse: r.verify_until === null, ...(r.verify_until !== null && { verifyUntil: new Date(r.verify_until).toISOString() }) }));
}

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
