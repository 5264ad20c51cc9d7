import type { ArtworkLibrary } from '../artwork/library';
import type { Db } from '../db/client';
import { readProjects, syncProjects } from './projects';
import { seedWalletsIfEmpty, syncWalletImages } from './wallets';
import { insertSyntheticWallets } from './synthetic';

export interface SeedOptions {
  /** Projects file; defaults to seed/projects.json. */
  projectsFile?: string;
  /** Wallets file; defaults to seed/wallets.json. */
  walletsFile?: string;
  /** Synthetic wallets to add (scale tests and bench only). Default 0. */
  syntheticWallets?: number;
  /** Development mode: projects also allow their developmentOrigins. */
  development?: boolean;
}

export interface SeedResult {
  walletsSeeded: number;
  /** Registry wallets whose picture changed since the database was seeded (new artwork). */
  walletImagesUpdated: number;
  syntheticWallets: number;
}

export async function seed(db: Db, artwork: ArtworkLibrary, options: SeedOptions = {}): Promise<SeedResult> {
  const [walletsSeeded, walletImagesUpdated] = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7282002)');
    await syncProjects(tx, await readProjects(options.projectsFile, options.development));
    return [await seedWalletsIfEmpty(tx, artwork, options.walletsFile), await syncWalletImages(tx, artwork)] as const;
  });
  const syntheticWallets = options.syntheticWallets ? await insertSyntheticWallets(db, options.syntheticWallets, artwork) : 0;
  return { walletsSeeded, walletImagesUpdated, syntheticWallets };
}
