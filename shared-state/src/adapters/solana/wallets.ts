import type { WalletAccount } from '@wallet-standard/base';
import * as z from 'zod/mini';
import { bytesSchema, MAX_WALLET_ACCOUNTS, walletSchema } from '../wallet-standard';

/** A registered Wallet Standard wallet as Portico needs it: named, with a Solana chain and `standard:connect`. */
export const solanaWalletSchema = walletSchema('solana:', 'standard:connect');

/** A wallet account: a base58 address, its 32-byte public key and the chains it may be used on. */
const accountSchema = z.object({
  address: z.string().check(z.minLength(32), z.maxLength(44)),
  publicKey: bytesSchema,
  chains: z.array(z.string()),
});

/** The wallet's Solana accounts (valid shape, a solana chain), at most MAX_WALLET_ACCOUNTS; the original objects, which the wallet expects back. */
export function solanaAccounts(accounts: unknown): WalletAccount[] {
  if (!Array.isArray(accounts)) return [];
  return accounts
    .filter((account): account is WalletAccount => {
      const parsed = accountSchema.safeParse(account);
      return parsed.success && parsed.data.chains.some((chain) => chain.startsWith('solana:'));
    })
    .slice(0, MAX_WALLET_ACCOUNTS);
}

/** A 64-byte ed25519 signature, as every Solana signing feature returns it. */
export const signatureSchema = bytesSchema.check(z.refine((bytes) => bytes.length === 64, 'a signature is 64 bytes'));

/** Outputs of `solana:signMessage` and `solana:signAndSendTransaction` (one per input), and of `solana:signTransaction`: never empty. */
export const signatureOutputSchema = z.array(z.object({ signature: signatureSchema })).check(z.minLength(1));
export const signTransactionOutputSchema = z.array(z.object({ signedTransaction: bytesSchema })).check(z.minLength(1));

/**
 * Output of `solana:signIn` (one per input): the account that signed, the text the wallet wrote and signed, and
 * the signature over it.
 */
export const signInOutputSchema = z
  .array(z.object({ account: z.object({ address: z.string() }), signedMessage: bytesSchema, signature: signatureSchema }))
  .check(z.minLength(1));
