import { PORTICO_CONTRACT, portfolioAtom, routerAtom, swapAtom, type BalanceItem } from '@portico/shared-state';
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

const amountInput = () => screen.getByRole('textbox', { name: 'You pay' }) as HTMLInputElement;
const receiveInput = () => screen.getByRole('textbox', { name: 'You receive' }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /^(Swap|Approve \w+|Approving \w+…|Swapping…)$/ }) as HTMLButtonElement;
/** Opens the token sheet of one side ("You pay" or "You receive") and picks `symbol`. */
function pick(side: 'You pay' | 'You receive', symbol: string) {
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${side}: `) }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Select token' })).getByRole('button', { name: new RegExp(`^${symbol} `) }));
}
/** What a quote row says beside its term. */
const quoteRow = (term: string) => within(screen.getByLabelText('Quote')).getByText(term).nextElementSibling as HTMLElement;

async function renderSwap() {
  const { core, adapter } = await testCore({ api, adapter: { walletWaits: true }, connect: true, views: ['Account', 'Swap'] });
  renderView(Swap, { core });
  return { core, adapter };
}

/** Renders Swap and waits for the exchange's tokens with the account's balances. */
async function openSwap() {
  const opened = await renderSwap();
  await screen.findByRole('button', { name: 'You pay: Select token' });
  await waitFor(() => expect(opened.core.store.get(portfolioAtom).balances).toHaveLength(2));
  return opened;
}

/** Picks the tokens and the amount, then waits for the debounced quote. */
async function quoteFor(amount: string, from = 'PUSD', to = 'PTK') {
  pick('You pay', from);
  pick('You receive', to);
  fireEvent.change(amountInput(), { target: { value: amount } });
  await screen.findByLabelText('Quote', {}, { timeout: 2000 });
}

describe('Swap form', () => {
  it('exports the contract number; each side opens a token sheet, held tokens (Suggested) before the rest (Popular)', async () => {
    expect(porticoContract).toBe(PORTICO_CONTRACT);
    await openSwap();
    fireEvent.click(screen.getByRole('button', { name: 'You pay: Select token' }));
    const sheet = screen.getByRole('dialog', { name: 'Select token' });
    const section = (name: string) => within(within(sheet).getByRole('group', { name })).getAllByRole('listitem');
    const row = (name: string) => within(sheet).getByRole('button', { name });
    // Spec section 9: suggested (held) and popular (the rest of the exchange's tokens) lists.
    expect(section('Suggested').map((item) => within(item).getByRole('button'))).toEqual([row('ETH Ether 10'), row('PUSD Portico USD 25,000')]);
    expect(section('Popular').map((item) => within(item).getByRole('button'))).toEqual([row('PTK Portico Token 0')]);
    fireEvent.change(within(sheet).getByRole('searchbox', { name: 'Search tokens' }), { target: { value: 'portico t' } });
    expect(within(sheet).getAllByRole('listitem').map((item) => within(item).getByRole('button'))).toEqual([row('PTK Portico Token 0')]);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(api.requestsTo('/v1/convert/tokens')[0]!.params.get('chainId')).toBe(CHAIN);
    expect(screen.getByText('Max slippage 1%')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Get quote' })).toBeNull();
  });

  it('slippage lives in a settings popover: focus on the chosen value, Esc closes it and returns focus', async () => {
    const { core } = await openSwap();
    const settings = screen.getByRole('button', { name: 'Slippage settings' });
    fireEvent.click(settings);
    const popover = screen.getByRole('dialog', { name: 'Slippage settings' });
    const one = within(popover).getByRole('radio', { name: '1%' });
    expect(one).toHaveProperty('checked', true);
    expect(document.activeElement).toBe(one);
    fireEvent.click(within(popover).getByRole('radio', { name: '2%' }));
    expect(core.store.get(swapAtom).slippage).toBe(2);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(settings);
    expect(screen.getByText('Max slippage 2%')).toBeTruthy();
  });

  it('live quote as you type (debounced): you receive in its card, rate, minimum received at 1 %, fee, price impact; Approve PUSD when the allowance is short', async () => {
    await openSwap();
    await quoteFor('100');
    expect(api.requestsTo('/v1/convert/quotes')).toHaveLength(1);
    expect(receiveInput().value).toBe('39.96');
    expect(receiveInput().readOnly).toBe(true);
    expect(quoteRow('Rate').textContent).toBe('1 PUSD = 0.3996 PTK');
    expect(quoteRow('Minimum received').textContent).toBe('39.56 PTK');
    expect(quoteRow('Minimum received').getAttribute('title')).toBe('39.5604');
    expect(quoteRow('Price impact').textContent).toBe('< 0.01%');
    expect(quoteRow('Fee').textContent).toBe('0.3 PUSD');
    expect(submit().textContent).toBe('Approve PUSD');
    // Two steps, in view from the start: Approve (current), then Swap.
    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1Approve PUSD', '2Swap']);
    expect(steps[0]!.getAttribute('aria-current')).toBe('step');
  });

  it('a price impact from 3 % is marked high', async () => {
    Object.assign(exchange, { priceImpact: 5.12 });
    await openSwap();
    await quoteFor('100');
    expect(quoteRow('Price impact').textContent).toBe('5.12% · high');
    expect(quoteRow('Price impact').querySelector('.portico-impact-high')).toBeTruthy();
  });

  it('Max fills the whole balance of the token paid, as a person would write it', async () => {
    await openSwap();
    expect((screen.getByRole('button', { name: 'Max' }) as HTMLButtonElement).disabled).toBe(true);
    pick('You pay', 'PUSD');
    expect(screen.getByText('Balance 25,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountInput().value).toBe('25000');
  });

  it('the flip arrow swaps the two sides', async () => {
    await openSwap();
    pick('You pay', 'PUSD');
    pick('You receive', 'PTK');
    fireEvent.click(screen.getByRole('button', { name: 'Switch tokens' }));
    expect(screen.getByRole('button', { name: 'You pay: PTK' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'You receive: PUSD' })).toBeTruthy();
  });

  it('more than the balance: said at the amount, which is marked; no quote', async () => {
    await openSwap();
    pick('You pay', 'PUSD');
    pick('You receive', 'PTK');
    fireEvent.change(amountInput(), { target: { value: '30000' } });
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toBe('Insufficient PUSD balance');
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(amountInput().getAttribute('aria-describedby')!)!.textContent).toBe('Insufficient PUSD balance');
    expect(api.requestsTo('/v1/convert/quotes')).toHaveLength(0);
  });

  it("an unsupported network: the API's 'Network not supported for Swaps' as an alert", async () => {
    api.override({ 'GET /v1/convert/tokens': { status: 400, json: { error: 'Network not supported for Swaps' } } });
    await renderSwap();
    expect((await screen.findByRole('alert')).textContent).toBe('Network not supported for Swaps');
  });
});

describe('Swap flow', () => {
  it('Approve PUSD → Swap in place (the same focused button, the steps advancing) → success with amount, hash and explorer link', async () => {
    const { core, adapter } = await openSwap();
    await quoteFor('100');
    const button = submit();
    button.focus();
    fireEvent.click(button);
    expect((await screen.findByText('Approve PUSD in your wallet')).closest('[role="status"]')).toBeTruthy();
    expect(button.textContent).toBe('Approving PUSD…');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(amountInput().closest('fieldset')!.disabled).toBe(true);
    await waitFor(() => expect(adapter.calls).toHaveLength(1));
    // Exactly the swap amount by default.
    expect(adapter.calls[0]).toMatchObject({ from: ACCOUNT, to: PUSD_ADDRESS, data: approveData(ROUTER, 100_000_000n), value: '0' });
    act(() => adapter.approve());
    await waitFor(() => expect(submit().textContent).toBe('Swap'));
    expect(submit()).toBe(button);
    expect(document.activeElement).toBe(button);
    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['Approve PUSDdone', '2Swap']);

    fireEvent.click(submit());
    await waitFor(() => expect(adapter.calls).toHaveLength(2));
    expect(screen.getByText('Confirm the swap in your wallet').closest('[role="status"]')).toBeTruthy();
    expect(adapter.calls[1]).toMatchObject({ from: ACCOUNT, to: ROUTER, value: '0', gas: SWAP_GAS });
    expect(adapter.calls[1]!.data).toMatch(/^0x38ed1739/);
    expect(JSON.parse(api.requestsTo('/v1/convert/build-transaction')[0]!.body)).toMatchObject({
      amount: '100000000', eip155: { slippage: '1' }, from: `${CHAIN}:${PUSD_ADDRESS}`, to: `${CHAIN}:${PTK_ADDRESS}`, userAddress: `${CHAIN}:${ACCOUNT}`,
    });
    act(() => adapter.approve(TX_HASH));
    const status = await screen.findByText('Swapped');
    expect(status.closest('[role="status"]')!.textContent).toBe('Swapped39.96 PTK100 PUSD for 39.96 PTK');
    expect(screen.getByTitle(TX_HASH)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy transaction hash' })).toBeTruthy();
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
    expect(screen.getByRole('link', { name: 'View on block explorer' }).getAttribute('href')).toBe(`${EXPLORER}/tx/${TX_HASH}`);
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

  it('no approval needed: no steps, no Allow unlimited choice', async () => {
    exchange.allowance = 2n ** 255n;
    await openSwap();
    await quoteFor('100');
    expect(submit().textContent).toBe('Swap');
    expect(screen.queryByRole('list', { name: 'Steps' })).toBeNull();
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
    expect(receiveInput().value).toBe('38');
    expect(adapter.calls).toHaveLength(0);
  });

  it('declined in the wallet: Swap failed with the amount and Signature declined; Try again asks again; Edit returns to the form', async () => {
    const { adapter } = await openSwap();
    exchange.allowance = 2n ** 255n;
    await quoteFor('100');
    fireEvent.click(submit());
    await waitFor(() => expect(adapter.calls).toHaveLength(1));
    act(() => adapter.decline());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Swap failed');
    expect(alert.textContent).toContain('100 PUSD');
    expect(alert.textContent).toContain('Signature declined');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(adapter.calls).toHaveLength(2));
    act(() => adapter.decline());
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(amountInput().value).toBe('100');
  });
});
