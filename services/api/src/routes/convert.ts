/**
 * Swaps (spec §7 convert calls) against a real Uniswap-V2-style exchange on the chain: quotes
 * come from the router's on-chain `getAmountsOut` (pair reserves), and the built transactions are
 * router calls the wallet signs and the chain executes.
 *
 * GET  /v1/convert/tokens?chainId               → { tokens: [{ name, symbol, address (CAIP-10), decimals, logoUri }] }
 * GET  /v1/convert/quotes?amount&userAddress&from&to&gasPrice → { quotes: [{ fromAmount, toAmount, priceImpact, fee, … }] }
 * GET  /v1/convert/allowance?tokenAddress&userAddress → { allowance }   (to the router)
 * GET  /v1/convert/gas-price?chainId            → { standard, fast, instant } (wei)
 * GET  /v1/convert/build-approve?userAddress&from&to&amount → { tx: { from, to, data, value: '0', gas? } }
 * POST /v1/convert/build-transaction  { amount, eip155: { slippage }, projectId, from, to, userAddress, disableEstimate }
 *                                              → { tx: { from, to, data, value, gas? } }
 *
 * Amounts are integer strings in the token's smallest unit. Tokens are CAIP-10
 * (`eip155:31337:0x…`); the native token is `eip155:N:0xeeee…eeee`. Swaps run on the spec's swap
 * networks plus chains whose config has `swap` (the operator's swap-enabled chains, e.g. the
 * local devchain); every other network answers 400 'Network not supported for Swaps' (gas price:
 * 'Network not supported for Gas Price').
 */
import { Hono } from 'hono';
import { decodeErrorResult, decodeFunctionResult, encodeFunctionData, erc20Abi, getAddress, maxUint256, parseAbi, type Address, type Hex } from 'viem';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { chainNumber } from '../chains/config';
import { RpcError, UpstreamError, UPSTREAM_UNAVAILABLE } from '../chains/rpc';
import type { ChainEntry, ChainRuntime } from '../chains/runtime';
import { HttpError } from '../http/errors';
import { endpoint } from '../http/validate';
import { NATIVE_TOKEN_ADDRESS, tokenIconUrl } from './balance';

/** Spec §9: swaps on these eip155 networks (plus the chains configured with `swap`). */
export const SPEC_SWAP_CHAIN_IDS: readonly number[] = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554];
export const SWAPS_NOT_SUPPORTED = 'Network not supported for Swaps';
export const GAS_PRICE_NOT_SUPPORTED = 'Network not supported for Gas Price';
/** Swap transactions expire 20 minutes after they are built (chain time). */
const DEADLINE_SECONDS = 20 * 60;
const FEE_BPS = 30n;

// The router and pair are the constant-product exchange's own (Uniswap v2 style): viem ships no ABI
// for them, as it does for ERC-20 (erc20Abi, used for allowance and approve).
const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function getPair(address, address) view returns (address)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'error NoPair(address tokenA, address tokenB)',
  'error InsufficientLiquidity()',
]);
const PAIR = parseAbi(['function getReserves() view returns (uint256, uint256)', 'function token0() view returns (address)']);

interface Caip10 {
  chainId: string;
  address: Address;
  native: boolean;
}

const CAIP10 = /^(eip155:\d{1,20}):(0x[0-9a-fA-F]{40})$/;
const caip10Param = (_field: string) =>
  z.string({ error: 'required' }).transform((s, ctx): Caip10 => {
    const m = CAIP10.exec(s.trim());
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'Invalid CAIP-10 address', path: [] });
      return z.NEVER;
    }
    const address = getAddress(m[2]!);
    return { chainId: m[1]!, address, native: address.toLowerCase() === NATIVE_TOKEN_ADDRESS };
  });
/** CAIP-10 or a bare 0x address (AppKit sends the account's CAIP address). */
const userParam = z
  .string({ error: 'required' })
  .regex(/^(eip155:\d{1,20}:)?0x[0-9a-fA-F]{40}$/, { error: 'must be a CAIP-10 or 0x address' })
  .transform((s) => getAddress(s.slice(s.lastIndexOf(':') + 1)));
const amountParam = z
  .string({ error: 'required' })
  .regex(/^\d{1,78}$/, { error: 'must be an integer amount in the token\'s smallest unit' })
  .transform((s) => BigInt(s))
  .refine((v) => v > 0n && v <= maxUint256, { error: 'must be greater than 0' });
