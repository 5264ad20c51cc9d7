/**
 * The devchain exchange (services/devchain) as the swap tests see it: its addresses, the calldata
 * its router and tokens take, and the API's convert routes built like services/api builds them.
 */
import type { BalanceItem } from '@portico/shared-state';
import { encodeFunctionData, erc20Abi, maxUint256, parseAbi } from 'viem';
import type { ApiRequest, ApiRoutes } from './api-stub';
import { CHAIN, ICON } from './fixtures';

/** The devchain's Portico USD (6 decimals). @example `${CHAIN}:${PUSD_ADDRESS}` */
export const PUSD_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
/** The devchain's Portico Token (18 decimals). @example `${CHAIN}:${PTK_ADDRESS}` */
export const PTK_ADDRESS = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
/** The exchange's router. @example expect(adapter.calls[1]).toMatchObject({ to: ROUTER }); */
export const ROUTER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
/** The exchange's wrapped Ether (the first hop of a native swap). @example approveData(WETH, 1n) // a spender that is not the router */
export const WETH = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
/** The API's (and the swap form's) address for the native token. @example SWAP_TOKENS.ETH.address === NATIVE_TOKEN_ADDRESS */
export const NATIVE_TOKEN_ADDRESS = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`;

/**
 * The exchange's tokens as /v1/convert/tokens lists them.
 * @example core.swap.setSourceToken(SWAP_TOKENS.PUSD)
 */
export const SWAP_TOKENS = {
  ETH: { name: 'Ether', symbol: 'ETH', address: NATIVE_TOKEN_ADDRESS, decimals: 18, logoUri: ICON },
  PUSD: { name: 'Portico USD', symbol: 'PUSD', address: `${CHAIN}:${PUSD_ADDRESS}`, decimals: 6 },
  PTK: { name: 'Portico Token', symbol: 'PTK', address: `${CHAIN}:${PTK_ADDRESS}`, decimals: 18 },
};

/**
 * A balance of the devchain's Ether or Portico USD as the API lists it (spec section 7), with
 * `extra` fields (price, value, another name…).
 * @example api.override({ 'GET /v1/account/:address/balance': { json: { balances: [devchainBalance('ETH', '10'), devchainBalance('PUSD', '250.5')] } } });
 */
export function devchainBalance(symbol: 'ETH' | 'PUSD', numeric: string, extra: Partial<BalanceItem> = {}): BalanceItem {
  const token =
    symbol === 'ETH'
      ? { name: 'Ether', symbol, chainId: CHAIN, quantity: { decimals: '18', numeric } }
      : { name: 'Portico USD', symbol, chainId: CHAIN, address: `${CHAIN}:${PUSD_ADDRESS}`, quantity: { decimals: '6', numeric } };
  return { ...token, ...extra };
}

/** Gas the stub API puts on a built approval. @example expect(adapter.calls[0]).toMatchObject({ gas: APPROVE_GAS }); */
export const APPROVE_GAS = '46000';
/** Gas the stub API puts on a built swap. @example expect(adapter.calls[1]).toMatchObject({ gas: SWAP_GAS }); */
export const SWAP_GAS = '120000';

/**
 * The router's swap functions, written out here rather than imported from the product, so the tests check its decoding independently.
 * @example encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactETHForTokens', args: [0n, [WETH, PUSD_ADDRESS], ACCOUNT, deadline] })
 */
export const ROUTER_ABI = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

/**
 * ERC-20 approve(spender, amount) calldata.
 * @example expect(adapter.calls[0]!.data).toBe(approveData(ROUTER, 100_000_000n));
 */
export const approveData = (spender: string, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as `0x${string}`, amount] });

/** What the stub's convert routes answer from; a test changes it between (or during) steps. @example exchange.toAmount = (exchange.toAmount * 98n) / 100n; // the price moved */
export interface ExchangeState {
  /** What /v1/convert/allowance answers; a built approval sets it (like mining the approval). */
  allowance: bigint;
  /** The quote's toAmount in the target token's smallest unit. */
  toAmount: bigint;
  /** The quote's price impact (default 0.01). */
  priceImpact?: number;
  /** Whom a built swap pays (default: the requesting account, as the API does). */
  swapRecipient?: string;
}

/** The exchange's state at the start of a test: nothing approved, ≈ 39.96 PTK quoted for 100 PUSD. @example afterEach(() => Object.assign(exchange, initialExchange())); */
export const initialExchange = (): ExchangeState => ({ allowance: 0n, toAmount: 39_960_000_000_000_000_000n });

const addressOf = (caip: string) => caip.slice(caip.lastIndexOf(':') + 1) as `0x${string}`;

/**
 * The swap transaction the API builds for a /v1/convert/build-transaction request (what
 * `exchangeRoutes` answers), for a test that tampers with it.
 * @example api.override({ 'POST /v1/convert/build-transaction': (request) => ({ json: { tx: { ...builtSwap(request, exchange), to: WETH } } }) });
 */
export function builtSwap(request: ApiRequest, exchange: ExchangeState) {
  const body = JSON.parse(request.body) as { amount: string; eip155: { slippage: string }; from: string; to: string; userAddress: string };
  const amountOutMin = (exchange.toAmount * (10_000n - BigInt(Math.round(Number(body.eip155.slippage) * 100)))) / 10_000n;
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 1200);
  const sender = addressOf(body.userAddress);
  const recipient = (exchange.swapRecipient ?? sender) as `0x${string}`;
  if (body.from === NATIVE_TOKEN_ADDRESS) {
    const data = encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactETHForTokens', args: [amountOutMin, [WETH, addressOf(body.to)], recipient, deadline] });
    return { from: sender, to: ROUTER, data, value: body.amount, gas: SWAP_GAS };
  }
  const data = encodeFunctionData({
    abi: ROUTER_ABI,
    functionName: 'swapExactTokensForTokens',
    args: [BigInt(body.amount), amountOutMin, [addressOf(body.from), addressOf(body.to)], recipient, deadline],
  });
  return { from: sender, to: ROUTER, data, value: '0', gas: SWAP_GAS };
}

/**
 * The API's convert routes (spec section 7) over the devchain exchange, for `apiStub`: tokens on
 * eip155:31337 (400 'Network not supported for Swaps' elsewhere), quotes (0.3 % fee), allowance,
 * build-approve (exact amount, or unlimited without one) and build-transaction.
 * @example
 * const exchange = initialExchange();
 * const api = await apiStub({ ...exchangeRoutes(exchange), 'GET /v1/account/:address/balance': { json: { balances } } });
 * exchange.allowance = maxUint256;
 */
export function exchangeRoutes(exchange: ExchangeState): ApiRoutes {
  return {
    'GET /v1/convert/tokens': (request) =>
      request.params.get('chainId') === CHAIN
        ? { json: { router: ROUTER, tokens: Object.values(SWAP_TOKENS) } }
        : { status: 400, json: { error: 'Network not supported for Swaps' } },
    'GET /v1/convert/quotes': (request) => {
      const amount = BigInt(request.params.get('amount')!);
      return {
        json: {
          quotes: [{ fromAmount: amount.toString(), toAmount: exchange.toAmount.toString(), priceImpact: exchange.priceImpact ?? 0.01, fee: ((amount * 3n) / 1000n).toString() }],
        },
      };
    },
    'GET /v1/convert/allowance': () => ({ json: { allowance: exchange.allowance.toString() } }),
    'GET /v1/convert/build-approve': (request) => {
      const amount = request.params.get('amount');
      exchange.allowance = amount ? BigInt(amount) : maxUint256;
      const from = addressOf(request.params.get('userAddress')!);
      return { json: { tx: { from, to: addressOf(request.params.get('from')!), data: approveData(ROUTER, exchange.allowance), value: '0', gas: APPROVE_GAS } } };
    },
    'POST /v1/convert/build-transaction': (request) => ({ json: { tx: builtSwap(request, exchange) } }),
  };
}
