/**
 * On-ramp state and the small synchronous helpers views need (spec sections 3, 9). The controller
 * that talks to the API (controllers/onramp.ts) loads on first use; this file stays tiny.
 */
import { atom } from 'jotai/vanilla';

/** Spec section 3, Onramp provider. */
export interface OnRampProvider {
  label: string;
  name: string;
  feeRange: string;
  url: string;
  supportedChains: string[];
}

export interface OnRampNetwork {
  name: string;
  display_name: string;
  chain_id: string;
  contract_address: string;
}

/** Spec section 3, On-ramp options. */
export interface OnRampOptionsData {
  purchaseCurrencies: { id: string; name: string; symbol: string; networks: OnRampNetwork[] }[];
  paymentCurrencies: { id: string; payment_method_limits: OnRampMethodLimit[] }[];
}

export interface OnRampMethodLimit {
  id: string;
  min: string;
  max: string;
}

export interface OnRampMoney {
  amount: string;
  currency: string;
}

/** Spec section 3, On-ramp quote. */
export interface OnRampQuote {
  paymentTotal: OnRampMoney;
  paymentSubtotal: OnRampMoney;
  purchaseAmount: OnRampMoney;
  coinbaseFee: OnRampMoney;
  networkFee: OnRampMoney;
  quoteId: string;
}

export interface OnRampQuoteRequest {
  purchaseCurrency: string;
  paymentCurrency: string;
  amount: string;
  /** CAIP-2 network id. */
  network: string;
  paymentMethod?: string;
}

/**
 * Where a purchase in the provider's window stands, as the API reports the demo provider's session:
 * waiting (not paid yet), processing (the delivering transaction is sent), completed, failed (it
 * reverted), expired (the link ran out unused), or unknown (the API stopped answering).
 */
export type OnRampPurchaseStatus = 'waiting' | 'processing' | 'completed' | 'failed' | 'expired' | 'unknown';

export interface OnRampPurchase {
  status: OnRampPurchaseStatus;
  /** The delivering transaction, once sent. */
  txHash?: string;
  /** The network's block explorer page of `txHash`, when the network has an explorer. */
  explorerUrl?: string;
  paymentTotal?: OnRampMoney;
  purchaseAmount?: OnRampMoney;
}

export interface OnRampState {
  status: 'idle' | 'loading' | 'ready';
  providers: OnRampProvider[];
  options?: OnRampOptionsData;
  /** True when providers or options are the spec's canned sample data because the API failed. */
  sample: boolean;
  quote?: {
    /** pending: the debounce after the last edit runs (nothing asked yet); loading: the API is asked. */
    status: 'pending' | 'loading' | 'ready' | 'error';
    request: OnRampQuoteRequest;
    data?: OnRampQuote;
    /** The quote is canned sample data (the quote call failed). */
    sample?: boolean;
    error?: string;
  };
  /**
   * The provider page opened last (it continues in its own window) and, for a provider that reports
   * it (the API's demo provider), how the purchase there stands; followed until it ends.
   */
  opened?: { provider: string; url: string; purchase?: OnRampPurchase };
  openError?: string;
}

export const initialOnRampState: OnRampState = { status: 'idle', providers: [], sample: false };
export const onRampAtom = atom<OnRampState>(initialOnRampState);
