/**
 * GET /v1/account/:address/balance — native balance + every configured token's balanceOf, read
 * live from the upstream node in one JSON-RPC batch (works without multicall3); on a solana chain
 * SOL + the configured SPL mints (src/chains/solana.ts); cached 30 s unless forceUpdate. POST /v1/fungible/price — prices from the PriceSource.
 */
import { Hono } from 'hono';
import { decodeFunctionResult, encodeFunctionData, erc20Abi, getAddress, type Hex } from 'viem';
import { z } from 'zod';
import type { AppEnv } from '../app';
import type { ChainEntry } from '../chains/runtime';
import { UpstreamError, UPSTREAM_UNAVAILABLE } from '../chains/rpc';
import { readSolanaBalances } from '../chains/solana';
import { accountParams, caip10, numericText, requireAccount } from '../http/chain';
import { HttpError } from '../http/errors';
import { endpoint } from '../http/validate';

/** AppKit's marker for the native currency in CAIP-10 price lookups. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

export interface BalanceItem {
  name: string;
  symbol: string;
  chainId: string;
  address?: string;
  value: number;
  price: number;
  quantity: { decimals: string; numeric: string };
  iconUrl: string;
}

const currencySchema = z.enum(['usd'], { error: "must be 'usd'" });
const boolParam = z.enum(['true', 'false', '1', '0', ''], { error: "must be 'true' or 'false'" }).transform((v) => v === 'true' || v === '1');

/** A token's icon: the one its chain config names, else the API's (src/routes/artwork.ts). */
export function tokenIconUrl(base: string, symbol: string, configured?: string) {
  return configured ?? `${base}/v1/token-images/${encodeURIComponent(symbol)}`;
}

export function balanceRoutes() {
  const app = new Hono<AppEnv>();

  const balanceQuery = z.object({ currency: currencySchema.default('usd'), forceUpdate: boolParam.optional(), chainId: z.string().optional() });

  app.get('/v1/account/:address/balance', endpoint({ params: accountParams, query: balanceQuery }, async (c, { params, query: q }) => {
    const { chains, publicUrl } = c.var.ctx;
    const account = requireAccount(chains, q.chainId, params.address);
    // Base58 is case-sensitive; hex addresses are not.
    const cacheKey = `${account.entry.config.caipNetworkId}|${account.namespace === 'eip155' ? account.address.toLowerCase() : account.address}`;
    const cached = chains.balanceCache.get(cacheKey);
    if (!q.forceUpdate && cached && Date.now() - cached.at < chains.balanceCacheMs) return c.json(cached.body as object);

    const base = publicUrl;
    let balances: BalanceItem[];
    try {
      balances =
        account.namespace === 'solana'
          ? await readSolanaBalances(chains.priceSource, account.entry, account.address, base, chains.rpcTimeoutMs)
          : await readBalances(chains.priceSource, account.entry, account.address, base);
    } catch (err) {
      if (err instanceof UpstreamError) throw new HttpError(503, UPSTREAM_UNAVAILABLE);
      throw err;
    }
    const body = { balances };
    chains.balanceCache.set(cacheKey, { at: Date.now(), body });
    if (chains.balanceCache.size > 10_000) chains.balanceCache.delete(chains.balanceCache.keys().next().value!);
    return c.json(body);
  }));

  const priceBody = z.object({
    currency: currencySchema,
    addresses: z
      .array(z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/, 'Invalid CAIP-10 address'), { error: 'must be an array of CAIP-10 addresses' })
      .max(100, 'at most 100 addresses'),
    projectId: z.string().optional(),
  });

  app.post('/v1/fungible/price', endpoint({ project: 'body', body: priceBody }, async (c, { body }) => {
    const { chains, publicUrl } = c.var.ctx;
    const base = publicUrl;
    const assets: { name: string; symbol: string; iconUrl: string; chainId: string; address?: string }[] = [];
    for (const a of body.addresses) {
      const i = a.lastIndexOf(':');
      const chainId = a.slice(0, i);
      const addr = a.slice(i + 1).toLowerCase();
      const entry = chains.get(chainId);
      if (!entry) continue;
      if (addr === NATIVE_TOKEN_ADDRESS || addr === 'native') {
        const n = entry.config.nativeCurrency;
        assets.push({ name: n.name, symbol: n.symbol, iconUrl: tokenIconUrl(base, n.symbol, n.iconUrl), chainId });
        continue;
      }
      const t = entry.config.tokens.find((t) => t.address.toLowerCase() === addr);
      if (t) assets.push({ name: t.name, symbol: t.symbol, iconUrl: tokenIconUrl(base, t.symbol, t.iconUrl), chainId, address: t.address });
    }
    const prices = await chains.priceSource.getPrices(assets.map((a) => ({ chainId: a.chainId, address: a.address, symbol: a.symbol })), body.currency);
    return c.json({
      fungibles: assets.flatMap((a, i) => (prices[i] == null ? [] : [{ name: a.name, symbol: a.symbol, iconUrl: a.iconUrl, price: prices[i]! }])),
    });
  }));

  return app;
}

/** Reads the balances live (throws UpstreamError when the node is down). */
export async function readBalances(
  priceSource: import('../chains/prices').PriceSource,
  entry: ChainEntry,
  address: `0x${string}`,
  base: string,
): Promise<BalanceItem[]> {
  const chainId = entry.config.caipNetworkId;
  const tokens = entry.config.tokens.filter((t) => t.decimals > 0); // spec §5: decimals 0 dropped
  const res = await entry.rpc.batch([
    { method: 'eth_getBalance', params: [address, 'latest'] },
    ...tokens.map((t) => ({ method: 'eth_call', params: [{ to: t.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [address] }) }, 'latest'] })),
  ]);
  const native = res[0]!;
  if ('error' in native) throw new UpstreamError('bad-reply', `eth_getBalance: ${native.error.message}`);
  const n = entry.config.nativeCurrency;
  const rows: { name: string; symbol: string; address?: string; decimals: number; amount: bigint; iconUrl: string }[] = [
    { name: n.name, symbol: n.symbol, decimals: n.decimals, amount: BigInt(native.result as string), iconUrl: tokenIconUrl(base, n.symbol, n.iconUrl) },
  ];
  tokens.forEach((t, i) => {
    const o = res[i + 1]!;
    if ('error' in o || typeof o.result !== 'string' || o.result === '0x') return; // not a token (no code / reverted)
    let amount: bigint;
    try {
      amount = decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: o.result as Hex });
    } catch {
      return;
    }
    if (amount === 0n) return;
    rows.push({ name: t.name, symbol: t.symbol, address: t.address, decimals: t.decimals, amount, iconUrl: tokenIconUrl(base, t.symbol, t.iconUrl) });
  });
  const prices = await priceSource.getPrices(rows.map((r) => ({ chainId, address: r.address, symbol: r.symbol })), 'usd');
  return rows.map((r, i) => {
    const numeric = numericText(r.amount, r.decimals);
    const price = prices[i] ?? 0;
    const item: BalanceItem = {
      name: r.name,
      symbol: r.symbol,
      chainId,
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(r.decimals), numeric },
      iconUrl: r.iconUrl,
    };
    if (r.address) item.address = caip10(chainId, getAddress(r.address));
    return item;
  });
}
