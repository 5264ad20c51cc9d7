// The fixed accounts of src/accounts.ts, derived again from their labels.
import { createHash } from 'node:crypto';
import { address, createKeyPairSignerFromBytes, createKeyPairSignerFromPrivateKeyBytes, getBase58Encoder } from '@solana/kit';
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { describe, expect, it } from '@rstest/core';
import { PUSD_MINT, SOLANA_DEV_ACCOUNTS, SOLANA_LOCAL_CAIP2, SOLANA_LOCAL_GENESIS_HASH } from '../src/accounts';

const seedOf = (label: string) => createHash('sha256').update(label).digest();

describe('accounts', () => {
  it('every dev account is the key of sha256(label), its secret key and PUSD token account match', async () => {
    for (const account of SOLANA_DEV_ACCOUNTS) {
      const fromSeed = await createKeyPairSignerFromPrivateKeyBytes(seedOf(account.label));
      expect(fromSeed.address).toBe(account.address);
      expect((await createKeyPairSignerFromBytes(getBase58Encoder().encode(account.secretKeyBase58))).address).toBe(account.address);
      const [ata] = await findAssociatedTokenPda({ owner: address(account.address), mint: address(PUSD_MINT.address), tokenProgram: TOKEN_PROGRAM_ADDRESS });
      expect(ata).toBe(account.pusdTokenAccount);
    }
  });

  it('the mint address and genesis hash come from their labels', async () => {
    expect((await createKeyPairSignerFromPrivateKeyBytes(seedOf('portico solana PUSD mint'))).address).toBe(PUSD_MINT.address);
    expect(SOLANA_LOCAL_GENESIS_HASH).toBe(address(SOLANA_LOCAL_GENESIS_HASH)); // base58, 32 bytes
    expect(Buffer.from(getBase58Encoder().encode(SOLANA_LOCAL_GENESIS_HASH))).toEqual(seedOf('portico local solana genesis'));
    expect(SOLANA_LOCAL_CAIP2).toBe('solana:78kTJh3f74R3uaMX5iZD8t4UZsrVVTQC');
  });
});