const caip2Param = z.string({ error: 'required' }).regex(/^eip155:\d{1,20}$/, { error: "must be 'eip155:<chain id>'" });

/** The chain of a swap, or the spec's 400. */
function swapChain(chains: ChainRuntime, caip2: string): ChainEntry & { config: { swap: NonNullable<ChainEntry['config']['swap']> } } {
  const entry = chains.get(caip2);
  if (!entry?.config.swap) {
    const n = Number(caip2.split(':')[1]);
    // A spec swap network this API serves without an exchange configured: say so plainly.
    if (entry && SPEC_SWAP_CHAIN_IDS.includes(n)) throw new HttpError(400, `chainId: no exchange configured for ${caip2}`);
    throw new HttpError(400, SWAPS_NOT_SUPPORTED);
  }
  return entry as ReturnType<typeof swapChain>;
}

async function ethCall(entry: ChainEntry, to: Address, data: Hex): Promise<Hex> {
  try {
    return await entry.rpc.call<Hex>('eth_call', [{ to, data }, 'latest']);
  } catch (err) {
    if (err instanceof UpstreamError) throw new HttpError(503, UPSTREAM_UNAVAILABLE);
    throw err;
  }
}

const revertName = (err: unknown): string | undefined => {
  if (!(err instanceof RpcError) || typeof err.data !== 'string') return undefined;
  try {
    return decodeErrorResult({ abi: ROUTER, data: err.data as Hex }).errorName;
  } catch {
    return undefined;
  }
};

interface Quote {
  path: Address[];
  amounts: bigint[];
  priceImpact: number;
  fee: bigint;
}

/** The router's path for from → to (native through WETH): direct, else through WETH. */
async function quote(entry: ReturnType<typeof swapChain>, from: Caip10, to: Caip10, amountIn: bigint): Promise<Quote> {
  const weth = entry.config.swap.wrappedNative;
  const a = from.native ? weth : from.address;
  const b = to.native ? weth : to.address;
  if (a === b) throw new HttpError(400, 'to: must differ from from');
  const candidates: Address[][] = [[a, b]];
  if (a !== weth && b !== weth) candidates.push([a, weth, b]);
  let lastError: unknown;
  for (const path of candidates) {
    try {
      const data = await ethCall(entry, entry.config.swap.router, encodeFunctionData({ abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] }));
      const amounts = [...decodeFunctionResult({ abi: ROUTER, functionName: 'getAmountsOut', data })];
      const impact = await priceImpact(entry, path, amounts);
      // 0.3% of each hop's input, expressed in the input token: in · (1 − 0.997^hops).
      const keep = (path.length - 1) === 1 ? 10_000n - FEE_BPS : (10_000n - FEE_BPS) ** 2n / 10_000n;
      return { path, amounts, priceImpact: impact, fee: amountIn - (amountIn * keep) / 10_000n };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      lastError = err;
    }
  }
  const name = revertName(lastError);
  if (name === 'InsufficientLiquidity') throw new HttpError(400, 'amount: not enough liquidity for this swap');
  if (name === 'NoPair' || lastError instanceof RpcError) throw new HttpError(400, 'to: no pool for this token pair');
  throw lastError;
}

/** Price impact in percent: how far the executed price is from the pools' mid price, fee aside. */
async function priceImpact(entry: ChainEntry & { config: { swap: { router: Address } } }, path: Address[], amounts: bigint[]): Promise<number> {
  let kept = 1;
  for (let i = 0; i < path.length - 1; i++) {
    const pair = decodeFunctionResult({
      abi: ROUTER,
      functionName: 'getPair',
      data: await ethCall(entry, entry.config.swap.router, encodeFunctionData({ abi: ROUTER, functionName: 'getPair', args: [path[i]!, path[i + 1]!] })),
    });
    const [reserves, token0] = await Promise.all([
      ethCall(entry, pair, encodeFunctionData({ abi: PAIR, functionName: 'getReserves' })),
      ethCall(entry, pair, encodeFunctionData({ abi: PAIR, functionName: 'token0' })),
    ]);
    const [r0, r1] = decodeFunctionResult({ abi: PAIR, functionName: 'getReserves', data: reserves });
    const zeroIn = decodeFunctionResult({ abi: PAIR, functionName: 'token0', data: token0 }).toLowerCase() === path[i]!.toLowerCase();
    const reserveIn = zeroIn ? r0 : r1;
    const inAfterFee = (amounts[i]! * (10_000n - FEE_BPS)) / 10_000n;
    // out / (in_after_fee · mid) = rIn / (rIn + in_after_fee)
    kept *= Number(reserveIn) / Number(reserveIn + inAfterFee);
  }
  return Math.round((1 - kept) * 100 * 10_000) / 10_000;
}

