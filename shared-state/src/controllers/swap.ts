/**
 * The swap flow (spec sections 3–9): exchange tokens, quote + allowance, the approval step when
 * the allowance is short, then the swap through the wallet; pending, success, failure; balances
 * refresh after. Loaded on first use (lazyAsync in core.ts); the form half is controllers/swap-form.ts.
 */
import type { Store } from 'jotai/vanilla';
import type { ChainAdapter, TransactionOutcome } from '../adapters/types';
import type { ApiContext } from '../api/client';
import { buildSwapApprove, buildSwapTransaction, fetchSwapAllowance, fetchSwapQuote, fetchSwapTokens } from '../api/convert';
import { apiReason } from '../api/error-reason';
import { activeAccountAtom, activeNetworkAtom, portfolioAtom } from '../atoms';
import type { ChainNamespace } from '../constants';
import { errorText, isUserRejection, PorticoError } from '../errors';
import { walletErrorText } from '../wallet-errors';
import type { CaipNetwork } from '../network';
import { formatTokenAmount, isNativeSwapToken, minimumReceived, swapTokenBalance, validTokenDecimals } from '../amounts';
import { swapAtom, type SwapQuote, type SwapState, type SwapToken } from '../swap';
import { checkApproveTransaction, checkSwapTransaction, type BuiltTransaction } from './swap-check';
import type { SwapController } from './swap-form';

export type { SwapController } from './swap-form';

/** The API's own words when it answered with `{ error }` (e.g. 'Network not supported for Swaps'), else a wallet's or node's error in words (spec §8). */
export function apiErrorText(error: unknown): string {
  return apiReason(error) ?? walletErrorText(error) ?? errorText(error);
}

/** Typed text → smallest units (the flow's only parse; views only format): '1.5' with 6 decimals → 1500000n; undefined when the text is not a valid amount for them. */
export function parseTokenAmount(text: string, decimals: number): bigint | undefined {
  const value = text.trim();
  if (!validTokenDecimals(decimals) || !/^(?:\d+\.?\d*|\.\d+)$/.test(value)) return undefined;
  const [whole = '', fraction = ''] = value.split('.');
  if (fraction.length > decimals) return undefined;
  return BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
}

/** The first problem with the swap input, or undefined. */
export function validateSwap(state: SwapState, balances: Parameters<typeof swapTokenBalance>[1]): string | undefined {
  const { sourceToken, toToken, sourceTokenAmount } = state;
  if (!sourceToken || !toToken) return 'Choose the tokens to swap';
  if (sourceToken.address.toLowerCase() === toToken.address.toLowerCase()) return 'Choose two different tokens';
  if (!sourceTokenAmount) return 'Enter an amount';
  const amount = parseTokenAmount(sourceTokenAmount, sourceToken.decimals);
  if (amount === undefined) {
    return /^\d*\.\d+$/.test(sourceTokenAmount) ? `Too many decimals: ${sourceToken.symbol} has ${sourceToken.decimals}` : 'Invalid amount';
  }
  if (amount === 0n) return 'Invalid amount';
  const balance = swapTokenBalance(sourceToken, balances);
  if (balance !== undefined && amount > (parseTokenAmount(balance, sourceToken.decimals) ?? 0n)) return `Insufficient ${sourceToken.symbol} balance`;
  return undefined;
}

/** States in which an approval or swap is on its way: no new one may start. */
const IN_FLIGHT: readonly SwapState['status'][] = ['awaiting-approval', 'approving', 'awaiting-signature', 'pending', 'unconfirmed'];

const quoteKey = (state: SwapState, amount: bigint) => `${state.sourceToken?.address}|${state.toToken?.address}|${amount}`;

/** The 0x address of a CAIP-10 swap token; undefined for the native currency. */
const tokenAddress = (token: SwapToken) => (isNativeSwapToken(token) ? undefined : token.address.slice(token.address.lastIndexOf(':') + 1));

