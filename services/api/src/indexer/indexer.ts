/**
 * Follows one chain: from its start block (or the last stored block) to the head, then polls.
 * Each step reads up to `batchBlocks` blocks (full transactions) plus their receipts in JSON-RPC
 * batches, decodes them (decode.ts) and writes all rows plus the new tip in ONE transaction, so a
 * crash or restart resumes from the last stored block. Inserts are idempotent (ON CONFLICT DO NOTHING).
 * Reorgs: the first new block's parentHash must equal the stored tip's hash; when it does not (or
 * the head went below the tip, e.g. anvil restarted or reverted), the indexer walks back through
 * `chain_blocks` to the newest block whose hash still matches and deletes everything above it.
 */
import type { Db, Queryable } from '../db/client';
import type { Logger } from '../log';
import type { ChainConfig } from '../chains/config';
import type { RpcClient, RpcOutcome } from '../chains/rpc';
import { decodeBlock, type BlockRows, type RawBlock, type RawReceipt, type SwapRouterConfig } from './decode';

export interface IndexerOptions {
  /** Poll interval once at the head (ms). Default 500. */
  pollIntervalMs?: number;
  /** Blocks per step. Default 100. */
  batchBlocks?: number;
  /** Block hashes kept for reorg detection. Default 256. */
  keepBlockHashes?: number;
}

export interface IndexerStatus {
  head: number | null;
  indexed: number;
  lag: number | null;
  status: 'starting' | 'syncing' | 'synced' | 'upstream-unavailable' | 'error';
  error?: string;
  lastPollAt?: string;
}

const hex = (n: number) => `0x${n.toString(16)}`;

export class ChainIndexer {
  readonly chainId: string;
  private readonly pollIntervalMs: number;
  private readonly batchBlocks: number;
  private readonly keepBlockHashes: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private useBlockReceipts = true;
  private waiters: (() => void)[] = [];
  private state: IndexerStatus = { head: null, indexed: -1, lag: null, status: 'starting' };
  private readonly swapRouter: SwapRouterConfig | undefined;

  constructor(
    private readonly db: Db,
    private readonly chain: ChainConfig,
    private readonly rpc: RpcClient,
    private readonly log: Logger,
    options: IndexerOptions = {},
  ) {
    this.chainId = chain.caipNetworkId;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.batchBlocks = options.batchBlocks ?? 100;
    this.keepBlockHashes = options.keepBlockHashes ?? 256;
    const { swap } = chain;
    this.swapRouter = swap && { router: swap.router.toLowerCase(), wrappedNative: swap.wrappedNative.toLowerCase() };
  }

