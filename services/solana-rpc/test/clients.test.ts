// The published clients as dapps call them: @solana/web3.js 1.x (its Connection derives the PubSub WebSocket as
// ws://host:(HTTP port + 1)) and @solana/kit 8: send-and-confirm, subscriptions, parsed transactions and blocks.
import {
  appendTransactionMessageInstructions, assertIsTransactionWithBlockhashLifetime, createSolanaRpc, createSolanaRpcSubscriptions, createTransactionMessage, generateKeyPairSigner,
  getBase58Decoder, getBase58Encoder, getBase64EncodedWireTransaction, getSignatureFromTransaction, lamports, pipe, sendAndConfirmTransactionFactory, setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash, signTransactionMessageWithSigners, type Address,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { ComputeBudgetProgram, Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction, type ParsedTransaction, type PublicKey } from '@solana/web3.js';
import { freePort } from '@portico/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { SOLANA_DEV_ACCOUNTS } from '../src/accounts';
import { startSolanaRpc, type RunningSolanaRpc } from '../src/server';
import { devSigner } from './helpers';

/** A server on a free port whose next port is free too: PubSub on its default, the HTTP port + 1. */
async function startOnDerivedPubsubPort(): Promise<RunningSolanaRpc> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSolanaRpc({ port: await freePort() });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw err;
    }
  }
}

/** Resolves with the first value `subscribe` hands its callback; `subscribe` returns the unsubscribe. */
function firstCallback<T>(subscribe: (callback: (value: T) => void) => () => unknown): Promise<T> {
  return new Promise((resolve) => {
    const unsubscribe = subscribe((value) => {
      void unsubscribe();
      resolve(value);
    });
  });
}

let server: RunningSolanaRpc;
beforeAll(async () => {
  server = await startOnDerivedPubsubPort();
});
afterAll(() => server.stop());

