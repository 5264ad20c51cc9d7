import { PORTICO_CONTRACT, routerAtom, swapAtom, type BalanceItem } from '@portico/shared-state';
import {
  ACCOUNT,
  CHAIN,
  EXPLORER,
  PTK_ADDRESS,
  PUSD_ADDRESS,
  ROUTER,
  SWAP_GAS,
  TX_HASH,
  apiStub,
  approveData,
  exchangeRoutes,
  initialExchange,
 
  testCore,
  type ApiStub,
  type ExchangeState,
} from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import Swap, { porticoContract } from '../src/views/Swap';

const MAX_UINT256 = 2n ** 256n - 1n;
const BALANCES: BalanceItem[] = [
  { name: 'Ether', symbol: 'ETH', chainId: CHAIN, quantity: { decimals: '18', numeric: '10' } },
  { name: 'Portico USD', symbol: 'PUSD', chainId: CHAIN, address: `${CHAIN}:${PUSD_ADDRESS}`, quantity: { decimals: '6', numeric: '25000' } },
];

/** The exchange the stub API answers from; each test starts from a fresh one (price impact under 0.01 %). */
const exchange: ExchangeState = initialExchange();
let api: ApiStub;
beforeAll(async () => {
  api = await apiStub({
    ...exchangeRoutes(exchange),
    'GET /v1/account/:address/balance': { json: { balances: BALANCES } },
    // A mined swap refreshes the balances and the activity.
    'GET /v1/account/:address/history': { json: { data: [] } },
  });
});
beforeEach(() => {
  Object.assign(exchange, initialExchange(), { priceImpact: 0.00999, swapRecipient: undefined });
});
afterEach(cleanupViews);
afterAll(() => api.close());

const amountInput = () => screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
const group = (name: 'From' | 'To') => screen.getByRole('radiogroup', { name });
const submit = () => screen.getByRole('button', { name: /^(Swap|Approve \w+)$/ }) as HTMLButtonElement;

async function renderSwap() {
  const { core, adapter } = await testCore({ api, adapter: { walletWaits: true }, connect: true, views: ['Account', 'Swap'] });
  renderView(Swap, { core });
  return { core, adapter };
}

/** Renders Swap and waits for the exchange's tokens with the account's balances. */
async function openSwap() {
  const opened = await renderSwap();
  await screen.findByRole('radiogroup', { name: 'From' });
  await waitFor(() => expect(within(group('From')).getByRole('radio', { name: /^PUSD, balance 25,000/ })).toBeTruthy());
  return opened;
}

/** Picks the tokens and the amount, then waits for the debounced quote. */
async function quoteFor(amount: string, from = 'PUSD', to = 'PTK') {
  fireEvent.click(within(group('From')).getByRole('radio', { name: new RegExp(`^${from},`) }));
  fireEvent.click(within(group('To')).getByRole('radio', { name: new RegExp(`^${to},`) }));
  fireEvent.change(amountInput(), { target: { value: amount } });
  await screen.findByText('You receive', {}, { timeout: 2000 });
}

