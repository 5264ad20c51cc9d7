/**
 * The device proof (issue 28; RFC 9449 DPoP is the model) that `POST /wallet/account` and `/wallet/sign` demand next to a
 * device-bound session token: a compact JWS the page signs with its non-extractable device key
 * (src/page/device-key.ts) for this one request. Protected header `{ typ: 'dpop+jwt', alg: 'ES256', jwk }`
 * (the device's public P-256 key), payload `{ htm, htu, iat, jti, ath, bh }`:
 *   htm  the request's method                      htu  its URL: scheme, host and path (no query, no fragment)
 *   iat  when it was made (s), within 60 s of now   jti  16–64 characters, never seen before
 *   ath  base64url(sha256(access token))            bh   base64url(sha256(body bytes)); no body: sha256 of ''
 * `bh` goes beyond RFC 9449: it ties the proof to the exact body, as Turnkey's stamps do.
 * The key must be the one the session is bound to: RFC 7638 thumbprint(jwk) === the token's `cnf.jkt`.
 * A copied token is then useless without the device, and a copied proof is good for one request, once.
 */
import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, compactVerify, decodeProtectedHeader, importJWK } from 'jose';
import { z } from 'zod';

export const DPOP_JWT_TYP = 'dpop+jwt';
/** How far a proof's `iat` may be from the server's clock, either way (s). */
export const PROOF_MAX_AGE_S = 60;
/**
 * How long a used `jti` is remembered (ms): a proof is acceptable for at most 2 × PROOF_MAX_AGE_S around its
 * `iat`, so after this long a replay would fail the `iat` check anyway.
 */
export const REPLAY_WINDOW_MS = 2 * PROOF_MAX_AGE_S * 1000;
/** Most `jti`s remembered at once. */
export const REPLAY_CACHE_MAX = 10_000;
export const JTI_MIN_LENGTH = 16;
export const JTI_MAX_LENGTH = 64;

export const PROOF_MESSAGES = {
  malformed: 'DPoP proof: not a compact JWS',
  typ: `DPoP proof: typ must be ${DPOP_JWT_TYP}`,
  alg: 'DPoP proof: alg must be ES256',
  jwk: 'DPoP proof: jwk must be a public EC P-256 key { kty, crv, x, y }',
  signature: 'DPoP proof: signature does not verify with its jwk',
  claims: 'DPoP proof: the payload must have htm, htu, iat, jti, ath and bh',
  jkt: 'DPoP proof: jwk is not the key the session is bound to (cnf.jkt)',
  htm: 'DPoP proof: htm does not match',
  htu: 'DPoP proof: htu does not match',
  iat: `DPoP proof: iat is not within ${PROOF_MAX_AGE_S} s of now`,
  jti: `DPoP proof: jti must be a string of ${JTI_MIN_LENGTH} to ${JTI_MAX_LENGTH} characters`,
  ath: 'DPoP proof: ath does not match the access token',
  bh: 'DPoP proof: bh does not match the body',
  replayed: 'DPoP proof: jti was already used',
  busy: 'DPoP proof: too many recent proofs, try again in a minute',
} as const;