describe('@solana/web3.js 1.x', () => {
  let connection: Connection;
  const payer = Keypair.fromSecretKey(getBase58Encoder().encode(SOLANA_DEV_ACCOUNTS[0]!.secretKeyBase58) as Uint8Array);
  beforeAll(() => {
    // No wsEndpoint: web3.js derives ws://127.0.0.1:<port + 1>, as a dapp's Connection does.
    connection = new Connection(server.url, 'confirmed');
    expect(server.pubsubUrl).toBe(`ws://127.0.0.1:${Number(new URL(server.url).port) + 1}`);
  });

  it('sendAndConfirmTransaction confirms through the derived WebSocket; getParsedTransaction parses the transfer', async () => {
    const to = Keypair.generate().publicKey;
    const transaction = new Transaction().add(
      ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 }),
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL }),
    );
    const signature = await sendAndConfirmTransaction(connection, transaction, [payer]);
    expect(await connection.getBalance(to)).toBe(LAMPORTS_PER_SOL);

    const parsed = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(parsed!.version).toBe('legacy');
    expect(parsed!.transaction.message.accountKeys.map(({ pubkey, signer, writable, source }) => [pubkey.toBase58(), signer, writable, source])).toEqual([
      [payer.publicKey.toBase58(), true, true, 'transaction'],
      [to.toBase58(), false, true, 'transaction'],
      ['11111111111111111111111111111111', false, false, 'transaction'],
      ['ComputeBudget111111111111111111111111111111', false, false, 'transaction'],
    ]);
    expect(parsed!.transaction.message.instructions).toEqual([
      // SetComputeUnitLimit(10 000): not a parsed program, so partially decoded.
      { programId: ComputeBudgetProgram.programId, accounts: [], data: getBase58Decoder().decode(new Uint8Array([2, 0x10, 0x27, 0, 0])), stackHeight: 1 },
      {
        program: 'system',
        programId: SystemProgram.programId,
        parsed: { type: 'transfer', info: { source: payer.publicKey.toBase58(), destination: to.toBase58(), lamports: LAMPORTS_PER_SOL } },
        stackHeight: 1,
      },
    ]);
    expect(parsed!.meta).toMatchObject({ err: null, fee: 5000, innerInstructions: [] });
    expect(parsed!.meta!.loadedAddresses).toBeUndefined();

    const { slot } = parsed!;
    const block = await connection.getBlock(slot, { maxSupportedTransactionVersion: 0 });
    expect(block!.transactions.map((tx) => tx.transaction.signatures[0])).toEqual([signature]);
    expect(block).toMatchObject({ blockHeight: slot, parentSlot: slot - 1, rewards: [] });
    expect(block!.previousBlockhash).toBe((await connection.getBlock(slot - 1, { maxSupportedTransactionVersion: 0 }))!.blockhash);
    const parsedBlock = await connection.getParsedBlock(slot, { maxSupportedTransactionVersion: 0 });
    // web3.js types getParsedBlock as if it always had accounts only; its default is the full transactions.
    expect((parsedBlock.transactions[0]!.transaction as unknown as ParsedTransaction).message.instructions[1]).toMatchObject({ program: 'system', parsed: { type: 'transfer' } });
    expect(await connection.getBlockSignatures(slot)).toMatchObject({ signatures: [signature], parentSlot: slot - 1 });
  });

  it('onSignature, onAccountChange, onProgramAccountChange, onLogs and onSlotChange receive what the chain does', async () => {
    const to = Keypair.generate().publicKey;
    const transaction = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL }));
    transaction.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
    transaction.sign(payer);
    const signature = getBase58Decoder().decode(transaction.signature!);

    const slotChange = firstCallback<{ slot: number; parent: number; root: number }>((cb) => {
      const id = connection.onSlotChange(cb);
      return () => connection.removeSlotChangeListener(id);
    });
    const accountChange = firstCallback<[{ lamports: number; owner: PublicKey }, { slot: number }]>((cb) => {
      const id = connection.onAccountChange(to, (account, context) => cb([account, context]));
      return () => connection.removeAccountChangeListener(id);
    });
    const programChange = firstCallback<{ accountId: PublicKey; accountInfo: { lamports: number } }>((cb) => {
      const id = connection.onProgramAccountChange(SystemProgram.programId, cb, { filters: [{ dataSize: 0 }] });
      return () => connection.removeProgramAccountChangeListener(id);
    });
    const logs = firstCallback<{ signature: string; err: unknown; logs: string[] }>((cb) => {
      const id = connection.onLogs(to, cb);
      return () => connection.removeOnLogsListener(id);
    });
    // A signature subscription ends with its one notification (no removal needed).
    const signatureResult = new Promise<[unknown, { slot: number }]>((resolve) => connection.onSignature(signature, (result, context) => resolve([result, context])));
    // web3.js's subscriptions are set up asynchronously: wait for the first slot, by then all are live.
    const slot = await slotChange;
    expect(slot.parent).toBe(slot.slot - 1);
    expect(await connection.sendRawTransaction(transaction.serialize())).toBe(signature);

    const landedIn = (await connection.getSignatureStatus(signature)).value!.slot;
    expect(await signatureResult).toEqual([{ err: null }, { slot: landedIn }]);
    const [account, context] = await accountChange;
    expect([account.lamports, account.owner.toBase58(), context.slot]).toEqual([LAMPORTS_PER_SOL, '11111111111111111111111111111111', landedIn]);
    expect((await logs).signature).toBe(signature);
    expect((await logs).logs).toContain('Program 11111111111111111111111111111111 success');
    const changed = await programChange;
    expect([payer.publicKey.toBase58(), to.toBase58()]).toContain(changed.accountId.toBase58());
  });
});

