/**
 * On-ramp configuration: the providers the modal lists (spec section 3: label, name, feeRange, url,
 * supportedChains), the payment currencies and method limits (spec section 9), fiat rates, and the
 * key the local demo provider pays purchases from.
 */
import type { Hex } from 'viem';
import { z } from 'zod';
import { issueMessage } from '../http/errors';

export const providerConfigSchema = z.object({
  label: z.string().min(1).max(128),
  name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lower-case letters, digits and hyphens'),
  feeRange: z.string().min(1).max(32),
  url: z.string().regex(/^https?:\/\//i, 'must be an http(s) URL'),
  /** CAIP-2 ids. */
  supportedChains: z.array(z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 id')),
});
export type OnRampProviderConfig = z.output<typeof providerConfigSchema>;

export interface OnRampOptions {
  /** Providers listed after the demo provider (or alone when `demoProvider: false`). */
  providers?: OnRampProviderConfig[];
  /**
   * The local demo provider (`/onramp-demo/`), which pays purchases from `fundingKey` on the
   * local dev chains only. Development mode only: default on there, refused (start error) elsewhere.
   */
  demoProvider?: boolean;
  /** Pays the demo provider's purchases. Default: anvil dev account #9 (public, local chains only). */
  fundingKey?: Hex;
  /** USD per unit of each payment currency. Default { USD: 1, EUR: 1.08 } (static, like the price table). */
  fiatRates?: Partial<Record<PaymentCurrency, number>>;
  /** Minutes a provider session stays valid. Default 30. */
  sessionMinutes?: number;
  /** Demo provider: most one purchase may cost, in USD. Default 1,000. */
  demoPurchaseCapUsd?: number;
  /** Demo provider: most one address may buy in 24 hours, in USD. Default 5,000. */
  demoAddressCapUsd?: number;
}

/** Anvil's dev account #9; the local chains fund it with 10,000 ETH. */
export const DEFAULT_FUNDING_KEY: Hex = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

export const DEMO_PROVIDER_NAME = 'portico-demo';
export const DEMO_PROVIDER_LABEL = 'Portico Pay (demo)';
/** Spec section 9: fee range 1-2% for the listed providers. */
export const FEE_RANGE = '1-2%';

/** Spec section 9: currencies USD and EUR; card 10.00–7500.00, bank account 10.00–25000.00. */
export const PAYMENT_CURRENCIES = ['USD', 'EUR'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];
export const PAYMENT_METHODS = [
  { id: 'card', min: '10.00', max: '7500.00', feeBasisPoints: 150 },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00', feeBasisPoints: 100 },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['id'];

export const DEFAULT_FIAT_RATES: Record<PaymentCurrency, number> = { USD: 1, EUR: 1.08 };

export interface OnRampRuntime {
  demoProvider: boolean;
  providers: OnRampProviderConfig[];
  fundingKey: Hex;
  fiatRates: Record<PaymentCurrency, number>;
  sessionMs: number;
  demoPurchaseCapUsd: number;
  demoAddressCapUsd: number;
}

function positive(field: string, value: number): number {
  if (!(value > 0)) throw new Error(`onramp config: ${field}: must be a positive number`);
  return value;
}

export function onRampRuntime(options: OnRampOptions = {}, development = false): OnRampRuntime {
  if (options.demoProvider && !development) throw new Error('onramp config: demoProvider: runs in development mode only');
  const providers = z.array(providerConfigSchema).safeParse(options.providers ?? []);
  if (!providers.success) throw new Error(`onramp config: providers.${issueMessage(providers.error)}`);
  const fundingKey = options.fundingKey ?? DEFAULT_FUNDING_KEY;
  if (!/^0x[0-9a-fA-F]{64}$/.test(fundingKey)) throw new Error('onramp config: fundingKey: must be 0x + 64 hex digits');
  const fiatRates = { ...DEFAULT_FIAT_RATES, ...options.fiatRates };
  for (const [currency, rate] of Object.entries(fiatRates)) {
    if (!(rate > 0)) throw new Error(`onramp config: fiatRates.${currency}: must be a positive number`);
  }
  return {
    demoProvider: options.demoProvider ?? development,
    providers: providers.data,
    fundingKey,
    fiatRates,
    sessionMs: (options.sessionMinutes ?? 30) * 60_000,
    demoPurchaseCapUsd: positive('demoPurchaseCapUsd', options.demoPurchaseCapUsd ?? 1_000),
    demoAddressCapUsd: positive('demoAddressCapUsd', options.demoAddressCapUsd ?? 5_000),
  };
}
