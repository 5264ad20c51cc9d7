// getBlock and getTransaction's jsonParsed encoding in agave's exact shapes (raw JSON-RPC), and the block history's bounds.
import {
  address, appendTransactionMessageInstructions, createTransactionMessage, generateKeyPairSigner, getBase58Decoder, getBase64EncodedWireTransaction, lamports, pipe,
  setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash, signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { PUSD_MINT, SOLANA_DEV_ACCOUNTS } from '../src/accounts';
import { devSigner, post, signedTransaction, startChain } from './helpers';

const SYSTEM = '11111111111111111111111111111111';
const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const mint = address(PUSD_MINT.address);
const call = (url: string, method: string, params: unknown[]) => post(url, { jsonrpc: '2.0', id: 1, method, params }).then((reply) => reply.json);

let chain: Awaited<ReturnType<typeof startChain>>;
beforeAll(async () => {
  chain = await startChain();
});
afterAll(() => chain.server.stop());

/** Sends a SOL transfer; its signature, wire, slot and the parties. */
async function sendTransfer(payerIndex: number, amount = 2_000_000_000n) {
  const from = await devSigner(payerIndex);
  const to = (await generateKeyPairSigner()).address;
  const wire = await signedTransaction(chain.rpc, from, [getTransferSolInstruction({ source: from, destination: to, amount: lamports(amount) })]);
  const signature = (await call(chain.server.url, 'sendTransaction', [wire, { encoding: 'base64' }])).result as string;
  const slot = Number((await chain.rpc.getSignatureStatuses([signature as never]).send()).value[0]!.slot);
  return { signature, wire, slot, from: from.address, to };
}

describe('getTransaction, jsonParsed', () => {
  it('writes a SOL transfer as agave does: account keys with flags, the parsed instruction, meta without loadedAddresses', async () => {
    const { signature, slot, from, to } = await sendTransfer(0);
    const { result } = await call(chain.server.url, 'getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]);
    const { result: json } = await call(chain.server.url, 'getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }]);
    expect(result).toEqual({
      slot,
      transaction: {
        signatures: [signature],
        message: {
          accountKeys: [
            { pubkey: from, writable: true, signer: true, source: 'transaction' },
            { pubkey: to, writable: true, signer: false, source: 'transaction' },
            { pubkey: SYSTEM, writable: false, signer: false, source: 'transaction' },
          ],
          recentBlockhash: json.transaction.message.recentBlockhash,
          instructions: [{ program: 'system', programId: SYSTEM, parsed: { type: 'transfer', info: { source: from, destination: to, lamports: 2_000_000_000 } }, stackHeight: 1 }],
          addressTableLookups: [],
        },
      },
      meta: {
        err: null,
        status: { Ok: null },
        fee: 5000,
        preBalances: json.meta.preBalances,
        postBalances: json.meta.postBalances,
        innerInstructions: [],
        logMessages: ['Program 11111111111111111111111111111111 invoke [1]', 'Program 11111111111111111111111111111111 success'],
        preTokenBalances: [],
        postTokenBalances: [],
        rewards: [],
        computeUnitsConsumed: json.meta.computeUnitsConsumed,
      },
      version: 0,
      blockTime: json.blockTime,
    });
    // json keeps its raw form; the message's own instructions are at stack height 1.
    expect(json.transaction.message.instructions).toEqual([{ programIdIndex: 2, accounts: [0, 1], data: expect.any(String), stackHeight: 1 }]);
    expect(json.meta.loadedAddresses).toEqual({ writable: [], readonly: [] });
  });

  it('parses the SPL programs, inner instructions at their stack height, a memo, and shows other programs partially decoded', async () => {
    const from = await devSigner(1);
    const owner = (await generateKeyPairSigner()).address;
    const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const source = SOLANA_DEV_ACCOUNTS[1]!.pusdTokenAccount;
    const computeBudget = address('ComputeBudget111111111111111111111111111111');
    const wire = await signedTransaction(chain.rpc, from, [
      { programAddress: computeBudget, data: new Uint8Array([2, 0x80, 0x1a, 0x06, 0]) }, // SetComputeUnitLimit(400 000)
      getCreateAssociatedTokenIdempotentInstruction({ payer: from, ata, owner, mint }),
      getTransferCheckedInstruction({ source: address(source), mint, destination: ata, authority: from, amount: 1_500_000n, decimals: 6 }),
      { programAddress: address(MEMO), data: new TextEncoder().encode('thanks ✓') },
    ]);
    const sent = await call(chain.server.url, 'sendTransaction', [wire, { encoding: 'base64' }]);
    expect(sent.error).toBeUndefined();
    const { result } = await call(chain.server.url, 'getTransaction', [sent.result, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }]);
    const [budget, create, transfer, memo] = result.transaction.message.instructions;
    expect(budget).toEqual({ programId: computeBudget, accounts: [], data: getBase58Decoder().decode(new Uint8Array([2, 0x80, 0x1a, 0x06, 0])), stackHeight: 1 });
    expect(create).toEqual({
      program: 'spl-associated-token-account',
      programId: ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
      parsed: { type: 'createIdempotent', info: { source: from.address, account: ata, wallet: owner, mint: PUSD_MINT.address, systemProgram: SYSTEM, tokenProgram: TOKEN_PROGRAM_ADDRESS } },
      stackHeight: 1,
    });
    expect(transfer).toEqual({
      program: 'spl-token',
      programId: TOKEN_PROGRAM_ADDRESS,
      parsed: {
        type: 'transferChecked',
        info: { source, mint: PUSD_MINT.address, destination: ata, authority: from.address, tokenAmount: { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' } },
      },
      stackHeight: 1,
    });
    expect(memo).toEqual({ program: 'spl-memo', programId: MEMO, parsed: 'thanks ✓', stackHeight: 1 });
    // The associated token program's own calls: into the token and system programs, one level down.
    const inner = result.meta.innerInstructions;
    expect(inner.map((entry: { index: number }) => entry.index)).toEqual([1]);
    expect(inner[0].instructions.map((ix: any) => [ix.program, ix.parsed.type, ix.stackHeight])).toEqual([
      ['spl-token', 'getAccountDataSize', 2],
      ['system', 'createAccount', 2],
      ['spl-token', 'initializeImmutableOwner', 2],
      ['spl-token', 'initializeAccount3', 2],
    ]);
    expect(inner[0].instructions[0].parsed.info).toEqual({ mint: PUSD_MINT.address, extensionTypes: ['immutableOwner'] });
    expect(inner[0].instructions[1].parsed.info).toEqual({ source: from.address, newAccount: ata, lamports: 2_039_280, space: 165, owner: TOKEN_PROGRAM_ADDRESS });
  });

  it('leaves out `version` for a client that did not say which versions it reads (legacy transactions only), and refuses processed', async () => {
    const from = await devSigner(2);
    const { value: lifetime } = await chain.rpc.getLatestBlockhash().send();
    const legacy = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 'legacy' }),
        (m) => setTransactionMessageFeePayerSigner(from, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: from, destination: address(SOLANA_DEV_ACCOUNTS[0]!.address), amount: 1n })], m),
      ),
    );
    const signature = (await call(chain.server.url, 'sendTransaction', [getBase64EncodedWireTransaction(legacy), { encoding: 'base64' }])).result;
    const old = (await call(chain.server.url, 'getTransaction', [signature, { encoding: 'jsonParsed' }])).result;
    expect('version' in old).toBe(false);
    expect(old.transaction.message.addressTableLookups).toBeUndefined();
    expect((await call(chain.server.url, 'getTransaction', [signature, { maxSupportedTransactionVersion: 0 }])).result.version).toBe('legacy');
    expect((await call(chain.server.url, 'getTransaction', [signature, { commitment: 'processed' }])).error).toEqual({ code: -32602, message: 'Method does not support commitment below `confirmed`' });
  });
});

