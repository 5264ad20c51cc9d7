/**
 * The embedded wallet's sealed key (issue 11, docs/embedded-wallet.md "Custody model"). The secure site's
 * SERVER generates each user's key, encrypts it under its operator key (the API never holds that key) and
 * keeps the ciphertext here, so it has no database of its own and a new device of the same email gets the
 * same account. The API stores and returns an opaque blob: it cannot read a key from it.
 *
 *   GET /v1/auth/wallet (Bearer embedded session)                → { address, sealed } | 404 'No embedded wallet'
 *   PUT /v1/auth/wallet { address, sealed, proof } (Bearer)      → 201 { address, sealed } | 409 (one wallet per user, never replaced);
 *     development mode: the new address gets test ETH on local dev chains first
 *
 * The API cannot open `sealed`, so it cannot read the address out of it. Instead the secure site's server signs
 * `walletProofMessage(user id, address)` with the new key (`proof`, EIP-191): only an address whose key the
 * submitter holds is stored (and, in development, funded), and a proof made for one user serves no other.
 *
 * Mounted after authRoutes: its `/v1/auth/*` middleware (requests per IP, 4096-byte bodies) applies here too.
 */
import { Hono } from 'hono';
import { getAddress, verifyMessage, type Address, type Hex } from 'viem';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { bearerSession, requireKey } from '../auth/bearer';
import { fundOnDevchains } from '../auth/devchain-funding';
import { HttpError } from '../http/errors';
import { endpoint } from '../http/validate';

/** Longest sealed blob kept (characters). The secure site's v1 format is about 100; room for a later format. */
export const MAX_SEALED_CHARS = 1024;
export const NO_WALLET = 'No embedded wallet';
export const WALLET_EXISTS = 'The embedded wallet already exists: it is never replaced';
export const PROOF_REFUSED = "proof: not signed by the address's key for this user";

/**
 * What the wallet's own key signs (EIP-191 personal_sign) when the secure site's server stores it: the user it
 * belongs to and its checksummed address. services/secure-site src/vault.ts writes the same text.
 */
export const walletProofMessage = (userId: string, address: Address) =>
  `Portico embedded wallet\nuser: ${userId}\naddress: ${address}`;

const walletBody = z.object({
  address: z
    .string({ error: 'required' })
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x + 40 hex digits')
    .transform((a) => getAddress(a.toLowerCase())),
  sealed: z
    .string({ error: 'required' })
    .max(MAX_SEALED_CHARS, `must be at most ${MAX_SEALED_CHARS} characters`)
    .regex(/^[A-Za-z0-9._-]{16,}$/, 'must be at least 16 characters of A-Z a-z 0-9 . _ -'),
  // A 65-byte secp256k1 signature: the wallet is an EOA the secure site's server just made.
  proof: z
    .string({ error: 'required' })
    .regex(/^0x[0-9a-fA-F]{130}$/, 'must be 0x + 130 hex digits (a signature by the wallet key)')
    .transform((p) => p as Hex),
});

type WalletRow = { address: string; sealed: string };

export function embeddedWalletRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/v1/auth/wallet', endpoint({}, async (c, { project }) => {
    const session = await bearerSession(c, requireKey(c), project);
    const { rows } = await c.var.ctx.db.query<WalletRow>('SELECT address, sealed FROM embedded_wallets WHERE user_id = $1', [session.user.id]);
    if (!rows[0]) throw new HttpError(404, NO_WALLET);
    c.header('Cache-Control', 'no-store');
    return c.json({ address: rows[0].address, sealed: rows[0].sealed });
  }));

  app.put('/v1/auth/wallet', endpoint({ body: walletBody }, async (c, { project, body }) => {
    const session = await bearerSession(c, requireKey(c), project);
    const proven = await verifyMessage({ address: body.address, message: walletProofMessage(session.user.id, body.address), signature: body.proof }).catch(() => false);
    if (!proven) throw new HttpError(400, PROOF_REFUSED);
    // First writer wins, atomically: two devices signing in at once cannot end with two keys.
    const { rows } = await c.var.ctx.db.query<WalletRow>(
      'INSERT INTO embedded_wallets (user_id, address, sealed) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING RETURNING address, sealed',
      [session.user.id, body.address, body.sealed],
    );
    if (!rows[0]) return c.json({ error: WALLET_EXISTS }, 409);
    if (c.var.ctx.auth.fundNewWallets) await fundOnDevchains(c.var.ctx.chains, rows[0].address, c.var.ctx.log);
    return c.json({ address: rows[0].address, sealed: rows[0].sealed }, 201);
  }));

  return app;
}
