import type { WalletAccount } from '@wallet-standard/base';
import * as z from 'zod/mini';
import { isValidAddress } from '../../address/shapes';
import type { ListedAccount } from '../../atoms';
import { bytesSchema, MAX_WALLET_ACCOUNTS, walletSchema } from '../wallet-standard';

/** What `bitcoin:connect` asks for, in this order: the payment address (spec section 3: bip122's default account type), then the ordinals one. */
export const CONNECT_PURPOSES = ['payment', 'ordinals'] as const;
export type BitcoinAddressPurpose = (typeof CONNECT_PURPOSES)[number];

/**
 * The spec's account type of each purpose (section 3 lists eoa, smartAccount, payment): an ordinals address is
 * a plain key's like any other (AppKit names it 'ordinal', a type the spec does not have).
 */
export const LISTED_TYPE: Readonly<Record<BitcoinAddressPurpose, ListedAccount['type']>> = { payment: 'payment', ordinals: 'eoa' };

/** A BIP-322 signature of a single-key address is at most 110 bytes; the limit leaves room for the "full" format. */
export const MAX_SIGNATURE_BYTES = 1_024;

const isBitcoinChain = (chain: string) => chain.startsWith('bitcoin:');

/** A registered Wallet Standard wallet as Portico needs it: named, with a bitcoin chain and `bitcoin:connect`. */
export const bitcoinWalletSchema = walletSchema('bitcoin:', 'bitcoin:connect');

/**
 * A wallet account: a bitcoin address, its public key (33 bytes compressed, 32 x-only for taproot, 65 uncompressed
 * for old P2PKH keys), the chains it may be used on and, from wallets that say it, its purpose.
 */
const accountSchema = z.object({
  address: z.string().check(z.refine((address) => isValidAddress('bip122', address), 'not a bitcoin address')),
  publicKey: bytesSchema.check(z.refine((key) => [32, 33, 65].includes(key.length), 'not a public key')),
  chains: z.array(z.string()).check(z.refine((chains) => chains.some(isBitcoinChain), 'no bitcoin chain')),
  purpose: z.optional(z.enum(CONNECT_PURPOSES)),
});

/** An account the wallet granted (the original object, which the wallet expects back) and what it is for. */
export interface BitcoinAccount {
  account: WalletAccount;
  purpose: BitcoinAddressPurpose;
}

/**
 * The wallet's bitcoin accounts, payment first, at most MAX_WALLET_ACCOUNTS. The purpose is the account's own
 * `purpose` (Xverse, Phantom), else its place in the list: `bitcoin:connect` answers in the order it was asked.
 */
export function bitcoinAccounts(accounts: unknown): BitcoinAccount[] {
  if (!Array.isArray(accounts)) return [];
  return accounts
    .flatMap((account: unknown, index): BitcoinAccount[] => {
      const parsed = accountSchema.safeParse(account);
      if (!parsed.success) return [];
      return [{ account: account as WalletAccount, purpose: parsed.data.purpose ?? CONNECT_PURPOSES[index] ?? 'payment' }];
    })
    .sort((a, b) => CONNECT_PURPOSES.indexOf(a.purpose) - CONNECT_PURPOSES.indexOf(b.purpose))
    .slice(0, MAX_WALLET_ACCOUNTS);
}

/** Output of `bitcoin:signMessage` (one per input): the signature's bytes, a BIP-322 witness for segwit and taproot addresses. */
export const signMessageOutputSchema = z
  .array(z.object({ signature: bytesSchema.check(z.refine((bytes) => bytes.length > 0 && bytes.length <= MAX_SIGNATURE_BYTES, 'not a signature')) }))
  .check(z.minLength(1));
