import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { onRampAtom, type PorticoCore } from '../src/index';
import { initialOnRampState } from '../src/onramp';
import { isOnRampRestricted, onRampAmountError } from '../src/onramp-rules';
import { sampleOnRampOptions, sampleOnRampQuote } from '../src/controllers/onramp';
import { ONRAMP_QUOTE, apiStub, resetTestKit, testCore, type ApiStub } from '@portico/test-kit';

const OPTIONS = {
  purchaseCurrencies: [
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ name: 'eip155:31337', display_name: 'Anvil', chain_id: '31337', contract_address: '' }] },
  ],
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '20.00', max: '500.00' }] }],
};
const PROVIDERS = [{ label: 'Portico Pay (demo)', name: 'portico-demo', feeRange: '1-2%', url: 'http://api/onramp-demo/', supportedChains: ['eip155:31337'] }];

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub({
    'GET /v1/onramp/providers': { json: { providers: PROVIDERS } },
    'GET /v1/onramp/options': { json: OPTIONS },
    'POST /v1/onramp/quote': { json: ONRAMP_QUOTE },
    'POST /v1/generators/onrampurl': { json: { url: 'http://api/onramp-demo/?session=abc' } },
  });
});
afterAll(() => api.close());
afterEach(resetTestKit);

/** Connected, talking to the stub API (`withApi: false`: the host set no apiUrl). */
async function connectedCore(withApi = true): Promise<PorticoCore> {
  const { core } = await testCore({ api: withApi ? api : undefined, connect: true });
  return core;
}

describe('restricted time zones (spec section 9)', () => {
  it('mainland China, Hong Kong and Macau zones are restricted; others are not', () => {
    for (const zone of ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Chongqing', 'Asia/Harbin', 'Asia/Kashgar', 'Asia/Hong_Kong', 'Asia/Macau']) {
      expect(isOnRampRestricted(zone)).toBe(true);
    }
    for (const zone of ['Europe/Berlin', 'Asia/Taipei', 'Asia/Singapore', 'UTC', undefined]) expect(isOnRampRestricted(zone)).toBe(false);
  });
});

describe('amount limits', () => {
  const card = { id: 'card', min: '10.00', max: '7500.00' };
  it('names the problem', () => {
    expect(onRampAmountError('', card, 'USD')).toBe('Enter an amount');
    expect(onRampAmountError('1.234', card, 'USD')).toBe('Enter an amount with at most 2 decimals');
    expect(onRampAmountError('9.99', card, 'USD')).toBe('The minimum is 10.00 USD');
    expect(onRampAmountError('7500.01', card, 'EUR')).toBe('The maximum is 7500.00 EUR');
    expect(onRampAmountError('10', card, 'USD')).toBeUndefined();
    expect(onRampAmountError(' 7500.00 ', card, 'USD')).toBeUndefined();
  });
});

