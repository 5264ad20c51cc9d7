/**
 * ERC-7811 `wallet_getAssets` (spec §7): the active account's assets per chain, read from the Portico API's balances
 * (`GET /v1/account/:address/balance?currency=usd&chainId=eip155:<id>`: the native coin and every configured token
 * the account holds, with its price), as `{ "<hex chain id>": [{ address, balance, type, metadata }] }`. Each asset is
 * held to spec §5's rule (shared-state `isValidWalletAsset`): one that breaks it is dropped, not answered.
 *
 * Params `[{ account, chainFilter?, assetTypeFilter?, assetFilter? }]`: `account` must be the active account; no
 * `chainFilter` means the chains `assetFilter` names, else the wallet's chain (at most `MAX_ASSET_CHAINS`).
 */
import { isValidWalletAsset, type WalletAsset, type WalletAssets } from '@portico/shared-state/embedded';
import { parseUnits, toHex } from 'viem';
import { z } from 'zod';
import { checkReply } from './api-reply';
import { address, assertOwn, parseParams } from './rpc-params';

/** Chains one wallet_getAssets may ask about (one API read each). */
export const MAX_ASSET_CHAINS = 16;

const hexChainId = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,13}$/, 'must be a hex chain id')
  .transform((id) => Number(id))
  .refine((id) => id > 0, 'must be a hex chain id');

const getAssetsParams = z.tuple([
  z.object({
    account: address,
    chainFilter: z.array(hexChainId).min(1).max(MAX_ASSET_CHAINS).optional(),
    assetTypeFilter: z.array(z.string().max(32)).max(8).optional(),
    assetFilter: z
      .record(z.string().regex(/^0x[0-9a-fA-F]{1,13}$/, 'must be a hex chain id'), z.array(z.object({ address: z.string().max(64), type: z.string().max(32) })).max(256))
      .optional(),
  }),
]);

/** The API's balance item (spec §3 "Balance item") as far as an asset needs it; the rest of its checks are the asset rule's. */
const balanceItem = z.object({
  name: z.unknown(),
  symbol: z.unknown(),
  address: z.string().optional(),
  price: z.unknown(),
  value: z.unknown(),
  iconUrl: z.unknown(),
  quantity: z.object({ decimals: z.string().regex(/^\d{1,2}$/), numeric: z.string().regex(/^\d{1,78}(\.\d{1,78})?$/) }),
});
const balanceReply = z.object({ balances: z.array(z.unknown()).max(1_000) });

/** An API balance item as an ERC-7811 asset (the token's address out of its CAIP-10; 'native' for the coin), or undefined. */
export function assetOfBalance(item: unknown): WalletAsset | undefined {
  const parsed = balanceItem.safeParse(item);
  if (!parsed.success) return undefined;
  const { address: caip10, quantity, name, symbol, price, value, iconUrl } = parsed.data;
  const decimals = Number(quantity.decimals);
  const asset = {
    address: caip10 ? caip10.slice(caip10.lastIndexOf(':') + 1) : 'native',
    balance: toHex(parseUnits(quantity.numeric, decimals)),
    type: caip10 ? 'ERC20' : 'NATIVE',
    metadata: { name, symbol, decimals, price, iconUrl, ...(typeof value === 'number' && { value }) },
  };
  return isValidWalletAsset(asset) ? asset : undefined;
}

export interface AssetReaderDeps {
  /** The API's balance reply for `address` on eip155:`chainId`. */
  balances(address: string, chainId: number): Promise<unknown>;
}

/** Answers wallet_getAssets for the active account (`active`) on the wallet's chain `chainId`. */
export async function walletAssets(deps: AssetReaderDeps, params: unknown, active: { address: string }, chainId: number): Promise<WalletAssets> {
  const [request] = parseParams('wallet_getAssets', getAssetsParams, params);
  assertOwn(active, 'wallet_getAssets', request.account);
  const filterChains = request.assetFilter && Object.keys(request.assetFilter).map(Number);
  const chains = [...new Set(request.chainFilter ?? filterChains ?? [chainId])].slice(0, MAX_ASSET_CHAINS);
  const wanted = (chain: string, asset: WalletAsset) => {
    if (request.assetTypeFilter && !request.assetTypeFilter.includes(asset.type)) return false;
    const listed = request.assetFilter && Object.entries(request.assetFilter).find(([id]) => Number(id) === Number(chain))?.[1];
    return !listed || listed.some((entry) => entry.address.toLowerCase() === asset.address.toLowerCase() && entry.type === asset.type);
  };
  const entries = await Promise.all(
    chains.map(async (id) => {
      const { balances } = checkReply(balanceReply, await deps.balances(active.address, id));
      const chain = toHex(id);
      const assets = balances.map(assetOfBalance).filter((asset): asset is WalletAsset => asset !== undefined && wanted(chain, asset));
      return [chain, assets] as const;
    }),
  );
  return Object.fromEntries(entries);
}
