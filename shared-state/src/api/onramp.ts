import * as z from 'zod/mini';
import type { OnRampOptionsData, OnRampProvider, OnRampQuote, OnRampQuoteRequest } from '../onramp';
import { apiUrl, type ApiContext } from './client';
import { requestJson } from './http';

const providerSchema = z.object({
  label: z.string(),
  name: z.string(),
  feeRange: z.string(),
  url: z.string(),
  supportedChains: z.array(z.string()),
});
const providersSchema = z.object({ providers: z.array(providerSchema) });

const limitSchema = z.object({ id: z.string(), min: z.string(), max: z.string() });
/** Spec section 3, On-ramp options. */
const optionsSchema = z.object({
  purchaseCurrencies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      networks: z.array(z.object({ name: z.string(), display_name: z.string(), chain_id: z.string(), contract_address: z.string() })),
    }),
  ),
  paymentCurrencies: z.array(z.object({ id: z.string(), payment_method_limits: z.array(limitSchema) })),
});

const moneySchema = z.object({ amount: z.string(), currency: z.string() });
/** Spec section 3, On-ramp quote. */
const quoteSchema = z.object({
  paymentTotal: moneySchema,
  paymentSubtotal: moneySchema,
  purchaseAmount: moneySchema,
  coinbaseFee: moneySchema,
  networkFee: moneySchema,
  quoteId: z.string(),
});
const urlSchema = z.object({ url: z.string().check(z.regex(/^https?:\/\//, 'must be an http(s) URL')) });

export async function fetchOnRampProviders(context: ApiContext): Promise<OnRampProvider[]> {
  const reply = await requestJson({ url: apiUrl(context, 'v1/onramp/providers'), schema: providersSchema, fetch: context.fetch });
  return reply.providers;
}

/** GET /v1/onramp/options (spec section 7). */
export function fetchOnRampOptions(context: ApiContext): Promise<OnRampOptionsData> {
  return requestJson({ url: apiUrl(context, 'v1/onramp/options'), schema: optionsSchema, fetch: context.fetch });
}

/** POST /v1/onramp/quote with purchaseCurrency, paymentCurrency, amount, network (spec section 7). */
export function fetchOnRampQuote(context: ApiContext, request: OnRampQuoteRequest): Promise<OnRampQuote> {
  // A quote is a read sent as POST: safe to ask again.
  return requestJson({ url: apiUrl(context, 'v1/onramp/quote'), method: 'POST', idempotent: true, body: request, schema: quoteSchema, fetch: context.fetch });
}

export interface OnRampUrlRequest {
  destinationWallets: { address: string; blockchains: string[]; assets?: string[] }[];
  defaultNetwork?: string;
  partnerUserId: string;
  defaultExperience: 'buy';
  presetCryptoAmount?: string;
  presetFiatAmount?: string;
  /** Portico's own fields: the payment currency and the provider's name. */
  fiatCurrency?: string;
  provider?: string;
}

/** POST /v1/generators/onrampurl (spec section 7) → the provider's URL. */
export async function generateOnRampUrl(context: ApiContext, request: OnRampUrlRequest): Promise<string> {
  const reply = await requestJson({ url: apiUrl(context, 'v1/generators/onrampurl'), method: 'POST', body: request, schema: urlSchema, fetch: context.fetch });
  return reply.url;
}
