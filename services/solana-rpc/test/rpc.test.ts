// The chain through @solana/kit's RPC client: balances, the PUSD mint, SOL and SPL transfers signed by dev keys.
import {
  address, appendTransactionMessageInstruction, compileTransaction, createTransactionMessage, generateKeyPairSigner, getBase64EncodedWireTransaction,
  lamports, pipe, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash, type Address, type KeyPairSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { DEV_ACCOUNT_LAMPORTS, DEV_ACCOUNT_PUSD, PUSD_MINT, SOLANA_DEV_ACCOUNTS, SOLANA_LOCAL_GENESIS_HASH } from '../src/accounts';
import { devSigner, post, signedTransaction, startChain } from './helpers';

async function transferMessage(rpc: typeof chain.rpc, from: KeyPairSigner, to: Address) {
  const { value } = await rpc.getLatestBlockhash().send();
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(value, m),
    (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: from, destination: to, amount: lamports(1_000_000_000n) }), m),
  );
}

let chain: Awaited<ReturnType<typeof startChain>>;
beforeAll(async () => {
  // Slots pass only with transactions here, so values read in two requests (slot, block height) agree.
  chain = await startChain({ slotMs: 60_000 });
});
afterAll(() => chain.server.stop());

const [dev0, dev1] = SOLANA_DEV_ACCOUNTS as [(typeof SOLANA_DEV_ACCOUNTS)[0], (typeof SOLANA_DEV_ACCOUNTS)[0]];
const mint = address(PUSD_MINT.address);

describe('cluster', () => {
  it('answers health, version, genesis hash, slot, epoch and a valid blockhash', async () => {
    const { rpc } = chain;
    expect(await rpc.getHealth().send()).toBe('ok');
    expect(await rpc.getGenesisHash().send()).toBe(SOLANA_LOCAL_GENESIS_HASH);
    expect(typeof (await rpc.getVersion().send())['solana-core']).toBe('string');
    const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
    expect(value.lastValidBlockHeight).toBe((await rpc.getBlockHeight().send()) + 150n);
    expect((await rpc.isBlockhashValid(value.blockhash).send()).value).toBe(true);
    const epoch = await rpc.getEpochInfo().send();
    expect(epoch.absoluteSlot).toBe(await rpc.getSlot().send());
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBeGreaterThan(0n);
  });
});

