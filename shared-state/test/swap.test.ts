import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { UserRejectedRequestError, portfolioAtom, swapAtom, type SwapToken } from '../src/index';
import { formatTokenAmount, minimumReceived, swapTokenBalance } from '../src/amounts';
import { parseTokenAmount } from '../src/controllers/swap';
import { createEip155Adapter } from '../src/adapters/eip155/adapter';
import {
  ACCOUNT,
  APPROVE_GAS,
  CHAIN,
  PUSD_ADDRESS,
  ROUTER,
  SWAP_TOKENS,
  WETH,
  anvil,
  apiStub,
  approveData,
  builtSwap,
  devchainBalance,
  exchangeRoutes,
  initialExchange,
  resetTestKit,
  testCore,
  type ApiStub,
} from '@portico/test-kit';
import { maxUint256 } from 'viem';

const ETH: SwapToken = SWAP_TOKENS.ETH;
const PUSD: SwapToken = SWAP_TOKENS.PUSD;
const PTK: SwapToken = SWAP_TOKENS.PTK;

const exchange = initialExchange();
let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(exchangeRoutes(exchange));
});
afterAll(async () => {
  await api.close();
});

describe('swap amounts', () => {
  it('parses and formats token amounts exactly; minimum received = quote × (1 − slippage)', () => {
    expect(parseTokenAmount('100', 6)).toBe(100_000_000n);
    expect(parseTokenAmount('.5', 18)).toBe(500_000_000_000_000_000n);
    expect(parseTokenAmount('1.1234567', 6)).toBeUndefined();
    expect(parseTokenAmount('1e3', 6)).toBeUndefined();
    expect(formatTokenAmount(39_960_000_000_000_000_000n, 18)).toBe('39.96');
    expect(formatTokenAmount('1000000', 6)).toBe('1');
    expect(minimumReceived(1000n, 1)).toBe(990n);
    expect(minimumReceived(1000n, 0.5)).toBe(995n);
    expect(swapTokenBalance(PUSD, [{ quantity: { numeric: '1' } }, { address: `${CHAIN}:${PUSD_ADDRESS.toLowerCase()}`, quantity: { numeric: '25000.0' } }])).toBe('25000.0');
    expect(swapTokenBalance(ETH, [{ quantity: { numeric: '10000.0' } }])).toBe('10000.0');
  });
});

