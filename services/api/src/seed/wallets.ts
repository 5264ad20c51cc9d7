import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ArtworkLibrary } from '../artwork/library';
import type { Queryable } from '../db/client';
import { monogramLabels, walletIconSvg } from './icons';
import { generatedWalletId, walletImageId } from './ids';

export const SEED_DIR = fileURLToPath(new URL('../../seed/', import.meta.url));

const nullableString = z.string().min(1).nullable();

/** One record of seed/wallets.json (see seed/README.md). */
export const seedWalletSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
  name: z.string().min(1),
  rdns: nullableString,
  homepage: nullableString,
  chains: z.array(z.string().min(1)).nullable(),
  mobile_link: nullableString,
  universal_link: nullableString,
  desktop_link: nullableString,
  webapp_link: nullableString,
  app_store: nullableString,
  play_store: nullableString,
  chrome_store: nullableString,
  injected: z.array(z.object({ namespace: z.string(), injected_id: z.string() })).nullable(),
  badge_type: z.enum(['certified', 'none']).nullable(),
  order: z.number().int().nullable(),
  sources: z.array(z.string()),
});
export type SeedWallet = z.infer<typeof seedWalletSchema>;

/** A wallet's picture as stored: an image id naming these bytes, the media type, the bytes. */
export interface WalletImage {
  image_id: string;
  content_type: string;
  bytes: Uint8Array;
}

/**
 * Each wallet's picture, in order: its artwork, else a monogram whose label tells it apart from the other
 * monograms among `wallets` (two "BW" wallets become "Best" and "Bitg").
 */
export function walletImages(wallets: readonly { id: string; name: string }[], artwork: ArtworkLibrary): WalletImage[] {
  const labels = monogramLabels(wallets.filter((w) => !artwork.wallet(w.id)).map((w) => w.name));
  return wallets.map(({ id, name }) => {
    const art = artwork.wallet(id);
    const bytes = art?.bytes ?? Buffer.from(walletIconSvg(name, labels.get(name)), 'utf8');
    return { image_id: walletImageId(id, bytes), content_type: art?.contentType ?? 'image/svg+xml', bytes };
  });
}

/** A row ready for the `wallets` table (plus its image). */
export interface WalletRow {
  id: string;
  id_generated: boolean;
  name: string;
  rdns: string | null;
  homepage: string | null;
  chains: string[] | null;
  mobile_link: string | null;
  universal_link: string | null;
  desktop_link: string | null;
  webapp_link: string | null;
  app_store: string | null;
  play_store: string | null;
  chrome_store: string | null;
  injected: { namespace: string; injected_id: string }[] | null;
  badge_type: 'certified' | 'none' | null;
  explorer_order: number | null;
  position: number;
  image: WalletImage;
  sources: string[];
  synthetic: boolean;
}

export async function readSeedWallets(file = SEED_DIR + 'wallets.json'): Promise<SeedWallet[]> {
  const raw: unknown = JSON.parse(await readFile(file, 'utf8'));
  return z.array(seedWalletSchema).parse(raw);
}

export const walletIdOf = (w: SeedWallet) => w.id ?? generatedWalletId(w.name);

/** The `wallets` rows for seed records (array index + `firstPosition` as position), with their pictures. */
export function toWalletRows(wallets: readonly SeedWallet[], artwork: ArtworkLibrary, firstPosition = 0, synthetic = false): WalletRow[] {
  const images = walletImages(wallets.map((w) => ({ id: walletIdOf(w), name: w.name })), artwork);
  return wallets.map((w, i) => ({
    id: walletIdOf(w),
    id_generated: w.id === null,
    name: w.name,
    rdns: w.rdns,
    homepage: w.homepage,
    chains: w.chains,
    mobile_link: w.mobile_link,
    universal_link: w.universal_link,
    desktop_link: w.desktop_link,
    webapp_link: w.webapp_link,
    app_store: w.app_store,
    play_store: w.play_store,
    chrome_store: w.chrome_store,
    injected: w.injected,
    badge_type: w.badge_type,
    explorer_order: w.order,
    position: firstPosition + i,
    image: images[i]!,
    sources: w.sources,
    synthetic,
  }));
}

