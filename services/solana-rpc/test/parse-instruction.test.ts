// jsonParsed instructions, built with the programs' own clients and read back as agave names them; anything that does
// not decode (unknown data, too few accounts, bad UTF-8) is shown partially decoded, never an error.
import { createNoopSigner, generateKeyPairSigner, getBase58Decoder, none, some, type Address, type Instruction } from '@solana/kit';
import {
  getAdvanceNonceAccountInstruction, getAllocateInstruction, getCreateAccountInstruction, getCreateAccountWithSeedInstruction,
  getTransferSolInstruction, getTransferSolWithSeedInstruction, getWithdrawNonceAccountInstruction,
} from '@solana-program/system';
import {
  AuthorityType, getCloseAccountInstruction, getCreateAssociatedTokenInstruction, getGetAccountDataSizeInstruction, getInitializeMintInstruction,
  getMintToCheckedInstruction, getRecoverNestedAssociatedTokenInstruction, getSetAuthorityInstruction, getSyncNativeInstruction, getTransferInstruction,
  getUiAmountToAmountInstruction,
} from '@solana-program/token';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { parseInstruction } from '../src/parse-instruction';
import { TOKEN_2022_PROGRAM } from '../src/token';

const SYSTEM = '11111111111111111111111111111111';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const ATA = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const MEMO_V1 = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo';
const RENT = 'SysvarRent111111111111111111111111111111111';
const RECENT_BLOCKHASHES = 'SysvarRecentB1ockHashes11111111111111111111';
const base58 = getBase58Decoder();

/** The instruction as a transaction shows it: accounts resolved, at the bottom of the stack. */
const resolved = (ix: Instruction, programId: string = ix.programAddress) => ({
  programId,
  accounts: (ix.accounts ?? []).map((meta) => meta.address as string),
  data: new Uint8Array(ix.data ?? []),
  stackHeight: 1,
});
const parsed = (ix: Instruction, programId?: string) => (parseInstruction(resolved(ix, programId)) as { parsed: unknown }).parsed;

let k: Address[];
beforeAll(async () => {
  k = await Promise.all(Array.from({ length: 6 }, async () => (await generateKeyPairSigner()).address));
});
const signer = (at: Address) => createNoopSigner(at);

describe('system', () => {
  it('names the accounts and fields of each instruction as agave does', () => {
    const [a, b, c, d] = k as [Address, Address, Address, Address];
    expect(parseInstruction(resolved(getTransferSolInstruction({ source: signer(a), destination: b, amount: 7n })))).toEqual({
      program: 'system',
      programId: SYSTEM,
      parsed: { type: 'transfer', info: { source: a, destination: b, lamports: 7n } },
      stackHeight: 1,
    });
    expect(parsed(getCreateAccountInstruction({ payer: signer(a), newAccount: signer(b), lamports: 9n, space: 165n, programAddress: c }))).toEqual({
      type: 'createAccount',
      info: { source: a, newAccount: b, lamports: 9n, space: 165n, owner: c },
    });
    expect(parsed(getCreateAccountWithSeedInstruction({ payer: signer(a), newAccount: b, baseAccount: signer(c), base: c, seed: 'vault', amount: 3n, space: 8n, programAddress: d }))).toEqual({
      type: 'createAccountWithSeed',
      info: { source: a, newAccount: b, base: c, seed: 'vault', lamports: 3n, space: 8n, owner: d },
    });
    expect(parsed(getAdvanceNonceAccountInstruction({ nonceAccount: a, nonceAuthority: signer(b) }))).toEqual({
      type: 'advanceNonce',
      info: { nonceAccount: a, recentBlockhashesSysvar: RECENT_BLOCKHASHES, nonceAuthority: b },
    });
    expect(parsed(getWithdrawNonceAccountInstruction({ nonceAccount: a, recipientAccount: b, nonceAuthority: signer(c), withdrawAmount: 5n }))).toEqual({
      type: 'withdrawFromNonce',
      info: { nonceAccount: a, destination: b, recentBlockhashesSysvar: RECENT_BLOCKHASHES, rentSysvar: RENT, nonceAuthority: c, lamports: 5n },
    });
    expect(parsed(getTransferSolWithSeedInstruction({ source: a, baseAccount: signer(b), destination: c, amount: 2n, fromSeed: 's', fromOwner: d }))).toEqual({
      type: 'transferWithSeed',
      info: { source: a, sourceBase: b, destination: c, lamports: 2n, sourceSeed: 's', sourceOwner: d },
    });
    expect(parsed(getAllocateInstruction({ newAccount: signer(a), space: 10n }))).toEqual({ type: 'allocate', info: { account: a, space: 10n } });
  });
});