describe('accounts at start', () => {
  it('gives each dev account SOL and PUSD, and the mint its supply (jsonParsed and base64)', async () => {
    const { rpc } = chain;
    expect((await rpc.getBalance(address(dev1.address)).send()).value).toBe(DEV_ACCOUNT_LAMPORTS);
    const supply = await rpc.getTokenSupply(mint).send();
    expect(supply.value).toEqual({ amount: String(DEV_ACCOUNT_PUSD * BigInt(SOLANA_DEV_ACCOUNTS.length)), decimals: 6, uiAmount: 40_000, uiAmountString: '40000' });
    const parsed = await rpc.getTokenAccountsByOwner(address(dev1.address), { mint }, { encoding: 'jsonParsed' }).send();
    expect(parsed.value).toHaveLength(1);
    expect(parsed.value[0]!.pubkey).toBe(dev1.pusdTokenAccount);
    expect(parsed.value[0]!.account.data.parsed.info).toMatchObject({ mint: PUSD_MINT.address, owner: dev1.address, state: 'initialized', isNative: false, tokenAmount: { amount: '10000000000', decimals: 6, uiAmountString: '10000' } });
    const raw = await rpc.getTokenAccountsByOwner(address(dev1.address), { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' }).send();
    expect(raw.value[0]!.account.data[1]).toBe('base64');
    expect(raw.value[0]!.account.space).toBe(165n);
    const mintInfo = await rpc.getAccountInfo(mint, { encoding: 'jsonParsed' }).send();
    expect(mintInfo.value!.data).toMatchObject({ program: 'spl-token', parsed: { type: 'mint', info: { decimals: 6, mintAuthority: dev0.address, freezeAuthority: null } } });
    const many = await rpc.getMultipleAccounts([address(dev0.address), (await generateKeyPairSigner()).address], { encoding: 'base64' }).send();
    expect(many.value[0]!.lamports).toBeGreaterThan(0n);
    expect(many.value[1]).toBeNull();
  });

  it('refuses balances of accounts that are not token accounts or mints', async () => {
    const reply = await post(chain.server.url, { jsonrpc: '2.0', id: 1, method: 'getTokenAccountBalance', params: [dev0.address] });
    expect(reply.json.error).toEqual({ code: -32602, message: 'Invalid params: not a Token account' });
  });
});

describe('transactions', () => {
  it('a SOL transfer lands: status, transaction with meta, signatures for both addresses, balances', async () => {
    const { rpc } = chain;
    const from = await devSigner(0);
    const to = await generateKeyPairSigner();
    const wire = await signedTransaction(rpc, from, [getTransferSolInstruction({ source: from, destination: to.address, amount: lamports(2_000_000_000n) })]);
    const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    const { value: [status] } = await rpc.getSignatureStatuses([signature]).send();
    expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized' });
    expect((await rpc.getBalance(to.address).send()).value).toBe(2_000_000_000n);
    const tx = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send();
    expect(tx!.meta!.fee).toBe(5000n);
    expect(tx!.meta!.err).toBeNull();
    expect(tx!.meta!.preBalances[0]! - tx!.meta!.postBalances[0]!).toBe(2_000_005_000n);
    expect(tx!.meta!.logMessages).toContain('Program 11111111111111111111111111111111 success');
    expect(tx!.transaction.message.accountKeys.slice(0, 2)).toEqual([from.address, to.address]);
    expect(tx!.transaction.signatures[0]).toBe(signature);
    expect(tx!.blockTime).toBeGreaterThan(0n);
    const base64 = await rpc.getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }).send();
    expect(base64!.transaction).toEqual([wire, 'base64']);
    const forRecipient = await rpc.getSignaturesForAddress(to.address).send();
    expect(forRecipient.map((s) => s.signature)).toEqual([signature]);
    // Without maxSupportedTransactionVersion a v0 transaction is refused, as Solana does.
    const legacyClient = await post(chain.server.url, { jsonrpc: '2.0', id: 1, method: 'getTransaction', params: [signature] });
    expect(legacyClient.json.error.code).toBe(-32015);
  });

  it('counts the priority fee as the runtime charges it (compute-unit price × limit)', async () => {
    const { rpc } = chain;
    const from = await devSigner(0);
    const to = await generateKeyPairSigner();
    // ComputeBudget SetComputeUnitLimit(10 000) and SetComputeUnitPrice(1 000 000 micro-lamports): 10 000 lamports more.
    const computeBudget = address('ComputeBudget111111111111111111111111111111');
    const limit = { programAddress: computeBudget, data: new Uint8Array([2, 0x10, 0x27, 0, 0]) };
    const price = { programAddress: computeBudget, data: new Uint8Array([3, 0x40, 0x42, 0x0f, 0, 0, 0, 0, 0]) };
    const wire = await signedTransaction(rpc, from, [limit, price, getTransferSolInstruction({ source: from, destination: to.address, amount: lamports(1_000_000_000n) })]);
    const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    const tx = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send();
    expect(tx!.meta!.fee).toBe(15_000n);
    expect(tx!.meta!.preBalances[0]! - tx!.meta!.postBalances[0]!).toBe(1_000_015_000n);
  });

  it('an SPL transfer to a new owner (creating the ATA) shows in token balances and token accounts', async () => {
    const { rpc } = chain;
    const from = await devSigner(1);
    const owner = await generateKeyPairSigner();
    const [destination] = await findAssociatedTokenPda({ owner: owner.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const wire = await signedTransaction(rpc, from, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: from, ata: destination, owner: owner.address, mint }),
      getTransferCheckedInstruction({ source: address(dev1.pusdTokenAccount), mint, destination, authority: from, amount: 1_500_000n, decimals: 6 }),
    ]);
    const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    const { value } = await rpc.getTokenAccountsByOwner(owner.address, { mint }, { encoding: 'jsonParsed' }).send();
    expect(value[0]!.account.data.parsed.info.tokenAmount).toEqual({ amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' });
    expect((await rpc.getTokenAccountBalance(destination).send()).value.uiAmountString).toBe('1.5');
    const tx = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send();
    const post_ = tx!.meta!.postTokenBalances!.find((b) => b.owner === owner.address)!;
    expect(post_.uiTokenAmount.amount).toBe('1500000');
    expect(tx!.meta!.preTokenBalances!.find((b) => b.owner === owner.address)).toBeUndefined();
    expect(tx!.meta!.preTokenBalances!.find((b) => b.owner === dev1.address)!.uiTokenAmount.amount).toBe('10000000000');
    expect(tx!.meta!.postTokenBalances!.find((b) => b.owner === dev1.address)!.uiTokenAmount.amount).toBe('9998500000');
    const newest = await rpc.getSignaturesForAddress(address(dev1.address), { limit: 1 }).send();
    expect(newest[0]!.signature).toBe(signature);
  });

  it('refuses a bad signature (-32003) and a failing transfer (-32002 with logs), in Solana’s error shape', async () => {
    const { rpc, server } = chain;
    const from = await devSigner(2);
    const wire = await signedTransaction(rpc, from, [getTransferSolInstruction({ source: from, destination: address(dev0.address), amount: 1n })]);
    const bytes = Buffer.from(wire, 'base64');
    bytes[1] = bytes[1]! ^ 0xff; // a byte of the first signature
    const badSig = await post(server.url, { jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [bytes.toString('base64'), { encoding: 'base64' }] });
    expect(badSig.json.error).toEqual({ code: -32003, message: 'Transaction signature verification failure' });

    const tooMuch = await signedTransaction(rpc, from, [getTransferSolInstruction({ source: from, destination: address(dev0.address), amount: 10n ** 15n })]);
    const failed = await post(server.url, { jsonrpc: '2.0', id: 2, method: 'sendTransaction', params: [tooMuch, { encoding: 'base64' }] });
    expect(failed.json.error.code).toBe(-32002);
    expect(failed.json.error.message).toBe('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1');
    expect(failed.json.error.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(failed.json.error.data.logs).toContain('Program 11111111111111111111111111111111 failed: custom program error: 0x1');
    // With skipPreflight a bad signature is dropped (never lands), as a validator drops it.
    const dropped = await post(server.url, { jsonrpc: '2.0', id: 5, method: 'sendTransaction', params: [bytes.toString('base64'), { encoding: 'base64', skipPreflight: true }] });
    expect((await rpc.getSignatureStatuses([dropped.json.result]).send()).value[0]).toBeNull();
    // With skipPreflight a failing transfer lands with its error and pays the fee.
    const landed = await post(server.url, { jsonrpc: '2.0', id: 3, method: 'sendTransaction', params: [tooMuch, { encoding: 'base64', skipPreflight: true }] });
    const status = await rpc.getSignatureStatuses([landed.json.result]).send();
    expect(status.value[0]!.err).toEqual({ InstructionError: [0n, { Custom: 1n }] }); // kit reads integers as bigints
    // The same transaction again: already processed.
    const again = await post(server.url, { jsonrpc: '2.0', id: 4, method: 'sendTransaction', params: [tooMuch, { encoding: 'base64' }] });
    expect(again.json.error.message).toBe('Transaction simulation failed: This transaction has already been processed');
  });

  it('simulates without landing (sigVerify off by default) and answers base58 wire transactions', async () => {
    const { rpc } = chain;
    const from = await devSigner(3);
    const to = await generateKeyPairSigner();
    const wire = await signedTransaction(rpc, from, [getTransferSolInstruction({ source: from, destination: to.address, amount: lamports(1_000_000_000n) })]);
    const simulated = await rpc.simulateTransaction(wire, { encoding: 'base64', accounts: { addresses: [to.address], encoding: 'base64' } }).send();
    expect(simulated.value.err).toBeNull();
    expect(simulated.value.accounts![0]!.lamports).toBe(1_000_000_000n);
    expect((await rpc.getBalance(to.address).send()).value).toBe(0n);
    // Wallets simulate before signing: an unsigned transaction (zero signatures) simulates with sigVerify off.
    const unsigned = getBase64EncodedWireTransaction(compileTransaction(await transferMessage(rpc, from, to.address)));
    expect((await rpc.simulateTransaction(unsigned, { encoding: 'base64' }).send()).value.err).toBeNull();
    const base58Wire = (await import('@solana/kit')).getBase58Decoder().decode(Buffer.from(wire, 'base64'));
    const signature = await rpc.sendTransaction(base58Wire as never).send();
    expect((await rpc.getSignatureStatuses([signature]).send()).value[0]!.err).toBeNull();
    // The message follows the one signature (1 + 64 bytes); its blockhash is still valid.
    const fee = await rpc.getFeeForMessage(Buffer.from(wire, 'base64').subarray(65).toString('base64') as never).send();
    expect(fee.value).toBe(5000n);
  });
});
