/**
 * Who a socket is: the relay-auth JWT in the `auth` query parameter, verified as WalletConnect's relay
 * verifies it (`@walletconnect/relay-auth`, the clients' own library): EdDSA, signed by the ed25519 key its
 * `iss` (a `did:key`) names, `aud` one of this relay's URLs, `iat` / `exp` within `JWT_CLOCK_SKEW_SECONDS`.
 * The `iss` is the client id, so a new client id costs a new keypair, and a client id cannot be claimed
 * by anyone without its key.
 */
import { decodeIss, decodeJWT, verifyJWT } from '@walletconnect/relay-auth';
import { z } from 'zod';

/** Clock difference tolerated on `iat` and `exp` (WalletConnect's relay allows the same 120 s). */
export const JWT_CLOCK_SKEW_SECONDS = 120;
/** Longest `auth` parameter read; the clients' tokens are about 400 characters. */
export const MAX_AUTH_TOKEN_CHARS = 2048;

const tokenSchema = z
  .string()
  .max(MAX_AUTH_TOKEN_CHARS, `is longer than ${MAX_AUTH_TOKEN_CHARS} characters`)
  .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'is not a JWT');
const headerSchema = z.looseObject({ alg: z.literal('EdDSA'), typ: z.literal('JWT') });
const seconds = z.int({ error: 'must be a whole number of seconds' });
const claimsSchema = z.looseObject({
  iss: z.string({ error: 'must be an ed25519 did:key' }).refine(isEd25519DidKey, 'must be an ed25519 did:key'),
  aud: z.string({ error: 'must be the relay URL' }),
  iat: seconds,
  exp: seconds,
});

function isEd25519DidKey(iss: string): boolean {
  try {
    decodeIss(iss);
    return true;
  } catch {
    return false;
  }
}

/**
 * A ws(s) URL as a relay audience: scheme, host, port and path, without a trailing slash, query or
 * fragment (`ws://127.0.0.1:8787`, `ws://127.0.0.1:8787/` and `ws://127.0.0.1:8787/?x` name one relay).
 */
export function audienceKey(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const { protocol, host, pathname } = new URL(url);
  if (protocol !== 'ws:' && protocol !== 'wss:') return null;
  return `${protocol}//${host}${pathname.replace(/\/+$/, '')}`;
}

/** A URL clients connect to this relay with (`RelayOptions.publicUrls`). */
export const relayUrlSchema = z.string().refine((url) => audienceKey(url) !== null, 'must be a ws:// or wss:// URL');

export type AuthOutcome = { clientId: string } | { refused: string };

/** The client id the token proves, or why it is refused (short enough for a close reason). */
export async function authenticate(auth: string | null, audiences: ReadonlySet<string>, nowSeconds = Math.floor(Date.now() / 1000)): Promise<AuthOutcome> {
  if (!auth) return { refused: 'no auth token (the auth query parameter)' };
  const token = tokenSchema.safeParse(auth);
  if (!token.success) return { refused: `auth token ${token.error.issues[0]!.message}` };
  let decoded: ReturnType<typeof decodeJWT>;
  try {
    decoded = decodeJWT(token.data);
  } catch {
    return { refused: 'auth token is not a JWT' };
  }
  if (!headerSchema.safeParse(decoded.header).success) return { refused: 'auth token must be an EdDSA JWT' };
  const claims = claimsSchema.safeParse(decoded.payload);
  if (!claims.success) {
    const issue = claims.error.issues[0]!;
    return { refused: `auth token's ${issue.path.join('.') || 'claims'} ${issue.message}` };
  }
  const { iss, aud, iat, exp } = claims.data;
  if (exp + JWT_CLOCK_SKEW_SECONDS < nowSeconds) return { refused: 'auth token expired' };
  if (iat - JWT_CLOCK_SKEW_SECONDS > nowSeconds) return { refused: 'auth token issued in the future' };
  const audience = audienceKey(aud);
  if (!audience || !audiences.has(audience)) return { refused: 'auth token is for another relay (aud)' };
  // Last: the one costly check.
  const signed = await verifyJWT(token.data).catch(() => false);
  return signed ? { clientId: iss } : { refused: 'auth token signature does not match its iss' };
}
