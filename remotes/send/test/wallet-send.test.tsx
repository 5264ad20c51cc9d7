import { PORTICO_CONTRACT, portfolioAtom, routerAtom, sendAtom, type BalanceItem } from '@portico/shared-state';
import { ACCOUNT, CHAIN, EXPLORER, RECEIVER, TX_HASH, apiStub, profileRoutes, testCore, type ApiStub } from '@portico/test-kit';
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
  api = await apiStub({
    ...balancesRoute([ETH, USDC]),
    'GET /v1/account/:address/history': { json: { data: [] } },
    ...profileRoutes(new Map([['alice.portico.eth', RECEIVER]])),
  });
});
afterEach(cleanupViews);
afterAll(() => api.close());

const amountInput = () => screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
const receiverInput = () => screen.getByRole('textbox', { name: 'Receiver address' }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });
/** The token pill's accessible name: "Token: ETH", "Token: Select token". */
const tokenButton = () => screen.getByRole('button', { name: /^Token: / });
/** Opens the token sheet and picks `symbol` from it. */
function pick(symbol: string) {
  fireEvent.click(tokenButton());
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Select token' })).getByRole('button', { name: new RegExp(`^${symbol} `) }));
}
/** The message a field shows under it, through its aria-describedby. */
const fieldMessage = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const alertText = () => screen.getByRole('alert').textContent;
/** The preview's values (the description list's definitions), in order. */
const previewText = () => screen.getAllByRole('definition').map((detail) => detail.textContent).join(' | ');

/** Renders Send (opened from Account) and waits for the token list from the API. */
async function openSend() {
  const { core, adapter } = await testCore({ api, adapter: { walletWaits: true }, connect: true, views: ['Account', 'WalletSend'] });
  renderView(WalletSend, { core });
  await waitFor(() => expect(core.store.get(sendAtom).token?.symbol).toBe('ETH'));
  return { core, adapter };
}

/** Send for an account that holds no native token: nothing is preselected. */
async function openSendWithoutNative() {
  api.override(balancesRoute([{ ...ETH, quantity: { decimals: '18', numeric: '0' } }, USDC]));
  const { core, adapter } = await testCore({ api, adapter: { walletWaits: true }, connect: true, views: ['Account', 'WalletSend'] });
  renderView(WalletSend, { core });
  await waitFor(() => expect(core.store.get(portfolioAtom).balances).toHaveLength(2));
  expect(tokenButton().getAttribute('aria-label')).toBe('Token: Select token');
  return { core, adapter };
}

function fill({ token, amount, receiver }: { token?: 'ETH' | 'USDC'; amount?: string; receiver?: string }) {
  if (token) pick(token);
  if (amount !== undefined) fireEvent.change(amountInput(), { target: { value: amount } });
  if (receiver !== undefined) fireEvent.change(receiverInput(), { target: { value: receiver } });
}

async function previewSend() {
  fireEvent.click(button('Preview send'));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Preview send' })).toBeNull());
}