describe('spl-token', () => {
  it('writes one authority, or a multisig and its signers, as agave’s parse_signers does', () => {
    const [source, destination, owner, s1, s2] = k as [Address, Address, Address, Address, Address];
    expect(parsed(getTransferInstruction({ source, destination, authority: owner, amount: 1_000n }))).toEqual({
      type: 'transfer',
      info: { source, destination, amount: '1000', authority: owner },
    });
    expect(parsed(getTransferInstruction({ source, destination, authority: owner, amount: 1_000n, multiSigners: [signer(s1), signer(s2)] }))).toEqual({
      type: 'transfer',
      info: { source, destination, amount: '1000', multisigAuthority: owner, signers: [s1, s2] },
    });
    expect(parsed(getCloseAccountInstruction({ account: source, destination, owner }))).toEqual({ type: 'closeAccount', info: { account: source, destination, owner } });
  });

  it('reads amounts with decimals as tokenAmount, authorities, options and extension types', () => {
    const [mint, account, authority, freeze] = k as [Address, Address, Address, Address];
    expect(parsed(getMintToCheckedInstruction({ mint, token: account, mintAuthority: authority, amount: 1_500_000n, decimals: 6 }))).toEqual({
      type: 'mintToChecked',
      info: { mint, account, tokenAmount: { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' }, mintAuthority: authority },
    });
    expect(parsed(getSetAuthorityInstruction({ owned: mint, owner: authority, authorityType: AuthorityType.MintTokens, newAuthority: none() }))).toEqual({
      type: 'setAuthority',
      info: { mint, authorityType: 'mintTokens', newAuthority: null, authority },
    });
    expect(parsed(getSetAuthorityInstruction({ owned: account, owner: authority, authorityType: AuthorityType.CloseAccount, newAuthority: some(freeze) }))).toEqual({
      type: 'setAuthority',
      info: { account, authorityType: 'closeAccount', newAuthority: freeze, authority },
    });
    expect(parsed(getInitializeMintInstruction({ mint, decimals: 2, mintAuthority: authority, freezeAuthority: some(freeze) }))).toEqual({
      type: 'initializeMint',
      info: { mint, decimals: 2, mintAuthority: authority, rentSysvar: RENT, freezeAuthority: freeze },
    });
    expect(parsed(getInitializeMintInstruction({ mint, decimals: 2, mintAuthority: authority }))).toEqual({
      type: 'initializeMint',
      info: { mint, decimals: 2, mintAuthority: authority, rentSysvar: RENT },
    });
    expect(parsed(getUiAmountToAmountInstruction({ mint, uiAmount: '1.25' }))).toEqual({ type: 'uiAmountToAmount', info: { mint, uiAmount: '1.25' } });
    expect(parsed(getSyncNativeInstruction({ account }))).toEqual({ type: 'syncNative', info: { account } });
    expect(parsed(getGetAccountDataSizeInstruction({ mint }))).toEqual({ type: 'getAccountDataSize', info: { mint } });
    // Token-2022 shares the base instructions, under the same program name.
    expect(parseInstruction(resolved(getSyncNativeInstruction({ account }), TOKEN_2022_PROGRAM))).toMatchObject({ program: 'spl-token', programId: TOKEN_2022_PROGRAM });
  });
});

describe('spl-associated-token-account and spl-memo', () => {
  it('parses create (with or without its one data byte) and recoverNested', async () => {
    const [payer, ata, owner, mint, nestedMint, nested] = k as [Address, Address, Address, Address, Address, Address];
    const create = getCreateAssociatedTokenInstruction({ payer: signer(payer), ata, owner, mint });
    const info = { source: payer, account: ata, wallet: owner, mint, systemProgram: SYSTEM, tokenProgram: TOKEN };
    expect(parseInstruction(resolved(create))).toEqual({ program: 'spl-associated-token-account', programId: ATA, parsed: { type: 'create', info }, stackHeight: 1 });
    // The original Create had no data at all.
    expect(parseInstruction({ ...resolved(create), data: new Uint8Array() })).toMatchObject({ parsed: { type: 'create', info } });
    const recover = getRecoverNestedAssociatedTokenInstruction({
      nestedAssociatedAccountAddress: nested,
      nestedTokenMintAddress: nestedMint,
      destinationAssociatedAccountAddress: ata,
      ownerAssociatedAccountAddress: payer,
      ownerTokenMintAddress: mint,
      walletAddress: signer(owner),
    });
    expect(parsed(recover)).toEqual({
      type: 'recoverNested',
      info: { nestedSource: nested, nestedMint, destination: ata, nestedOwner: payer, ownerMint: mint, wallet: owner, tokenProgram: TOKEN },
    });
  });

  it('shows a memo as its text', () => {
    expect(parseInstruction({ programId: MEMO_V1, accounts: [], data: new TextEncoder().encode('gm 🦖'), stackHeight: 2 })).toEqual({
      program: 'spl-memo',
      programId: MEMO_V1,
      parsed: 'gm 🦖',
      stackHeight: 2,
    });
  });
});

describe('partially decoded', () => {
  it('shows unknown programs, unknown or truncated data, too few accounts and bad UTF-8 as { programId, accounts, data }', () => {
    const [a, b] = k as [Address, Address];
    const partial = (programId: string, accounts: string[], data: Uint8Array) => ({ programId, accounts, data: base58.decode(data), stackHeight: 1 });
    const cases: Array<[string, string[], Uint8Array]> = [
      ['ComputeBudget111111111111111111111111111111', [], new Uint8Array([2, 0x10, 0x27, 0, 0])],
      [SYSTEM, [a, b], new Uint8Array([99, 0, 0, 0])], // no such system instruction
      [SYSTEM, [a, b], new Uint8Array([2, 0, 0, 0, 1])], // a transfer cut short
      [SYSTEM, [a], new Uint8Array(getTransferSolInstruction({ source: signer(a), destination: b, amount: 1n }).data)], // one account
      [TOKEN, [a, b], new Uint8Array([3, 1, 0, 0, 0, 0, 0, 0, 0])], // a transfer needs three accounts
      [TOKEN_2022_PROGRAM, [a], new Uint8Array([26, 0])], // a Token-2022 extension instruction
      [TOKEN, [a], new Uint8Array([21, 7])], // an extension type cut short
      [ATA, [a, b], new Uint8Array([1, 0])], // borsh: one byte exactly
      [MEMO_V1, [], new Uint8Array([0xff, 0xfe])],
    ];
    for (const [programId, accounts, data] of cases) {
      expect(parseInstruction({ programId, accounts, data, stackHeight: 1 })).toEqual(partial(programId, accounts, data));
    }
  });
});
