/**
 * Solana chains at run time: the upstream node through @solana/kit's RPC client (u64 values arrive
 * as bigint, never rounded), every reply checked with zod, every failure an `UpstreamError`; the
 * chain's CAIP-2 id from its genesis hash; and live balances (SOL + configured SPL Token mints).
 */
import { address, createSolanaRpc, type Rpc, type SolanaRpcApi } from '@solana/kit';
import { z } from 'zod';
import type { SolanaChainConfig, solanaChainConfigSchema } from './config';
import type { PriceSource } from './prices';
import { UpstreamError, UPSTREAM_BAD_REPLY, UPSTREAM_UNAVAILABLE } from './rpc';
import { numericText } from '../http/chain';
import { tokenIconUrl, type BalanceItem } from '../routes/balance';

/** The SPL Token program (Token-2022 accounts are not read). */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

export interface SolanaChainEntry {
  config: SolanaChainConfig;
  rpc: Rpc<SolanaRpcApi>;
}

export const createSolanaEntry = (config: SolanaChainConfig): SolanaChainEntry => ({ config, rpc: createSolanaRpc(config.rpcUrl) });

/** A kit request: sent with `signal`, its reply parsed with `schema`; any failure → UpstreamError. */
export async function solanaCall<S extends z.ZodType>(
  request: { send(options: { abortSignal: AbortSignal }): Promise<unknown> },
  schema: S,
  signal: AbortSignal,
  what: string,
): Promise<z.output<S>> {
  let reply: unknown;
  try {
    reply = await request.send({ abortSignal: signal });
  } catch (err) {
    const reason = signal.aborted ? 'timeout' : String((err as Error)?.message ?? err).slice(0, 200);
    throw new UpstreamError('unavailable', `${UPSTREAM_UNAVAILABLE}: ${what}: ${reason}`);
  }
  const parsed = schema.safeParse(reply);
  if (!parsed.success) throw new UpstreamError('bad-reply', `${UPSTREAM_BAD_REPLY}: ${what}: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}`);
  return parsed.data;
}

/** kit turns JSON integers into bigint except on a few paths: accept both. */
export const u64 = z.union([z.bigint(), z.number().int()]).transform((v) => BigInt(v));

/**
 * Solana chains with their CAIP-2 ids: the configured one, else 'solana:' + the first 32
 * characters of the node's genesis hash (read once, at start; an unreachable node stops the start).
 */
export async function resolveSolanaChains(configs: z.output<typeof solanaChainConfigSchema>[], timeoutMs: number): Promise<SolanaChainConfig[]> {
  const resolved = await Promise.all(
    configs.map(async (config): Promise<SolanaChainConfig> => {
      if (config.caipNetworkId) return { ...config, caipNetworkId: config.caipNetworkId };
      let genesis: string;
      try {
        genesis = await solanaCall(createSolanaRpc(config.rpcUrl).getGenesisHash(), z.string().min(32), AbortSignal.timeout(timeoutMs), 'getGenesisHash');
      } catch (err) {
        throw new Error(`solana chains config: ${config.name}: cannot read the genesis hash from ${config.rpcUrl} (${(err as Error).message})`);
      }
      return { ...config, caipNetworkId: `solana:${genesis.slice(0, 32)}` };
    }),
  );
  const seen = new Set<string>();
  for (const c of resolved) {
    if (seen.has(c.caipNetworkId)) throw new Error(`solana chains config: ${c.caipNetworkId} is listed twice`);
    seen.add(c.caipNetworkId);
  }
  return resolved;
}

const balanceReply = z.object({ value: u64 });

/** getTokenAccountsByOwner (jsonParsed) of the SPL Token program: one row per token account. */
const tokenAccountsReply = z.object({
  value: z
    .array(
      z.object({
        pubkey: z.string(),
        account: z.object({
          data: z.object({
            parsed: z.object({
              info: z.object({ mint: z.string(), owner: z.string(), tokenAmount: z.object({ amount: z.string().regex(/^\d{1,20}$/), decimals: z.number().int() }) }),
            }),
          }),
        }),
      }),
    )
    .max(10_000, 'too many token accounts'),
});
export type TokenAccount = { address: string; mint: string; amount: bigint };

export async function readTokenAccounts(entry: SolanaChainEntry, owner: string, signal: AbortSignal): Promise<TokenAccount[]> {
  const reply = await solanaCall(
    entry.rpc.getTokenAccountsByOwner(address(owner), { programId: address(TOKEN_PROGRAM) }, { encoding: 'jsonParsed' }),
    tokenAccountsReply,
    signal,
    'getTokenAccountsByOwner',
  );
  return reply.value.map((a) => ({ address: a.pubkey, mint: a.account.data.parsed.info.mint, amount: BigInt(a.account.data.parsed.info.tokenAmount.amount) }));
}

/** CAIP-10 of an SPL mint: 'solana:<ref>:<mint>'. */
export const mintCaip10 = (chainId: string, mint: string) => `${chainId}:${mint}`;

/**
 * SOL (always first) and each configured mint the owner holds (summed over its token accounts,
 * non-zero, decimals > 0 as on eip155), priced by the PriceSource (0 when it has no price).
 */
export async function readSolanaBalances(priceSource: PriceSource, entry: SolanaChainEntry, owner: string, base: string, timeoutMs: number): Promise<BalanceItem[]> {
  const signal = AbortSignal.timeout(timeoutMs);
  const [sol, accounts] = await Promise.all([
    solanaCall(entry.rpc.getBalance(address(owner)), balanceReply, signal, 'getBalance'),
    readTokenAccounts(entry, owner, signal),
  ]);
  const held = new Map<string, bigint>();
  for (const a of accounts) held.set(a.mint, (held.get(a.mint) ?? 0n) + a.amount);
  const { caipNetworkId: chainId, nativeCurrency: n } = entry.config;
  const rows: { name: string; symbol: string; mint?: string; decimals: number; amount: bigint; iconUrl: string }[] = [
    { name: n.name, symbol: n.symbol, decimals: n.decimals, amount: sol.value, iconUrl: tokenIconUrl(base, n.symbol, n.iconUrl) },
  ];
  for (const t of entry.config.tokens) {
    const amount = held.get(t.mint) ?? 0n;
    if (t.decimals === 0 || amount === 0n) continue;
    rows.push({ name: t.name, symbol: t.symbol, mint: t.mint, decimals: t.decimals, amount, iconUrl: tokenIconUrl(base, t.symbol, t.iconUrl) });
  }
  const prices = await priceSource.getPrices(rows.map((r) => ({ chainId, address: r.mint, symbol: r.symbol })), 'usd');
  return rows.map((r, i) => {
    const numeric = numericText(r.amount, r.decimals);
    const price = prices[i] ?? 0;
    return {
      name: r.name,
      symbol: r.symbol,
      chainId,
      ...(r.mint ? { address: mintCaip10(chainId, r.mint) } : {}),
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(r.decimals), numeric },
      iconUrl: r.iconUrl,
    };
  });
}
