/**
 * The chain's state at start: the PUSD mint (authority: dev account 0) and the dev accounts, each with SOL
 * and a funded PUSD associated token account, written straight into litesvm's accounts (as a validator's
 * genesis does), plus the faucet that requestAirdrop pays from.
 */
import { createHash } from 'node:crypto';
import { address, type Address, createKeyPairSignerFromPrivateKeyBytes, lamports, none, some, type KeyPairSigner } from '@solana/kit';
import { AccountState, getMintEncoder, getMintSize, getTokenEncoder, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import type { LiteSVM } from 'litesvm';
import { DEV_ACCOUNT_LAMPORTS, DEV_ACCOUNT_PUSD, PUSD_MINT, SOLANA_DEV_ACCOUNTS } from './accounts';

const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
/** The faucet's balance at start: 1 000 000 SOL. */
export const FAUCET_LAMPORTS = 1_000_000n * 1_000_000_000n;

function setAccount(svm: LiteSVM, at: string, balance: bigint, owner: Address = SYSTEM_PROGRAM, data = new Uint8Array()) {
  svm.setAccount({ address: address(at), lamports: lamports(balance), programAddress: owner, data, executable: false, space: BigInt(data.length) });
}

/** Writes the genesis accounts; returns the faucet's signer (its seed: sha256('portico solana faucet')). */
export async function writeGenesis(svm: LiteSVM): Promise<KeyPairSigner> {
  const rent = (size: number) => svm.minimumBalanceForRentExemption(BigInt(size));
  const mint = getMintEncoder().encode({
    mintAuthority: some(address(SOLANA_DEV_ACCOUNTS[0]!.address)),
    supply: DEV_ACCOUNT_PUSD * BigInt(SOLANA_DEV_ACCOUNTS.length),
    decimals: PUSD_MINT.decimals,
    isInitialized: true,
    freezeAuthority: none(),
  });
  setAccount(svm, PUSD_MINT.address, rent(getMintSize()), TOKEN_PROGRAM_ADDRESS, new Uint8Array(mint));
  for (const account of SOLANA_DEV_ACCOUNTS) {
    setAccount(svm, account.address, DEV_ACCOUNT_LAMPORTS);
    const token = getTokenEncoder().encode({
      mint: address(PUSD_MINT.address),
      owner: address(account.address),
      amount: DEV_ACCOUNT_PUSD,
      delegate: none(),
      state: AccountState.Initialized,
      isNative: none(),
      delegatedAmount: 0n,
      closeAuthority: none(),
    });
    setAccount(svm, account.pusdTokenAccount, rent(getTokenSize()), TOKEN_PROGRAM_ADDRESS, new Uint8Array(token));
  }
  const faucet = await createKeyPairSignerFromPrivateKeyBytes(createHash('sha256').update('portico solana faucet').digest());
  setAccount(svm, faucet.address, FAUCET_LAMPORTS);
  return faucet;
}