/** Inserts wallet pictures (bytes as base64 in a JSON array); an image id already stored names the same bytes. */
async function insertImages(db: Queryable, images: readonly WalletImage[]): Promise<void> {
  await db.query(
    `INSERT INTO images (image_id, kind, content_type, body)
     SELECT r.image_id, 'wallet', r.content_type, decode(r.body, 'base64')
     FROM jsonb_to_recordset($1::jsonb) AS r(image_id text, content_type text, body text)
     ON CONFLICT (image_id) DO NOTHING`,
    [JSON.stringify(images.map((i) => ({ image_id: i.image_id, content_type: i.content_type, body: Buffer.from(i.bytes).toString('base64') })))],
  );
}

/**
 * Inserts wallet rows and their images in one statement each (a JSON array expanded with
 * jsonb_to_recordset, so the same SQL works on PGlite and PostgreSQL). Existing ids are kept.
 */
export async function insertWallets(db: Queryable, rows: WalletRow[], chunkSize = 1000): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize);
    await insertImages(db, chunk.map((r) => r.image));
    await db.query(
      `INSERT INTO wallets (id, id_generated, name, rdns, homepage, chains, mobile_link, universal_link,
         desktop_link, webapp_link, app_store, play_store, chrome_store, injected, badge_type,
         explorer_order, position, image_id, sources, synthetic)
       SELECT r.id, r.id_generated, r.name, r.rdns, r.homepage,
         CASE WHEN r.chains IS NULL OR r.chains = 'null'::jsonb THEN NULL
              ELSE ARRAY(SELECT jsonb_array_elements_text(r.chains)) END,
         r.mobile_link, r.universal_link, r.desktop_link, r.webapp_link, r.app_store, r.play_store,
         r.chrome_store, NULLIF(r.injected, 'null'::jsonb), r.badge_type, r.explorer_order, r.position,
         r.image_id, ARRAY(SELECT jsonb_array_elements_text(r.sources)), r.synthetic
       FROM jsonb_to_recordset($1::jsonb) AS r(id text, id_generated boolean, name text, rdns text,
         homepage text, chains jsonb, mobile_link text, universal_link text, desktop_link text,
         webapp_link text, app_store text, play_store text, chrome_store text, injected jsonb,
         badge_type text, explorer_order integer, position integer, image_id text, sources jsonb,
         synthetic boolean)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(chunk.map(({ image, ...r }) => ({ ...r, image_id: image.image_id })))],
    );
  }
}

/** Seeds seed/wallets.json when the wallets table has no real (non-synthetic) wallet. */
export async function seedWalletsIfEmpty(db: Queryable, artwork: ArtworkLibrary, file?: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM wallets WHERE NOT synthetic');
  if ((rows[0]?.n ?? 0) > 0) return 0;
  const walletRows = toWalletRows(await readSeedWallets(file), artwork);
  const ids = new Set(walletRows.map((r) => r.id));
  if (ids.size !== walletRows.length) throw new Error('seed/wallets.json: duplicate wallet ids');
  await insertWallets(db, walletRows);
  return walletRows.length;
}

/**
 * Gives every registry wallet its current picture — a database seeded before its artwork existed (or changed)
 * still shows the old one — and drops the pictures no wallet shows any more. Returns how many wallets changed.
 */
export async function syncWalletImages(db: Queryable, artwork: ArtworkLibrary): Promise<number> {
  const { rows } = await db.query<{ id: string; name: string; image_id: string }>('SELECT id, name, image_id FROM wallets WHERE NOT synthetic ORDER BY position');
  const images = walletImages(rows, artwork);
  const changed = rows.flatMap((row, i) => (row.image_id === images[i]!.image_id ? [] : [{ id: row.id, image: images[i]! }]));
  if (changed.length === 0) return 0;
  await insertImages(db, changed.map((c) => c.image));
  await db.query(
    `UPDATE wallets w SET image_id = r.image_id
     FROM jsonb_to_recordset($1::jsonb) AS r(id text, image_id text)
     WHERE w.id = r.id`,
    [JSON.stringify(changed.map((c) => ({ id: c.id, image_id: c.image.image_id })))],
  );
  await db.query(`DELETE FROM images i WHERE kind = 'wallet' AND NOT EXISTS (SELECT 1 FROM wallets w WHERE w.image_id = i.image_id)`);
  return changed.length;
}
