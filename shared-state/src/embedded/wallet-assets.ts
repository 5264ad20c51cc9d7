/**
 * ERC-7811 `wallet_getAssets` through the embedded wallet (spec §7) and spec §5's asset rule: an asset counts only
 * with a string address and balance, type ERC20 or NATIVE, and metadata with a string name, symbol and iconUrl and
 * numeric decimals and price. The secure site answers with the assets it read (its own check drops any that break the
 * rule), and the modal's provider checks the reply again before the host sees it: invalid assets are dropped, never
 * passed on.
 */
import * as z from 'zod/mini';

export const WALLET_ASSET_TYPES = ['NATIVE', 'ERC20'] as const;

/** Spec §5's valid asset (extra fields, such as the metadata's `value`, are kept as they are). */
const walletAssetSchema = z.object({
  address: z.string(),
  balance: z.string(),
  type: z.enum(WALLET_ASSET_TYPES),
  metadata: z.object({ name: z.string(), symbol: z.string(), iconUrl: z.string(), decimals: z.number(), price: z.number() }),
});

/** One asset as `wallet_getAssets` answers it: `address` is the token's, or 'native'; `balance` a hex quantity. */
export interface WalletAsset {
  address: string;
  balance: string;
  type: (typeof WALLET_ASSET_TYPES)[number];
  metadata: { name: string; symbol: string; iconUrl: string; decimals: number; price: number; value?: number };
}

/** `wallet_getAssets`' reply: the assets per chain, keyed by the chain id in hex (`'0x7a69'`). */
export type WalletAssets = Record<string, WalletAsset[]>;

/** True for an asset that meets spec §5's rule. */
export const isValidWalletAsset = (asset: unknown): asset is WalletAsset => walletAssetSchema.safeParse(asset).success;

/**
 * The reply with only the valid assets: a chain whose entry is not a list, and an asset breaking the rule, are dropped.
 *
 * @example
 * validWalletAssets({ '0x7a69': [{ address: 'native', balance: '0x1', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', iconUrl: '', decimals: 18, price: 0 } },
 *   { address: '0xabc', balance: 1, type: 'ERC721', metadata: {} }] });
 * // { '0x7a69': [the native asset] }
 */
export function validWalletAssets(reply: unknown): WalletAssets {
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) return {};
  return Object.fromEntries(
    Object.entries(reply).flatMap(([chain, assets]) => (Array.isArray(assets) ? [[chain, assets.filter(isValidWalletAsset)]] : [])),
  );
}
