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

export interface OnRampState {
  status: 'idle' | 'loading' | 'ready';
  providers: OnRampProvider[];
  options?: OnRampOptionsData;
  /** True when providers or options are the spec's canned sample data because the API failed. */
  sample: boolean;
  quote?: {
    status: 'loading' | 'ready' | 'error';
    request: OnRampQuoteRequest;
    data?: OnRampQuote;
    /** The quote is canned sample data (the quote call failed). */
    sample?: boolean;
    error?: string;
  };
  /** The provider page opened last (it continues in its own window). */
  opened?: { provider: string; url: string };
  openError?: string;
}

export const initialOnRampState: OnRampState = { status: 'idle', providers: [], sample: false };
export const onRampAtom = atom<OnRampState>(initialOnRampState);
