import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { onRampAtom, type PorticoCore } from '../src/index';
import { initialOnRampState } from '../src/onramp';
import {
  currentOnRampQuote,
  formatFiat,
  isOnRampRestricted,
  onRampAmountError,
  onRampPresets,
  onRampPurchaseOngoing,
  onRampSessionId,
  sameOnRampRequest,
} from '../src/onramp-rules';
import { createOnRampController, sampleOnRampOptions, sampleOnRampQuote } from '../src/controllers/onramp';
import { ONRAMP_QUOTE, apiStub, resetTestKit, testCore, type ApiStub } from '@portico/test-kit';

const OPTIONS = {
  purchaseCurrencies: [
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ name: 'eip155:31337', display_name: 'Anvil', chain_id: '31337', contract_address: '' }] },
  ],
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '20.00', max: '500.00' }] }],
};
const PROVIDERS = [{ label: 'Portico Pay (demo)', name: 'portico-demo', feeRange: '1-2%', url: 'http://api/onramp-demo/', supportedChains: ['eip155:31337'] }];

let api: ApiStub;

/** Polls `done` until it holds (2 s at most). */
async function until(done: () => boolean) {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 2000) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
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

describe('amount presets', () => {
  it('round amounts inside the method limits', () => {
    expect(onRampPresets({ id: 'card', min: '10.00', max: '7500.00' })).toEqual(['50', '100', '250', '500']);
    expect(onRampPresets({ id: 'card', min: '75.00', max: '300.00' })).toEqual(['100', '250']);
    expect(onRampPresets(undefined)).toEqual(['50', '100', '250', '500']);
  });
});

describe('money in the locale', () => {
  it("uses the currency's narrow symbol, cents unless a whole preset", () => {
    expect(formatFiat('1.5', 'USD', 'en')).toBe('$1.50');
    expect(formatFiat('7500.00', 'USD', 'en')).toBe('$7,500.00');
    expect(formatFiat('250', 'USD', 'en', true)).toBe('$250');
    expect(formatFiat('12.5', 'USD', 'en', true)).toBe('$12.50');
    expect(formatFiat('100', 'EUR', 'de', true)).toBe('100\u00a0€');
    // Not "$US": the narrow symbol in every locale.
    expect(formatFiat('100', 'USD', 'fr')).toBe('100,00\u00a0$');
    expect(formatFiat('0.003', 'USD', 'en')).toBe('< $0.01');
    expect(formatFiat('0', 'USD', 'en')).toBe('$0.00');
    expect(formatFiat('abc', 'USD', 'en')).toBe('abc');
  });
});

describe('stale quotes', () => {
  const request = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'eip155:31337' };
  it('a quote belongs to the values it was asked for', () => {
    expect(sameOnRampRequest(request, { ...request, amount: ' 100 ' })).toBe(true);
    expect(sameOnRampRequest(request, { ...request, paymentMethod: 'card' })).toBe(true);
    expect(sameOnRampRequest(request, { ...request, amount: '1000' })).toBe(false);
    expect(sameOnRampRequest(request, { ...request, paymentCurrency: 'EUR' })).toBe(false);
    expect(sameOnRampRequest(request, { ...request, paymentMethod: 'ach_bank_account' })).toBe(false);
    const ready = { status: 'ready' as const, request, data: ONRAMP_QUOTE };
    expect(currentOnRampQuote(ready, request)).toBe(ready);
    expect(currentOnRampQuote(ready, { ...request, amount: '250' })).toBeUndefined();
    expect(currentOnRampQuote(undefined, request)).toBeUndefined();
  });
});