async function estimateGas(entry: ChainEntry, tx: { from: Address; to: Address; data: Hex; value: bigint }): Promise<string | undefined> {
  try {
    const gas = await entry.rpc.call<string>('eth_estimateGas', [{ from: tx.from, to: tx.to, data: tx.data, value: `0x${tx.value.toString(16)}` }]);
    return BigInt(gas).toString();
  } catch {
    return undefined; // e.g. the approval is not mined yet: the wallet estimates later
  }
}

function sameChain(from: Caip10, to: Caip10) {
  if (from.chainId !== to.chainId) throw new HttpError(400, 'to: must be on the same chain as from');
}

export function convertRoutes() {
  const app = new Hono<AppEnv>();

  const chainQuery = z.object({ chainId: caip2Param });

  app.get('/v1/convert/tokens', endpoint({ query: chainQuery }, async (c, { query: { chainId } }) => {
    const { chains, publicUrl } = c.var.ctx;
    const entry = swapChain(chains, chainId);
    const base = publicUrl;
    const n = entry.config.nativeCurrency;
    const tokens = [
      { name: n.name, symbol: n.symbol, address: `${chainId}:${NATIVE_TOKEN_ADDRESS}`, decimals: n.decimals, logoUri: tokenIconUrl(base, n.symbol, n.iconUrl), eip2612: false },
      ...entry.config.tokens
        .filter((t) => t.decimals > 0)
        .map((t) => ({ name: t.name, symbol: t.symbol, address: `${chainId}:${t.address}`, decimals: t.decimals, logoUri: tokenIconUrl(base, t.symbol, t.iconUrl), eip2612: false })),
    ];
    // The router the modal checks every built transaction against before the wallet sees it.
    return c.json({ tokens, router: getAddress(entry.config.swap.router) });
  }));

  const quotesQuery = z.object({
    amount: amountParam,
    userAddress: userParam.optional(),
    from: caip10Param('from'),
    to: caip10Param('to'),
    gasPrice: z.string().regex(/^\d{1,78}$/, { error: 'must be an integer (wei)' }).optional(),
  });

  app.get('/v1/convert/quotes', endpoint({ query: quotesQuery }, async (c, { query: q }) => {
    const { chains } = c.var.ctx;
    sameChain(q.from, q.to);
    const entry = swapChain(chains, q.from.chainId);
    const r = await quote(entry, q.from, q.to, q.amount);
    const toAmount = r.amounts[r.amounts.length - 1]!;
    return c.json({
      quotes: [
        {
          id: null,
          fromAmount: q.amount.toString(),
          fromAccount: `${q.from.chainId}:${q.from.address}`,
          toAmount: toAmount.toString(),
          toAccount: `${q.to.chainId}:${q.to.address}`,
          /** Percent (0.0249 = 0.0249 %). */
          priceImpact: r.priceImpact,
          /** In the from token's smallest unit (0.3% per pool hop). */
          fee: r.fee.toString(),
          path: r.path.map((a) => `${q.from.chainId}:${a}`),
        },
      ],
    });
  }));

  const allowanceQuery = z.object({ tokenAddress: caip10Param('tokenAddress'), userAddress: userParam });

  app.get('/v1/convert/allowance', endpoint({ query: allowanceQuery }, async (c, { query: q }) => {
    const { chains } = c.var.ctx;
    const entry = swapChain(chains, q.tokenAddress.chainId);
    if (q.tokenAddress.native) return c.json({ allowance: maxUint256.toString() });
    let data: Hex;
    try {
      data = await ethCall(entry, q.tokenAddress.address, encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [q.userAddress, entry.config.swap.router] }));
    } catch (err) {
      if (err instanceof RpcError) throw new HttpError(400, 'tokenAddress: not an ERC-20 token');
      throw err;
    }
    if (data === '0x') throw new HttpError(400, 'tokenAddress: not an ERC-20 token');
    return c.json({ allowance: decodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', data }).toString() });
  }));

  app.get('/v1/convert/gas-price', endpoint({ query: chainQuery }, async (c, { query: { chainId } }) => {
    const { chains } = c.var.ctx;
    const entry = chains.get(chainId);
    const allowed = Boolean(entry?.config.swap) || SPEC_SWAP_CHAIN_IDS.includes(Number(chainId.split(':')[1]));
    if (!allowed) throw new HttpError(400, GAS_PRICE_NOT_SUPPORTED);
    if (!entry) throw new HttpError(400, 'chainId: not supported');
    let price: bigint;
    try {
      price = BigInt(await entry.rpc.call<string>('eth_gasPrice'));
    } catch (err) {
      if (err instanceof UpstreamError) throw new HttpError(503, UPSTREAM_UNAVAILABLE);
      throw err;
    }
    return c.json({ standard: price.toString(), fast: ((price * 12n) / 10n).toString(), instant: ((price * 15n) / 10n).toString() });
  }));

  const approveQuery = z.object({ userAddress: userParam, from: caip10Param('from'), to: caip10Param('to'), amount: amountParam.optional() });

  app.get('/v1/convert/build-approve', endpoint({ query: approveQuery }, async (c, { query: q }) => {
    const { chains } = c.var.ctx;
    sameChain(q.from, q.to);
    const entry = swapChain(chains, q.from.chainId);
    if (q.from.native) throw new HttpError(400, 'from: the native token needs no approval');
    // Without an amount: an unlimited approval (later swaps of this token need none).
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [entry.config.swap.router, q.amount ?? maxUint256] });
    const gas = await estimateGas(entry, { from: q.userAddress, to: q.from.address, data, value: 0n });
    return c.json({ tx: { from: q.userAddress, to: q.from.address, data, value: '0', ...(gas ? { gas } : {}) } });
  }));

  const buildBody = z.object({
    amount: amountParam,
    eip155: z.object({
      /** Percent, e.g. '1' = 1 % (AppKit sends it as a string). */
      slippage: z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/, { error: 'must be a number (percent)' }).transform(Number)]).pipe(
        z.number().min(0, { error: 'must be between 0 and 50 (percent)' }).max(50, { error: 'must be between 0 and 50 (percent)' }),
      ),
    }),
    projectId: z.string().optional(),
    from: caip10Param('from'),
    to: caip10Param('to'),
    userAddress: userParam,
    disableEstimate: z.boolean().optional(),
  });

  app.post('/v1/convert/build-transaction', endpoint({ project: 'body', body: buildBody }, async (c, { body }) => {
    const { chains } = c.var.ctx;
    sameChain(body.from, body.to);
    const entry = swapChain(chains, body.from.chainId);
    const r = await quote(entry, body.from, body.to, body.amount);
    const out = r.amounts[r.amounts.length - 1]!;
    const amountOutMin = (out * (10_000n - BigInt(Math.round(body.eip155.slippage * 100)))) / 10_000n;
    let deadline: bigint;
    try {
      const block = await entry.rpc.call<{ timestamp: string }>('eth_getBlockByNumber', ['latest', false]);
      deadline = BigInt(block.timestamp) + BigInt(DEADLINE_SECONDS);
    } catch (err) {
      if (err instanceof UpstreamError) throw new HttpError(503, UPSTREAM_UNAVAILABLE);
      throw err;
    }
    const to = body.userAddress;
    const data = body.from.native
      ? encodeFunctionData({ abi: ROUTER, functionName: 'swapExactETHForTokens', args: [amountOutMin, r.path, to, deadline] })
      : body.to.native
        ? encodeFunctionData({ abi: ROUTER, functionName: 'swapExactTokensForETH', args: [body.amount, amountOutMin, r.path, to, deadline] })
        : encodeFunctionData({ abi: ROUTER, functionName: 'swapExactTokensForTokens', args: [body.amount, amountOutMin, r.path, to, deadline] });
    const value = body.from.native ? body.amount : 0n;
    const gas = body.disableEstimate ? undefined : await estimateGas(entry, { from: to, to: entry.config.swap.router, data, value });
    return c.json({
      tx: { from: to, to: entry.config.swap.router, data, value: value.toString(), ...(gas ? { gas } : {}) },
      // Extras: what the transaction was built from.
      quote: { toAmount: out.toString(), amountOutMin: amountOutMin.toString(), deadline: deadline.toString(), chainId: chainNumber(entry.config) },
    });
  }));

  return app;
}
