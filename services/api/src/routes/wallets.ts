/**
 * Wallet registry: GET /v1/wallets (list) and GET /v1/wallet-images/:imageId (each wallet's logo, or a generated
 * monogram where there is none; the image id names the exact bytes).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { HttpError } from '../http/errors';
import { CACHE_IMMUTABLE, imageResponse } from '../http/images';
import { caip2, csvParam, intParam, walletId } from '../http/params';
import { endpoint } from '../http/validate';

export const WALLET_PAGE_SIZE = 40;
export const MAX_ENTRIES = 100;
export const MAX_SEARCH_RESULTS = 100;

export const walletsQuerySchema = z.object({
  page: intParam(1, 100_000).default(1),
  entries: intParam(1, MAX_ENTRIES).default(WALLET_PAGE_SIZE),
  include: csvParam(walletId, 500, 'ids').optional(),
  exclude: csvParam(walletId, 500, 'ids').optional(),
  search: z
    .string()
    .max(100, 'must be at most 100 characters')
    .transform((s) => s.trim().toLowerCase())
    .optional(),
  badge_type: z.enum(['certified', 'none'], { error: "must be 'certified' or 'none'" }).optional(),
  chains: csvParam(caip2, 100, 'chains').optional(),
});
export type WalletsQuery = z.infer<typeof walletsQuerySchema>;

export interface WalletJson {
  id: string;
  name: string;
  rdns: string | null;
  image_id: string;
  image_url: string;
  homepage: string | null;
  chains: string[];
  mobile_link: string | null;
  universal_link: string | null;
  desktop_link: string | null;
  webapp_link: string | null;
  app_store: string | null;
  play_store: string | null;
  chrome_store: string | null;
  injected: { namespace: string; injected_id: string }[] | null;
  badge_type: 'certified' | 'none';
  order: number | null;
}

interface WalletDbRow {
  total: number;
  id: string | null;
  name: string;
  rdns: string | null;
  image_id: string;
  homepage: string | null;
  chains: string[] | null;
  mobile_link: string | null;
  universal_link: string | null;
  desktop_link: string | null;
  webapp_link: string | null;
  app_store: string | null;
  play_store: string | null;
  chrome_store: string | null;
  injected: { namespace: string; injected_id: string }[] | string | null;
  badge_type: 'certified' | 'none' | null;
  explorer_order: number | null;
}

/** Builds the one list query (same SQL for PGlite and PostgreSQL). */
export function buildWalletsQuery(q: WalletsQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (q.include && q.include.length > 0) where.push(`id = ANY(${p(q.include)}::text[])`);
  if (q.exclude && q.exclude.length > 0) where.push(`NOT (id = ANY(${p(q.exclude)}::text[]))`);
  // 'none' is AppKit's "no badge filter"; only 'certified' narrows the list.
  if (q.badge_type === 'certified') where.push(`badge_type = 'certified'`);
  if (q.chains && q.chains.length > 0) {
    // A wallet whose chains list a bare namespace ('solana') matches every chain of that namespace.
    const wanted = new Set(q.chains);
    for (const c of q.chains) wanted.add(c.slice(0, c.indexOf(':')));
    where.push(`chains && ${p([...wanted])}::text[]`);
  }
  let rank = '';
  let countLimit = '';
  let pageSize = q.entries;
  const offsetRows = (q.page - 1) * q.entries;
  if (q.search) {
    const s = p(q.search);
    where.push(`strpos(name_lower, ${s}) > 0`);
    // name prefix, then a word prefix, then any substring
    rank = `CASE WHEN starts_with(name_lower, ${s}) THEN 0
                 WHEN strpos(name_words, ' ' || ${s}) > 0 THEN 1
                 ELSE 2 END, `;
    // only the first 100 ranked matches exist for a search (AppKit's search limit)
    countLimit = `LIMIT ${MAX_SEARCH_RESULTS}`;
    pageSize = Math.max(0, Math.min(q.entries, MAX_SEARCH_RESULTS - offsetRows));
  }
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const entries = p(pageSize);
  const offset = p(offsetRows);
  // One round trip: the total (capped for a search) and the page, which the default-order
  // index serves directly when there is no search.
  const sql = `
    SELECT t.total, pg.*
    FROM (SELECT count(*)::int AS total FROM (SELECT 1 FROM wallets ${whereSql} ${countLimit}) c) t
    LEFT JOIN LATERAL (
      SELECT id, name, rdns, image_id, homepage, chains, mobile_link, universal_link, desktop_link,
             webapp_link, app_store, play_store, chrome_store, injected, badge_type, explorer_order
      FROM wallets
      ${whereSql}
      ORDER BY ${rank}explorer_order ASC NULLS LAST, position ASC
      LIMIT ${entries} OFFSET ${offset}
    ) pg ON true`;
  return { sql, params };
}

export function walletRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/v1/wallets', endpoint({ query: walletsQuerySchema }, async (c, { query: q }) => {
    const { db } = c.var.ctx;
    const { sql, params } = buildWalletsQuery(q);
    const { rows } = await db.query<WalletDbRow & Record<string, unknown>>(sql, params);
    const base = c.var.ctx.publicUrl;
    const data: WalletJson[] = rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id!,
        name: r.name,
        rdns: r.rdns,
        image_id: r.image_id,
        image_url: `${base}/v1/wallet-images/${r.image_id}`,
        homepage: r.homepage,
        chains: r.chains ?? [],
        mobile_link: r.mobile_link,
        universal_link: r.universal_link,
        desktop_link: r.desktop_link,
        webapp_link: r.webapp_link,
        app_store: r.app_store,
        play_store: r.play_store,
        chrome_store: r.chrome_store,
        injected: typeof r.injected === 'string' ? JSON.parse(r.injected) : r.injected,
        badge_type: r.badge_type ?? 'none',
        order: r.explorer_order,
      }));
    return c.json({ count: rows[0]?.total ?? 0, data });
  }));

  const imageIdSchema = z.object({
    imageId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an image id'),
  });

  // Images are public (an <img> sends no project id): no project.
  app.get('/v1/wallet-images/:imageId', endpoint({ project: 'none', params: imageIdSchema }, async (c, { params: { imageId } }) => {
    const { rows } = await c.var.ctx.db.query<{ content_type: string; body: Uint8Array }>(
      `SELECT content_type, body FROM images WHERE image_id = $1 AND kind = 'wallet'`,
      [imageId],
    );
    const img = rows[0];
    if (!img) throw new HttpError(404, 'imageId: not found');
    // The id is derived from the bytes (src/seed/ids.ts): it is the entity tag, and the image never changes.
    return imageResponse(c, { bytes: img.body, contentType: img.content_type, etag: `"${imageId}"` }, CACHE_IMMUTABLE);
  }));

  return app;
}