describe('following the purchase', () => {
  it("finds the demo provider's session in its URL", () => {
    const id = 'A'.repeat(43);
    expect(onRampSessionId(`http://127.0.0.1:8788/onramp-demo/?session=${id}`)).toBe(id);
    expect(onRampSessionId('https://pay.example/buy?address=0x1')).toBeUndefined();
    expect(onRampSessionId('http://api/onramp-demo/?session=short')).toBeUndefined();
    expect(onRampSessionId('not a url')).toBeUndefined();
  });
  it('waiting and processing go on; the rest are ends', () => {
    expect(['waiting', 'processing'].every((s) => onRampPurchaseOngoing(s as 'waiting'))).toBe(true);
    expect(['completed', 'failed', 'expired', 'unknown'].some((s) => onRampPurchaseOngoing(s as 'completed'))).toBe(false);
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

  /** A controller on the stub API with short timing (the core's uses the spec's 500 ms debounce). */
  async function fastController() {
    const core = await connectedCore();
    const controller = createOnRampController({
      store: core.store,
      api: { apiUrl: api.url, projectId: 'test-project' },
      networks: core.options.networks.map((network) =>
        network.caipNetworkId === 'eip155:31337' ? { ...network, blockExplorers: { default: { name: 'Local', url: 'https://explorer.test/' } } } : network,
      ),
      timing: { debounceMs: 30, pollMs: 10 },
    });
    await controller.load();
    return { core, controller };
  }
  const request = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'eip155:31337' };

  it('quotes as the amount is typed: one request after the last keystroke, for the last amount', async () => {
    const { core, controller } = await fastController();
    const typed = ['2', '25', '250'].map((amount) => controller.quote({ ...request, amount }));
    // At once: the newest values are pending; nothing older is on show.
    expect(core.store.get(onRampAtom).quote).toEqual({ status: 'pending', request: { ...request, amount: '250' } });
    expect(await Promise.all(typed)).toEqual([undefined, undefined, ONRAMP_QUOTE]);
    expect(api.requestsTo('/v1/onramp/quote').map((r) => JSON.parse(r.body).amount)).toEqual(['250']);
    expect(core.store.get(onRampAtom).quote).toMatchObject({ status: 'ready', request: { amount: '250' }, data: ONRAMP_QUOTE });
  });

  it('an answer that arrives after a newer edit is dropped; an empty amount clears the quote', async () => {
    const { core, controller } = await fastController();
    let answered!: () => void;
    const held = new Promise<void>((resolve) => (answered = resolve));
    api.override({ 'POST /v1/onramp/quote': async () => (await held, { json: ONRAMP_QUOTE }) });
    const slow = controller.quote(request);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(core.store.get(onRampAtom).quote).toMatchObject({ status: 'loading', request });
    const newer = controller.quote({ ...request, amount: '7' });
    answered();
    await slow;
    expect(core.store.get(onRampAtom).quote).toMatchObject({ status: 'pending', request: { amount: '7' } });
    await newer;
    // Checked at the field after the debounce, never sent.
    expect(core.store.get(onRampAtom).quote).toMatchObject({ status: 'error', request: { amount: '7' }, error: 'The minimum is 20.00 USD' });
    expect(api.requestsTo('/v1/onramp/quote')).toHaveLength(1);
    await controller.quote({ ...request, amount: ' ' });
    expect(core.store.get(onRampAtom).quote).toBeUndefined();
  });

  it('follows the demo purchase until it completes: hash, explorer link, amounts', async () => {
    const session = 'S'.repeat(43);
    const url = `http://api/onramp-demo/?session=${session}`;
    const hash = `0x${'ab'.repeat(32)}`;
    const replies = [
      { status: 'created', network: 'eip155:31337', asset: 'ETH', txHash: null, paymentTotal: null, purchaseAmount: null },
      { status: 'processing', network: 'eip155:31337', asset: 'ETH', txHash: hash, paymentTotal: { amount: '100.00', currency: 'USD' }, purchaseAmount: { amount: '0.0328', currency: 'ETH' } },
      { status: 'completed', network: 'eip155:31337', asset: 'ETH', txHash: hash, paymentTotal: { amount: '100.00', currency: 'USD' }, purchaseAmount: { amount: '0.0328', currency: 'ETH' } },
    ];
    let asked = 0;
    api.override({
      'POST /v1/generators/onrampurl': { json: { url } },
      'GET /v1/onramp/sessions/:id': () => ({ json: replies[Math.min(asked++, replies.length - 1)] }),
    });
    const { core, controller } = await fastController();
    const seen: string[] = [];
    const unsubscribe = core.store.sub(onRampAtom, () => {
      const status = core.store.get(onRampAtom).opened?.purchase?.status;
      if (status && seen.at(-1) !== status) seen.push(status);
    });
    expect(await controller.openProvider({ provider: PROVIDERS[0]!, purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100' }, () => {})).toBe(true);
    await until(() => core.store.get(onRampAtom).opened?.purchase?.status === 'completed');
    unsubscribe();
    expect(seen).toEqual(['waiting', 'processing', 'completed']);
    expect(core.store.get(onRampAtom).opened).toEqual({
      provider: 'Portico Pay (demo)',
      url,
      purchase: {
        status: 'completed',
        txHash: hash,
        explorerUrl: `https://explorer.test/tx/${hash}`,
        paymentTotal: { amount: '100.00', currency: 'USD' },
        purchaseAmount: { amount: '0.0328', currency: 'ETH' },
      },
    });
    expect(api.requestsTo(`/v1/onramp/sessions/${session}`)[0]!.params.get('projectId')).toBe('test-project');
    // Ended: no more asking.
    const count = api.requestsTo(`/v1/onramp/sessions/${session}`).length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo(`/v1/onramp/sessions/${session}`)).toHaveLength(count);
  });

  it('a failed delivery ends the purchase as failed; an API that stops answering as unknown; a new visit stops following', async () => {
    const url = `http://api/onramp-demo/?session=${'F'.repeat(43)}`;
    const purchase = { provider: PROVIDERS[0]!, purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100' };
    api.override({
      'POST /v1/generators/onrampurl': { json: { url } },
      'GET /v1/onramp/sessions/:id': { json: { status: 'failed', network: 'eip155:31337', asset: 'ETH', txHash: `0x${'cd'.repeat(32)}`, paymentTotal: null, purchaseAmount: null } },
    });
    const { core, controller } = await fastController();
    await controller.openProvider(purchase, () => {});
    await until(() => core.store.get(onRampAtom).opened?.purchase?.status === 'failed');

    api.override({ 'GET /v1/onramp/sessions/:id': { status: 404, json: { error: 'id: no such purchase session' } } });
    await controller.openProvider(purchase, () => {});
    expect(core.store.get(onRampAtom).opened?.purchase).toEqual({ status: 'waiting' });
    await until(() => core.store.get(onRampAtom).opened?.purchase?.status === 'unknown');

    api.override({ 'GET /v1/onramp/sessions/:id': { json: { status: 'created', network: 'eip155:31337', asset: 'ETH', txHash: null, paymentTotal: null, purchaseAmount: null } } });
    await controller.openProvider(purchase, () => {});
    await controller.load();
    const count = api.requestsTo(/^\/v1\/onramp\/sessions\//).length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo(/^\/v1\/onramp\/sessions\//).length).toBeLessThanOrEqual(count + 1);
    expect(core.store.get(onRampAtom).opened).toBeUndefined();
  });

  it('starts idle', () => {
    expect(initialOnRampState).toEqual({ status: 'idle', providers: [], sample: false });
  });
});