describe('getBlock', () => {
  it('answers a slot’s block in each transactionDetails, with or without rewards', async () => {
    const { signature, slot, wire } = await sendTransfer(3);
    const { result: full } = await call(chain.server.url, 'getBlock', [slot, { maxSupportedTransactionVersion: 0 }]);
    const { result: parent } = await call(chain.server.url, 'getBlock', [slot - 1, { maxSupportedTransactionVersion: 0 }]);
    const { result: tx } = await call(chain.server.url, 'getTransaction', [signature, { maxSupportedTransactionVersion: 0 }]);
    expect(full).toEqual({
      blockHeight: slot,
      blockTime: tx.blockTime,
      blockhash: expect.any(String),
      parentSlot: slot - 1,
      previousBlockhash: parent.blockhash,
      transactions: [{ transaction: tx.transaction, meta: tx.meta, version: 0 }],
      rewards: [],
    });
    expect(parent.transactions.map((entry: any) => entry.transaction.signatures[0])).not.toContain(signature);
    expect(full.blockhash).not.toBe(parent.blockhash);

    const base64 = (await call(chain.server.url, 'getBlock', [slot, { encoding: 'base64', maxSupportedTransactionVersion: 0, rewards: false }])).result;
    expect(base64.transactions[0].transaction).toEqual([wire, 'base64']);
    expect(base64.transactions[0].meta.rewards).toBeNull();
    expect('rewards' in base64).toBe(false);
    const signatures = (await call(chain.server.url, 'getBlock', [slot, { transactionDetails: 'signatures' }])).result;
    expect(signatures).toEqual({ blockHeight: slot, blockTime: tx.blockTime, blockhash: full.blockhash, parentSlot: slot - 1, previousBlockhash: parent.blockhash, signatures: [signature], rewards: [] });
    const none = (await call(chain.server.url, 'getBlock', [slot, { transactionDetails: 'none', rewards: false }])).result;
    expect(Object.keys(none).sort()).toEqual(['blockHeight', 'blockTime', 'blockhash', 'parentSlot', 'previousBlockhash']);
    const accounts = (await call(chain.server.url, 'getBlock', [slot, { transactionDetails: 'accounts', maxSupportedTransactionVersion: 0 }])).result;
    expect(accounts.transactions[0]).toEqual({
      transaction: { signatures: [signature], accountKeys: tx.transaction.message.accountKeys.map((pubkey: string, i: number) => ({ pubkey, writable: i < 2, signer: i === 0, source: 'transaction' })) },
      meta: { err: null, status: { Ok: null }, fee: 5000, preBalances: tx.meta.preBalances, postBalances: tx.meta.postBalances, preTokenBalances: [], postTokenBalances: [], rewards: [] },
      version: 0,
    });
    // A getBlock of the same slot with jsonParsed carries the parsed transfer.
    const parsed = (await call(chain.server.url, 'getBlock', [slot, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }])).result;
    expect(parsed.transactions[0].transaction.message.instructions[0].parsed.type).toBe('transfer');
  });

  it('refuses a slot still to come (-32004), processed, and v0 transactions for a client that reads legacy only (-32015)', async () => {
    const { slot } = await sendTransfer(0);
    const future = await call(chain.server.url, 'getBlock', [slot + 1_000_000]);
    expect(future.error).toEqual({ code: -32004, message: `Block not available for slot ${slot + 1_000_000}` });
    expect((await call(chain.server.url, 'getBlock', [slot, { commitment: 'processed' }])).error).toEqual({ code: -32602, message: 'Method does not support commitment below `confirmed`' });
    expect((await call(chain.server.url, 'getBlock', [slot])).error.code).toBe(-32015);
    expect((await call(chain.server.url, 'getBlock', [slot, { transactionDetails: 'signatures' }])).result.signatures).toHaveLength(1);
    expect((await call(chain.server.url, 'getBlock', [slot, { transactionDetails: 'bogus' }])).error.message).toBe(
      "Invalid params: 1.transactionDetails: transactionDetails must be 'full', 'accounts', 'signatures' or 'none'",
    );
  });

  it('keeps the newest maxBlocks blocks, and none whose transactions the bounded ledger dropped (-32001)', async () => {
    // Slots pass only with transactions here (each lands in a new slot), so the numbers are exact.
    const quiet = { slotMs: 60_000 };
    const sendFrom = async (rpc: typeof chain.rpc, url: string) => {
      const from = await devSigner(0);
      const wire = await signedTransaction(rpc, from, [getTransferSolInstruction({ source: from, destination: address(SOLANA_DEV_ACCOUNTS[1]!.address), amount: 1n })]);
      return (await call(url, 'sendTransaction', [wire, { encoding: 'base64' }])).result as string;
    };
    const blocks = await startChain({ ...quiet, maxBlocks: 3 });
    const ledger = await startChain({ ...quiet, maxTransactions: 1 });
    try {
      for (let i = 0; i < 4; i++) await sendFrom(blocks.rpc, blocks.server.url); // slots 1–4: blocks 2, 3 and 4 are kept
      expect((await call(blocks.server.url, 'getBlock', [1, { transactionDetails: 'none' }])).error).toEqual({
        code: -32001,
        message: 'Block 1 cleaned up, does not exist on node. First available block: 2',
      });
      expect((await call(blocks.server.url, 'getBlock', [2, { transactionDetails: 'signatures' }])).result.signatures).toHaveLength(1);

      const first = await sendFrom(ledger.rpc, ledger.server.url); // slot 1
      const second = await sendFrom(ledger.rpc, ledger.server.url); // slot 2: the first transaction leaves the one-entry ledger
      expect(await ledger.rpc.getSignatureStatuses([first as never, second as never]).send()).toMatchObject({ value: [null, { slot: 2n }] });
      expect((await call(ledger.server.url, 'getBlock', [1, { transactionDetails: 'signatures' }])).error.message).toBe(
        'Block 1 cleaned up, does not exist on node. First available block: 2',
      );
      expect((await call(ledger.server.url, 'getBlock', [2, { transactionDetails: 'signatures' }])).result.signatures).toEqual([second]);
    } finally {
      await Promise.all([blocks.server.stop(), ledger.server.stop()]);
    }
  });
});
