import { activeNetworkAtom, PORTICO_CONTRACT, portfolioAtom, routerAtom, UserRejectedRequestError, type PorticoCore, type TransactionOutcome } from '@portico/shared-state';
import { ACCOUNT, anvil, apiStub, deferred, EXPLORER, PUSD_ADDRESS, RECEIVER, solanaLocalnet, testCore, TX_HASH, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { cleanup, act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import Pay, { porticoContract, porticoUiContract } from '../src/views/Pay';
import { BALANCES, onRampRoutes } from './onramp-routes';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(onRampRoutes);
});
afterAll(() => api.close());
afterEach(cleanupViews);

/** The button once it can be used: the Pay button waits for the token's balance to load. */
async function enabledButton(name: string): Promise<HTMLButtonElement> {
  const button = (await screen.findByRole('button', { name })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

/** The balances arrived (the Pay view asked for them on opening), so no request is left in flight. */
const balancesLoaded = (core: PorticoCore) =>
  waitFor(() => expect(core.store.get(portfolioAtom)).toMatchObject({ loading: false, balances: BALANCES }));

/** Connected on Account with the Pay view opened; the wallet waits for the test to approve or decline. */
const payCore = (amount?: string, symbol?: string) =>
  testCore({
    api,
    connect: true,
    views: ['Account', 'Pay'],
    adapter: { walletWaits: true },
    options: amount && symbol ? { features: { pay: true }, pay: { recipient: RECEIVER, amount, symbol } } : {},
  });

describe('Pay', () => {
  it('a fixed native payment goes through the send path: preview with fee, wallet, success', async () => {
    expect(porticoContract).toBe(PORTICO_CONTRACT);
    expect(porticoUiContract).toBe(2);
    const { core, adapter } = await payCore('0.25', 'ETH');
    renderView(Pay, { core });
    const terms = () => screen.getAllByRole('term').map((t) => `${t.textContent}: ${t.nextSibling?.textContent}`);
    expect(terms()).toEqual(['Amount: 0.25 ETH', 'To: 0x7099…79C8', 'Network: Anvil Local']);
    fireEvent.click(await enabledButton('Pay 0.25 ETH'));
    const confirm = await screen.findByRole('button', { name: 'Confirm payment' });
    expect(terms()).toContain('Network fee: 0.000021 ETH');
    fireEvent.click(confirm);
    await waitFor(() => expect(adapter.transfers).toHaveLength(1));
    expect(adapter.transfers[0]).toEqual({ from: ACCOUNT, to: RECEIVER, amount: '0.25', decimals: 18, tokenAddress: undefined });
    expect(screen.getByRole('status').textContent).toBe('Confirm the payment in your wallet');
    const receipt = deferred<TransactionOutcome>();
    adapter.waitForTransaction = () => receipt.promise;
    act(() => adapter.approve());
    // Until the chain confirms it: pending, with its hash and explorer link.
    await screen.findByText('Paying…');
    expect(screen.getByText('Waiting for the network to confirm the transaction.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy transaction hash' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View on block explorer' }).getAttribute('href')).toBe(`${EXPLORER}/tx/${TX_HASH}`);
    await act(async () => receipt.resolve({ hash: TX_HASH, status: 'success' }));
    const done = await screen.findByText('Payment sent');
    expect(screen.getByRole('link', { name: 'View on block explorer' }).getAttribute('href')).toBe(`${EXPLORER}/tx/${TX_HASH}`);
    expect(within(done.parentElement!).getByText('0.25 ETH to 0x7099…79C8')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(core.router.current().view).toBe('Account');
  });

  it('an ERC-20 payment uses the token from the balances; a declined signature can be retried', async () => {
    const { core, adapter } = await payCore('12.5', 'PUSD');
    renderView(Pay, { core });
    fireEvent.click(await enabledButton('Pay 12.5 PUSD'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(adapter.transfers).toHaveLength(1));
    expect(adapter.transfers[0]).toMatchObject({ amount: '12.5', decimals: 6, tokenAddress: PUSD_ADDRESS });
    act(() => adapter.decline());
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await screen.findByRole('button', { name: 'Confirm payment' });
  });

  it('a declined signature says so in an alert', async () => {
    const { core, adapter } = await payCore('12.5', 'PUSD');
    renderView(Pay, { core });
    fireEvent.click(await enabledButton('Pay 12.5 PUSD'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(adapter.transfers).toHaveLength(1));
    act(() => adapter.decline());
    await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert').textContent).toMatch(/^Payment failed: /);
  });

  it('a receipt that cannot be read: sent, not yet confirmed, and Check again reads the same hash', async () => {
    const { core, adapter } = await payCore('0.25', 'ETH');
    adapter.receiptError = new Error('RPC timeout');
    renderView(Pay, { core });
    fireEvent.click(await enabledButton('Pay 0.25 ETH'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(adapter.transfers).toHaveLength(1));
    act(() => adapter.approve());
    const check = await screen.findByRole('button', { name: 'Check again' });
    expect(screen.getByRole('alert').textContent).toContain('Payment sent, not yet confirmed');
    adapter.receiptError = undefined;
    fireEvent.click(check);
    await screen.findByText('Payment sent');
    expect(adapter.transfers).toHaveLength(1);
    expect(adapter.receiptChecks).toEqual([adapter.hash, adapter.hash]);
  });

  it('too little balance is refused with the send error; unknown token and no pay option are explained', async () => {
    const { core } = await payCore('20', 'ETH');
    renderView(Pay, { core });
    fireEvent.click(await enabledButton('Pay 20 ETH'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Insufficient funds'));
    await balancesLoaded(core);
    cleanup();

    const other = await payCore('1', 'DAI');
    renderView(Pay, { core: other.core });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No DAI balance on Anvil Local'));
    expect((screen.getByRole('button', { name: 'Pay 1 DAI' }) as HTMLButtonElement).disabled).toBe(true);
    await balancesLoaded(other.core);
    cleanup();

    const none = await payCore();
    renderView(Pay, { core: none.core });
    expect(screen.getByText('This site has not set up a payment.')).toBeTruthy();
  });

  it('without an account: asks for a wallet', async () => {
    const { core } = await testCore({ api, options: { features: { pay: true }, pay: { recipient: RECEIVER, amount: '1', symbol: 'ETH' } } });
    renderView(Pay, { core });
    expect(screen.getByText('Connect a wallet to pay.')).toBeTruthy();
  });
});

const SOLANA_RECEIVER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const anvilTwo = { ...anvil, id: 31338, name: 'Anvil Two' };

describe('Pay in another namespace or on another network (issue 32)', () => {
  it('a Solana payment on a site without a Solana network: Chain is not supported, connected or not, and nothing to pay', async () => {
    const pay = { recipient: SOLANA_RECEIVER, amount: '0.5', symbol: 'SOL' };
    for (const connect of [true, false]) {
      const { core } = await testCore({ api, connect, views: ['Account', 'Pay'], options: { features: { pay: true }, pay } });
      renderView(Pay, { core });
      expect(screen.getByRole('alert').textContent).toBe('Chain is not supported');
      expect(screen.getByText('This payment needs a Solana network, and this site offers none.')).toBeTruthy();
      expect(screen.queryByRole('button')).toBeNull();
      cleanup();
    }
  });

  it('a Solana payment with only an EVM wallet: connect a Solana wallet on its network, never a send', async () => {
    const { core, adapter } = await testCore({
      api,
      connect: true,
      views: ['Account', 'Pay'],
      options: { networks: [anvil, solanaLocalnet], features: { pay: true }, pay: { recipient: SOLANA_RECEIVER, amount: '0.5', symbol: 'SOL' } },
    });
    renderView(Pay, { core });
    const terms = screen.getAllByRole('term').map((t) => `${t.textContent}: ${t.nextSibling?.textContent}`);
    expect(terms).toEqual(['Amount: 0.5 SOL', 'To: 9WzDXw…AWWM', 'Network: Solana Local']);
    const connect = screen.getByRole('button', { name: 'Connect a wallet for Solana' });
    expect(document.getElementById(connect.getAttribute('aria-describedby')!)?.textContent).toBe(
      'No Solana wallet is connected. Connect one to use Solana Local.',
    );
    fireEvent.click(connect);
    await waitFor(() => expect(core.store.get(routerAtom).view).toBe('Connect'));
    expect(core.store.get(core.modal.namespaceFilter)).toBe('solana');
    expect(core.store.get(activeNetworkAtom)?.name).toBe('Solana Local');
    expect(adapter.transfers).toEqual([]);
  });

  it('a payment pinned to another network of the wallet: Switch to it (a decline says so), then Pay', async () => {
    const { core, adapter } = await testCore({
      api,
      connect: true,
      views: ['Account', 'Pay'],
      options: { networks: [anvil, anvilTwo], features: { pay: true }, pay: { recipient: RECEIVER, amount: '0.25', symbol: 'ETH', network: 'eip155:31338' } },
    });
    renderView(Pay, { core });
    expect(screen.getByText('This payment is on Anvil Two. Your wallet is on Anvil Local.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay 0.25 ETH' })).toBeNull();
    adapter.switchNetwork = async () => {
      throw new UserRejectedRequestError(Object.assign(new Error('declined'), { code: 4001 }));
    };
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Anvil Two' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your wallet declined the switch to Anvil Two.'));
    expect(core.store.get(activeNetworkAtom)?.name).toBe('Anvil Local');

    adapter.switchNetwork = async () => undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Anvil Two' }));
    await enabledButton('Pay 0.25 ETH');
    expect(core.store.get(activeNetworkAtom)?.name).toBe('Anvil Two');
    expect(screen.getAllByRole('term').map((t) => `${t.textContent}: ${t.nextSibling?.textContent}`)).toContain('Network: Anvil Two');
    await balancesLoaded(core);
  });
});
