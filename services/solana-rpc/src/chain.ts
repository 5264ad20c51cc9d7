/**
 * The local chain: a litesvm instance plus what a validator adds around its bank: slots that advance with
 * time and with every landed transaction (each opens the next slot and lands in it), a block and a new
 * blockhash per slot, each blockhash valid for `blockhashValiditySlots` (litesvm's own check only knows its
 * latest blockhash, so it is off and this one applies), the ledger of landed transactions and blocks, the
 * faucet behind requestAirdrop, and listeners told of each slot and transaction (the PubSub server).
 * Block height = slot (no skipped slots); everything is final at once (root = slot).
 */
import {
  appendTransactionMessageInstruction, createTransactionMessage, getBase58Decoder, getCompiledTransactionMessageDecoder,
  getTransactionDecoder, getTransactionEncoder, pipe, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners, type Address, type Blockhash, type EncodedAccount,
  type KeyPairSigner, type Transaction,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { Clock, EpochSchedule, FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import { feeForMessage, type CompiledMessage } from './fees';
import { writeGenesis } from './genesis';
import { Blocks, Ledger, type LedgerEntry, type TokenBalance, type TransactionMeta } from './ledger';
import { decodeMint, decodeTokenAccount, uiTokenAmount } from './token';
import { uiTransactionError, type UiTransactionError } from './tx-error';

export const SLOTS_PER_EPOCH = 432_000n;

export interface ChainOptions {
  /** Milliseconds per slot when no transaction lands (Solana's target: 400). */
  slotMs: number;
  /** Slots a blockhash stays valid (Solana: 150). */
  blockhashValiditySlots: number;
  /** Landed transactions the ledger keeps. */
  maxTransactions: number;
  /** Blocks (one per slot) getBlock can answer. */
  maxBlocks: number;
}

/** slotNotification's result. */
export interface SlotInfo {
  slot: bigint;
  parent: bigint;
  root: bigint;
}

/**
 * Told of each new slot, then of each transaction that landed in it. Slots passed at once (the process was paused)
 * are told as the newest alone, as a validator tells nothing of slots it skipped. Must not throw.
 */
export interface ChainListener {
  slot(info: SlotInfo): void;
  transaction(entry: LedgerEntry): void;
}

export interface DecodedTransaction {
  transaction: Transaction;
  message: CompiledMessage & { lifetimeToken: string };
  /** The fee payer's signature, base58: the transaction's id. */
  signature: string;
  wire: Uint8Array;
}

export type ExecuteResult =
  | { outcome: 'landed' | 'dropped'; signature: string }
  | { outcome: 'bad-signature' }
  | { outcome: 'preflight-failed'; err: UiTransactionError; logs: string[]; unitsConsumed: bigint };

export interface SimulationResult {
  err: UiTransactionError | null;
  logs: string[];
  unitsConsumed: bigint;
  returnData: { programId: string; data: [string, 'base64'] } | null;
  postAccounts: EncodedAccount[];
}

const base58 = getBase58Decoder();
/** Solana's all-zero hash: the previous blockhash of the first block. */
const DEFAULT_HASH = '11111111111111111111111111111111';

export class Chain {
  readonly ledger: Ledger;
  readonly blocks: Blocks;
  /** The newest slot with a block (-1 until the genesis block). */
  private slot = -1n;
  private readonly startMs = Date.now();
  /** blockhash → last valid block height. */
  private readonly blockhashes = new Map<string, bigint>();
  /** Airdrops one at a time, so two equal ones never sign the same message. */
  private airdropQueue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<ChainListener>();
  /** Slots pass with time even when nobody asks (slotSubscribe's subscribers are told). */
  private readonly slotTimer: NodeJS.Timeout;

  private constructor(
    private readonly svm: LiteSVM,
    private readonly faucet: KeyPairSigner,
    private readonly options: ChainOptions,
  ) {
    this.ledger = new Ledger(options.maxTransactions);
    this.blocks = new Blocks(options.maxBlocks);
    svm.setEpochSchedule(new EpochSchedule(SLOTS_PER_EPOCH, SLOTS_PER_EPOCH, false, 0n, 0n));
    this.advanceTo(0n);
    this.slotTimer = setInterval(() => this.tick(), options.slotMs).unref();
  }

  static async create(options: ChainOptions): Promise<Chain> {
    // Its own history off: the ledger is the one place that refuses a transaction already processed.
    const svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n);
    return new Chain(svm, await writeGenesis(svm), options);
  }

  /** Stops the slot timer. */
  close(): void {
    clearInterval(this.slotTimer);
  }

  /** Adds a listener; returns its removal. */
  listen(listener: ChainListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Catches the slot up with the time (on a timer and once per request). */
  tick(): void {
    const bySlotTime = BigInt(Math.floor((Date.now() - this.startMs) / this.options.slotMs));
    if (bySlotTime > this.slot) this.advanceTo(bySlotTime);
  }

  get currentSlot(): bigint {
    return this.slot;
  }

  /** The oldest block kept whole: kept, and its transactions still in the ledger. */
  firstAvailableBlock(): bigint {
    const evicted = this.ledger.lastEvictedSlot;
    return evicted !== undefined && evicted >= this.blocks.first ? evicted + 1n : this.blocks.first;
  }

  latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint } {
    const blockhash = this.svm.latestBlockhash();
    return { blockhash, lastValidBlockHeight: this.blockhashes.get(blockhash)! };
  }

  isBlockhashValid(blockhash: string): boolean {
    const lastValid = this.blockhashes.get(blockhash);
    return lastValid !== undefined && lastValid >= this.slot;
  }

  getAccount(address: Address): EncodedAccount | null {
    const account = this.svm.getAccount(address);
    return account.exists ? account : null;
  }

  programAccounts(program: Address): EncodedAccount[] {
    return this.svm.getProgramAccounts(program);
  }

  minimumBalanceForRentExemption(size: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(size));
  }

  decimalsOf = (mint: Address): number | null => {
    const account = this.getAccount(mint);
    return account && (decodeMint(account)?.decimals ?? null);
  };

  /** Throws on bytes that are not a transaction. */
  decode(wire: Uint8Array): DecodedTransaction {
    const transaction = getTransactionDecoder().decode(wire);
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    if (message.version === 1) throw new Error('transaction version 1 is not supported');
    const feePayerSignature = transaction.signatures[message.staticAccounts[0]!];
    return { transaction, message: message as DecodedTransaction['message'], wire, signature: base58.decode(feePayerSignature ?? new Uint8Array(64)) };
  }

  /** sendTransaction: with preflight a failing transaction is refused (nothing changes); without, it lands with its error if it pays its fee. */
  execute(tx: DecodedTransaction, preflight: boolean): ExecuteResult {
    if (Object.values(tx.transaction.signatures).some((signature) => signature === null)) return { outcome: 'bad-signature' };
    const lifetimeError = this.ledger.get(tx.signature) ? 'AlreadyProcessed' : this.isBlockhashValid(tx.message.lifetimeToken) ? null : 'BlockhashNotFound';
    if (preflight) {
      if (lifetimeError) return { outcome: 'preflight-failed', err: lifetimeError, logs: [], unitsConsumed: 0n };
      const simulated = this.svm.simulateTransaction(tx.transaction);
      if (simulated instanceof FailedTransactionMetadata) {
        const err = uiTransactionError(simulated.err());
        if (err === 'SignatureFailure') return { outcome: 'bad-signature' };
        return { outcome: 'preflight-failed', err, logs: simulated.meta().logs(), unitsConsumed: simulated.meta().computeUnitsConsumed() };
      }
    } else if (lifetimeError) {
      return { outcome: 'dropped', signature: tx.signature };
    }
    const keys = tx.message.staticAccounts;
    // The transaction opens the next slot and lands in it, after the block that holds its blockhash.
    this.advanceTo(this.slot + 1n);
    const before = this.snapshot(keys);
    const result = this.svm.sendTransaction(tx.transaction);
    const after = this.snapshot(keys);
    const failed = result instanceof FailedTransactionMetadata;
    // A transaction lands when it pays its fee; one that cannot (bad signature, no funds for the fee) is dropped, as a validator drops it.
    if (failed && after.balances[0] === before.balances[0]) return { outcome: 'dropped', signature: tx.signature };
    const metadata = failed ? result.meta() : result;
    const meta: TransactionMeta = {
      err: failed ? uiTransactionError(result.err()) : null,
      fee: feeForMessage(tx.message),
      preBalances: before.balances,
      postBalances: after.balances,
      preTokenBalances: before.tokenBalances,
      postTokenBalances: after.tokenBalances,
      logMessages: metadata.logs(),
      innerInstructions: innerInstructions(metadata),
      computeUnitsConsumed: metadata.computeUnitsConsumed(),
    };
    const block = this.blocks.get(this.slot)!;
    const entry: LedgerEntry = { signature: tx.signature, slot: this.slot, blockTime: block.blockTime, wire: tx.wire, message: tx.message, addresses: keys, meta };
    this.ledger.add(entry);
    block.signatures.push(tx.signature);
    for (const listener of this.listeners) listener.transaction(entry);
    return { outcome: 'landed', signature: tx.signature };
  }

  simulate(tx: DecodedTransaction, { sigVerify, replaceRecentBlockhash }: { sigVerify: boolean; replaceRecentBlockhash: boolean }): SimulationResult {
    if (!replaceRecentBlockhash && !this.isBlockhashValid(tx.message.lifetimeToken)) {
      return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0n, returnData: null, postAccounts: [] };
    }
    this.svm.withSigverify(sigVerify);
    try {
      const simulated = this.svm.simulateTransaction(tx.transaction);
      if (simulated instanceof FailedTransactionMetadata) {
        const meta = simulated.meta();
        return { err: uiTransactionError(simulated.err()), logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed(), returnData: null, postAccounts: [] };
      }
      const meta = simulated.meta();
      const returned = meta.returnData();
      const returnData = returned.data().length ? { programId: base58.decode(returned.programId()), data: [Buffer.from(returned.data()).toString('base64'), 'base64'] as [string, 'base64'] } : null;
      return { err: null, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed(), returnData, postAccounts: simulated.postAccounts() };
    } finally {
      this.svm.withSigverify(true);
    }
  }

  /** A real transfer from the faucet, through the same path as any transaction. */
  airdrop(to: Address, lamports: bigint): Promise<ExecuteResult> {
    const run = async () => {
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(this.faucet, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(this.latestBlockhash(), m),
        (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: this.faucet, destination: to, amount: lamports }), m),
      );
      const signed = await signTransactionMessageWithSigners(message);
      return this.execute(this.decode(new Uint8Array(getTransactionEncoder().encode(signed))), true);
    };
    const result = this.airdropQueue.then(run, run);
    this.airdropQueue = result.catch(() => {});
    return result;
  }

  /** Produces a block with a new blockhash for every slot up to `to` and makes `to` the current slot. */
  private advanceTo(to: bigint): void {
    // After a long pause only the blocks that are kept are produced.
    const oldestKept = to - BigInt(this.options.maxBlocks) + 1n;
    const from = this.slot + 1n > oldestKept ? this.slot + 1n : oldestKept;
    const blockTime = Math.floor(Date.now() / 1000);
    let previousBlockhash = this.slot < 0n ? DEFAULT_HASH : this.svm.latestBlockhash();
    for (let slot = from; slot <= to; slot++) {
      this.svm.expireBlockhash();
      const blockhash = this.svm.latestBlockhash();
      this.blockhashes.set(blockhash, slot + BigInt(this.options.blockhashValiditySlots));
      this.blocks.add({ slot, blockhash, previousBlockhash, blockTime, signatures: [] });
      previousBlockhash = blockhash;
    }
    this.slot = to;
    const now = BigInt(blockTime);
    this.svm.setClock(new Clock(to, now, to / SLOTS_PER_EPOCH, to / SLOTS_PER_EPOCH + 1n, now));
    for (const [blockhash, lastValid] of this.blockhashes) if (lastValid < to) this.blockhashes.delete(blockhash);
    for (const listener of this.listeners) listener.slot({ slot: to, parent: to === 0n ? 0n : to - 1n, root: to });
  }

  private snapshot(keys: readonly Address[]): { balances: bigint[]; tokenBalances: TokenBalance[] } {
    const tokenBalances: TokenBalance[] = [];
    const balances = keys.map((key, accountIndex) => {
      const account = this.getAccount(key);
      const token = account && decodeTokenAccount(account);
      const decimals = token && this.decimalsOf(token.mint);
      if (token && decimals !== null) {
        tokenBalances.push({ accountIndex, mint: token.mint, owner: token.owner, programId: TOKEN_PROGRAM_ADDRESS, uiTokenAmount: uiTokenAmount(token.amount, decimals) });
      }
      return account ? BigInt(account.lamports) : 0n;
    });
    return { balances, tokenBalances };
  }
}

function innerInstructions(metadata: TransactionMetadata): TransactionMeta['innerInstructions'] {
  return metadata
    .innerInstructions()
    .map((inner, index) => ({
      index,
      instructions: inner.map((ix) => {
        const compiled = ix.instruction();
        return { programIdIndex: compiled.programIdIndex(), accounts: [...compiled.accounts()], data: base58.decode(compiled.data()), stackHeight: ix.stackHeight() };
      }),
    }))
    .filter((entry) => entry.instructions.length > 0);
}
