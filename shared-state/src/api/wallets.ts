import * as z from 'zod/mini';
import { apiUrl, type ApiContext } from './client';
import { requestJson } from './http';
import { orNull } from '../zod-parts';

/** Wallet-service calls (spec section 7). Loaded lazily, with the Connect view's first registry request. */

const nullableString = orNull(z.optional(z.string()));

export const registryWalletSchema = z.object({
  id: z.string(),
  name: z.string(),
  rdns: nullableString,
  image_id: nullableString,
  image_url: nullableString,
  homepage: nullableString,
  chains: orNull(z.optional(z.array(z.string()))),
  mobile_link: nullableString,
  universal_link: nullableString,
  desktop_link: nullableString,
  webapp_link: nullableString,
  app_store: nullableString,
  play_store: nullableString,
  chrome_store: nullableString,
  injected: orNull(z.optional(z.array(z.object({ namespace: z.string(), injected_id: z.string() })))),
  badge_type: nullableString,
  order: orNull(z.optional(z.number())),
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

