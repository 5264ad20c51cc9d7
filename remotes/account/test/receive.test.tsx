import { routerAtom, toastAtom } from '@portico/shared-state';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import WalletReceive from '../src/views/WalletReceive';
import { ADDRESS, anvil, anvil2, connectedCore, renderView, solanaDevnet, stubApi } from './helpers';

let stub: ReturnType<typeof stubApi>;
const clipboard = Object.getOwnPropertyDescriptor(globalThis.navigator, 'clipboard');
beforeEach(() => {
  stub = stubApi();
});
afterEach(() => {
  cleanup();
  stub.restore();
  if (clipboard) Object.defineProperty(globalThis.navigator, 'clipboard', clipboard);
  else delete (globalThis.navigator as { clipboard?: unknown }).clipboard;
});

describe('WalletReceive', () => {
  it('shows the address as a QR code and as text, and the networks of its namespace', async () => {
    const core = await connectedCore({ networks: [anvil, anvil2, solanaDevnet] });
    renderView(WalletReceive, core);
    const qr = screen.getByRole('img', { name: 'QR code for your address' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    expect(screen.getByText(ADDRESS)).toBeTruthy();
    const networks = screen.getByRole('list', { name: /Only send assets on these networks/ });
    expect(within(networks).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Anvil Local (current)',
      'Anvil Two',
    ]);
  });

  it('copies the address with a confirmation toast', async () => {
    const writeText = rs.fn(async (_text: string) => {});
    Object.defineProperty(globalThis.navigator, 'clipboard', { value: { writeText }, configurable: true });
    const core = await connectedCore();
    renderView(WalletReceive, core);
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(core.store.get(toastAtom)).toMatchObject({ open: true, variant: 'success', message: 'Address copied' }));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
  });

  it('offers to connect when no wallet is connected', async () => {
    const core = await connectedCore();
    await core.connection.disconnect();
    renderView(WalletReceive, core);
    fireEvent.click(screen.getByRole('button', { name: 'Connect a wallet' }));
    expect(core.store.get(routerAtom).view).toBe('Connect');
  });
});