describe('OnRampController', () => {
  it('loads providers and options from the API', async () => {
    const core = await connectedCore();
    await core.onramp.load();
    const state = core.store.get(onRampAtom);
    expect(state).toMatchObject({ status: 'ready', providers: PROVIDERS, options: OPTIONS, sample: false });
    expect(api.requestsTo('/v1/onramp/options')[0]!.params.get('projectId')).toBe('test-project');
  });

  it('falls back to the canned sample data when options fail (spec section 8)', async () => {
    api.override({ 'GET /v1/onramp/options': { status: 503, json: { error: 'down' } }, 'GET /v1/onramp/providers': { status: 503, json: { error: 'down' } } });
    const core = await connectedCore();
    await core.onramp.load();
    const state = core.store.get(onRampAtom);
    expect(state.sample).toBe(true);
    expect(state.providers.map((p) => [p.label, p.feeRange])).toEqual([['Portico Pay (demo)', '1-2%']]);
    expect(state.options!.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'ach_bank_account', min: '10.00', max: '25000.00' }] },
      { id: 'EUR', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'ach_bank_account', min: '10.00', max: '25000.00' }] },
    ]);
    expect(state.options!.purchaseCurrencies[0]).toMatchObject({ symbol: 'ETH', networks: [{ name: 'eip155:31337', chain_id: '31337' }] });
  });

  it('without an apiUrl the sample data is used at once', async () => {
    const core = await connectedCore(false);
    await core.onramp.load();
    expect(core.store.get(onRampAtom).sample).toBe(true);
    expect(core.store.get(onRampAtom).options).toEqual(sampleOnRampOptions(core.options.networks));
  });

  it('quotes after checking the limits from the options', async () => {
    const core = await connectedCore();
    await core.onramp.load();
    const request = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '19', network: 'eip155:31337' };
    expect(await core.onramp.quote(request)).toBeUndefined();
    expect(core.store.get(onRampAtom).quote).toMatchObject({ status: 'error', error: 'The minimum is 20.00 USD' });
    expect(api.requestsTo('/v1/onramp/quote')).toHaveLength(0);

    expect(await core.onramp.quote({ ...request, amount: '100' })).toEqual(ONRAMP_QUOTE);
    expect(JSON.parse(api.requestsTo('/v1/onramp/quote')[0]!.body)).toEqual({ ...request, amount: '100' });
    expect(core.store.get(onRampAtom).quote).toMatchObject({ status: 'ready', data: ONRAMP_QUOTE });
    expect(core.store.get(onRampAtom).quote!.sample).toBeUndefined();
  });

  it('a refused quote shows the reason; a failed one falls back to the sample quote', async () => {
    const core = await connectedCore();
    await core.onramp.load();
    const request = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'eip155:31337' };
    api.override({ 'POST /v1/onramp/quote': { status: 400, json: { error: 'amount: too small to cover the fees' } } });
    await core.onramp.quote(request);
    expect(core.store.get(onRampAtom).quote).toMatchObject({ status: 'error', error: 'Amount: too small to cover the fees' });

    api.override({ 'POST /v1/onramp/quote': { status: 503, json: { error: 'Upstream node unavailable' } } });
    const quote = await core.onramp.quote(request);
    expect(quote).toEqual(sampleOnRampQuote(request));
    expect(quote).toMatchObject({ paymentTotal: { amount: '100.00' }, coinbaseFee: { amount: '1.50' }, paymentSubtotal: { amount: '98.50' } });
    expect(core.store.get(onRampAtom).quote).toMatchObject({ status: 'ready', sample: true });
  });

  it('openProvider asks for the URL with the account and hands it to openWindow', async () => {
    const core = await connectedCore();
    const opened: string[] = [];
    const ok = await core.onramp.openProvider(
      { provider: PROVIDERS[0]!, purchaseCurrency: 'ETH', paymentCurrency: 'EUR', amount: '100' },
      (url) => opened.push(url),
    );
    expect(ok).toBe(true);
    expect(opened).toEqual(['http://api/onramp-demo/?session=abc']);
    const body = JSON.parse(api.requestsTo('/v1/generators/onrampurl')[0]!.body);
    expect(body).toMatchObject({
      destinationWallets: [{ blockchains: ['eip155:31337'], assets: ['ETH'] }],
      defaultNetwork: 'eip155:31337',
      defaultExperience: 'buy',
      presetFiatAmount: '100',
      fiatCurrency: 'EUR',
      provider: 'portico-demo',
    });
    expect(body.destinationWallets[0].address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(body.partnerUserId).toBe(body.destinationWallets[0].address);
    expect(core.store.get(onRampAtom).opened).toEqual({ provider: 'Portico Pay (demo)', url: 'http://api/onramp-demo/?session=abc' });
  });

  it('openProvider failure leaves the window closed and says so', async () => {
    api.override({ 'POST /v1/generators/onrampurl': { status: 503, json: { error: 'down' } } });
    const core = await connectedCore();
    const opened: string[] = [];
    expect(await core.onramp.openProvider({ provider: PROVIDERS[0]!, purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100' }, (url) => opened.push(url))).toBe(false);
    expect(opened).toEqual([]);
    expect(core.store.get(onRampAtom).openError).toBe('Could not open Portico Pay (demo). Try again.');
  });

  it('starts idle', () => {
    expect(initialOnRampState).toEqual({ status: 'idle', providers: [], sample: false });
  });
});
