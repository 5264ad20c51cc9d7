import { PORTICO_CONTRACT, onRampAtom, routerAtom, type PorticoCore } from '@portico/shared-state';
import { ACCOUNT, apiStub, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import OnRampProviders, { porticoContract, porticoUiContract } from '../src/views/OnRampProviders';
import { onRampDown, onRampRoutes, PROVIDER_URL } from './onramp-routes';

let api: ApiStub;
const originalOpen = window.open;
let popups: { href: string; opener: unknown; closed: boolean; location: { href: string }; close(): void }[];

beforeAll(async () => {
  api = await apiStub(onRampRoutes);
});
afterAll(() => api.close());
beforeEach(() => {
  popups = [];
  window.open = ((url?: string | URL) => {
    const popup = {
      href: String(url ?? ''),
      opener: window as unknown,
      closed: false,
      location: { href: String(url ?? '') },
      close() {
        this.closed = true;
      },
    };
    popups.push(popup);
    return popup as unknown as Window;
  }) as typeof window.open;
});
afterEach(() => {
  cleanupViews();
  window.open = originalOpen;
});

const button = (name: string | RegExp) => screen.getByRole('button', { name });

async function openBuy(): Promise<PorticoCore> {
  const { core } = await testCore({ api, connect: true, views: ['Account', 'OnRampProviders'] });
  renderView(OnRampProviders, { core });
  await screen.findByRole('list', { name: 'Choose a provider' });
  return core;
}

async function chooseDemoProvider() {
  fireEvent.click(button(/^Portico Pay \(demo\)/));
  return (await screen.findByRole('textbox', { name: 'Amount' })) as HTMLInputElement;
}

/** The quote's rows as "term: detail", once it is shown (after the typing settles). */
async function quoteRows() {
  const quote = await screen.findByLabelText('Quote', {}, { timeout: 2000 });
  return within(quote).getAllByRole('term').map((t) => `${t.textContent}: ${t.nextSibling?.textContent}`);
}

describe('OnRampProviders', () => {
  it('exports the contract and shows the providers for the active network as cards with their fee range', async () => {
    expect(porticoContract).toBe(PORTICO_CONTRACT);
    expect(porticoUiContract).toBe(2);
    await openBuy();
    const list = screen.getByRole('list', { name: 'Choose a provider' });
    // Elsewhere Pay supports only eip155:137: not offered on anvil.
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['Portico Pay (demo) Fees 1-2%']);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('the quote follows the typed amount without a button: limits at the field, money in the locale', async () => {
    await openBuy();
    const amount = await chooseDemoProvider();
    expect(button('Buy: ETH')).toBeTruthy();
    expect(button('Currency: USD')).toBeTruthy();
    expect(button('Portico Pay (demo) Fees 1-2% Change')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /quote/i })).toBeNull();
    expect(screen.getByText('Limits: $10.00–$7,500.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Bank account' }));
    expect(screen.getByText('Limits: $10.00–$25,000.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Card' }));

    fireEvent.change(amount, { target: { value: '5' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The minimum is 10.00 USD'), { timeout: 2000 });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(api.requestsTo('/v1/onramp/quote')).toHaveLength(0);
    expect((button('Continue to Portico Pay (demo)') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(amount, { target: { value: '1' } });
    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.change(amount, { target: { value: '100' } });
    expect(await quoteRows()).toEqual(['Fee: $1.50', 'Network fee: $0.01', 'Subtotal: $98.49', 'Total: $100.00']);
    expect((screen.getByRole('textbox', { name: 'You receive' }) as HTMLInputElement).value).toBe('0.03283');
    // One request, for what was typed last.
    expect(api.requestsTo('/v1/onramp/quote').map((r) => JSON.parse(r.body))).toEqual([
      { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'eip155:31337', paymentMethod: 'card' },
    ]);
    expect(screen.getByRole('radio', { name: '$100' })).toHaveProperty('checked', true);

    // A new amount hides the old quote at once.
    fireEvent.change(amount, { target: { value: '120' } });
    expect(screen.queryAllByRole('term')).toEqual([]);
    expect(await screen.findByText('Getting quote…')).toBeTruthy();

    fireEvent.click(button(/ Change$/));
    expect(screen.getByRole('list', { name: 'Choose a provider' })).toBeTruthy();
  });

  it('a preset fills the amount; the asset and currency come from their sheets', async () => {
    await openBuy();
    const amount = await chooseDemoProvider();
    const presets = screen.getByRole('radiogroup', { name: 'Presets' });
    expect(within(presets).getAllByRole('radio')).toHaveLength(4);
    for (const name of ['$50', '$100', '$250', '$500']) expect(within(presets).getByRole('radio', { name })).toHaveProperty('checked', false);
    fireEvent.click(screen.getByRole('radio', { name: '$250' }));
    expect(amount.value).toBe('250');
    fireEvent.click(button('Buy: ETH'));
    const assets = screen.getByRole('dialog', { name: 'Select a token' });
    // MATIC is on another network: not offered here.
    expect(within(assets).getAllByRole('listitem')).toHaveLength(2);
    expect(within(assets).getByRole('button', { name: /^ETH Ether/ }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(within(assets).getByRole('button', { name: /^PUSD/ }));
    fireEvent.click(button('Currency: USD'));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Select a currency' })).getByRole('button', { name: /^EUR/ }));
    expect(button('Buy: PUSD')).toBeTruthy();
    expect(await quoteRows()).toContain('Total: $100.00');
    expect(JSON.parse(api.requestsTo('/v1/onramp/quote').at(-1)!.body)).toMatchObject({ purchaseCurrency: 'PUSD', paymentCurrency: 'EUR', amount: '250' });
    expect(screen.getByRole('radio', { name: '€250' })).toHaveProperty('checked', true);
  });

  it('Continue opens the provider URL in a new window; the view follows the purchase to its result', async () => {
    let asked = 0;
    const session = { network: 'eip155:31337', asset: 'ETH', paymentTotal: { amount: '100.00', currency: 'EUR' }, purchaseAmount: { amount: '0.03546', currency: 'ETH' } };
    const hash = `0x${'ab'.repeat(32)}`;
    api.override({
      'GET /v1/onramp/sessions/:id': () =>
        asked++ === 0 ? { json: { ...session, status: 'created', txHash: null, paymentTotal: null, purchaseAmount: null } } : { json: { ...session, status: 'completed', txHash: hash } },
    });
    const core = await openBuy();
    const amount = await chooseDemoProvider();
    fireEvent.click(button('Currency: USD'));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Select a currency' })).getByRole('button', { name: /^EUR/ }));
    fireEvent.change(amount, { target: { value: '100' } });
    await quoteRows();
    fireEvent.click(button('Continue to Portico Pay (demo)'));
    await screen.findByText('Continue in the Portico Pay (demo) window.');
    expect(screen.getByText('This screen moves on by itself when the purchase is done.')).toBeTruthy();
    expect(popups).toHaveLength(1);
    expect(popups[0]!.location.href).toBe(PROVIDER_URL);
    expect(popups[0]!.opener).toBeNull();
    const body = JSON.parse(api.requestsTo('/v1/generators/onrampurl')[0]!.body);
    expect(body).toMatchObject({
      destinationWallets: [{ address: ACCOUNT, blockchains: ['eip155:31337'], assets: ['ETH'] }],
      defaultNetwork: 'eip155:31337',
      partnerUserId: ACCOUNT,
      defaultExperience: 'buy',
      presetFiatAmount: '100',
      fiatCurrency: 'EUR',
      provider: 'portico-demo',
    });

    // The provider finished: the view moves on by itself.
    await screen.findByText('Purchase complete', undefined, { timeout: 6000 });
    expect(screen.getByText('0.03546 ETH')).toBeTruthy();
    expect(screen.getByText('€100.00 paid with Portico Pay (demo)')).toBeTruthy();
    expect(screen.getByTitle(hash)).toBeTruthy();
    fireEvent.click(button('Done'));
    expect(core.store.get(routerAtom).view).toBe('Account');
  }, 15_000);

  it('a failed purchase offers Try again, back to the form with its values', async () => {
    api.override({
      'GET /v1/onramp/sessions/:id': { json: { status: 'failed', network: 'eip155:31337', asset: 'ETH', txHash: `0x${'cd'.repeat(32)}`, paymentTotal: null, purchaseAmount: null } },
    });
    await openBuy();
    const amount = await chooseDemoProvider();
    fireEvent.click(screen.getByRole('radio', { name: '$50' }));
    await quoteRows();
    fireEvent.click(button('Continue to Portico Pay (demo)'));
    await screen.findByText('Purchase failed', undefined, { timeout: 6000 });
    expect(screen.getByRole('alert').textContent).toContain('The delivering transaction reverted, so nothing was delivered.');
    fireEvent.click(button('Try again'));
    expect(amount.value).toBe('50');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toBe(amount);
  }, 15_000);

  it('the URL call failing closes the blank window and says so', async () => {
    api.override({ 'POST /v1/generators/onrampurl': { status: 500, json: { error: 'boom' } } });
    await openBuy();
    const amount = await chooseDemoProvider();
    fireEvent.change(amount, { target: { value: '50' } });
    await quoteRows();
    fireEvent.click(button('Continue to Portico Pay (demo)'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Could not open Portico Pay (demo). Try again.'));
    expect(popups[0]!.closed).toBe(true);
  });

  it('API down: the canned sample data (spec section 8), said to be sample data', async () => {
    api.override(onRampDown);
    const core = await openBuy();
    expect(screen.getByRole('note').textContent).toContain('sample data');
    expect(core.store.get(onRampAtom).sample).toBe(true);
    const amount = await chooseDemoProvider();
    expect(screen.getByText('Limits: $10.00–$7,500.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Bank account' }));
    expect(screen.getByText('Limits: $10.00–$25,000.00')).toBeTruthy();
    fireEvent.click(button('Currency: USD'));
    const currencies = screen.getByRole('dialog', { name: 'Select a currency' });
    expect(within(currencies).getAllByRole('button', { name: /^(USD|EUR) / }).map((b) => b.getAttribute('aria-current') === 'true')).toEqual([true, false]);
    fireEvent.click(button('Close'));
    fireEvent.change(amount, { target: { value: '200' } });
    expect(await quoteRows()).toContain('Total: $200.00');
    expect(screen.getAllByRole('note').map((note) => note.textContent).join(' ')).toContain('Sample quote');
    expect(screen.getByText('Shown by the provider')).toBeTruthy();
  });

  it('a refused quote shows the service’s reason at the amount', async () => {
    api.override({ 'POST /v1/onramp/quote': { status: 400, json: { error: 'amount: too small to cover the fees' } } });
    await openBuy();
    const amount = await chooseDemoProvider();
    fireEvent.change(amount, { target: { value: '10' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Amount: too small to cover the fees'), { timeout: 2000 });
    expect(amount.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(screen.queryAllByRole('term')).toEqual([]);
  });
});
