import { routerAtom, toastAtom } from '@portico/shared-state';
import { ACCOUNT as ADDRESS, anvil, testCore } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, rs } from '@rstest/core';
import WalletReceive from '../src/views/WalletReceive';
import { anvilTwo as anvil2 } from './account-api';

const solanaDevnet = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  chainNamespace: 'solana',
  testnet: true,
};

/** Receive needs no API: a core connected to ADDRESS on Anvil Local. */
async function connectedCore(options: Record<string, unknown> = {}) {
  return (await testCore({ connect: true, options })).core;
}

const clipboard = Object.getOwnPropertyDescriptor(globalThis.navigator, 'clipboard');
afterEach(() => {
  cleanupViews();
  if (clipboard) Object.defineProperty(globalThis.navigator, 'clipboard', clipboard);
  else delete (globalThis.navigator as { clipboard?: unknown }).clipboard;
});

describe('WalletReceive', () => {
  it('shows the address as a QR code and as text, and the networks of its namespace', async () => {
    const core = await connectedCore({ networks: [anvil, anvil2, solanaDevnet] });
    renderView(WalletReceive, { core });
    const qr = await screen.findByRole('img', { name: 'QR code for your address' });
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
    renderView(WalletReceive, { core });
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(core.store.get(toastAtom)).toMatchObject({ open: true, variant: 'success', message: 'Address copied' }));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
  });

  it('offers to connect when no wallet is connected', async () => {
    const core = await connectedCore();
    await core.connection.disconnect();
    renderView(WalletReceive, { core });
    fireEvent.click(screen.getByRole('button', { name: 'Connect a wallet' }));
    expect(core.store.get(routerAtom).view).toBe('Connect');
  });
});
