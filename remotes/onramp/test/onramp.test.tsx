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
  await screen.findByRole('textbox', { name: 'Amount' });
}

describe('OnRampProviders', () => {
  it('exports the contract and lists the providers for the active network with their fee range', async () => {
    expect(porticoContract).toBe(PORTICO_CONTRACT);
    expect(porticoUiContract).toBe(2);
    await openBuy();
    const list = screen.getByRole('list', { name: 'Choose a provider' });
    // Elsewhere Pay supports only eip155:137: not offered on anvil.
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['Portico Pay (demo)Fees 1-2%']);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('amount with the method limits, quote with fee, subtotal and total', async () => {
    await openBuy();
    await chooseDemoProvider();
    expect((screen.getByRole('combobox', { name: 'Buy' }) as HTMLSelectElement).value).toBe('ETH');
    // MATIC is on another network: not offered here.
    expect(within(screen.getByRole('combobox', { name: 'Buy' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Ether (ETH)',
      'Portico USD (PUSD)',
    ]);
    expect(within(screen.getByRole('combobox', { name: 'Currency' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['USD', 'EUR']);
    expect(screen.getByText('Limits: 10.00–7500.00 USD')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Payment method' }), { target: { value: 'ach_bank_account' } });
    expect(screen.getByText('Limits: 10.00–25000.00 USD')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Payment method' }), { target: { value: 'card' } });

    const amount = screen.getByRole('textbox', { name: 'Amount' });
    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.click(button('Get quote'));
    expect(screen.getByRole('alert').textContent).toBe('The minimum is 10.00 USD');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(api.requestsTo('/v1/onramp/quote')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.click(button('Get quote'));
    const quote = await screen.findByRole('region', { name: 'Quote' });
    const rows = within(quote).getAllByRole('term').map((t) => `${t.textContent}: ${t.nextSibling?.textContent}`);
    expect(rows).toEqual(['Fee: 1.50 USD', 'Network fee: 0.01 USD', 'Subtotal: 98.49 USD', 'Total: 100.00 USD', 'You receive: 0.03283 ETH']);
    expect(JSON.parse(api.requestsTo('/v1/onramp/quote')[0]!.body)).toEqual({
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '100',
      network: 'eip155:31337',
      paymentMethod: 'card',
    });
    expect(within(quote).getByText('The purchase appears in Activity when it is done.')).toBeTruthy();

    // Changing the amount hides the old quote.
    fireEvent.change(amount, { target: { value: '120' } });
    expect(screen.queryByRole('region', { name: 'Quote' })).toBeNull();
  });

  it('Continue opens the provider URL in a new window, then points to Activity', async () => {
    const core = await openBuy();
    await chooseDemoProvider();
    fireEvent.change(screen.getByRole('combobox', { name: 'Currency' }), { target: { value: 'EUR' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '100' } });
    fireEvent.click(button('Get quote'));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Portico Pay (demo)' }));
    await screen.findByText('Continue in the Portico Pay (demo) window.');
    expect(screen.getByText('When the purchase is done, it appears in Activity.')).toBeTruthy();
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
    fireEvent.click(button('Back to account'));
    expect(core.store.get(routerAtom).view).toBe('Account');
  });

  it('the URL call failing closes the blank window and says so', async () => {
    api.override({ 'POST /v1/generators/onrampurl': { status: 500, json: { error: 'boom' } } });
    await openBuy();
    await chooseDemoProvider();
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '50' } });
    fireEvent.click(button('Get quote'));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Portico Pay (demo)' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Could not open Portico Pay (demo). Try again.'));
    expect(popups[0]!.closed).toBe(true);
  });

  it('API down: the canned sample data (spec section 8), said to be sample data', async () => {
    api.override(onRampDown);
    const core = await openBuy();
    expect(screen.getByRole('note').textContent).toContain('sample data');
    expect(core.store.get(onRampAtom).sample).toBe(true);
    await chooseDemoProvider();
    expect(screen.getByText('Limits: 10.00–7500.00 USD')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Payment method' }), { target: { value: 'ach_bank_account' } });
    expect(screen.getByText('Limits: 10.00–25000.00 USD')).toBeTruthy();
    expect(within(screen.getByRole('combobox', { name: 'Currency' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['USD', 'EUR']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '200' } });
    fireEvent.click(button('Get quote'));
    const quote = await screen.findByRole('region', { name: 'Quote' });
    expect(within(quote).getByRole('note').textContent).toContain('Sample quote');
    expect(within(quote).getByText('200.00 USD')).toBeTruthy();
    expect(within(quote).getByText('Shown by the provider')).toBeTruthy();
  });

  it('a refused quote shows the service’s reason', async () => {
    api.override({ 'POST /v1/onramp/quote': { status: 400, json: { error: 'amount: too small to cover the fees' } } });
    await openBuy();
    await chooseDemoProvider();
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '10' } });
    fireEvent.click(button('Get quote'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Amount: too small to cover the fees'));
    expect(screen.queryByRole('region', { name: 'Quote' })).toBeNull();
  });
});