describe('swap controller (core, fake adapter, stub API)', () => {
  afterEach(() => {
    resetTestKit();
    Object.assign(exchange, initialExchange());
  });

  async function connected(options: Record<string, unknown> = {}) {
    const { core, adapter } = await testCore({ api, options, connect: true });
    core.store.set(portfolioAtom, {
      balances: [
        devchainBalance('ETH', '10000.0'),
        devchainBalance('PUSD', '25000.0'),
      ],
      loading: false,
      unavailable: false,
    });
    return { core, adapter, state: () => core.store.get(swapAtom) };
  }

  it('loads the exchange tokens; slippage defaults to 1 %', async () => {
    const { core, state } = await connected();
    expect(state().slippage).toBe(1);
    await core.swap.loadTokens();
    expect(state().tokens.map((t) => t.symbol)).toEqual(['ETH', 'PUSD', 'PTK']);
    expect(api.requestsTo('/v1/convert/tokens')[0]!.params.get('projectId')).toBeTruthy();
  });

  it("an unsupported network shows the API's 'Network not supported for Swaps'", async () => {
    api.override({ 'GET /v1/convert/tokens': { status: 400, json: { error: 'Network not supported for Swaps' } } });
    const { core, state } = await connected();
    await core.swap.loadTokens();
    expect(state()).toMatchObject({ tokens: [], tokensError: 'Network not supported for Swaps' });
  });

  it('debounces the quote 500 ms after the last change; then quote + allowance → approve needed', async () => {
    const { core, state } = await connected();
    core.swap.setSourceToken(PUSD);
    core.swap.setToToken(PTK);
    core.swap.setAmount('1');
    core.swap.setAmount('10');
    core.swap.setAmount('100');
    expect(state().quoteLoading).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(api.requestsTo('/v1/convert/quotes')).toHaveLength(0);
    // Then one quote for the last amount (polled: on a loaded machine its round trip is not a fixed time).
    await expect.poll(() => state()).toMatchObject({ quoteLoading: false, needsApproval: true, quote: { toAmountText: '39.96', feeText: '0.3', priceImpact: 0.01 } });
    const quotes = api.requestsTo('/v1/convert/quotes');
    expect(quotes).toHaveLength(1);
    expect(Object.fromEntries(quotes[0]!.params)).toMatchObject({ amount: '100000000', from: PUSD.address, to: PTK.address, userAddress: `${CHAIN}:${ACCOUNT}` });
  });

  it('Max writes the whole balance as a person would type it', async () => {
    const { core, state } = await connected();
    core.swap.setMax();
    expect(state().sourceTokenAmount).toBe('');
    core.swap.setSourceToken(PUSD);
    core.swap.setMax();
    expect(state().sourceTokenAmount).toBe('25000');
  });

  it('validates before quoting: balance, decimals, same token', async () => {
    const { core, state } = await connected();
    core.store.set(swapAtom, { ...state(), sourceToken: PUSD, toToken: PTK, sourceTokenAmount: '25000.01' });
    await core.swap.fetchQuote();
    expect(state().error).toBe('Insufficient PUSD balance');
    core.store.set(swapAtom, { ...state(), sourceTokenAmount: '1.1234567' });
    await core.swap.fetchQuote();
    expect(state().error).toBe('Too many decimals: PUSD has 6');
    core.store.set(swapAtom, { ...state(), sourceTokenAmount: '1', toToken: PUSD });
    await core.swap.fetchQuote();
    expect(state().error).toBe('Choose two different tokens');
    expect(api.requestsTo('/v1/convert/quotes')).toHaveLength(0);
  });

  it('approve (exactly the swap amount) through adapter.sendTransaction, then the swap; balances refresh after', async () => {
    const { core, adapter, state } = await connected();
    core.store.set(swapAtom, { ...state(), sourceToken: PUSD, toToken: PTK, sourceTokenAmount: '100' });
    await core.swap.fetchQuote();
    expect(state().needsApproval).toBe(true);
    expect(await core.swap.approve()).toBe(true);
    expect(api.requestsTo('/v1/convert/build-approve')[0]!.params.get('amount')).toBe('100000000');
    expect(adapter.walletRequests.find((request) => request.method === 'sendTransaction')).toMatchObject({ connectorId: 'io.fake' });
    expect(adapter.calls[0]).toMatchObject({ from: ACCOUNT, to: PUSD_ADDRESS, data: approveData(ROUTER, 100_000_000n), value: '0', gas: APPROVE_GAS });
    // Step 1 of 2 is done: the indicator keeps it ticked while the same token is swapped.
    expect(state()).toMatchObject({ status: 'editing', needsApproval: false, approvalDone: true });
    core.swap.setAmount('100');
    expect(state().approvalDone).toBe(true);
    core.swap.setSourceToken(ETH);
    expect(state().approvalDone).toBe(false);
    core.store.set(swapAtom, { ...state(), sourceToken: PUSD, sourceTokenAmount: '100', approvalDone: true });
    await core.swap.fetchQuote();

    expect(await core.swap.swap()).toBe(true);
    const build = JSON.parse(api.requestsTo('/v1/convert/build-transaction')[0]!.body);
    expect(build).toMatchObject({ amount: '100000000', eip155: { slippage: '1' }, from: PUSD.address, to: PTK.address, userAddress: `${CHAIN}:${ACCOUNT}` });
    expect(adapter.calls[1]).toMatchObject({ from: ACCOUNT, to: ROUTER, value: '0' });
    expect(state()).toMatchObject({ status: 'success', lastSwap: { fromAmount: '100', fromSymbol: 'PUSD', toAmount: '39.96', toSymbol: 'PTK' } });
    const refreshed = () => api.requestsTo(/\/balance$/).some((r) => r.params.get('forceUpdate') === 'true');
    for (let i = 0; i < 40 && !refreshed(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(refreshed()).toBe(true);

    core.swap.reset();
    expect(state()).toMatchObject({ status: 'editing', sourceTokenAmount: '', tokens: state().tokens });
  });

  it('a quote that moved beyond the slippage stops with a clear error and shows the new quote', async () => {
    const { core, adapter, state } = await connected();
    exchange.allowance = 2n ** 255n;
    core.store.set(swapAtom, { ...state(), sourceToken: PUSD, toToken: PTK, sourceTokenAmount: '100' });
    await core.swap.fetchQuote();
    exchange.toAmount = (exchange.toAmount * 98n) / 100n; // −2 % > 1 % slippage
    expect(await core.swap.swap()).toBe(false);
    expect(state().status).toBe('editing');
    expect(state().error).toMatch(/^The price moved more than your 1% slippage tolerance: you would now receive 39\.1608 PTK/);
    expect(state().quote?.toAmountText).toBe('39.1608');
    expect(adapter.calls).toHaveLength(0);
    // Within the slippage (now compared to the new quote) it goes through.
    expect(await core.swap.swap()).toBe(true);
  });

  it('declined signature and an on-chain revert end in failed with a message', async () => {
    const { core, adapter, state } = await connected();
    exchange.allowance = 2n ** 255n;
    core.store.set(swapAtom, { ...state(), sourceToken: PUSD, toToken: PTK, sourceTokenAmount: '100' });
    await core.swap.fetchQuote();
    adapter.sendError = new UserRejectedRequestError();
    expect(await core.swap.swap()).toBe(false);
    expect(state()).toMatchObject({ status: 'failed', error: 'Signature declined' });
    adapter.sendError = undefined;
    adapter.outcomes = ['reverted'];
    expect(await core.swap.swap()).toBe(false);
    expect(state().status).toBe('failed');
    expect(state().error).toMatch(/^The swap was reverted on chain/);
    // The reverted swap is on chain: the failure screen links it.
    expect(state().pendingHash).toMatch(/^0x/);
    expect(state().explorerUrl).toMatch(new RegExp(`/tx/${state().pendingHash}$`));
  });

  it('a swap whose receipt cannot be read is unconfirmed: never swapped twice; Check again reads the same hash', async () => {
    const { core, adapter, state } = await connected();
    exchange.allowance = 2n ** 255n;
    core.store.set(swapAtom, { ...state(), sourceToken: PUSD, toToken: PTK, sourceTokenAmount: '100' });
    await core.swap.fetchQuote();
    adapter.receiptError = new Error('HTTP request failed.');
    expect(await core.swap.swap()).toBe(false);
    const sentHash = adapter.receiptChecks[0]!;
    expect(state()).toMatchObject({ status: 'unconfirmed', unconfirmedStep: 'swap', pendingHash: sentHash });
    expect(state().error).toBe('The transaction was sent, but its confirmation could not be read: HTTP request failed.');
    expect(await core.swap.swap()).toBe(false);
    expect(await core.swap.approve()).toBe(false);
    expect(adapter.calls).toHaveLength(1);

    adapter.receiptError = undefined;
    expect(await core.swap.checkAgain()).toBe(true);
    expect(state()).toMatchObject({ status: 'success', lastSwap: { hash: sentHash, fromAmount: '100', toSymbol: 'PTK' } });
    expect(adapter.receiptChecks).toEqual([sentHash, sentHash]);
    expect(adapter.calls).toHaveLength(1);
  });

  it('an approval whose receipt cannot be read is unconfirmed; Check again confirms it and reads the allowance', async () => {
    const { core, adapter, state } = await connected();
    core.store.set(swapAtom, { ...state(), sourceToken: PUSD, toToken: PTK, sourceTokenAmount: '100' });
    await core.swap.fetchQuote();
    adapter.receiptError = new Error('HTTP request failed.');
    expect(await core.swap.approve()).toBe(false);
    expect(state()).toMatchObject({ status: 'unconfirmed', unconfirmedStep: 'approve' });
    expect(await core.swap.approve()).toBe(false);
    expect(adapter.calls).toHaveLength(1);

    adapter.receiptError = undefined;
    exchange.allowance = 100_000_000n;
    expect(await core.swap.checkAgain()).toBe(true);
    expect(state()).toMatchObject({ status: 'editing', needsApproval: false, pendingHash: undefined, unconfirmedStep: undefined });
    expect(adapter.calls).toHaveLength(1);
  });

  /** Connected, PUSD → PTK 100 quoted; `approved` skips the approval step. */
  async function quoted(options: Record<string, unknown> = {}, approved = false) {
    const context = await connected(options);
    if (approved) exchange.allowance = maxUint256;
    context.core.store.set(swapAtom, { ...context.state(), sourceToken: PUSD, toToken: PTK, sourceTokenAmount: '100' });
    await context.core.swap.fetchQuote();
    return context;
  }
  const refusal = /^Portico refused to send this transaction to your wallet: .+\. Nothing was signed\.$/;

  it('an unlimited approval only when the person asks for it', async () => {
    const { core, adapter, state } = await quoted();
    expect(state().unlimitedApproval).toBe(false);
    core.swap.setUnlimitedApproval(true);
    expect(state()).toMatchObject({ unlimitedApproval: true, needsApproval: true });
    expect(state().quote).toBeDefined();
    expect(await core.swap.approve()).toBe(true);
    expect(api.requestsTo('/v1/convert/build-approve')[0]!.params.has('amount')).toBe(false);
    expect(adapter.calls[0]!.data).toBe(approveData(ROUTER, maxUint256));
  });

  it('an approval the person did not ask for is refused and nothing reaches the wallet', async () => {
    const cases: Array<[string, string]> = [
      // The API ignored the amount: unlimited.
      [approveData(ROUTER, maxUint256), 'it asks for an unlimited approval you did not choose'],
      // Someone else as the spender.
      [approveData(WETH, 100_000_000n), `it lets ${WETH} spend your tokens, not the exchange`],
    ];
    for (const [data, problem] of cases) {
      api.override({ 'GET /v1/convert/build-approve': { json: { tx: { from: ACCOUNT, to: PUSD_ADDRESS, data, value: '0' } } } });
      const { core, adapter, state } = await quoted();
      expect(await core.swap.approve()).toBe(false);
      expect(state()).toMatchObject({ status: 'editing', needsApproval: true });
      expect(state().error).toMatch(refusal);
      expect(state().error).toContain(problem);
      expect(adapter.calls).toHaveLength(0);
    }
  });

  it('a swap paying someone else, or through another contract, is refused and nothing reaches the wallet', async () => {
    const thief = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const restore = api.override({
      'POST /v1/convert/build-transaction': (request) => {
        const tx = builtSwap(request, exchange);
        return { json: { tx: { ...tx, data: tx.data.replace(ACCOUNT.slice(2).toLowerCase(), thief.slice(2).toLowerCase()) } } };
      },
    });
    const { core, adapter, state } = await quoted({}, true);
    expect(await core.swap.swap()).toBe(false);
    expect(state().status).toBe('failed');
    expect(state().error).toMatch(refusal);
    expect(state().error).toContain(`it sends the tokens to ${thief}, not your account`);
    expect(adapter.calls).toHaveLength(0);

    // The host's pinned router wins over the one the API names.
    restore();
    const pinned = await quoted({ swapRouters: { [CHAIN]: WETH } }, true);
    expect(await pinned.core.swap.swap()).toBe(false);
    expect(pinned.state().error).toContain(`it is addressed to ${ROUTER}, not the exchange's router`);
    expect(pinned.adapter.calls).toHaveLength(0);
  });

  it('without a router from the host or the API, nothing is signed', async () => {
    api.override({ 'GET /v1/convert/tokens': { json: { tokens: [ETH, PUSD, PTK] } } });
    const { core, adapter, state } = await quoted({}, true);
    expect(await core.swap.swap()).toBe(false);
    expect(state().error).toBe('The exchange did not say which router it uses on this network, so Portico cannot check the swap. Nothing was sent to your wallet.');
    expect(adapter.calls).toHaveLength(0);
  });

  it('native in: value is the amount, the router call is swapExactETHForTokens, and it goes through', async () => {
    const { core, adapter, state } = await connected();
    core.store.set(swapAtom, { ...state(), sourceToken: ETH, toToken: PUSD, sourceTokenAmount: '1' });
    await core.swap.fetchQuote();
    expect(await core.swap.swap()).toBe(true);
    expect(adapter.calls[0]).toMatchObject({ to: ROUTER, value: '1000000000000000000' });
  });

  it('native source needs no allowance call and no approval', async () => {
    const { core, state } = await connected();
    core.store.set(swapAtom, { ...state(), sourceToken: ETH, toToken: PUSD, sourceTokenAmount: '1' });
    await core.swap.fetchQuote();
    expect(state().needsApproval).toBe(false);
    expect(api.requestsTo('/v1/convert/allowance')).toHaveLength(0);
  });
});

describe('eip155 adapter sendTransaction', () => {
  it('sends the prepared call as eth_sendTransaction (hex value and gas, chain id); 4001 → UserRejectedRequestError', async () => {
    const requests: Array<{ method: string; params?: unknown }> = [];
    let reject = false;
    const provider = {
      async request(args: { method: string; params?: unknown }) {
        requests.push(args);
        if (reject) throw Object.assign(new Error('User rejected'), { code: 4001 });
        return `0x${'cd'.repeat(32)}`;
      },
    };
    const adapter = createEip155Adapter({ eventTarget: new EventTarget(), legacyProvider: provider });
    const hash = await adapter.sendTransaction!('injected', { from: ACCOUNT, to: ROUTER, data: '0x38ed1739', value: '1000000000000000000', gas: '120000' }, anvil as never);
    expect(hash).toBe(`0x${'cd'.repeat(32)}`);
    expect(requests[0]).toEqual({
      method: 'eth_sendTransaction',
      params: [{ from: ACCOUNT, to: ROUTER, data: '0x38ed1739', value: '0xde0b6b3a7640000', gas: '0x1d4c0', chainId: '0x7a69' }],
    });
    reject = true;
    await expect(adapter.sendTransaction!('injected', { from: ACCOUNT, to: ROUTER }, anvil as never)).rejects.toBeInstanceOf(UserRejectedRequestError);
  });
});
