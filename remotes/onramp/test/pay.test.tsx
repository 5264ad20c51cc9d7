import { cleanup, act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import Pay, { porticoContract } from '../src/views/Pay';
import { ACCOUNT, RECEIVER, USDC_CONTRACT, renderView, stubApi, testCore } from './helpers';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi();
});
afterEach(() => {
  cleanup();
  api.restore();
});

/** The button once it can be used: the Pay button waits for the token's balance to load. */
async function enabledButton(name: string): Promise<HTMLButtonElement> {
  const button = (await screen.findByRole('button', { name })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

const pay = (amount: string, symbol: string) => ({ features: { pay: true }, pay: { recipient: RECEIVER, amount, symbol } });

describe('Pay', () => {
  it('a fixed native payment goes through the send path: preview with fee, wallet, success', async () => {
    expect(porticoContract).toBe(1);
    const { core, adapter } = await testCore(pay('0.25', 'ETH'));
    core.router.push('Pay');
    renderView(Pay, core);
    const terms = () => screen.getAllByRole('term').map((t) => `${t.textContent}: ${t.nextSibling?.textContent}`);
    expect(terms()).toEqual(['Amount: 0.25 ETH', 'To: 0x7099…79C8', 'Network: Anvil Local']);
    fireEvent.click(await enabledButton('Pay 0.25 ETH'));
    const confirm = await screen.findByRole('button', { name: 'Confirm payment' });
    expect(terms()).toContain('Network fee: 0.000021 ETH');
    fireEvent.click(confirm);
    await waitFor(() => expect(adapter.transfers).toHaveLength(1));
    expect(adapter.transfers[0]).toEqual({ from: ACCOUNT, to: RECEIVER, amount: '0.25', decimals: 18, tokenAddress: undefined });
    act(() => adapter.approve());
    const done = await screen.findByText('Payment sent');
    expect(within(done.parentElement!).getByText('0.25 ETH to 0x7099…79C8')).toBeTruthy();
  });

  it('an ERC-20 payment uses the token from the balances; a declined signature can be retried', async () => {
    const { core, adapter } = await testCore(pay('12.5', 'USDC'));
    renderView(Pay, core);
    fireEvent.click(await enabledButton('Pay 12.5 USDC'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(adapter.transfers).toHaveLength(1));
    expect(adapter.transfers[0]).toMatchObject({ amount: '12.5', decimals: 6, tokenAddress: USDC_CONTRACT });
    act(() => adapter.decline());
    await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert').textContent).toMatch(/^Payment failed: /);
  });

  it('too little balance is refused with the send error; unknown token and no pay option are explained', async () => {
    const { core } = await testCore(pay('20', 'ETH'));
    renderView(Pay, core);
    fireEvent.click(await enabledButton('Pay 20 ETH'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Insufficient funds'));
    cleanup();

    const other = await testCore(pay('1', 'DAI'));
    renderView(Pay, other.core);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No DAI balance on Anvil Local'));
    expect((screen.getByRole('button', { name: 'Pay 1 DAI' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    const none = await testCore();
    renderView(Pay, none.core);
    expect(screen.getByText('This site has not set up a payment.')).toBeTruthy();
  });
});
