import { accountsAtom } from '@portico/shared-state';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { ConnectionGuard } from '../src/connection-guard';
import { renderWithCore } from './helpers';

afterEach(cleanup);

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('ConnectionGuard', () => {
  it('asks for a wallet, says Reconnecting… while a session is restored, then shows the view with the address', () => {
    const { core } = renderWithCore(
      <ConnectionGuard message="Connect a wallet to send.">{(address) => <p>Sending from {address}</p>}</ConnectionGuard>,
    );
    expect(screen.getByText('Connect a wallet to send.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();

    act(() => core.store.set(accountsAtom, { eip155: { status: 'connecting', balanceLoading: false } }));
    expect(screen.getByText('Reconnecting…')).toBeTruthy();

    act(() => core.store.set(accountsAtom, { eip155: { status: 'connected', address: ADDRESS, balanceLoading: false } }));
    expect(screen.getByText(`Sending from ${ADDRESS}`)).toBeTruthy();
    expect(screen.queryByText('Reconnecting…')).toBeNull();
  });

  it('offers Connect a wallet while disconnected when asked, not while reconnecting', () => {
    const connect = rs.fn();
    const { core } = renderWithCore(
      <ConnectionGuard message="No wallet is connected." onConnect={connect}>
        <p>Account</p>
      </ConnectionGuard>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Connect a wallet' }));
    expect(connect).toHaveBeenCalledTimes(1);
    act(() => core.store.set(accountsAtom, { eip155: { status: 'connecting', balanceLoading: false } }));
    expect(screen.queryByRole('button', { name: 'Connect a wallet' })).toBeNull();
  });
});
