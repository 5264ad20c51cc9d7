import * as z from 'zod/mini';
import { SDK_TYPE, SDK_VERSION } from '../constants';
import { requestJson } from './http';

/** Where the Portico API lives and who is asking; every call carries projectId, st and sv. */
export interface ApiContext {
  apiUrl: string;
  projectId: string;
  fetch?: typeof fetch;
}

export function apiUrl(context: ApiContext, path: string, params: Record<string, string | number | undefined> = {}): string {
  const url = new URL(path, context.apiUrl.endsWith('/') ? context.apiUrl : `${context.apiUrl}/`);
  url.searchParams.set('projectId', context.projectId);
  url.searchParams.set('st', SDK_TYPE);
  url.searchParams.set('sv', SDK_VERSION);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

const nullableString = z.nullable(z.optional(z.string()));

export const registryWalletSchema = z.object({
  id: z.string(),
  name: z.string(),
  rdns: nullableString,
  image_id: nullableString,
  image_url: nullableString,
  homepage: nullableString,
  chains: z.nullable(z.optional(z.array(z.string()))),
  mobile_link: nullableString,
  desktop_link: nullableString,
  webapp_link: nullableString,
  app_store: nullableString,
  play_store: nullableString,
  chrome_store: nullableString,
  injected: z.nullable(z.optional(z.array(z.object({ namespace: z.string(), injected_id: z.string() })))),
  badge_type: nullableString,
  order: z.nullable(z.optional(z.number())),
});
export type RegistryWallet = z.infer<typeof registryWalletSchema>;

const walletPageSchema = z.object({ count: z.number(), data: z.array(registryWalletSchema) });
export type WalletPage = z.infer<typeof walletPageSchema>;

export interface WalletQuery {
  page: number;
  entries: number;
  search?: string;
  include?: readonly string[];
  exclude?: readonly string[];
  chains?: readonly string[];
  badgeType?: 'certified' | 'none';
}

/** Wallet-service list call (spec section 7): page, entries, include, exclude, search, badge_type, chains. */
export function fetchWalletPage(context: ApiContext, query: WalletQuery, signal?: AbortSignal): Promise<WalletPage> {
  return requestJson({
    url: apiUrl(context, 'v1/wallets', {
      page: query.page,
      entries: query.entries,
      search: query.search,
      include: query.include?.join(','),
      exclude: query.exclude?.join(','),
      chains: query.chains?.join(','),
      badge_type: query.badgeType,
    }),
    schema: walletPageSchema,
    signal,
    fetch: context.fetch,
  });
}

const allowedOriginsSchema = z.object({ allowedOrigins: z.array(z.string()) });

export async function fetchAllowedOrigins(context: ApiContext): Promise<string[]> {
  const reply = await requestJson({
    url: apiUrl(context, `v1/projects/${encodeURIComponent(context.projectId)}/allowed-origins`),
    schema: allowedOriginsSchema,
    fetch: context.fetch,
  });
  return reply.allowedOrigins;
}
