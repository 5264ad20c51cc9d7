/**
 * The secure site server's part of custody (README "Custody"): `verify` checks the caller's embedded session JWT
 * against the API's JWKS and answers its claims (with `cnf.jkt`, the device key the server then checks the request's
 * proof against); `account`, `sign` and `export` fetch the user's sealed key from the API (`/v1/auth/wallet`, with the
 * same Bearer token, so a revoked session gets nothing) and open it for that one call; `account` creates and stores it
 * the first time.
 * The private key is made here from node:crypto randomness; the API only ever sees the sealed blob, with the new key's
 * signature over the user id and its address (`walletProofMessage`: the API stores no address without it). `account` answers
 * the address, `sign` the signature (issue 28); only `export` answers the key itself, and only once the API accepted a
 * fresh export code that was mailed to the user (and used it up).
 */
import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { bytesToHex, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { z } from 'zod';
import { open, seal, SEALED_UNREADABLE, type OperatorKey } from './sealing';
import type { SignReply, SignRequest } from './sign-request';

/** The API's embedded session token (services/api src/auth/token.ts). */
export const EMBEDDED_AUDIENCE = 'portico-embedded';
export const EMBEDDED_JWT_TYP = 'portico-embedded+jwt';
export const SESSION_EXPIRED = 'Session Expired';
export const WALLET_UNAVAILABLE = 'The embedded wallet service is unavailable, try again later';
export const NO_WALLET = 'This user has no embedded wallet yet: ask for its account first';
/**
 * What a new key signs (EIP-191) when its sealed form is stored: the API cannot open the blob, so this proves the
 * address is the key's and binds it to the user (services/api src/routes/embedded-wallet.ts `walletProofMessage`,
 * the same text), and the API stores (and in development funds) no address without it.
 */
export const walletProofMessage = (userId: string, address: `0x${string}`) => `Portico embedded wallet\nuser: ${userId}\naddress: ${address}`;
/** The API's refusal of an export code is passed on in its words (e.g. 'Invalid code'), cut to this length. */
const MAX_REFUSAL_CHARS = 500;

/** An error with the HTTP status the server answers it with. */
export class VaultError extends Error {
  constructor(
    readonly status: 401 | 403 | 409 | 502 | 503,
    message: string,
  ) {
    super(message);
  }
}

/** A session token that verified, with the claims the server uses. */
export interface VerifiedSession {
  token: string;
  sub: string;
  projectId: string;
  /** RFC 7800 confirmation: the thumbprint of the device key the session is bound to (absent: not bound). */
  cnf?: { jkt: string };
}

export interface Vault {
  /** The token's claims once its signature, audience, type and expiry check out; throws VaultError. */
  verify(token: string): Promise<VerifiedSession>;
  /** The address of the session's user's wallet (made on first call); throws VaultError. */
  account(session: VerifiedSession): Promise<{ address: `0x${string}` }>;
  /** Signs the checked request with the session's user's key; none yet → VaultError 409 (and otherwise as `account`). */
  sign(session: VerifiedSession, request: SignRequest): Promise<SignReply>;
  /**
   * The session's user's private key, once the API accepted `code` (the fresh export code mailed to the user; it is
   * used up there first, so a refused or reused code opens nothing): VaultError 403 with the API's reason; no wallet
   * yet → 409 (and otherwise as `account`).
   */
  export(session: VerifiedSession, code: string): Promise<{ address: `0x${string}`; privateKey: Hex }>;
}

/** jose's codes for a token that is bad (signature, claims, type, unknown key), as opposed to a JWKS it could not fetch. */
const TOKEN_ERROR_CODE = /^ERR_(JWT_|JWS_|JWKS_NO_MATCHING_KEY|JWKS_MULTIPLE_MATCHING_KEYS|JOSE_ALG_NOT_ALLOWED)/;

const claimsSchema = z.object({
  sub: z.string().min(1).max(128),
  projectId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/),
  // An RFC 7638 SHA-256 thumbprint, base64url.
  cnf: z.object({ jkt: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }).optional(),
});
const storedSchema = z.object({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/), sealed: z.string().min(1).max(1024) });
const refusalSchema = z.object({ error: z.string().min(1) });

/** The API call's answer; anything but the expected statuses is the API being unavailable. */
async function apiCall(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new VaultError(503, WALLET_UNAVAILABLE);
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (res.status === 401) throw new VaultError(401, SESSION_EXPIRED);
  return { status: res.status, body };
}

/** A secp256k1 private key from node:crypto; viem refuses the (2^-128-rare) bytes that are not a valid scalar. */
function newPrivateKey(): { privateKey: Hex; account: PrivateKeyAccount } {
  for (;;) {
    const privateKey = bytesToHex(randomBytes(32));
    try {
      return { privateKey, account: privateKeyToAccount(privateKey) };
    } catch {
      // out of range: draw again
    }
  }
}