describe('Swap form', () => {
  it('exports the contract number; From and To list the exchange tokens, held ones first, with balances', async () => {
    expect(porticoContract).toBe(PORTICO_CONTRACT);
    await openSwap();
    const labels = (name: 'From' | 'To') => within(group(name)).getAllByRole('radio').map((r) => r.getAttribute('aria-label'));
    expect(labels('From')).toEqual(['ETH, balance 10', 'PUSD, balance 25,000', 'PTK, balance 0']);
    expect(labels('To')).toEqual(labels('From'));
    // Spec section 9: suggested (held) and popular (the rest of the exchange's tokens) lists.
    const section = (name: string) =>
      within(within(group('From')).getByRole('group', { name })).getAllByRole('radio').map((r) => r.getAttribute('aria-label'));
    expect(section('Suggested')).toEqual(['ETH, balance 10', 'PUSD, balance 25,000']);
    expect(section('Popular')).toEqual(['PTK, balance 0']);
    expect(api.requestsTo('/v1/convert/tokens')[0]!.params.get('chainId')).toBe(CHAIN);
    expect(screen.getByRole('radio', { name: '1%' })).toHaveProperty('checked', true);
    expect(submit().disabled).toBe(true);
  });

  it('search filters both lists by symbol or name', async () => {
    await openSwap();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tokens' }), { target: { value: 'portico t' } });
    expect(within(group('From')).getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['PTK, balance 0']);
  });

  it('live quote after the debounce: you receive, minimum received at 1 %, price impact, fee; Approve PUSD when the allowance is short', async () => {
    await openSwap();
    await quoteFor('100');
    expect(api.requestsTo('/v1/convert/quotes')).toHaveLength(1);
    const quote = screen;
    expect(quote.getByText('39.96 PTK').getAttribute('title')).toBe('39.96');
    expect(quote.getByText('39.56 PTK').getAttribute('title')).toBe('39.5604');
    expect(quote.getByText('< 0.01%')).toBeTruthy();
    expect(quote.getByText('0.3 PUSD')).toBeTruthy();
    expect(submit().textContent).toBe('Approve PUSD');
    fireEvent.click(screen.getByRole('radio', { name: '2%' }));
    await waitFor(() => expect(screen.getByText('39.161 PTK').getAttribute('title')).toBe('39.1608'), { timeout: 2000 });
  });

  it('Max fills the whole balance of the From token', async () => {
    await openSwap();
    expect((screen.getByRole('button', { name: 'Max' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(group('From')).getByRole('radio', { name: /^PUSD,/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountInput().value).toBe('25000');
  });

  it('more than the balance: a clear error, no quote', async () => {
    await openSwap();
    fireEvent.click(within(group('From')).getByRole('radio', { name: /^PUSD,/ }));
    fireEvent.click(within(group('To')).getByRole('radio', { name: /^PTK,/ }));
    fireEvent.change(amountInput(), { target: { value: '30000' } });
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toBe('Insufficient PUSD balance');
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');
    expect(api.requestsTo('/v1/convert/quotes')).toHaveLength(0);
  });

  it("an unsupported network: the API's 'Network not supported for Swaps' as an alert", async () => {
    api.override({ 'GET /v1/convert/tokens': { status: 400, json: { error: 'Network not supported for Swaps' } } });
    await renderSwap();
    expect((await screen.findByRole('alert')).textContent).toBe('Network not supported for Swaps');
  });
});

describe('Swap flow', () => {
  it('Approve PUSD → wallet → approving → Swap → wallet → pending → success with the explorer link', async () => {
    const { core, adapter } = await openSwap();
    await quoteFor('100');
    fireEvent.click(submit());
    expect((await screen.findByText('Approve PUSD in your wallet')).closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(adapter.calls).toHaveLength(1));
    // Exactly the swap amount by default.
    expect(adapter.calls[0]).toMatchObject({ from: ACCOUNT, to: PUSD_ADDRESS, data: approveData(ROUTER, 100_000_000n), value: '0' });
    act(() => adapter.approve());
    await waitFor(() => expect(submit().textContent).toBe('Swap'));

    fireEvent.click(submit());
    await waitFor(() => expect(adapter.calls).toHaveLength(2));
    expect(screen.getByRole('status').textContent).toContain('Confirm the swap in your wallet');
    expect(adapter.calls[1]).toMatchObject({ from: ACCOUNT, to: ROUTER, value: '0', gas: SWAP_GAS });
    expect(adapter.calls[1]!.data).toMatch(/^0x38ed1739/);
    expect(JSON.parse(api.requestsTo('/v1/convert/build-transaction')[0]!.body)).toMatchObject({
      amount: '100000000', eip155: { slippage: '1' }, from: `${CHAIN}:${PUSD_ADDRESS}`, to: `${CHAIN}:${PTK_ADDRESS}`, userAddress: `${CHAIN}:${ACCOUNT}`,
    });
    act(() => adapter.approve(TX_HASH));
    const status = await screen.findByText('Swapped');
    expect(status.closest('[role="status"]')!.textContent).toContain('100 PUSD for 39.96 PTK');
    expect(screen.getByRole('link', { name: 'View on block explorer' }).getAttribute('href')).toBe(`${EXPLORER}/tx/${TX_HASH}`);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(core.store.get(routerAtom).view).toBe('Account');
    expect(core.store.get(swapAtom).status).toBe('editing');
  });

  it('an approval sent but unconfirmed: Approval sent, not yet confirmed; Check again reads the same transaction', async () => {
    const { adapter } = await openSwap();
    await quoteFor('100');
    adapter.receiptError = new Error('HTTP request failed.');
    fireEvent.click(submit());
    await waitFor(() => expect(adapter.calls).toHaveLength(1));
    act(() => adapter.approve(TX_HASH));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Approval sent, not yet confirmed'));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    adapter.receiptError = undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(submit().textContent).toBe('Swap'));
    expect(adapter.calls).toHaveLength(1);
    expect(adapter.receiptChecks).toEqual([TX_HASH, TX_HASH]);
  });

  it('a swap sent but unconfirmed: no Try again or Swap is offered, Check again shows the result', async () => {
    const { adapter } = await openSwap();
    exchange.allowance = MAX_UINT256;
    await quoteFor('100');
    adapter.receiptError = new Error('HTTP request failed.');
    fireEvent.click(submit());
    await waitFor(() => expect(adapter.calls).toHaveLength(1));
    act(() => adapter.approve(TX_HASH));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Swap sent, not yet confirmed'));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Swap|Approve \w+)$/ })).toBeNull();

    adapter.receiptError = undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByText('Swapped');
    expect(adapter.calls).toHaveLength(1);
  });

  it('"Allow unlimited PUSD" is off by default next to Approve; checked, the approval is unlimited', async () => {
    const { adapter } = await openSwap();
    await quoteFor('100');
    const unlimited = screen.getByRole('checkbox', { name: 'Allow unlimited PUSD' }) as HTMLInputElement;
    expect(unlimited.checked).toBe(false);
    fireEvent.click(unlimited);
    expect(unlimited.checked).toBe(true);
    expect(submit().textContent).toBe('Approve PUSD');
    fireEvent.click(submit());
    await waitFor(() => expect(adapter.calls).toHaveLength(1));
    expect(api.requestsTo('/v1/convert/build-approve')[0]!.params.has('amount')).toBe(false);
    expect(adapter.calls[0]!.data).toBe(approveData(ROUTER, MAX_UINT256));
  });

  it('no Allow unlimited choice when no approval is needed', async () => {
    exchange.allowance = 2n ** 255n;
    await openSwap();
    await quoteFor('100');
    expect(submit().textContent).toBe('Swap');
    expect(screen.queryByRole('checkbox', { name: /^Allow unlimited/ })).toBeNull();
  });

  it('a built swap that pays someone else: refused in an alert, nothing reaches the wallet', async () => {
    const { adapter } = await openSwap();
    exchange.allowance = 2n ** 255n;
    exchange.swapRecipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    await quoteFor('100');
    fireEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Swap failed');
    expect(alert.textContent).toContain(
      'Portico refused to send this transaction to your wallet: it sends the tokens to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8, not your account. Nothing was signed.',
    );
    expect(adapter.calls).toHaveLength(0);
  });

  it('a quote that moved beyond the slippage: a clear alert, the new quote, no wallet prompt', async () => {
    const { adapter } = await openSwap();
    exchange.allowance = 2n ** 255n;
    await quoteFor('100');
    exchange.toAmount = 38_000_000_000_000_000_000n;
    fireEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The price moved more than your 1% slippage tolerance: you would now receive 38 PTK. Review the new quote and swap again.');
    expect(screen.getByText('38 PTK')).toBeTruthy();
    expect(adapter.calls).toHaveLength(0);
  });

  it('declined in the wallet: Swap failed with Signature declined; Try again asks again; Edit returns to the form', async () => {
    const { adapter } = await openSwap();
    exchange.allowance = 2n ** 255n;
    await quoteFor('100');
    fireEvent.click(submit());
    await waitFor(() => expect(adapter.calls).toHaveLength(1));
    act(() => adapter.decline());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Swap failed');
    expect(alert.textContent).toContain('Signature declined');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(adapter.calls).toHaveLength(2));
    act(() => adapter.decline());
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(amountInput().value).toBe('100');
  });
});