export function createSwapFlow(deps: {
  store: Store;
  api?: ApiContext;
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>;
  /** Routers the host pinned per CAIP-2 network (options.swapRouters); they win over the API's. */
  swapRouters: Record<string, string>;
  /** Refreshes balances once a swap is mined. */
  onSwapped(): void;
  now?: () => number;
}): Pick<SwapController, 'loadTokens' | 'fetchQuote' | 'approve' | 'swap' | 'checkAgain'> {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const state = () => store.get(swapAtom);
  const patch = (next: Partial<SwapState>) => store.set(swapAtom, { ...state(), ...next });
  let quoteSeq = 0;
  /** The router the API named with each network's tokens: a source apart from the build calls. */
  const apiRouters = new Map<string, string>();

  function context() {
    const account = store.get(activeAccountAtom);
    const network = store.get(activeNetworkAtom);
    if (account.status !== 'connected' || !account.address || !account.connectorId || !network) throw new PorticoError('Connect a wallet to swap.');
    if (!deps.api) throw new PorticoError('Swaps need the Portico API (the apiUrl option).');
    const adapter = deps.adapters[network.chainNamespace];
    if (!adapter) throw new PorticoError('Chain adapter not found');
    return {
      api: deps.api,
      address: account.address,
      connectorId: account.connectorId,
      userAddress: `${network.caipNetworkId}:${account.address}`,
      network,
      adapter,
    };
  }

  type SwapContext = ReturnType<typeof context>;

  async function routerFor(ctx: SwapContext): Promise<string> {
    const id = ctx.network.caipNetworkId;
    const pinned = deps.swapRouters[id];
    if (pinned) return pinned;
    if (!apiRouters.has(id)) {
      const { router } = await fetchSwapTokens(ctx.api, id);
      if (router) apiRouters.set(id, router);
    }
    const router = apiRouters.get(id);
    if (!router) throw new PorticoError('The exchange did not say which router it uses on this network, so Portico cannot check the swap. Nothing was sent to your wallet.');
    return router;
  }

  /** Sends only the checked fields, from the connected account (never a `from` the API chose). */
  async function sendChecked(ctx: SwapContext, tx: BuiltTransaction & { gas?: string }): Promise<string> {
    if (!ctx.adapter.sendTransaction) throw new PorticoError(`Swaps are not supported on ${ctx.network.chainNamespace} yet`);
    const call = { from: ctx.address, to: tx.to, data: tx.data, value: tx.value, ...(tx.gas ? { gas: tx.gas } : {}) };
    return ctx.adapter.sendTransaction(ctx.connectorId, call, ctx.network);
  }

  /**
   * The receipt of a sent approval or swap; undefined (and status 'unconfirmed') when it cannot be
   * read, because the transaction may well be mined: sending it again could pay twice.
   */
  async function receiptOf(ctx: SwapContext, hash: string, step: 'approve' | 'swap') {
    try {
      return await ctx.adapter.waitForTransaction(hash, ctx.network);
    } catch (error) {
      patch({ status: 'unconfirmed', unconfirmedStep: step, pendingHash: hash, error: `The transaction was sent, but its confirmation could not be read: ${apiErrorText(error)}` });
      return undefined;
    }
  }

  async function finishApprove(ctx: SwapContext, outcome: TransactionOutcome): Promise<boolean> {
    if (outcome.status !== 'success') throw new PorticoError('The approval was reverted on chain.');
    const current = state();
    const amount = parseTokenAmount(current.sourceTokenAmount, current.sourceToken!.decimals) ?? 0n;
    const allowance = await fetchSwapAllowance(ctx.api, current.sourceToken!.address, ctx.userAddress);
    patch({ status: 'editing', pendingHash: undefined, explorerUrl: undefined, unconfirmedStep: undefined, needsApproval: allowance < amount, approvalDone: allowance >= amount });
    return true;
  }

  function finishSwap(ctx: SwapContext, hash: string, outcome: TransactionOutcome): boolean {
    const current = state();
    if (outcome.status !== 'success') {
      const reason = `The swap was reverted on chain: the price moved beyond your ${current.slippage}% slippage tolerance, or the balance changed.`;
      return swapFailed(new PorticoError(reason), true);
    }
    patch({
      status: 'success',
      pendingHash: undefined,
      explorerUrl: undefined,
      unconfirmedStep: undefined,
      lastSwap: {
        hash,
        explorerUrl: explorerUrl(ctx.network, hash),
        fromAmount: current.sourceTokenAmount,
        fromSymbol: current.sourceToken!.symbol,
        toAmount: current.quote?.toAmountText ?? '',
        toSymbol: current.toToken!.symbol,
      },
    });
    deps.onSwapped();
    return true;
  }

  const approveFailed = (error: unknown) => {
    patch({ status: 'editing', pendingHash: undefined, explorerUrl: undefined, unconfirmedStep: undefined, error: isUserRejection(error) ? 'Signature declined' : apiErrorText(error) });
    return false;
  };
  // A reverted swap keeps its hash (it is on chain, and its explorer page says why); any other failure sent nothing.
  const swapFailed = (error: unknown, reverted = false) => {
    const sent = reverted ? {} : { pendingHash: undefined, explorerUrl: undefined };
    patch({ status: 'failed', ...sent, unconfirmedStep: undefined, error: isUserRejection(error) ? 'Signature declined' : apiErrorText(error) });
    return false;
  };

  const explorerUrl = (network: CaipNetwork, hash: string) => {
    const base = network.blockExplorers?.default.url;
    return base ? `${base.replace(/\/$/, '')}/tx/${hash}` : undefined;
  };

  async function quoteNow(ctx: SwapContext, current: SwapState, amount: bigint): Promise<{ quote: SwapQuote; needsApproval: boolean }> {
    const from = current.sourceToken!;
    const to = current.toToken!;
    const [reply, allowance] = await Promise.all([
      fetchSwapQuote(ctx.api, { amount: amount.toString(), userAddress: ctx.userAddress, from: from.address, to: to.address }),
      isNativeSwapToken(from) ? Promise.resolve(amount) : fetchSwapAllowance(ctx.api, from.address, ctx.userAddress),
    ]);
    return {
      quote: {
        fromAmount: reply.fromAmount,
        toAmount: reply.toAmount,
        toAmountText: formatTokenAmount(reply.toAmount, to.decimals),
        priceImpact: reply.priceImpact ?? 0,
        fee: reply.fee ?? '0',
        feeText: formatTokenAmount(reply.fee ?? '0', from.decimals),
        key: quoteKey(current, amount),
      },
      needsApproval: allowance < amount,
    };
  }

  return {
    async loadTokens() {
      const network = store.get(activeNetworkAtom);
      if (!network) return;
      if (!deps.api) {
        patch({ tokensError: 'Swaps need the Portico API (the apiUrl option).', tokens: [] });
        return;
      }
      if (state().tokensNetwork === network.caipNetworkId && state().tokens.length > 0) return;
      patch({ tokensLoading: true, tokensError: undefined });
      try {
        const { tokens, router } = await fetchSwapTokens(deps.api, network.caipNetworkId);
        if (router) apiRouters.set(network.caipNetworkId, router);
        // Another network's picks do not apply here.
        const keep = state().tokensNetwork === network.caipNetworkId;
        patch({
          tokens,
          tokensNetwork: network.caipNetworkId,
          tokensLoading: false,
          ...(keep ? {} : { sourceToken: undefined, toToken: undefined, quote: undefined }),
        });
      } catch (error) {
        patch({ tokens: [], tokensNetwork: network.caipNetworkId, tokensLoading: false, tokensError: apiErrorText(error) });
      }
    },

    async fetchQuote() {
      const seq = ++quoteSeq;
      const current = state();
      if (!current.sourceToken || !current.toToken || !current.sourceTokenAmount) {
        patch({ quote: undefined, quoteLoading: false });
        return;
      }
      const problem = validateSwap(current, store.get(portfolioAtom).balances);
      if (problem) {
        patch({ quote: undefined, quoteLoading: false, error: problem });
        return;
      }
      try {
        const ctx = context();
        patch({ quoteLoading: true, error: undefined });
        const amount = parseTokenAmount(current.sourceTokenAmount, current.sourceToken.decimals)!;
        const { quote, needsApproval } = await quoteNow(ctx, current, amount);
        if (seq !== quoteSeq || quote.key !== quoteKey(state(), parseTokenAmount(state().sourceTokenAmount, current.sourceToken.decimals) ?? -1n)) return;
        patch({ quote, needsApproval, quoteLoading: false, ...(needsApproval ? { approvalDone: false } : {}) });
      } catch (error) {
        if (seq === quoteSeq) patch({ quote: undefined, quoteLoading: false, error: apiErrorText(error) });
      }
    },

    async approve() {
      const current = state();
      if (IN_FLIGHT.includes(current.status)) return false;
      try {
        const ctx = context();
        const from = current.sourceToken;
        const token = from && tokenAddress(from);
        if (!from || !token || !current.toToken) throw new PorticoError('Choose the tokens to swap');
        const amount = parseTokenAmount(current.sourceTokenAmount, from.decimals) ?? 0n;
        patch({ status: 'awaiting-approval', error: undefined });
        const unlimited = current.unlimitedApproval;
        // By default exactly the swap amount; without an amount the API builds an unlimited approval.
        const tx = await buildSwapApprove(ctx.api, {
          userAddress: ctx.userAddress,
          from: from.address,
          to: current.toToken.address,
          ...(unlimited ? {} : { amount: amount.toString() }),
        });
        checkApproveTransaction(tx, { account: ctx.address, token, router: await routerFor(ctx), amount, unlimited });
        const hash = await sendChecked(ctx, tx);
        patch({ status: 'approving', pendingHash: hash, explorerUrl: explorerUrl(ctx.network, hash) });
        const outcome = await receiptOf(ctx, hash, 'approve');
        return outcome ? await finishApprove(ctx, outcome) : false;
      } catch (error) {
        return approveFailed(error);
      }
    },

    async swap() {
      const current = state();
      // A swap or approval the wallet already sent is only ever checked again, never sent a second time.
      if (IN_FLIGHT.includes(current.status)) return false;
      try {
        const ctx = context();
        const problem = validateSwap(current, store.get(portfolioAtom).balances);
        if (problem) {
          patch({ error: problem, status: 'editing' });
          return false;
        }
        const from = current.sourceToken!;
        const to = current.toToken!;
        const amount = parseTokenAmount(current.sourceTokenAmount, from.decimals)!;
        patch({ status: 'awaiting-signature', error: undefined });
        // The price may have moved since the quote was shown: beyond the slippage, stop and say so.
        const fresh = await quoteNow(ctx, current, amount);
        const shown = current.quote?.key === fresh.quote.key ? current.quote : undefined;
        if (shown && BigInt(fresh.quote.toAmount) < minimumReceived(shown.toAmount, current.slippage)) {
          patch({
            status: 'editing',
            quote: fresh.quote,
            needsApproval: fresh.needsApproval,
            error: `The price moved more than your ${current.slippage}% slippage tolerance: you would now receive ${fresh.quote.toAmountText} ${to.symbol}. Review the new quote and swap again.`,
          });
          return false;
        }
        if (fresh.needsApproval) {
          patch({ status: 'editing', quote: fresh.quote, needsApproval: true, error: `Approve ${from.symbol} first` });
          return false;
        }
        const tx = await buildSwapTransaction(ctx.api, { amount: amount.toString(), slippage: current.slippage, from: from.address, to: to.address, userAddress: ctx.userAddress });
        checkSwapTransaction(tx, {
          account: ctx.address,
          router: await routerFor(ctx),
          fromToken: tokenAddress(from),
          toToken: tokenAddress(to),
          amountIn: amount,
          minimumOut: minimumReceived(fresh.quote.toAmount, current.slippage),
          nowSeconds: Math.floor(now() / 1000),
        });
        const hash = await sendChecked(ctx, tx);
        patch({ status: 'pending', pendingHash: hash, explorerUrl: explorerUrl(ctx.network, hash), quote: fresh.quote });
        const outcome = await receiptOf(ctx, hash, 'swap');
        return outcome ? finishSwap(ctx, hash, outcome) : false;
      } catch (error) {
        return swapFailed(error);
      }
    },

    async checkAgain() {
      const { status, pendingHash, unconfirmedStep } = state();
      if (status !== 'unconfirmed' || !pendingHash || !unconfirmedStep) return false;
      const onFailure = unconfirmedStep === 'approve' ? approveFailed : swapFailed;
      try {
        const ctx = context();
        patch({ status: unconfirmedStep === 'approve' ? 'approving' : 'pending', error: undefined });
        const outcome = await receiptOf(ctx, pendingHash, unconfirmedStep);
        if (!outcome) return false;
        return unconfirmedStep === 'approve' ? await finishApprove(ctx, outcome) : finishSwap(ctx, pendingHash, outcome);
      } catch (error) {
        return onFailure(error);
      }
    },
  };
}
