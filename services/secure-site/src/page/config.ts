/**
 * What the page is told: the iframe URL's query (set by the modal) and the server's config (a meta tag the
 * server writes: the API's origin, the project's allowed origins — the same list its CSP frame-ancestors use —
 * and, when the operator runs smart accounts, the bundler's URL and the chains they are enabled on).
 */
import { z } from 'zod';

export const PAGE_CONFIG_META = 'portico-secure-site';

/** Query of the iframe URL: `?projectId=…&chainId=…&version=…&enableLogger=true|false[&origin=…]`. */
export const pageQuerySchema = z.object({
  projectId: z.string({ error: 'required' }).regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be a project id'),
  /** The eip155 chain the wallet starts on. */
  chainId: z.coerce.number({ error: 'required' }).int().positive().max(Number.MAX_SAFE_INTEGER),
  version: z.string({ error: 'required' }).regex(/^[\w.@/+-]{1,64}$/, 'must be an SDK version'),
  enableLogger: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** The embedding page's origin as the modal states it: the fallback where `location.ancestorOrigins` is missing. */
  origin: z.url({ protocol: /^https?$/ }).optional().transform((v) => (v === undefined ? undefined : new URL(v).origin)),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

export const pageConfigSchema = z.object({
  apiUrl: z.url({ protocol: /^https?$/ }),
  allowedOrigins: z.array(z.string().max(256)).max(256),
  /** The ERC-4337 bundler taking the smart accounts' user operations (absent: no smart accounts). */
  bundlerUrl: z.url({ protocol: /^https?$/ }).max(2048).optional(),
  /** The eip155 chains where the key also has its smart account. */
  smartAccountChains: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(256).default([]),
});
export type PageConfig = z.output<typeof pageConfigSchema>;

/** The server's meta, checked; throws with the first bad field. */
export function readPageConfig(metaContent: string | null | undefined): PageConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(metaContent ?? '');
  } catch {
    throw new Error('page config: missing');
  }
  const config = pageConfigSchema.safeParse(raw);
  if (!config.success) throw new Error(`page config ${config.error.issues[0]?.path.join('.')}: ${config.error.issues[0]?.message}`);
  return config.data;
}

/** Reads both; throws with the first bad field. */
export function readPageSettings(search: string, metaContent: string | null | undefined): PageQuery & PageConfig {
  const query = pageQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)));
  if (!query.success) throw new Error(`query ${query.error.issues[0]?.path.join('.')}: ${query.error.issues[0]?.message}`);
  return { ...query.data, ...readPageConfig(metaContent) };
}
