import * as z from 'zod/mini';
import { apiUrl, type ApiContext } from './client';
import { requestJson } from './http';
import { orNull } from '../zod-parts';

/** Spec section 3, Balance item. `address` is absent for the native token. */
const balanceItemSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.optional(z.string()),
  value: z.optional(z.number()),
  price: z.optional(z.number()),
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
  iconUrl: z.optional(z.string()),
});
export type BalanceItem = z.infer<typeof balanceItemSchema>;

const fungibleInfoSchema = z.object({ name: z.optional(z.string()), symbol: z.optional(z.string()), icon: z.optional(z.object({ url: z.string() })) });

const transferSchema = z.object({
  direction: z.optional(z.string()),
  quantity: z.optional(z.object({ numeric: z.string() })),
  fungible_info: z.optional(fungibleInfoSchema),
  nft_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      content: z.optional(z.object({ preview: z.optional(z.object({ url: z.string() })) })),
      flags: z.object({ is_spam: z.boolean() }),
    }),
  ),
  value: z.optional(z.number()),
  price: z.optional(z.number()),
  /** Whose asset moved and who got it (a token transfer's own parties, never the token contract). */
  sender: z.optional(z.string()),
  recipient: z.optional(z.string()),
});

/** An ERC-20 approval the account gave: `quantity` (absent when unlimited) of the token to `spender`. */
const approvalSchema = z.object({
  fungible_info: z.optional(fungibleInfoSchema),
  quantity: z.optional(z.object({ numeric: z.string() })),
  unlimited: z.optional(z.boolean()),
  spender: z.object({ address: z.string(), name: z.optional(z.string()) }),
});

/** Spec section 3, Transaction: id, metadata (minedAt, chain), transfers; the approvals it gave. */
const transactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    operationType: z.optional(z.string()),
    hash: z.optional(z.string()),
    minedAt: z.string(),
    sentFrom: z.optional(z.string()),
    sentTo: z.optional(z.string()),
    status: z.optional(z.string()),
    chain: z.string(),
    /** The function the transaction called, where the API knows its ABI ("register", "mint"). */
    method: z.optional(z.string()),
  }),
  transfers: z.array(transferSchema),
  approvals: z.optional(z.array(approvalSchema)),
});
export type Transaction = z.infer<typeof transactionSchema>;

const historySchema = z.object({ data: z.array(transactionSchema), next: orNull(z.optional(z.string())) });
const balancesSchema = z.object({ balances: z.array(balanceItemSchema) });
const identitySchema = z.object({ name: orNull(z.optional(z.string())), avatar: orNull(z.optional(z.string())) });
export type Identity = { name?: string; avatar?: string };

/** Avatars are shown as images: only https: URLs (no http:, data:, javascript: or relative). */
function httpsAvatar(value: string | null | undefined): string | undefined {
  try {
    return value && new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

const nftSchema = z.object({
  contract: z.string(),
  tokenId: z.string(),
  name: z.optional(orNull(z.string())),
  collection: z.optional(orNull(z.string())),
  imageUrl: z.optional(orNull(z.string())),
  isSpam: z.optional(z.boolean()),
});
export type Nft = z.infer<typeof nftSchema>;
const nftsSchema = z.object({ data: z.array(nftSchema) });

export async function fetchBalances(
  context: ApiContext,
  address: string,
  caipNetworkId: string,
  { forceUpdate = false } = {},
): Promise<BalanceItem[]> {
  const reply = await requestJson({
    url: apiUrl(context, `v1/account/${address}/balance`, {
      currency: 'usd',
      chainId: caipNetworkId,
      forceUpdate: forceUpdate ? 'true' : undefined,
    }),
    schema: balancesSchema,
    fetch: context.fetch,
  });
  // Spec section 5: token balances whose decimals equal 0 are dropped.
  return reply.balances.filter((balance) => balance.quantity.decimals !== '0');
}

export async function fetchHistory(
  context: ApiContext,
  address: string,
  caipNetworkId: string,
  cursor?: string,
): Promise<{ data: Transaction[]; next?: string }> {
  const reply = await requestJson({
    url: apiUrl(context, `v1/account/${address}/history`, { chainId: caipNetworkId, cursor }),
    schema: historySchema,
    fetch: context.fetch,
  });
  return { data: reply.data, next: reply.next ?? undefined };
}

export async function fetchIdentity(context: ApiContext, address: string, caipNetworkId: string): Promise<Identity> {
  const reply = await requestJson({
    url: apiUrl(context, `v1/identity/${address}`, { chainId: caipNetworkId, sender: address }),
    schema: identitySchema,
    fetch: context.fetch,
  });
  return { name: reply.name ?? undefined, avatar: httpsAvatar(reply.avatar) };
}

export async function fetchNfts(context: ApiContext, address: string, caipNetworkId: string): Promise<Nft[]> {
  const reply = await requestJson({
    url: apiUrl(context, `v1/account/${address}/nfts`, { chainId: caipNetworkId }),
    schema: nftsSchema,
    fetch: context.fetch,
  });
  return reply.data;
}

/** Spec section 5: transfers are filtered out when all are flagged spam. */
export function isSpamTransaction(transaction: Transaction): boolean {
  const { transfers } = transaction;
  return transfers.length > 0 && transfers.every((transfer) => transfer.nft_info?.flags.is_spam === true);
}
