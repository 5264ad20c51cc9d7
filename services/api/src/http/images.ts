/**
 * Image responses (spec §7 "images by id"): a strong ETag, `If-None-Match` → 304, and a cache lifetime that
 * depends on whether the URL names exact bytes.
 */
import type { Context } from 'hono';
import type { Picture } from '../artwork/library';

/** The URL names these exact bytes (a wallet's content-addressed image id): cached for good. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** The URL names a network, connector or token, whose picture may change with a release: a day, then revalidated. */
export const CACHE_ONE_DAY = 'public, max-age=86400';

/** An image opened on its own is still no document: nothing in it runs or loads (SVG included). */
const IMAGE_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" };

/** `If-None-Match` holds `*` or the entity tag (compared weakly, as RFC 9110 §13.1.2 says for this header). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

export function imageResponse(c: Context, picture: Picture, cacheControl: string): Response {
  const headers = { ETag: picture.etag, 'Cache-Control': cacheControl, ...IMAGE_HEADERS };
  if (etagMatches(c.req.header('if-none-match'), picture.etag)) return c.body(null, 304, headers);
  const type = picture.contentType === 'image/svg+xml' ? 'image/svg+xml; charset=utf-8' : picture.contentType;
  return c.body(picture.bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': type });
}
