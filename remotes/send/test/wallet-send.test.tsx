import { PORTICO_CONTRACT, routerAtom, sendAtom, type BalanceItem } from '@portico/shared-state';
import { ACCOUNT, CHAIN, EXPLORER, RECEIVER, TX_HASH, apiStub, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import WalletSend, { porticoContract } from '../src/views/WalletSend';

const USDC_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ETH: BalanceItem = { name: 'Ether', symbol: 'ETH', chainId: CHAIN, quantity: { decimals: '18', numeric: '10' }, price: 3000, value: 30000 };
const USDC: BalanceItem = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: CHAIN,
  address: `${CHAIN}:${USDC_CONTRACT}`,
  quantity: { decimals: '6', numeric: '250.5' },
  price: 1,
  value: 250.5,
};
const balancesRoute = (balances: BalanceItem[]) => ({ 'GET /v1/account/:address/balance': { json: { balances } } });

let api: ApiStub;
beforeAll(async () => {
  // A mined send refreshes the balances and the activity.
  api = await apiStub({ ...balancesRoute([ETH, USDC]), 'GET /v1/account/:address/history': { json: { data: [] } } });
});
afterEach(cleanupViews);
afterAll(() => api.close());

const amountInput = () => screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
const receiverInput = () => screen.getByRole('textbox', { name: 'Receiver address' }) as HTMLInputElement;
const radio = (symbol: string) => screen.getByRole('radio', { name: new RegExp(`^${symbol},`) }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });
const alertText = () => screen.getByRole('alert').textContent;
/** The preview's values (the description list's definitions), in order. */
const previewText = () => screen.getAllByRole('definition').map((detail) => detail.textContent).join(' | ');

/** Renders Send (opened from Account) and waits for the token list from the API. */
async function openSend() {
  const { core, adapter } = await testCore({ api, adapter: { walletWaits: true }, connect: true, views: ['Account', 'WalletSend'] });
  renderView(WalletSend, { core });
  await screen.findByRole('radio', { name: /^USDC/ });
  return { core, adapter };
}

/** Send for an account that holds no native token: nothing is preselected. */
async function openSendWithoutNative() {
  api.override(balancesRoute([{ ...ETH, quantity: { decimals: '18', numeric: '0' } }, USDC]));
  return openSend();
}

function fill({ token, amount, receiver }: { token?: 'ETH' | 'USDC'; amount?: string; receiver?: string }) {
  if (token) fireEvent.click(radio(token));
  if (amount !== undefined) fireEvent.change(amountInput(), { target: { value: amount } });
  if (receiver !== undefined) fireEvent.change(receiverInput(), { target: { value: receiver } });
}

async function previewSend() {
  fireEvent.click(button('Preview send'));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Preview send' })).toBeNull());
}

