/**
 * Chain configuration: which chains the blockchain API serves, their upstream nodes, tokens and
 * spam contracts. From `startApi({ chains })` or the JSON file named by `PORTICO_API_CHAINS`.
 */
import { readFile } from 'node:fs/promises';
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { solanaAccount } from '../http/chain';
import { issueMessage } from '../http/errors';

const address = z
  .string()
  .refine((s) => isAddress(s, { strict: false }), { error: (i) => `'${String(i.input).slice(0, 64)}' is not an address` })
  .transform((s) => getAddress(s));

const url = z.string().regex(/^(https?|data):/i, 'must be an http(s) or data: URL');

export const tokenConfigSchema = z.object({
  address,
  symbol: z.string().min(1).max(32),
  name: z.string().min(1).max(128),
  decimals: z.number().int().min(0).max(255),
  iconUrl: url.optional(),
});

export const chainConfigSchema = z.object({
  /** CAIP-2, eip155 only for now (e.g. 'eip155:31337'). */
  caipNetworkId: z.string().regex(/^eip155:\d{1,20}$/, "must be 'eip155:<chain id>'"),
  name: z.string().min(1).max(128),
  /** The upstream JSON-RPC node (anvil locally, any provider in production). */
  rpcUrl: z.string().regex(/^https?:\/\//i, 'must be an http(s) URL'),
  nativeCurrency: z.object({
    name: z.string().min(1),
    symbol: z.string().min(1).max(32),
    decimals: z.number().int().min(0).max(255),
    iconUrl: url.optional(),
  }),
  tokens: z.array(tokenConfigSchema).default([]),
  /** NFT (or token) contracts whose transfers carry `flags.is_spam` / `isSpam`. */
  spamContracts: z.array(address).default([]),
  testnet: z.boolean().default(false),
  /**
   * A local development chain (anvil with public dev keys; set by devchainChainConfig). The on-ramp
   * demo provider pays only on these, and only when rpcUrl is a loopback address.
   */
  localDevchain: z.boolean().default(false),
  /** First block the indexer reads (default 0). */
  startBlock: z.number().int().min(0).default(0),
  /** ENS Universal Resolver on this chain; identity falls back to the `names` table only without it. */
  ensUniversalResolver: address.optional(),
  /**
   * Multicall3 on this chain (canonically 0xcA11bde05977b3631167028862bE2a173976CA11; set by
   * devchainChainConfig): the viem chain built from this config (`viemChain`) names it, so viem's
   * `multicall` batches reads through it.
   */
  multicall3: address.optional(),
  /**
   * Swaps (/v1/convert/*) on this chain through a Uniswap-V2-style router (getAmountsOut,
   * swapExact*). Setting it makes the chain swap-enabled even outside the spec's swap networks.
   */
  swap: z.object({ router: address, wrappedNative: address }).optional(),
});

/** 'solana:' + the first 32 characters of the cluster's genesis hash (CAIP-2 for Solana). */
export const SOLANA_CAIP2 = /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/;

export const solanaTokenConfigSchema = z.object({
  mint: solanaAccount,
  symbol: z.string().min(1).max(32),
  name: z.string().min(1).max(128),
  decimals: z.number().int().min(0).max(255),
  iconUrl: url.optional(),
});

export const solanaChainConfigSchema = z.object({
  /** Read from the node's getGenesisHash at start when absent. */
  caipNetworkId: z.string().regex(SOLANA_CAIP2, "must be 'solana:' + the first 32 characters of the genesis hash").optional(),
  name: z.string().min(1).max(128),
  /** The upstream Solana JSON-RPC node (services/solana-rpc locally, any cluster's RPC in production). */
  rpcUrl: z.string().regex(/^https?:\/\//i, 'must be an http(s) URL'),
  nativeCurrency: z
    .object({ name: z.string().min(1), symbol: z.string().min(1).max(32), decimals: z.number().int().min(0).max(255), iconUrl: url.optional() })
    .default({ name: 'Solana', symbol: 'SOL', decimals: 9 }),
  /** SPL Token mints the balances list (only these; decimals 0 dropped as on eip155). */
  tokens: z.array(solanaTokenConfigSchema).max(100, 'at most 100 tokens').default([]),
  testnet: z.boolean().default(false),
});

export type SolanaChainConfigInput = z.input<typeof solanaChainConfigSchema>;
/** A Solana chain's config once its CAIP-2 id is known. */
export type SolanaChainConfig = z.output<typeof solanaChainConfigSchema> & { caipNetworkId: string };
export type SolanaTokenConfig = z.output<typeof solanaTokenConfigSchema>;

export type ChainConfigInput = z.input<typeof chainConfigSchema>;
export type ChainConfig = z.output<typeof chainConfigSchema>;
export type TokenConfig = z.output<typeof tokenConfigSchema>;

const pricesSchema = z.record(z.string(), z.number().nonnegative());

/**
 * The PORTICO_API_CHAINS file: `ChainConfig[]` or
 * `{ chains: ChainConfig[], solanaChains?: SolanaChainConfig[], prices?: { SYMBOL: usd } }`.
 */
export const chainsFileSchema = z.union([
  z.array(chainConfigSchema).transform((chains) => ({ chains, solanaChains: undefined, prices: undefined })),
  z.object({ chains: z.array(chainConfigSchema), solanaChains: z.array(solanaChainConfigSchema).optional(), prices: pricesSchema.optional() }),
]);

export function parseChains(input: unknown): ChainConfig[] {
  const r = z.array(chainConfigSchema).safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0];
    const at = issue?.path.filter((k) => typeof k === 'number').map((k) => `chains[${String(k)}]`)[0];
    throw new Error(`chains config: ${at ? `${at}.` : ''}${issueMessage(r.error)}`);
  }
  const seen = new Set<string>();
  for (const c of r.data) {
    if (seen.has(c.caipNetworkId)) throw new Error(`chains config: ${c.caipNetworkId} is listed twice`);
    seen.add(c.caipNetworkId);
  }
  return r.data;
}

/** Solana chains (start option, chains file or PORTICO_API_SOLANA_CHAINS), validated; ids resolved later. */
export function parseSolanaChains(input: unknown): z.output<typeof solanaChainConfigSchema>[] {
  const r = z.array(solanaChainConfigSchema).safeParse(input);
  if (!r.success) {
    const at = r.error.issues[0]?.path.filter((k) => typeof k === 'number').map((k) => `solanaChains[${String(k)}]`)[0];
    throw new Error(`solana chains config: ${at ? `${at}.` : ''}${issueMessage(r.error)}`);
  }
  return r.data;
}

export async function loadChainsFile(
  path: string,
): Promise<{ chains: ChainConfig[]; solanaChains?: z.output<typeof solanaChainConfigSchema>[]; prices?: Record<string, number> }> {
  const json: unknown = JSON.parse(await readFile(path, 'utf8'));
  // Parse with the matching branch so the message names the field (a union only says "Invalid input").
  const r = Array.isArray(json) ? chainsFileSchema.options[0].safeParse(json) : chainsFileSchema.options[1].safeParse(json);
  if (!r.success) throw new Error(`chains config ${path}: ${issueMessage(r.error)}`);
  return { chains: parseChains(r.data.chains), solanaChains: r.data.solanaChains, prices: r.data.prices };
}

/** Numeric chain id of 'eip155:N'. */
export const chainNumber = (c: ChainConfig) => Number(c.caipNetworkId.slice('eip155:'.length));
