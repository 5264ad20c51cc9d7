/**
 * The local chain: a litesvm instance plus what a validator adds around its bank: slots that advance with
 * time and with every landed transaction, a new blockhash per slot valid for `blockhashValiditySlots`
 * (litesvm's own check only knows its latest blockhash, so it is off and this one applies), the ledger
 * of landed transactions, and the faucet behind requestAirdrop. Block height = slot (no skipped slots).
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
import { Ledger, type TokenBalance, type TransactionMeta } from './ledger';
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

export class Chain {
  readonly ledger: Ledger;
  private slot = 0n;
  private readonly startMs = Date.now();
  /** blockhash → last valid block height. */
  private readonly blockhashes = new Map<string, bigint>();
  /** Airdrops one at a time, so two equal ones never sign the same message. */
  private airdropQueue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly svm: LiteSVM,
    private readonly faucet: KeyPairSigner,
    private readonly options: ChainOptions,
  ) {
    this.ledger = new Ledger(options.maxTransactions);
    svm.setEpochSchedule(new EpochSchedule(SLOTS_PER_EPOCH, SLOTS_PER_EPOCH, false, 0n, 0n));
    this.advanceTo(0n);
  }

  static async create(options: ChainOptions): Promise<Chain> {
    // Its own history off: the ledger is the one place that refuses a transaction already processed.
    const svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n);
    return new Chain(svm, await writeGenesis(svm), options);
  }

  /** Catches the slot up with the time (called once per request). */
  tick(): void {
    const bySlotTime = BigInt(Math.floor((Date.now() - this.startMs) / this.options.slotMs));
    if (bySlotTime > this.slot) this.advanceTo(bySlotTime);
  }

  get currentSlot(): bigint {
    return this.slot;
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
    this.ledger.add({ signature: tx.signature, slot: this.slot, blockTime: Math.floor(Date.now() / 1000), wire: tx.wire, message: tx.message, addresses: keys, meta });
    this.advanceTo(this.slot + 1n);
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

  private advanceTo(slot: bigint): void {
    this.slot = slot;
    const now = BigInt(Math.floor(Date.now() / 1000));
    this.svm.setClock(new Clock(slot, now, slot / SLOTS_PER_EPOCH, slot / SLOTS_PER_EPOCH + 1n, now));
    this.svm.expireBlockhash();
    this.blockhashes.set(this.svm.latestBlockhash(), slot + BigInt(this.options.blockhashValiditySlots));
    for (const [blockhash, lastValid] of this.blockhashes) if (lastValid < slot) this.blockhashes.delete(blockhash);
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