/** A refused proof, with the HTTP status the server answers it with (429: the replay cache is full). */
export class DeviceProofError extends Error {
  constructor(
    readonly status: 401 | 429,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The `jti`s of accepted proofs, each kept REPLAY_WINDOW_MS. Bounded: when full of live entries it refuses
 * new proofs (429) rather than forget one early, since forgetting would let that proof be replayed. Only
 * proofs that passed every other check are recorded, so filling it takes a live session and its device key
 * (and the wallet routes' per-IP rate limits apply first).
 */
export class ReplayCache {
  /** jti → when it may be forgotten (ms); insertion order is expiry order for a clock that does not go back. */
  private readonly until = new Map<string, number>();

  constructor(
    readonly maxEntries = REPLAY_CACHE_MAX,
    readonly windowMs = REPLAY_WINDOW_MS,
  ) {}

  get size(): number {
    return this.until.size;
  }

  /** Records `jti` as used at `nowMs`; throws DeviceProofError when it was used within the window, or the cache is full. */
  claim(jti: string, nowMs: number): void {
    this.forgetExpired(nowMs);
    const until = this.until.get(jti);
    if (until !== undefined && until > nowMs) throw new DeviceProofError(401, PROOF_MESSAGES.replayed);
    if (this.until.size >= this.maxEntries) throw new DeviceProofError(429, PROOF_MESSAGES.busy);
    this.until.set(jti, nowMs + this.windowMs);
  }

  private forgetExpired(nowMs: number): void {
    for (const [jti, until] of this.until) {
      if (until > nowMs) return;
      this.until.delete(jti);
    }
  }
}

/** A base64url P-256 coordinate (32 bytes). */
const coordinate = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const headerSchema = z.object({
  typ: z.literal(DPOP_JWT_TYP, { error: PROOF_MESSAGES.typ }),
  alg: z.literal('ES256', { error: PROOF_MESSAGES.alg }),
  // Public members only: a header that carries `d` (or anything else) is refused, not trimmed.
  jwk: z.strictObject({ kty: z.literal('EC'), crv: z.literal('P-256'), x: coordinate, y: coordinate }),
});
const payloadSchema = z.object({
  htm: z.string(),
  htu: z.string(),
  iat: z.number(),
  jti: z.string(),
  ath: z.string(),
  bh: z.string(),
});

/** base64url(sha256(bytes)), as `ath` and `bh` carry it. */
export const sha256Base64url = (bytes: string | Uint8Array): string => createHash('sha256').update(bytes).digest('base64url');

/** A URL in WHATWG normal form (so `HTTPS://Site:443/x` is `https://site/x`); undefined when it is not one. */
function normalUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Does the proof's `htu` name this request's URL? Both normalised; the request's URL is taken as scheme, host
 * and path, and an `htu` with a query or fragment does not match (RFC 9449 §4.2: htu has neither).
 */
function htuMatches(htu: string, url: string): boolean {
  const expected = normalUrl(url);
  return expected !== undefined && normalUrl(htu)?.href === `${expected.origin}${expected.pathname}`;
}

export interface DeviceProofInput {
  /** The `DPoP` header's value. */
  proof: string;
  /** The request's method and URL as this server is reached (its public origin + path). */
  method: string;
  url: string;
  /** The request's body bytes (empty when it has none). */
  body: string | Uint8Array;
  /** The session token the request presents. */
  accessToken: string;
  /** The token's `cnf.jkt`: the thumbprint of the device key the session is bound to. */
  jkt: string;
  /** The server's clock (ms since the epoch). */
  now: number;
  /** Where used `jti`s are kept (one per server). */
  seen: ReplayCache;
}

/** The proof's header and the key it names, or why not. */
async function verifiedPayload(proof: string): Promise<{ payload: unknown; jwk: z.output<typeof headerSchema>['jwk'] }> {
  let header: unknown;
  try {
    header = decodeProtectedHeader(proof);
  } catch {
    throw new DeviceProofError(401, PROOF_MESSAGES.malformed);
  }
  const parsed = headerSchema.safeParse(header);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new DeviceProofError(401, issue.path[0] === 'jwk' ? PROOF_MESSAGES.jwk : issue.message);
  }
  const { jwk } = parsed.data;
  try {
    const key = await importJWK(jwk, 'ES256');
    const { payload } = await compactVerify(proof, key, { algorithms: ['ES256'] });
    return { payload: JSON.parse(new TextDecoder().decode(payload)), jwk };
  } catch {
    // An off-curve point, a bad signature, a payload that is not JSON: the proof is not the device's.
    throw new DeviceProofError(401, PROOF_MESSAGES.signature);
  }
}

/**
 * Checks `proof` for this request and session; throws DeviceProofError naming the first check that failed.
 * The `jti` is recorded last, so a refused proof does not take a place in the replay cache.
 */
export async function verifyDeviceProof(input: DeviceProofInput): Promise<void> {
  const { payload, jwk } = await verifiedPayload(input.proof);
  const claims = payloadSchema.safeParse(payload);
  if (!claims.success) throw new DeviceProofError(401, PROOF_MESSAGES.claims);
  const { htm, htu, iat, jti, ath, bh } = claims.data;
  const fail = (message: string) => {
    throw new DeviceProofError(401, message);
  };
  if ((await calculateJwkThumbprint(jwk, 'sha256')) !== input.jkt) fail(PROOF_MESSAGES.jkt);
  if (htm !== input.method) fail(PROOF_MESSAGES.htm);
  if (!htuMatches(htu, input.url)) fail(PROOF_MESSAGES.htu);
  if (!(Math.abs(input.now - iat * 1000) <= PROOF_MAX_AGE_S * 1000)) fail(PROOF_MESSAGES.iat);
  if (jti.length < JTI_MIN_LENGTH || jti.length > JTI_MAX_LENGTH) fail(PROOF_MESSAGES.jti);
  if (ath !== sha256Base64url(input.accessToken)) fail(PROOF_MESSAGES.ath);
  if (bh !== sha256Base64url(input.body)) fail(PROOF_MESSAGES.bh);
  input.seen.claim(jti, input.now);
}
