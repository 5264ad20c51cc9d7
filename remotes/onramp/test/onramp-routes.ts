/** The Portico API's on-ramp answers (spec section 7) these views' tests run against, as `apiStub` routes. */
import { CHAIN, devchainBalance, ONRAMP_QUOTE, PUSD_ADDRESS, type ApiRoutes } from '@portico/test-kit';
import type { BalanceItem } from '@portico/shared-state';

const DEMO_PROVIDER = 'https://provider.test/onramp-demo/';
export const PROVIDER_URL = `${DEMO_PROVIDER}?session=${'s'.repeat(43)}`;

const OPTIONS = {
  purchaseCurrencies: [
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ name: CHAIN, display_name: 'Anvil', chain_id: '31337', contract_address: '' }] },
    { id: 'PUSD', name: 'Portico USD', symbol: 'PUSD', networks: [{ name: CHAIN, display_name: 'Anvil', chain_id: '31337', contract_address: PUSD_ADDRESS }] },
    { id: 'MATIC', name: 'Matic', symbol: 'MATIC', networks: [{ name: 'eip155:137', display_name: 'Polygon', chain_id: '137', contract_address: '' }] },
  ],
  paymentCurrencies: ['USD', 'EUR'].map((id) => ({
    id,
    payment_method_limits: [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ],
  })),
};

const PROVIDERS = [
  { label: 'Portico Pay (demo)', name: 'portico-demo', feeRange: '1-2%', url: DEMO_PROVIDER, supportedChains: [CHAIN] },
  { label: 'Elsewhere Pay', name: 'elsewhere', feeRange: '1-2%', url: 'https://elsewhere.test/', supportedChains: ['eip155:137'] },
];

/** 10 Ether and 250.5 Portico USD (an ERC-20 to pay with) on the devchain. */
export const BALANCES: BalanceItem[] = [
  devchainBalance('ETH', '10', { price: 3000, value: 30000 }),
  devchainBalance('PUSD', '250.5', { price: 1, value: 250.5 }),
];

/**
 * Balances and history (refreshed after a payment), providers (one on another network), options (one
 * asset on another network), quote and URL generator.
 */
export const onRampRoutes: ApiRoutes = {
  'GET /v1/account/:address/balance': { json: { balances: BALANCES } },
  'GET /v1/account/:address/history': { json: { data: [], next: null } },
  'GET /v1/onramp/providers': { json: { providers: PROVIDERS } },
  'GET /v1/onramp/options': { json: OPTIONS },
  'POST /v1/onramp/quote': { json: ONRAMP_QUOTE },
  'POST /v1/generators/onrampurl': { json: { url: PROVIDER_URL } },
};

/** The on-ramp service is down: every on-ramp call answers 503 (use with `api.override`). */
export const onRampDown: ApiRoutes = {
  '* /v1/onramp/*': { status: 503, json: { error: 'Service unavailable' } },
  '* /v1/generators/onrampurl': { status: 503, json: { error: 'Service unavailable' } },
};
