/**
 * The artwork the API serves: wallet logos, the WalletConnect connector's, network and token icons, read once at
 * start from the committed `artwork/` folder (written by scripts/build-artwork.ts; sources and licences in its
 * `index.json` and the repository's NOTICE). Nothing is fetched at run time.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CAIP2 } from '../http/params';

export const ARTWORK_DIR = fileURLToPath(new URL('../../artwork/', import.meta.url));

const CONTENT_TYPES = { svg: 'image/svg+xml', webp: 'image/webp', png: 'image/png' } as const;

const entrySchema = z.object({
  file: z.string().regex(/^(?:wallets|connectors|networks|tokens)\/[a-z0-9-]+\.(?:svg|webp|png)$/, 'must be a file in artwork/'),
  /** A key of `sources`. */
  source: z.string(),
});
const sourceSchema = z.object({ name: z.string().min(1), version: z.string().min(1), licence: z.string().min(1) });

export const artworkIndexSchema = z
  .object({
    /** The packages the pictures come from. */
    sources: z.record(z.string(), sourceSchema),
    /** By wallet id (the registry's explorer id, or the seed's generated id). */
    wallets: z.record(z.string().regex(/^[0-9a-f]{64}$/), entrySchema),
    /** By connector id (`walletConnect`). */
    connectors: z.record(z.string().regex(/^[A-Za-z]{1,32}$/), entrySchema),
    /** By CAIP-2 id; a testnet has its parent's picture. */
    networks: z.record(z.string().regex(CAIP2), entrySchema),
    /** By upper-case token symbol. */
    tokens: z.record(z.string().regex(/^[A-Z0-9]{1,16}$/), entrySchema),
  })
  .check((ctx) => {
    for (const kind of ['wallets', 'connectors', 'networks', 'tokens'] as const) {
      for (const [key, entry] of Object.entries(ctx.value[kind])) {
        if (!(entry.source in ctx.value.sources)) ctx.issues.push({ code: 'custom', input: entry, path: [kind, key, 'source'], message: 'must be one of sources' });
      }
    }
  });
export type ArtworkIndex = z.infer<typeof artworkIndexSchema>;
export type ArtworkSource = z.infer<typeof sourceSchema>;

/** A picture as served: its bytes, media type and strong ETag (a hash of the bytes). */
export interface Picture {
  bytes: Uint8Array;
  contentType: string;
  etag: string;
}

export function picture(bytes: Uint8Array, contentType: string): Picture {
  return { bytes, contentType, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
}

export interface ArtworkLibrary {
  /** Where each picture came from (for NOTICE's check). */
  sources: ArtworkIndex['sources'];
  wallet(walletId: string): Picture | undefined;
  connector(connectorId: string): Picture | undefined;
  network(caipNetworkId: string): Picture | undefined;
  /** By symbol, in any case. */
  token(symbol: string): Picture | undefined;
}

export async function loadArtwork(dir = ARTWORK_DIR): Promise<ArtworkLibrary> {
  const index = artworkIndexSchema.parse(JSON.parse(await readFile(dir + 'index.json', 'utf8')));
  // Several keys may share a file (a testnet and its parent): each file is read once.
  const names = new Set([index.wallets, index.connectors, index.networks, index.tokens].flatMap((entries) => Object.values(entries).map((e) => e.file)));
  const files = new Map(
    await Promise.all(
      [...names].map(async (file) => {
        const type = CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES];
        return [file, picture(await readFile(dir + file), type)] as const;
      }),
    ),
  );
  const load = (entries: Record<string, z.infer<typeof entrySchema>>) => new Map(Object.entries(entries).map(([key, { file }]) => [key, files.get(file)!]));
  const [wallets, connectors, networks, tokens] = [load(index.wallets), load(index.connectors), load(index.networks), load(index.tokens)];
  return {
    sources: index.sources,
    wallet: (walletId) => wallets.get(walletId),
    connector: (connectorId) => connectors.get(connectorId),
    network: (caipNetworkId) => networks.get(caipNetworkId),
    token: (symbol) => tokens.get(symbol.toUpperCase()),
  };
}
