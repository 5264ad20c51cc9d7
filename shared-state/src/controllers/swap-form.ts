import type { Store } from 'jotai/vanilla';
import { cleanDecimal, swapTokenBalance } from '../amounts';
import { portfolioAtom } from '../atoms';
import { initialSwapState, SWAP_QUOTE_DEBOUNCE_MS, swapAtom, type SwapState, type SwapToken } from '../swap';

export interface SwapController {
  setSourceToken(token: SwapToken | undefined): void;
  setToToken(token: SwapToken | undefined): void;
  /** Decimal text; a new quote follows 500 ms after the last change (spec section 9 debounce). */
  setAmount(amount: string): void;
  /** The whole balance of the source token as a clean amount ('25000', not '25000.0'); nothing without a balance. */
  setMax(): void;
  /** Percent (1 = 1 %). */
  setSlippage(percent: number): void;
  switchTokens(): void;
  /** Approve any amount (on) or exactly the swap amount (off, the default). */
  setUnlimitedApproval(unlimited: boolean): void;
  /** Clears the form and the result (keeps the loaded token list and the slippage). */
  reset(): void;
  /** The exchange's tokens for the active network (/v1/convert/tokens). */
  loadTokens(): Promise<void>;
  /** Quote and allowance for the current input, now (the setters call it debounced). */
  fetchQuote(): Promise<void>;
  /**
   * Approves the exchange to spend the swap amount of the source token (any amount only when
   * `unlimitedApproval` is on): the built approval is checked, the wallet signs, then the allowance
   * is read again.
   */
  approve(): Promise<boolean>;
  /** Re-quotes (a move beyond the slippage stops here with an error), builds, checks, signs, waits. */
  swap(): Promise<boolean>;
  /** Reads the receipt of the approval or swap already sent (status 'unconfirmed') again; never sends anything. */
  checkAgain(): Promise<boolean>;
}

type SwapFlow = Pick<SwapController, 'loadTokens' | 'fetchQuote' | 'approve' | 'swap' | 'checkAgain'>;

/** The form half of swapping: synchronous setters plus the quote debounce; the flow loads lazily. */
export function createSwapForm(store: Store, flow: SwapFlow): SwapController {
  const state = () => store.get(swapAtom);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const edit = (next: Partial<SwapState>) => {
    const merged = { ...state(), ...next };
    // An approval was for one token: another source token starts the steps over.
    if (merged.sourceToken?.address !== state().sourceToken?.address) merged.approvalDone = false;
    const ready = Boolean(merged.sourceToken && merged.toToken && merged.sourceTokenAmount);
    store.set(swapAtom, { ...merged, quote: undefined, quoteLoading: ready, needsApproval: false, error: undefined, status: 'editing' });
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void flow.fetchQuote();
    }, SWAP_QUOTE_DEBOUNCE_MS);
  };
  return {
    ...flow,
    setSourceToken: (sourceToken) => edit({ sourceToken }),
    setToToken: (toToken) => edit({ toToken }),
    setAmount: (amount) => edit({ sourceTokenAmount: amount.trim() }),
    setMax() {
      const { sourceToken } = state();
      const balance = sourceToken && swapTokenBalance(sourceToken, store.get(portfolioAtom).balances);
      if (balance) edit({ sourceTokenAmount: cleanDecimal(balance) });
    },
    setSlippage: (slippage) => edit({ slippage }),
    switchTokens: () => edit({ sourceToken: state().toToken, toToken: state().sourceToken }),
    // Not an edit of the swap itself: the quote stands.
    setUnlimitedApproval: (unlimitedApproval) => store.set(swapAtom, { ...state(), unlimitedApproval }),
    reset() {
      if (timer) clearTimeout(timer);
      const { tokens, tokensNetwork, slippage } = state();
      store.set(swapAtom, { ...initialSwapState, tokens, tokensNetwork, slippage });
    },
  };
}