describe('WalletSend form', () => {
  it('exports the contract number and lists the balances as a Token radio group', async () => {
    expect(porticoContract).toBe(PORTICO_CONTRACT);
    await openSend();
    const group = screen.getByRole('radiogroup', { name: 'Token' });
    expect(within(group).getAllByRole('radio').map((option) => option.getAttribute('aria-label'))).toEqual([
      'ETH, balance 10',
      'USDC, balance 250.5',
    ]);
    expect(api.requestsTo(`/v1/account/${ACCOUNT}/balance`).length).toBeGreaterThan(0);
    expect(amountInput().getAttribute('inputmode')).toBe('decimal');
  });

  it('the native token is preselected once the balances arrive: type an amount and preview at once', async () => {
    const { adapter } = await openSend();
    await waitFor(() => expect(radio('ETH').checked).toBe(true));
    expect(radio('USDC').checked).toBe(false);
    expect((button('Max') as HTMLButtonElement).disabled).toBe(false);
    expect(amountInput().disabled).toBe(false);
    fill({ amount: '1.5', receiver: RECEIVER });
    await previewSend();
    expect(previewText()).toContain('1.5 ETH');
    expect(adapter.estimates[0]).toMatchObject({ amount: '1.5', decimals: 18, tokenAddress: undefined });
  });

  it('a token picked by the person is kept when the balances load again', async () => {
    const { core } = await openSend();
    fill({ token: 'USDC' });
    await act(() => core.accountData.refreshTokens());
    expect(radio('USDC').checked).toBe(true);
    expect(radio('ETH').checked).toBe(false);
  });

  it('empty submit: an amount and receiver address are required', async () => {
    const { adapter } = await openSend();
    fireEvent.click(button('Preview send'));
    await waitFor(() => expect(alertText()).toBe('An amount and receiver address are required'));
    expect(adapter.estimates).toEqual([]);
  });

  it('no token (no native balance to preselect): a token is required, and the values stay', async () => {
    await openSendWithoutNative();
    fill({ amount: '1', receiver: RECEIVER });
    fireEvent.click(button('Preview send'));
    await waitFor(() => expect(alertText()).toBe('A token is required'));
    expect(radio('ETH').checked).toBe(false);
    expect(amountInput().value).toBe('1');
    expect(receiverInput().value).toBe(RECEIVER);
  });

  it('a bad address is refused; fixing it clears the error', async () => {
    await openSend();
    fill({ token: 'ETH', amount: '1', receiver: '0x1234' });
    fireEvent.click(button('Preview send'));
    await waitFor(() => expect(alertText()).toBe('Invalid address'));
    expect(receiverInput().getAttribute('aria-invalid')).toBe('true');
    fill({ receiver: RECEIVER });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('more than the balance: insufficient funds, form kept', async () => {
    const { adapter } = await openSend();
    fill({ token: 'USDC', amount: '300', receiver: RECEIVER });
    fireEvent.click(button('Preview send'));
    await waitFor(() => expect(alertText()).toBe('Insufficient funds'));
    expect(amountInput().value).toBe('300');
    expect(radio('USDC').checked).toBe(true);
    expect(adapter.estimates).toEqual([]);
  });

  it('Max fills the whole balance of the picked token', async () => {
    await openSendWithoutNative();
    expect((button('Max') as HTMLButtonElement).disabled).toBe(true);
    fill({ token: 'USDC' });
    fireEvent.click(button('Max'));
    expect(amountInput().value).toBe('250.5');
  });
});

describe('WalletSend preview and send', () => {
  it('native: preview shows token, amount, receiver, network and fee; Send transfers value; success resets', async () => {
    const { core, adapter } = await openSend();
    fill({ token: 'ETH', amount: '1.5', receiver: RECEIVER });
    await previewSend();
    expect(previewText()).toBe('ETH | 1.5 ETH | 0x7099…79C8 | Anvil Local | 0.000021 ETH');
    expect(screen.getByTitle(RECEIVER).textContent).toBe('0x7099…79C8');

    fireEvent.click(button('Send'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Confirm the transaction in your wallet'));
    expect(adapter.transfers).toEqual([{ from: ACCOUNT, to: RECEIVER, amount: '1.5', decimals: 18, tokenAddress: undefined }]);

    act(() => adapter.approve());
    await screen.findByText('Sent');
    expect(screen.getByRole('status').textContent).toContain('1.5 ETH to 0x7099…79C8');
    const link = screen.getByRole('link', { name: 'View on block explorer' });
    expect(link.getAttribute('href')).toBe(`${EXPLORER}/tx/${TX_HASH}`);
    // The send state is reset as soon as the transaction is mined (spec section 4).
    expect(core.store.get(sendAtom)).toMatchObject({ sendTokenAmount: '', receiverAddress: '' });
    expect(core.store.get(sendAtom).token).toBeUndefined();

    fireEvent.click(button('Done'));
    expect(core.store.get(sendAtom).status).toBe('editing');
    expect(core.store.get(routerAtom).view).toBe('Account');
    // Still mounted in this test (the shell would have switched views): an empty form.
    await waitFor(() => expect(amountInput().value).toBe(''));
    expect(receiverInput().value).toBe('');
  });

  it('ERC-20: the adapter gets the contract from the CAIP-10 address and the token decimals', async () => {
    const { adapter } = await openSend();
    fill({ token: 'USDC', amount: '12.25', receiver: RECEIVER });
    await previewSend();
    expect(previewText()).toContain('12.25 USDC');
    expect(adapter.estimates[0]).toEqual({ from: ACCOUNT, to: RECEIVER, amount: '12.25', decimals: 6, tokenAddress: USDC_CONTRACT });
    fireEvent.click(button('Send'));
    await waitFor(() => expect(adapter.transfers).toHaveLength(1));
    expect(adapter.transfers[0]).toEqual({ from: ACCOUNT, to: RECEIVER, amount: '12.25', decimals: 6, tokenAddress: USDC_CONTRACT });
    act(() => adapter.approve());
    await screen.findByText('Sent');
    expect(screen.getByRole('status').textContent).toContain('12.25 USDC');
  });

  it('Edit goes back to the form with the values', async () => {
    await openSend();
    fill({ token: 'ETH', amount: '2', receiver: RECEIVER });
    await previewSend();
    fireEvent.click(button('Edit'));
    expect(amountInput().value).toBe('2');
    expect(receiverInput().value).toBe(RECEIVER);
    expect(radio('ETH').checked).toBe(true);
  });

  it('wallet rejection: Signature declined, then Try again returns to the preview with the values', async () => {
    const { core, adapter } = await openSend();
    fill({ token: 'ETH', amount: '1', receiver: RECEIVER });
    await previewSend();
    fireEvent.click(button('Send'));
    await waitFor(() => expect(adapter.transfers).toHaveLength(1));
    act(() => adapter.decline());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Signature declined'));
    expect(core.store.get(sendAtom)).toMatchObject({ sendTokenAmount: '1', receiverAddress: RECEIVER, status: 'failed' });

    fireEvent.click(button('Try again'));
    await screen.findByRole('button', { name: 'Send' });
    expect(previewText()).toContain('1 ETH');
    fireEvent.click(button('Edit'));
    expect(amountInput().value).toBe('1');
    expect(receiverInput().value).toBe(RECEIVER);
  });

  it('sent but the receipt cannot be read: no second send is offered, Check again confirms the same transaction', async () => {
    const { adapter } = await openSend();
    adapter.receiptError = new Error('HTTP request failed.');
    fill({ token: 'ETH', amount: '1', receiver: RECEIVER });
    await previewSend();
    fireEvent.click(button('Send'));
    await waitFor(() => expect(adapter.transfers).toHaveLength(1));
    act(() => adapter.approve());
    await waitFor(() => expect(alertText()).toContain('Transaction sent, not yet confirmed'));
    expect(alertText()).toContain('HTTP request failed.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();

    adapter.receiptError = undefined;
    fireEvent.click(button('Check again'));
    await screen.findByText('Sent');
    expect(adapter.transfers).toHaveLength(1);
  });

  it("a node error (insufficient funds for gas) is shown as the node's message", async () => {
    const { adapter } = await openSend();
    fill({ token: 'ETH', amount: '1', receiver: RECEIVER });
    await previewSend();
    fireEvent.click(button('Send'));
    await waitFor(() => expect(adapter.transfers).toHaveLength(1));
    act(() => adapter.fail('insufficient funds for gas * price + value'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('insufficient funds for gas * price + value'));
    expect(button('Try again')).toBeTruthy();
  });
});
