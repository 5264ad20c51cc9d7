/**
 * Swap state (spec sections 3, 7–9); the amount helpers views need are in amounts.ts. The flow that
 * talks to the API and the wallet (controllers/swap.ts) loads on first use; this file stays tiny.
 */
import { atom } from 'jotai/vanilla';

/** Spec section 9: default swap slippage tolerance, in percent. */
export const DEFAULT_SWAP_SLIPPAGE = 1;
/** Spec section 9: debounce default (the quote waits this long after the last keystroke). */
export const SWAP_QUOTE_DEBOUNCE_MS = 500;
export { NATIVE_TOKEN_MARKER } from './constants';

/** A token the exchange can swap (from /v1/convert/tokens), with the account's balance when known. */
export interface SwapToken {
  name: string;
  symbol: string;
  /** CAIP-10 (`eip155:31337:0x…`; the native token uses NATIVE_TOKEN_MARKER). */
  address: string;
  decimals: number;
  logoUri?: string;
  /** Decimal text, e.g. '25000.0', from the account's balances. */
  balance?: string;
}

export interface SwapQuote {
  /** Smallest units (integer text). */
  fromAmount: string;
  toAmount: string;
  /** Decimal text of toAmount in the receiving token. */
  toAmountText: string;
  /** Percent. */
  priceImpact: number;
  /** In the source token's smallest unit; feeText in its decimals. */
  fee: string;
  feeText: string;
  /** Which input the quote answers: `${from}|${to}|${fromAmount}`. */
  key: string;
}

/** 'unconfirmed': the wallet sent the approval or swap (`pendingHash`, `unconfirmedStep`) but its receipt could not be read; only a check of that hash may follow. */
export type SwapStatus = 'editing' | 'awaiting-approval' | 'approving' | 'awaiting-signature' | 'pending' | 'unconfirmed' | 'success' | 'failed';

export interface SwapState {
  tokens: SwapToken[];
  tokensLoading: boolean;
  tokensError?: string;
  /** CAIP-2 network the token list is for. */
  tokensNetwork?: string;
  sourceToken?: SwapToken;
  toToken?: SwapToken;
  /** Decimal text typed by the person. */
  sourceTokenAmount: string;
  /** Percent (1 = 1 %). */
  slippage: number;
  quote?: SwapQuote;
  quoteLoading: boolean;
  /** The source token's allowance to the exchange is below the amount: approve first. */
  needsApproval: boolean;
  /** The person asked to approve the exchange for any amount; by default exactly the swap amount. */
  unlimitedApproval: boolean;
  /** The approval for this swap is mined (the two-step indicator shows step 1 done); cleared with a new source token. */
  approvalDone?: boolean;
  status: SwapStatus;
  error?: string;
  /** The approval or swap being mined ('approving', 'pending', 'unconfirmed') or reverted ('failed'), and its explorer page. */
  pendingHash?: string;
  explorerUrl?: string;
  /** Which sent transaction is unconfirmed, while status is 'unconfirmed'. */
  unconfirmedStep?: 'approve' | 'swap';
  lastSwap?: { hash: string; explorerUrl?: string; fromAmount: string; fromSymbol: string; toAmount: string; toSymbol: string };
}

export const initialSwapState: SwapState = {
  tokens: [],
  tokensLoading: false,
  sourceTokenAmount: '',
  slippage: DEFAULT_SWAP_SLIPPAGE,
  quoteLoading: false,
  needsApproval: false,
  unlimitedApproval: false,
  status: 'editing',
};

export const swapAtom = atom<SwapState>(initialSwapState);
