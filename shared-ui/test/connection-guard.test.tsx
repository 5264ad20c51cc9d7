import { accountsAtom } from '@portico/shared-state';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { ACCOUNT as ADDRESS, stopTestCores, testCore } from '@portico/test-kit';
import { ConnectionGuard } from '../src/connection-guard';
import { renderInStore } from '@portico/test-kit/react';

afterEach(() => {
  cleanup();
  stopTestCores();
});

describe('ConnectionGuard', () => {
  it('asks for a wallet, says Reconnecting… while a session is restored, then shows the view with the address', async () => {
    const { core } = await testCore({ start: false });
    renderInStore(
      <ConnectionGuard message="Connect a wallet to send.">{(address) => <p>Sending from {address}</p>}</ConnectionGuard>,
      core,
    );
    expect(screen.getByText('Connect a wallet to send.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();

    act(() => core.store.set(accountsAtom, { eip155: { status: 'connecting', balanceLoading: false } }));
    expect(screen.getByText('Reconnecting…')).toBeTruthy();

    act(() => core.store.set(accountsAtom, { eip155: { status: 'connected', address: ADDRESS, balanceLoading: false } }));
    expect(screen.getByText(`Sending from ${ADDRESS}`)).toBeTruthy();
    expect(screen.queryByText('Reconnecting…')).toBeNull();
  });

  it('offers Connect a wallet while disconnected when asked, not while reconnecting', async () => {
    const connect = rs.fn();
    const { core } = await testCore({ start: false });
    renderInStore(
      <ConnectionGuard message="No wallet is connected." onConnect={connect}>
        <p>Account</p>
      </ConnectionGuard>,
      core,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Connect a wallet' }));
    expect(connect).toHaveBeenCalledTimes(1);
    act(() => core.store.set(accountsAtom, { eip155: { status: 'connecting', balanceLoading: false } }));
    expect(screen.queryByRole('button', { name: 'Connect a wallet' })).toBeNull();
  });
});

describe('ConnectionGuard with a wallet', () => {
  it('shows the view once the wallet connected', async () => {
    const { core } = await testCore({ connect: true });
    renderInStore(<ConnectionGuard message="Connect a wallet to pay.">{(address) => <p>Paying from {address}</p>}</ConnectionGuard>, core);
    expect(screen.getByText(`Paying from ${ADDRESS}`)).toBeTruthy();
  });
});
