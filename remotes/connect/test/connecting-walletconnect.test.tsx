import { routerAtom, toastAtom, walletConnectAtom, type RegistryWallet } from '@portico/shared-state';
import { REGISTRY_IMAGES, testCore } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import ConnectingWalletConnect from '../src/views/ConnectingWalletConnect';

const URI = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1705670400';

afterEach(cleanupViews);

/** A sentence whose wallet name is bidi-isolated (`<bdi>`): matched as the text it reads. */
const sentence = (text: string) => (_: string, element: Element | null) =>
  element?.tagName !== 'BDI' && element?.textContent === text && [...(element?.children ?? [])].every((child) => child.tagName === 'BDI');

async function openPairing(options: { wallet?: RegistryWallet; isMobile?: boolean } = {}) {
  const setup = await testCore({ isMobile: options.isMobile });
  void setup.core.connectWalletConnect(options.wallet);
  renderView(ConnectingWalletConnect, { core: setup.core });
  return setup;
}

describe('ConnectingWalletConnect', () => {
  it('prepares, then shows the QR code of the pairing URI and copies the link', async () => {
    const { core, adapter } = await openPairing();
    expect(screen.getByRole('status').textContent).toContain('Preparing QR code…');
    expect(screen.queryByRole('img')).toBeNull();
    // The view reuses the pairing connectWalletConnect started: one pairing, not two.
    expect(adapter.connectCalls).toEqual(['walletConnect']);

    act(() => core.walletConnect.receiveUri(URI));
    const qr = await screen.findByRole('img', { name: 'QR code for WalletConnect' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')!.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);

    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(core.store.get(toastAtom)).toMatchObject({ open: true, message: 'Link copied', variant: 'success' }));
    expect(written).toEqual([URI]);
  });

  it('names the picked wallet and shows Account when the wallet approves', async () => {
    const wallet = { id: 'w0003', name: 'Wallet 0003', image_url: `${REGISTRY_IMAGES}/w0003` };
    const { core, adapter } = await openPairing({ wallet });
    act(() => core.walletConnect.receiveUri(URI));
    expect(await screen.findByRole('img', { name: 'QR code for Wallet 0003' })).toBeTruthy();
    expect(screen.getByText(sentence('Scan with Wallet 0003'))).toBeTruthy();
    act(() => adapter.approveConnect());
    await waitFor(() => expect(core.store.get(routerAtom).view).toBe('Account'));
    expect(core.storage.get('recentWallets')?.[0]).toEqual({ id: 'w0003', name: 'Wallet 0003' });
  });

  it('shows a decline with Try again, which starts a new pairing', async () => {
    const { core, adapter } = await openPairing();
    act(() => core.walletConnect.receiveUri(URI));
    await act(async () => adapter.rejectConnect());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Connection declined');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(adapter.connectCalls).toEqual(['walletConnect', 'walletConnect']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Preparing QR code…');
  });

  it('replaces a URI about to expire with a fresh pairing', async () => {
    const { core, adapter } = await openPairing();
    act(() => core.walletConnect.receiveUri(URI));
    // 5 s left: under the 10 s margin, so the URI must not stay on screen.
    act(() => core.store.set(walletConnectAtom, { ...core.store.get(walletConnectAtom), wcPairingExpiry: Date.now() + 5_000 }));
    await waitFor(() => expect(adapter.connectCalls).toHaveLength(2), { timeout: 2_500 });
    expect(screen.queryByRole('img')).toBeNull();
    act(() => core.walletConnect.receiveUri(`${URI}&fresh=1`));
    expect(await screen.findByRole('img', { name: 'QR code for WalletConnect' })).toBeTruthy();
  });

  it('keeps a live pairing when the view is left and opened again', async () => {
    const { core, adapter } = await openPairing();
    act(() => core.walletConnect.receiveUri(URI));
    cleanup();
    expect(core.store.get(walletConnectAtom).wcUri).toBe(URI);
    renderView(ConnectingWalletConnect, { core });
    expect(await screen.findByRole('img', { name: 'QR code for WalletConnect' })).toBeTruthy();
    expect(adapter.connectCalls).toHaveLength(1);
  });

  it('on mobile opens the picked wallet through its deep link', async () => {
    const wallet = { id: 'w0001', name: 'Wallet 0001', mobile_link: 'wallet1://' };
    const { core } = await openPairing({ wallet, isMobile: true });
    expect(screen.getByRole('status').textContent).toContain('Preparing');
    act(() => core.walletConnect.receiveUri(URI));
    const link = screen.getByRole('link', { name: 'Open Wallet 0001' });
    expect(link.getAttribute('href')).toBe(`wallet1://wc?uri=${encodeURIComponent(URI)}`);
    expect(link.getAttribute('target')).toBe('_self');
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(core.store.get(walletConnectAtom).wcLinking).toEqual({ name: 'Wallet 0001', href: 'wallet1://' });
  });

  it('opens universal links in a new tab on mobile', async () => {
    const wallet = { id: 'w0002', name: 'Wallet 0002', mobile_link: 'https://wallet2.example/app' };
    const { core } = await openPairing({ wallet, isMobile: true });
    act(() => core.walletConnect.receiveUri(URI));
    const link = screen.getByRole('link', { name: 'Open Wallet 0002' });
    expect(link.getAttribute('href')).toBe(`https://wallet2.example/app/wc?uri=${encodeURIComponent(URI)}`);
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
