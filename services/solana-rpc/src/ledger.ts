/**
 * The chain's history, which litesvm does not keep: the last `maxTransactions` landed transactions
 * (signature → slot, block time, wire bytes, meta) and, per address, their signatures oldest first,
 * and the last `maxBlocks` blocks (one per slot). The oldest entry goes when a new one would pass its bound.
 */
import type { CompiledMessage } from './fees';
import type { UiTransactionError } from './tx-error';

export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: { amount: string; decimals: number; uiAmount: number | null; uiAmountString: string };
}

export interface TransactionMeta {
  err: UiTransactionError | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logMessages: string[];
  innerInstructions: { index: number; instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number }[] }[];
  computeUnitsConsumed: bigint;
}

export interface LedgerEntry {
  signature: string;
  slot: bigint;
  /** Unix seconds. */
  blockTime: number;
  /** The transaction as sent (wire format), and its message decoded. */
  wire: Uint8Array;
  message: CompiledMessage & { lifetimeToken: string };
  /** Every address of the message (static keys), for getSignaturesForAddress. */
  addresses: readonly string[];
  meta: TransactionMeta;
}

export class Ledger {
  private readonly bySignature = new Map<string, LedgerEntry>();
  private readonly byAddress = new Map<string, string[]>();

  /** Transactions landed since start (getEpochInfo's transactionCount). */
  total = 0n;
  /** The slot of the newest transaction dropped for the bound: blocks up to it are no longer complete. */
  lastEvictedSlot: bigint | undefined;

  constructor(private readonly maxTransactions: number) {}

  get size(): number {
    return this.bySignature.size;
  }

  get(signature: string): LedgerEntry | undefined {
    return this.bySignature.get(signature);
  }

  add(entry: LedgerEntry): void {
    if (this.bySignature.size >= this.maxTransactions) this.evictOldest();
    this.bySignature.set(entry.signature, entry);
    this.total++;
    for (const address of new Set(entry.addresses)) {
      const list = this.byAddress.get(address);
      if (list) list.push(entry.signature);
      else this.byAddress.set(address, [entry.signature]);
    }
  }

  /** Newest first, starting after `before` (exclusive) and stopping at `until` (exclusive), at most `limit`. */
  signaturesFor(address: string, { limit, before, until }: { limit: number; before?: string; until?: string }): LedgerEntry[] {
    const list = this.byAddress.get(address) ?? [];
    let start = list.length - 1;
    if (before !== undefined) {
      const at = list.lastIndexOf(before);
      if (at === -1) return [];
      start = at - 1;
    }
    const found: LedgerEntry[] = [];
    for (let i = start; i >= 0 && found.length < limit; i--) {
      if (list[i] === until) break;
      found.push(this.bySignature.get(list[i]!)!);
    }
    return found;
  }

  private evictOldest(): void {
    const [signature, entry] = this.bySignature.entries().next().value!;
    this.bySignature.delete(signature);
    this.lastEvictedSlot = entry.slot;
    for (const address of new Set(entry.addresses)) {
      const list = this.byAddress.get(address)!;
      // The oldest transaction is first in each of its addresses' lists.
      list.shift();
      if (list.length === 0) this.byAddress.delete(address);
    }
  }
}

export interface Block {
  slot: bigint;
  blockhash: string;
  previousBlockhash: string;
  /** Unix seconds. */
  blockTime: number;
  /** The signatures of the transactions that landed in it, in order. */
  signatures: string[];
}

/** One block per slot (no skipped slots), the newest `maxBlocks` kept. */
export class Blocks {
  private readonly bySlot = new Map<bigint, Block>();

  constructor(private readonly maxBlocks: number) {}

  add(block: Block): void {
    this.bySlot.set(block.slot, block);
    // Slots only grow, so the first key is the oldest block.
    if (this.bySlot.size > this.maxBlocks) this.bySlot.delete(this.bySlot.keys().next().value!);
  }

  get(slot: bigint): Block | undefined {
    return this.bySlot.get(slot);
  }

  /** The oldest block kept. */
  get first(): bigint {
    return this.bySlot.keys().next().value ?? 0n;
  }
}