  status(): IndexerStatus {
    return { ...this.state };
  }

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  /** Resolves once the indexer has stored `block` (default: the head at call time). */
  async waitFor(block?: number, timeoutMs = 30_000): Promise<void> {
    const target = block ?? Number(BigInt(await this.rpc.call<string>('eth_blockNumber')));
    const deadline = Date.now() + timeoutMs;
    while (this.state.indexed < target) {
      if (Date.now() > deadline) throw new Error(`indexer ${this.chainId}: block ${target} not indexed within ${timeoutMs} ms (at ${this.state.indexed})`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => this.schedule(this.pollIntervalMs));
    }, ms);
  }

  /** One poll: index until caught up with the head seen at the start. */
  async tick(): Promise<void> {
    try {
      const head = Number(BigInt(await this.rpc.call<string>('eth_blockNumber')));
      let tip = await this.loadTip();
      this.state = { ...this.state, head, indexed: tip.number, lag: Math.max(0, head - tip.number), lastPollAt: new Date().toISOString() };
      if (head < tip.number) tip = await this.rollback(head);
      while (!this.stopped && tip.number < head) {
        const from = Math.max(tip.number + 1, this.chain.startBlock);
        const to = Math.min(head, from + this.batchBlocks - 1);
        this.state.status = 'syncing';
        const blocks = await this.fetchBlocks(from, to);
        if (tip.hash && from === tip.number + 1 && blocks[0]!.parentHash.toLowerCase() !== tip.hash) {
          this.log.warn('reorg detected', { chainId: this.chainId, at: from });
          tip = await this.rollback(tip.number - 1);
          continue;
        }
        const receipts = await this.fetchReceipts(blocks);
        const rows = blocks.map((b, i) => decodeBlock(b, receipts[i]!, this.swapRouter));
        const last = blocks[blocks.length - 1]!;
        await this.store(blocks, rows, { number: to, hash: last.hash.toLowerCase() });
        tip = { number: to, hash: last.hash.toLowerCase() };
        this.state = { ...this.state, indexed: to, lag: Math.max(0, head - to) };
        this.wake();
      }
      this.state = { ...this.state, status: 'synced', error: undefined };
    } catch (err) {
      const message = String((err as Error)?.message ?? err);
      const unavailable = message.startsWith('Upstream node unavailable');
      if (this.state.status !== 'upstream-unavailable' && this.state.status !== 'error') {
        this.log.warn('indexer step failed', { chainId: this.chainId, error: message });
      }
      this.state = { ...this.state, status: unavailable ? 'upstream-unavailable' : 'error', error: message };
    }
    this.wake();
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  private async loadTip(): Promise<{ number: number; hash: string | null }> {
    const { rows } = await this.db.query<{ block_number: string | number; block_hash: string | null }>(
      'SELECT block_number, block_hash FROM chain_index_state WHERE chain_id = $1',
      [this.chainId],
    );
    if (!rows[0]) return { number: this.chain.startBlock - 1, hash: null };
    return { number: Number(rows[0].block_number), hash: rows[0].block_hash };
  }

  private async fetchBlocks(from: number, to: number): Promise<RawBlock[]> {
    const calls = [];
    for (let n = from; n <= to; n++) calls.push({ method: 'eth_getBlockByNumber', params: [hex(n), true] });
    const out = await this.rpc.batch(calls);
    return out.map((o, i) => {
      if ('error' in o || !o.result) throw new Error(`eth_getBlockByNumber ${from + i}: ${'error' in o ? o.error.message : 'no block'}`);
      return o.result as RawBlock;
    });
  }

  private async fetchReceipts(blocks: RawBlock[]): Promise<RawReceipt[][]> {
    if (this.useBlockReceipts) {
      const out = await this.rpc.batch(blocks.map((b) => ({ method: 'eth_getBlockReceipts', params: [b.number] })));
      if (out.every((o) => 'result' in o && Array.isArray(o.result))) return out.map((o) => (o as { result: RawReceipt[] }).result);
      const err = out.find((o): o is Extract<RpcOutcome, { error: unknown }> => 'error' in o);
      if (!err || (err.error.code !== -32601 && !/not (found|supported)/i.test(err.error.message))) {
        throw new Error(`eth_getBlockReceipts: ${err?.error.message ?? 'bad result'}`);
      }
      this.useBlockReceipts = false; // node without eth_getBlockReceipts: one receipt per transaction
    }
    const hashes = blocks.flatMap((b) => b.transactions.map((t) => t.hash));
    const out = await this.rpc.batch(hashes.map((h) => ({ method: 'eth_getTransactionReceipt', params: [h] })));
    const byHash = new Map<string, RawReceipt>();
    out.forEach((o, i) => {
      if ('error' in o || !o.result) throw new Error(`eth_getTransactionReceipt ${hashes[i]}: ${'error' in o ? o.error.message : 'missing'}`);
      byHash.set(hashes[i]!.toLowerCase(), o.result as RawReceipt);
    });
    return blocks.map((b) => b.transactions.map((t) => byHash.get(t.hash.toLowerCase())!));
  }

  private async store(blocks: RawBlock[], rows: BlockRows[], tip: { number: number; hash: string }) {
    const txs = rows.flatMap((r) => r.txs);
    const transfers = rows.flatMap((r) => r.transfers);
    const activity = rows.flatMap((r) => r.activity);
    const userOperations = rows.flatMap((r) => r.userOperations);
    const approvals = rows.flatMap((r) => r.approvals);
    const chain = this.chainId;
    await this.db.transaction(async (tx) => {
      if (txs.length > 0) {
        await tx.query(
          `INSERT INTO chain_txs (chain_id, hash, block_number, tx_index, block_time, from_address, to_address, value, nonce, status, method)
           SELECT $1, * FROM unnest($2::text[], $3::bigint[], $4::int[], $5::timestamptz[], $6::text[], $7::text[], $8::numeric[], $9::bigint[], $10::smallint[], $11::text[])
           ON CONFLICT DO NOTHING`,
          [chain, txs.map((t) => t.hash), txs.map((t) => t.blockNumber), txs.map((t) => t.txIndex), txs.map((t) => t.blockTime),
            txs.map((t) => t.from), txs.map((t) => t.to), txs.map((t) => t.value), txs.map((t) => t.nonce), txs.map((t) => t.status), txs.map((t) => t.method)],
        );
      }
      if (transfers.length > 0) {
        await tx.query(
          `INSERT INTO chain_transfers (chain_id, tx_hash, log_index, batch_index, block_number, tx_index, standard, contract, from_address, to_address, token_id, amount)
           SELECT $1, * FROM unnest($2::text[], $3::int[], $4::int[], $5::bigint[], $6::int[], $7::text[], $8::text[], $9::text[], $10::text[], $11::numeric[], $12::numeric[])
           ON CONFLICT DO NOTHING`,
          [chain, transfers.map((t) => t.txHash), transfers.map((t) => t.logIndex), transfers.map((t) => t.batchIndex), transfers.map((t) => t.blockNumber),
            transfers.map((t) => t.txIndex), transfers.map((t) => t.standard), transfers.map((t) => t.contract), transfers.map((t) => t.from),
            transfers.map((t) => t.to), transfers.map((t) => t.tokenId), transfers.map((t) => t.amount)],
        );
      }
      if (activity.length > 0) {
        await tx.query(
          `INSERT INTO account_activity (chain_id, address, tx_hash, block_number, tx_index)
           SELECT $1, * FROM unnest($2::text[], $3::text[], $4::bigint[], $5::int[])
           ON CONFLICT DO NOTHING`,
          [chain, activity.map((a) => a.address), activity.map((a) => a.txHash), activity.map((a) => a.blockNumber), activity.map((a) => a.txIndex)],
        );
      }
      if (userOperations.length > 0) {
        const ops = userOperations;
        await tx.query(
          `INSERT INTO chain_user_operations (chain_id, tx_hash, log_index, user_op_hash, sender, nonce, success, target, method, block_number, tx_index)
           SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::numeric[], $7::boolean[], $8::text[], $9::text[], $10::bigint[], $11::int[])
           ON CONFLICT DO NOTHING`,
          [chain, ops.map((o) => o.txHash), ops.map((o) => o.logIndex), ops.map((o) => o.userOpHash), ops.map((o) => o.sender), ops.map((o) => o.nonce),
            ops.map((o) => o.success), ops.map((o) => o.target), ops.map((o) => o.method), ops.map((o) => o.blockNumber), ops.map((o) => o.txIndex)],
        );
      }
      if (approvals.length > 0) {
        await tx.query(
          `INSERT INTO chain_approvals (chain_id, tx_hash, log_index, block_number, tx_index, contract, owner, spender, amount)
           SELECT $1, * FROM unnest($2::text[], $3::int[], $4::bigint[], $5::int[], $6::text[], $7::text[], $8::text[], $9::numeric[])
           ON CONFLICT DO NOTHING`,
          [chain, approvals.map((a) => a.txHash), approvals.map((a) => a.logIndex), approvals.map((a) => a.blockNumber), approvals.map((a) => a.txIndex),
            approvals.map((a) => a.contract), approvals.map((a) => a.owner), approvals.map((a) => a.spender), approvals.map((a) => a.amount)],
        );
      }
      await tx.query(
        `INSERT INTO chain_blocks (chain_id, number, hash) SELECT $1, * FROM unnest($2::bigint[], $3::text[])
         ON CONFLICT (chain_id, number) DO UPDATE SET hash = EXCLUDED.hash`,
        [chain, blocks.map((b) => Number(BigInt(b.number))), blocks.map((b) => b.hash.toLowerCase())],
      );
      await tx.query('DELETE FROM chain_blocks WHERE chain_id = $1 AND number < $2', [chain, tip.number - this.keepBlockHashes]);
      await this.setTip(tx, tip.number, tip.hash);
    });
  }

  private async setTip(tx: Queryable, number: number, hash: string | null) {
    await tx.query(
      `INSERT INTO chain_index_state (chain_id, block_number, block_hash, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (chain_id) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash, updated_at = now()`,
      [this.chainId, number, hash],
    );
  }

  /**
   * Finds the newest stored block at or below `atMost` whose hash the node still has, deletes
   * everything above it and makes it the tip. Without any match: back to the start block.
   */
  private async rollback(atMost: number): Promise<{ number: number; hash: string | null }> {
    const { rows } = await this.db.query<{ number: string | number; hash: string }>(
      'SELECT number, hash FROM chain_blocks WHERE chain_id = $1 AND number <= $2 ORDER BY number DESC LIMIT 64',
      [this.chainId, atMost],
    );
    let keep: { number: number; hash: string | null } = { number: this.chain.startBlock - 1, hash: null };
    if (rows.length > 0) {
      const out = await this.rpc.batch(rows.map((r) => ({ method: 'eth_getBlockByNumber', params: [hex(Number(r.number)), false] })));
      for (let i = 0; i < rows.length; i++) {
        const o = out[i]!;
        const h = 'result' in o && o.result ? String((o.result as { hash: string }).hash).toLowerCase() : null;
        if (h === rows[i]!.hash) {
          keep = { number: Number(rows[i]!.number), hash: h };
          break;
        }
      }
    }
    const chain = this.chainId;
    await this.db.transaction(async (tx) => {
      for (const table of ['chain_txs', 'chain_transfers', 'account_activity', 'chain_user_operations', 'chain_approvals']) {
        await tx.query(`DELETE FROM ${table} WHERE chain_id = $1 AND block_number > $2`, [chain, keep.number]);
      }
      await tx.query('DELETE FROM chain_blocks WHERE chain_id = $1 AND number > $2', [chain, keep.number]);
      await this.setTip(tx, keep.number, keep.hash);
    });
    this.log.warn('indexer rolled back', { chainId: chain, to: keep.number });
    this.state = { ...this.state, indexed: keep.number };
    return keep;
  }
}
