import type { Wallet, WalletAccount } from '@wallet-standard/base';
import * as z from 'zod/mini';
import { safeWalletIcon } from '../eip155/discovery';
import type { Connector } from '../types';

/** At most this many accounts of one wallet are used (the embedded wallet's limit too); the rest are ignored. */
export const MAX_WALLET_ACCOUNTS = 16;

const functionSchema = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function');
const bytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

/** A registered Wallet Standard wallet as Portico needs it: named, with a Solana chain and `standard:connect`. */
const solanaWalletSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  icon: z.string(),
  chains: z.array(z.string()).check(z.refine((chains) => chains.some((chain) => chain.startsWith('solana:')), 'no solana chain')),
  features: z.object({ 'standard:connect': z.object({ connect: functionSchema }) }),
});

/** A wallet account: a base58 address, its 32-byte public key and the chains it may be used on. */
const accountSchema = z.object({
  address: z.string().check(z.minLength(32), z.maxLength(44)),
  publicKey: bytesSchema,
  chains: z.array(z.string()),
});

export const isSolanaWallet = (wallet: Wallet): boolean => solanaWalletSchema.safeParse(wallet).success;

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

/**
 * The connector for a Wallet Standard wallet. Its type is ANNOUNCED: like an EIP-6963 wallet it announces
 * itself (the register handshake) with its own name and icon, and many may be present at once; INJECTED is
 * the one legacy global (`window.ethereum`). Its id is the wallet's name, the standard's only stable identity.
 */
export const walletConnector = (wallet: Wallet): Connector => ({
  id: wallet.name,
  name: wallet.name,
  type: 'ANNOUNCED',
  chain: 'solana',
  imageUrl: safeWalletIcon(wallet.icon),
  installed: true,
});

/** The method `method` of the wallet's feature `name`, when the wallet has it. */
export function featureMethod<T extends (...args: never[]) => unknown>(wallet: Wallet, name: string, method: string): T | undefined {
  const feature = (wallet.features as Record<string, Record<string, unknown> | undefined>)[name];
  const fn = feature?.[method];
  return typeof fn === 'function' ? (fn.bind(feature) as T) : undefined;
}

/** A 64-byte ed25519 signature, as every Solana signing feature returns it. */
export const signatureSchema = bytesSchema.check(z.refine((bytes) => bytes.length === 64, 'a signature is 64 bytes'));

/** Outputs of `solana:signMessage` and `solana:signAndSendTransaction` (one per input), and of `solana:signTransaction`: never empty. */
export const signatureOutputSchema = z.array(z.object({ signature: signatureSchema })).check(z.minLength(1));
export const signTransactionOutputSchema = z.array(z.object({ signedTransaction: bytesSchema })).check(z.minLength(1));