describe('@solana/kit', () => {
  const rpc = () => createSolanaRpc(server.url);
  const rpcSubscriptions = () => createSolanaRpcSubscriptions(server.pubsubUrl);

  async function transfer(to: Address, amount: bigint) {
    const from = await devSigner(1);
    const { value: lifetime } = await rpc().getLatestBlockhash().send();
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(from, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: from, destination: to, amount: lamports(amount) })], m),
      ),
    );
    assertIsTransactionWithBlockhashLifetime(transaction);
    return transaction;
  }

  it('sendAndConfirmTransactionFactory confirms over PubSub; getTransaction and getBlock parse it', async () => {
    const to = (await generateKeyPairSigner()).address;
    const transaction = await transfer(to, 2_000_000_000n);
    await sendAndConfirmTransactionFactory({ rpc: rpc(), rpcSubscriptions: rpcSubscriptions() })(transaction, { commitment: 'confirmed' });
    const signature = getSignatureFromTransaction(transaction);
    expect((await rpc().getBalance(to).send()).value).toBe(2_000_000_000n);

    const parsed = await rpc().getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }).send();
    expect(parsed!.version).toBe(0);
    expect(parsed!.transaction.message.instructions[0]).toEqual({
      program: 'system',
      programId: '11111111111111111111111111111111',
      parsed: { type: 'transfer', info: { source: SOLANA_DEV_ACCOUNTS[1]!.address, destination: to, lamports: 2_000_000_000n } },
      stackHeight: 1,
    });
    expect((parsed!.transaction.message as { addressTableLookups?: unknown }).addressTableLookups).toEqual([]);
    const block = await rpc().getBlock(parsed!.slot, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, rewards: false }).send();
    expect(block!.transactions[0]!.transaction.signatures).toEqual([signature]);
    expect(block!.transactions[0]!.meta!.rewards).toBeNull();
    expect('rewards' in block!).toBe(false);
    const accounts = await rpc().getBlock(parsed!.slot, { transactionDetails: 'accounts', maxSupportedTransactionVersion: 0 }).send();
    expect(accounts!.transactions[0]!.transaction.accountKeys[1]).toEqual({ pubkey: to, signer: false, writable: true, source: 'transaction' });
  });

  it('slot, account, logs, program and signature notifications arrive as kit reads them', async () => {
    const to = (await generateKeyPairSigner()).address;
    const subscriptions = rpcSubscriptions();
    const abort = new AbortController();
    try {
      const [slots, account, logs, program] = await Promise.all([
        subscriptions.slotNotifications().subscribe({ abortSignal: abort.signal }),
        subscriptions.accountNotifications(to, { encoding: 'base64', commitment: 'confirmed' }).subscribe({ abortSignal: abort.signal }),
        subscriptions.logsNotifications({ mentions: [to] }).subscribe({ abortSignal: abort.signal }),
        subscriptions.programNotifications('11111111111111111111111111111111' as Address, { encoding: 'base64', filters: [{ dataSize: 0n }] }).subscribe({ abortSignal: abort.signal }),
      ]);
      // kit drops notifications that arrive before an iterator polls: each one starts polling before the transaction is sent.
      const first = async <T>(iterable: AsyncIterable<T>) => {
        const { value, done } = await iterable[Symbol.asyncIterator]().next();
        if (done) throw new Error('the subscription ended');
        return value;
      };
      const slot = await first(slots);
      expect([slot.parent, slot.root]).toEqual([slot.slot - 1n, slot.slot]);
      const transaction = await transfer(to, 1_500_000_000n);
      const signature = getSignatureFromTransaction(transaction);
      const signatures = await subscriptions.signatureNotifications(signature, { commitment: 'confirmed' }).subscribe({ abortSignal: abort.signal });
      const [signatureDone, accountChanged, logged, programChanged] = [first(signatures), first(account), first(logs), first(program)];
      await rpc().sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send();
      const landedIn = (await rpc().getSignatureStatuses([signature]).send()).value[0]!.slot;
      expect(await signatureDone).toEqual({ context: { slot: landedIn }, value: { err: null } });
      expect((await accountChanged).value).toEqual({ data: ['', 'base64'], executable: false, lamports: 1_500_000_000n, owner: '11111111111111111111111111111111', rentEpoch: 2n ** 64n - 1n, space: 0n });
      expect((await logged).value).toMatchObject({ signature, err: null });
      expect([SOLANA_DEV_ACCOUNTS[1]!.address, to]).toContain((await programChanged).value.pubkey);
    } finally {
      abort.abort();
    }
  });
});
