/**
 * Synthetic wallets for scale tests and the bench ONLY — never part of the default seed.
 * Rows carry `synthetic = true`, names `Synthetic Wallet 0001`…, positions after every real
 * wallet, no explorer order, so they sort after the real registry.
 */
import type { ArtworkLibrary } from '../artwork/library';
import type { Queryable } from '../db/client';
import { insertWallets, toWalletRows, type SeedWallet } from './wallets';

const SYNTHETIC_POSITION_BASE = 1_000_000;

export function syntheticWallet(i: number): SeedWallet {
  const n = String(i).padStart(4, '0');
  const chains = i % 3 === 0 ? ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] : ['eip155:1', 'eip155:8453'];
  return {
    id: null,
    name: `Synthetic Wallet ${n}`,
    rdns: null,
    homepage: `https://synthetic-wallet-${n}.invalid/`,
    chains,
    mobile_link: `synthetic${n}://`,
    universal_link: null,
    desktop_link: null,
    webapp_link: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    injected: null,
    badge_type: 'none',
    order: null,
    sources: ['synthetic'],
  };
}

/** Inserts synthetic wallets 1..count (idempotent: existing ones are kept). Returns the count asked for. */
export async function insertSyntheticWallets(db: Queryable, count: number, artwork: ArtworkLibrary): Promise<number> {
  const wallets = Array.from({ length: count }, (_, i) => syntheticWallet(i + 1));
  await insertWallets(db, toWalletRows(wallets, artwork, SYNTHETIC_POSITION_BASE + 1, true));
  return count;
}

/** Removes every synthetic wallet and its image. */
export async function deleteSyntheticWallets(db: Queryable): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM wallets WHERE synthetic RETURNING image_id)
     DELETE FROM images WHERE image_id IN (SELECT image_id FROM gone)`,
  );
}
