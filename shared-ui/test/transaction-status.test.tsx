import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { stopTestCores, testCore } from '@portico/test-kit';
import { TransactionStatus } from '../src/transaction-status';

afterEach(() => {
  cleanup();
  stopTestCores();
});

const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

describe('TransactionStatus', () => {
  it('wallet and pending are a status with what is awaited; the hash follows, shortened in the middle', () => {
    render(<TransactionStatus phase="wallet" title="Confirm the transaction in your wallet" />);
    expect(screen.getByRole('status').textContent).toBe('Confirm the transaction in your wallet');
    cleanup();
    render(<TransactionStatus phase="pending" title="Sending…" detail="Waiting for the network to confirm the transaction." hash={HASH} />);
    const status = screen.getByRole('status');
    expect(within(status).getByText('Sending…')).toBeTruthy();
    expect(within(status).getByText('Waiting for the network to confirm the transaction.')).toBeTruthy();
    expect(screen.getByTitle(HASH).textContent).toBe('0x5c50…2060');
    expect(screen.getByText('Transaction')).toBeTruthy();
  });

  it('success shows the title, the amount, the summary, the hash with copy, the explorer link and the actions', async () => {
    const done = rs.fn();
    const { core } = await testCore({ start: false });
    render(
      <TransactionStatus
        phase="success"
        title="Sent"
        amount="1 ETH"
        hash={HASH}
        portico={core}
        explorerUrl="https://explorer.test/tx/1"
        actions={[{ label: 'Done', onClick: done }]}
      >
        to 0x7099…79C8
      </TransactionStatus>,
    );
    expect(screen.getByRole('status').textContent).toBe('Sent1 ETHto 0x7099…79C8');
    expect(screen.getByRole('button', { name: 'Copy transaction hash' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View on block explorer' }).getAttribute('href')).toBe('https://explorer.test/tx/1');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('failed is an alert with the reason, Try again and Edit', () => {
    const tryAgain = rs.fn();
    const edit = rs.fn();
    render(<TransactionStatus phase="failed" title="Transaction failed" detail="execution reverted" onTryAgain={tryAgain} onEdit={edit} />);
    expect(screen.getByRole('alert').textContent).toBe('Transaction failedexecution reverted');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(tryAgain).toHaveBeenCalledTimes(1);
    expect(edit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('unconfirmed says it was sent, keeps the hash, and offers only Check again', () => {
    const checkAgain = rs.fn();
    render(
      <TransactionStatus
        phase="unconfirmed"
        title="Transaction sent, not yet confirmed"
        detail="The receipt could not be read."
        hash={HASH}
        onCheckAgain={checkAgain}
        onTryAgain={() => {}}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Transaction sent, not yet confirmed')).toBeTruthy();
    expect(screen.getByTitle(HASH)).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Check again']);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(checkAgain).toHaveBeenCalledTimes(1);
  });
});