/** `operatorKey`: the key new wallets are sealed under and, during a rotation, the previous one (src/sealing.ts). */
export function createVault(options: { apiUrl: string; operatorKey: OperatorKey }): Vault {
  const jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', options.apiUrl), { timeoutDuration: 10_000 });

  async function verify(token: string): Promise<VerifiedSession> {
    try {
      // Signature, audience, type and expiry; the issuer is the API's public URL, which this server may reach
      // under another address, so it is not compared. Revocation is the API's to check (the wallet call below).
      const { payload } = await jwtVerify(token, jwks, {
        algorithms: ['ES256'],
        audience: EMBEDDED_AUDIENCE,
        typ: EMBEDDED_JWT_TYP,
        requiredClaims: ['sub', 'exp', 'jti'],
      });
      const { sub, projectId, cnf } = claimsSchema.parse(payload);
      return { token, sub, projectId, ...(cnf && { cnf }) };
    } catch (err) {
      // A token that fails a check is the caller's; the JWKS being unreachable is not.
      const code = (err as { code?: unknown }).code;
      const tokenRefused = err instanceof z.ZodError || (typeof code === 'string' && TOKEN_ERROR_CODE.test(code));
      throw tokenRefused ? new VaultError(401, SESSION_EXPIRED) : new VaultError(503, WALLET_UNAVAILABLE);
    }
  }

  /**
   * The user's stored wallet, the API's row checked; with `create`, a new one stored first when there is none. Signing
   * never creates: a page's account whose row is gone must not have a new key sign under its old address.
   */
  async function storedWallet(user: VerifiedSession, create: boolean): Promise<z.output<typeof storedSchema>> {
    const url = `${new URL('/v1/auth/wallet', options.apiUrl)}?projectId=${encodeURIComponent(user.projectId)}`;
    const headers = { Authorization: `Bearer ${user.token}` };
    let stored = await apiCall(url, { headers });
    if (stored.status === 404 && !create) throw new VaultError(409, NO_WALLET);
    if (stored.status === 404) {
      const { privateKey, account } = newPrivateKey();
      const sealed = seal(options.operatorKey, Buffer.from(privateKey.slice(2), 'hex'), user.sub);
      const proof = await account.signMessage({ message: walletProofMessage(user.sub, account.address) });
      const put = await apiCall(url, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ address: account.address, sealed, proof }),
      });
      // 409: another device of the same user stored its wallet first; that one is the account.
      stored = put.status === 409 ? await apiCall(url, { headers }) : put;
      if (put.status !== 201 && put.status !== 409) throw new VaultError(502, WALLET_UNAVAILABLE);
    }
    const parsed = storedSchema.safeParse(stored.body);
    if ((stored.status !== 200 && stored.status !== 201) || !parsed.success) throw new VaultError(502, WALLET_UNAVAILABLE);
    return parsed.data;
  }

  /** The user's key (and it as a viem account), for the length of one call of this module only. */
  async function openedKey(user: VerifiedSession, create: boolean): Promise<{ privateKey: Hex; account: PrivateKeyAccount }> {
    const stored = await storedWallet(user, create);
    // Bound to this user's id: a blob moved to another user's row (or changed at all) does not open.
    let privateKey: Hex;
    try {
      privateKey = bytesToHex(open(options.operatorKey, stored.sealed, user.sub));
    } catch (err) {
      // When the key is why (a rotation's grace ended, a key this server lacks), the message says so: the operator's cue.
      throw new VaultError(502, err instanceof Error && err.message.startsWith(SEALED_UNREADABLE) ? err.message : SEALED_UNREADABLE);
    }
    const account = privateKeyToAccount(privateKey);
    // The row's address is what the user was shown: a key that is not its key signs nothing.
    if (account.address.toLowerCase() !== stored.address.toLowerCase()) throw new VaultError(502, SEALED_UNREADABLE);
    return { privateKey, account };
  }

  /** The API checks the export code for this session's user and browser and uses it up; a refusal → VaultError 403. */
  async function useExportCode(user: VerifiedSession, code: string): Promise<void> {
    const url = `${new URL('/v1/auth/export/verify', options.apiUrl)}?projectId=${encodeURIComponent(user.projectId)}`;
    const { status, body } = await apiCall(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    if (status === 200) return;
    const refusal = refusalSchema.safeParse(body);
    if (status === 403 && refusal.success) throw new VaultError(403, refusal.data.error.slice(0, MAX_REFUSAL_CHARS));
    throw new VaultError(502, WALLET_UNAVAILABLE);
  }

  return {
    verify,
    async account(user) {
      return { address: (await openedKey(user, true)).account.address };
    },
    async sign(user, request) {
      const { account } = await openedKey(user, false);
      switch (request.kind) {
        case 'message':
          return { signature: await account.signMessage({ message: request.message }) };
        case 'typedData':
          return { signature: await account.signTypedData(request.typedData) };
        case 'transaction':
          return { serializedTransaction: await account.signTransaction(request.transaction) };
      }
    },
    async export(user, code) {
      await useExportCode(user, code);
      // Never creates: there is nothing to export before the person's wallet exists.
      const { privateKey, account } = await openedKey(user, false);
      return { address: account.address, privateKey };
    },
  };
}