describe('WalletSend form', () => {
  it('exports the contract number; the token pill opens a sheet of the balances with icon, balance and value', async () => {
    expect(porticoContract).toBe(PORTICO_CONTRACT);
    await openSend();
    expect(api.requestsTo(`/v1/account/${ACCOUNT}/balance`).length).toBeGreaterThan(0);
    expect(amountInput().getAttribute('inputmode')).toBe('decimal');
    fireEvent.click(tokenButton());
    const sheet = screen.getByRole('dialog', { name: 'Select token' });
    const options = within(sheet).getAllByRole('listitem').map((item) => within(item).getByRole('button'));
    expect(within(sheet).getByRole('button', { name: 'ETH Ether 10 $30,000.00' })).toBe(options[0]);
    expect(within(sheet).getByRole('button', { name: 'USDC USD Coin 250.5 $250.50' })).toBe(options[1]);
    // No artwork URL from the balance: the API's image for the symbol.
    expect(options[1]!.querySelector('img')?.getAttribute('src')).toBe(`${api.url}/v1/token-images/USDC`);
    expect(options[0]!.getAttribute('aria-current')).toBe('true');
    fireEvent.click(options[1]!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(tokenButton().getAttribute('aria-label')).toBe('Token: USDC');
    expect(screen.getByText('Balance 250.5')).toBeTruthy();
  });

  it('the native token is preselected once the balances arrive: type an amount (its value shows) and preview at once', async () => {
    const { adapter } = await openSend();
    expect(tokenButton().getAttribute('aria-label')).toBe('Token: ETH');
    expect((button('Max') as HTMLButtonElement).disabled).toBe(false);
    fill({ amount: '1.5', receiver: RECEIVER });
    expect(screen.getByText('≈ $4,500.00')).toBeTruthy();
    await previewSend();
    expect(screen.getByText('1.5 ETH')).toBeTruthy();
    expect(adapter.estimates[0]).toMatchObject({ amount: '1.5', decimals: 18, tokenAddress: undefined });
  });

  it('a token picked by the person is kept when the balances load again', async () => {
    const { core } = await openSend();
    fill({ token: 'USDC' });
    await act(() => core.accountData.refreshTokens());
    expect(tokenButton().getAttribute('aria-label')).toBe('Token: USDC');
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
    expect(amountInput().value).toBe('1');
    expect(receiverInput().value).toBe(RECEIVER);
  });

  it('checks the amount as it is typed, at the field: not a number, more than the balance', async () => {
    const { adapter } = await openSend();
    fill({ token: 'USDC', amount: '12,5' });
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');
    expect(fieldMessage(amountInput())).toBe('Not a number');
    fill({ amount: '300' });
    expect(fieldMessage(amountInput())).toBe('Insufficient funds');
    expect(alertText()).toBe('Insufficient funds');
    fill({ receiver: RECEIVER });
    fireEvent.click(button('Preview send'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(amountInput().value).toBe('300');
    expect(adapter.estimates).toEqual([]);
    fill({ amount: '3' });
    expect(amountInput().getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks the receiver as it is typed: a bad address is marked at the field; fixing it clears it', async () => {
    await openSend();
    fill({ amount: '1', receiver: '0x1234' });
    await waitFor(() => expect(receiverInput().getAttribute('aria-invalid')).toBe('true'));
    expect(fieldMessage(receiverInput())).toBe('Invalid address');
    fill({ receiver: RECEIVER });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(receiverInput().getAttribute('aria-invalid')).toBeNull();
  });

  it("resolves the product's names: the name, its avatar and address show under the field, and the transfer goes there", async () => {
    const { adapter } = await openSend();
    fill({ amount: '1', receiver: 'alice.portico.eth' });
    await screen.findByText('alice.portico.eth');
    expect(screen.getByTitle(RECEIVER).textContent).toBe('0x7099…79C8');
    expect(button('Copy receiver address')).toBeTruthy();
    await previewSend();
    expect(previewText()).toContain('alice.portico.eth');
    expect(adapter.estimates[0]).toMatchObject({ to: RECEIVER });

    fireEvent.click(button('Edit'));
    fill({ receiver: 'nobody.portico.eth' });
    await waitFor(() => expect(fieldMessage(receiverInput())).toBe('No address found for nobody.portico.eth'));
  });

  it('Max fills the whole balance of the picked token, written as a person would ("25000", not "25000.0")', async () => {
    api.override(balancesRoute([{ ...ETH, quantity: { decimals: '18', numeric: '0' } }, { ...USDC, quantity: { decimals: '6', numeric: '25000.0' } }]));
    const { core } = await testCore({ api, connect: true, views: ['Account', 'WalletSend'] });
    renderView(WalletSend, { core });
    await waitFor(() => expect(core.store.get(portfolioAtom).balances).toHaveLength(2));
    expect((button('Max') as HTMLButtonElement).disabled).toBe(true);
    fill({ token: 'USDC' });
    fireEvent.click(button('Max'));
    expect(amountInput().value).toBe('25000');
  });
});

describe('WalletSend preview and send', () => {
  it('native: the review shows the amount, receiver, network and fee; Send transfers value; the result has amount, hash and explorer link', async () => {
    const { core, adapter } = await openSend();
    fill({ amount: '1.5', receiver: RECEIVER });
    await previewSend();
    expect(screen.getByText('1.5 ETH')).toBeTruthy();
    expect(previewText()).toBe('0x7099…79C8 | Anvil Local | 0.000021 ETH');
    expect(screen.getByTitle(RECEIVER).textContent).toBe('0x7099…79C8');

    fireEvent.click(button('Send'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Confirm the transaction in your wallet'));
    expect(adapter.transfers).toEqual([{ from: ACCOUNT, to: RECEIVER, amount: '1.5', decimals: 18, tokenAddress: undefined }]);

    act(() => adapter.approve());
    await screen.findByText('Sent');
    expect(screen.getByRole('status').textContent).toBe('Sent1.5 ETHto 0x7099…79C8');
    expect(screen.getByTitle(TX_HASH).textContent).toBe(`${TX_HASH.slice(0, 6)}…${TX_HASH.slice(-4)}`);
    expect(button('Copy transaction hash')).toBeTruthy();
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
    expect(screen.getByText('12.25 USDC')).toBeTruthy();
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
    expect(tokenButton().getAttribute('aria-label')).toBe('Token: ETH');
  });

  it('wallet rejection: Signature declined, then Try again returns to the preview with the values', async () => {
    const { core, adapter } = await openSend();
    fill({ token: 'ETH', amount: '1', receiver: RECEIVER });
    await previewSend();
    fireEvent.click(button('Send'));
    await waitFor(() => expect(adapter.transfers).toHaveLength(1));
    act(() => adapter.decline());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Signature declined'));
    expect(screen.getByRole('alert').textContent).toContain('1 ETH');
    expect(core.store.get(sendAtom)).toMatchObject({ sendTokenAmount: '1', receiverAddress: RECEIVER, status: 'failed' });

    fireEvent.click(button('Try again'));
    await screen.findByRole('button', { name: 'Send' });
    expect(screen.getByText('1 ETH')).toBeTruthy();
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
    expect(screen.getByRole('link', { name: 'View on block explorer' }).getAttribute('href')).toBe(`${EXPLORER}/tx/${TX_HASH}`);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();

    adapter.receiptError = undefined;
    fireEvent.click(button('Check again'));
    await screen.findByText('Sent');
    expect(adapter.transfers).toHaveLength(1);
  });

  it('a node error (insufficient funds for gas) is shown in plain words (spec §8), not as the raw node text', async () => {
    const { adapter } = await openSend();
    fill({ token: 'ETH', amount: '1', receiver: RECEIVER });
    await previewSend();
    fireEvent.click(button('Send'));
    await waitFor(() => expect(adapter.transfers).toHaveLength(1));
    act(() => adapter.fail('insufficient funds for gas * price + value'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Not enough funds to pay for this transaction and its network fee.'));
    expect(screen.getByRole('alert').textContent).not.toContain('gas * price');
    expect(button('Try again')).toBeTruthy();
  });
});
