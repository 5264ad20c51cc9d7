/**
 * The demo provider's purchase, from claim to receipt, paying at most once per session:
 *   claim      created → processing (caps checked under a per-address lock)
 *   sign       the transaction is built and signed; failure → back to created (nothing was sent)
 *   record     tx_hash and raw_tx stored BEFORE the broadcast
 *   send       broadcast + receipt → completed / failed; no receipt yet → stays processing
 * `recoverDeliveries` (on start) finishes what a stopped API left in processing: never-signed
 * sessions go back to created, recorded ones are re-sent (same bytes) and confirmed.
 */
import type { Address, Hex } from 'viem';
import type { ChainRuntime } from '../chains/runtime';
import type { Db } from '../db/client';
import type { Logger } from '../log';
import type { OnRampRuntime } from './config';
import { DeliveryError, minedOutcome, sendAndConfirm, signDelivery, type SignedDelivery } from './deliver';
import type { OnRampAsset } from './quote';

export interface Claim {
  id: string;
  address: string;
  usd: number;
  paymentTotal: string;
  purchaseAmount: string;
}

export type ClaimResult = 'claimed' | 'busy' | { capExceeded: string };

/** created → processing, unless the address has had `addressCapUsd` of purchases in the last 24 h. */
export async function claimSession(db: Db, claim: Claim, addressCapUsd: number): Promise<ClaimResult> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`onramp:${claim.address.toLowerCase()}`]);
    const { rows } = await tx.query<{ spent: string }>(
      `SELECT coalesce(sum(usd_total), 0)::text AS spent FROM onramp_sessions
        WHERE lower(address) = lower($1) AND status IN ('processing', 'completed') AND created_at > now() - interval '1 day'`,
      [claim.address],
    );
    const spent = Number(rows[0]?.spent ?? 0);
    if (spent + claim.usd > addressCapUsd) {
      return { capExceeded: `This address has reached the demo provider limit of ${addressCapUsd.toFixed(2)} USD a day.` };
    }
    const claimed = await tx.query(
      `UPDATE onramp_sessions SET status = 'processing', usd_total = $2, payment_total = $3, purchase_amount = $4
        WHERE id = $1 AND status = 'created' RETURNING id`,
      [claim.id, claim.usd, claim.paymentTotal, claim.purchaseAmount],
    );
    return claimed.rows.length > 0 ? 'claimed' : 'busy';
  });
}

/** One delivery at a time per chain, so the funding account's nonces never collide in this process. */
const queues = new Map<string, Promise<unknown>>();
function serialised<T>(key: string, run: () => Promise<T>): Promise<T> {
  const next = (queues.get(key) ?? Promise.resolve()).catch(() => {}).then(run);
  queues.set(key, next);
  return next;
}

async function finish(db: Db, id: string, outcome: 'success' | 'reverted' | 'pending' | null): Promise<void> {
  if (outcome === 'pending' || outcome === null) return;
  await db.query(`UPDATE onramp_sessions SET status = $2, completed_at = now() WHERE id = $1 AND status = 'processing'`, [id, outcome === 'success' ? 'completed' : 'failed']);
}

export type DeliveryOutcome = { status: 'completed' | 'failed' | 'pending'; txHash: Hex };

/** Delivers a claimed session. Throws DeliveryError (session back to created) only when nothing was sent. */
export async function deliverSession(db: Db, fundingKey: Hex, sessionId: string, asset: OnRampAsset, to: Address, units: bigint): Promise<DeliveryOutcome> {
  return serialised(asset.entry.config.caipNetworkId, async () => {
    let signed: SignedDelivery;
    try {
      signed = await signDelivery(asset, fundingKey, to, units);
      await db.query(`UPDATE onramp_sessions SET tx_hash = $2, raw_tx = $3 WHERE id = $1 AND status = 'processing'`, [sessionId, signed.hash, signed.raw]);
    } catch (err) {
      // Nothing was broadcast: the session may be tried again.
      await db.query(`UPDATE onramp_sessions SET status = 'created' WHERE id = $1 AND status = 'processing' AND tx_hash IS NULL`, [sessionId]);
      throw err instanceof DeliveryError ? err : new DeliveryError('The purchase could not be delivered. Nothing was charged; try again.');
    }
    const outcome = await sendAndConfirm(asset.entry.config, signed);
    await finish(db, sessionId, outcome);
    return { status: outcome === 'success' ? 'completed' : outcome === 'reverted' ? 'failed' : 'pending', txHash: signed.hash };
  });
}

/** A processing session whose transaction has been mined meanwhile is finished (a page reload checks). */
export async function confirmSession(db: Db, chains: ChainRuntime, session: { id: string; chain_id: string; tx_hash: string | null }): Promise<void> {
  const entry = chains.get(session.chain_id);
  if (!entry || !session.tx_hash) return;
  await finish(db, session.id, await minedOutcome(entry.config, session.tx_hash as Hex));
}

/** Finishes the sessions a stopped API left in processing (run on start, in the background). */
export async function recoverDeliveries(ctx: { db: Db; log: Logger; chains: ChainRuntime; onramp: OnRampRuntime }): Promise<void> {
  const { db, log, chains } = ctx;
  const { rows } = await db.query<{ id: string; chain_id: string; asset: string; tx_hash: Hex | null; raw_tx: Hex | null }>(
    `SELECT id, chain_id, asset, tx_hash, raw_tx FROM onramp_sessions WHERE status = 'processing'`,
  );
  await Promise.all(
    rows.map(async (s) => {
      if (!s.tx_hash || !s.raw_tx) {
        await db.query(`UPDATE onramp_sessions SET status = 'created' WHERE id = $1 AND status = 'processing' AND tx_hash IS NULL`, [s.id]);
        return;
      }
      const entry = chains.get(s.chain_id);
      if (!entry) return log.warn('onramp recovery: chain no longer configured', { session: s.id.slice(0, 8), chainId: s.chain_id });
      const outcome = await serialised(s.chain_id, () => sendAndConfirm(entry.config, { hash: s.tx_hash!, raw: s.raw_tx! }));
      await finish(db, s.id, outcome);
      log.info('onramp delivery recovered', { session: s.id.slice(0, 8), txHash: s.tx_hash, outcome });
    }),
  );
}
