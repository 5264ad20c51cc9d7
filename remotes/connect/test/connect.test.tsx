import { registryAtom, routerAtom, walletConnectAtom } from '@portico/shared-state';
import { REGISTRY_IMAGES, apiStub, deferred, registryRoutes, registryWallets, testCore, walletListReply, type ApiStub, type TestCoreOptions } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import Connect from '../src/views/Connect';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(registryRoutes(registryWallets(60)));
});
afterEach(cleanupViews);
afterAll(() => api.close());

/** A core on the registry stub whose wallets wait for the test to answer a connect. */
const connectCore = (options: TestCoreOptions = {}) => testCore({ api, adapter: { connectWaits: true }, ...options });

/** The wallet list's buttons by accessible name, in order (Testing Library computes each name for its matcher). */
const walletButtons = () => {
  const names: string[] = [];
  within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('button', {
    name: (name) => {
      names.push(name);
      return true;
    },
  });
  return names;
};

describe('Connect', () => {
  it('lists WalletConnect, the installed wallet and 4 recommended wallets, then All Wallets', async () => {
    const { core } = await connectCore();
    renderView(Connect, { core: core });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Wallet 0001' })).toBeTruthy());
    expect(walletButtons()).toEqual([
      'WalletConnect, QR code',
      'Fake Wallet, installed',
      'Wallet 0001',
      'Wallet 0002',
      'Wallet 0003',
      'Wallet 0004',
      'All Wallets',
    ]);
    // The registry's Fake Wallet is the installed one: listed once, as the extension.
    expect(screen.getAllByRole('button', { name: 'Fake Wallet, installed' })).toHaveLength(1);
    const image = screen.getByRole('button', { name: 'Wallet 0001' }).querySelector('img')!;
    expect(image.getAttribute('src')).toBe(`${REGISTRY_IMAGES}/w0001`);
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('alt')).toBe('');
  });

  it('opens the QR view for WalletConnect, and for a picked registry wallet', async () => {
    const { core } = await connectCore();
    renderView(Connect, { core: core });
    fireEvent.click(screen.getByRole('button', { name: 'WalletConnect, QR code' }));
    expect(core.store.get(routerAtom).view).toBe('ConnectingWalletConnect');
    expect(core.store.get(walletConnectAtom).status).toBe('pairing');

    act(() => core.router.reset('Connect'));
    await waitFor(() => fireEvent.click(screen.getByRole('button', { name: 'Wallet 0002' })));
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingWalletConnect', data: { wallet: { id: 'w0002' } } });
  });

  it('connects an installed wallet through its extension', async () => {
    const { core, adapter } = await connectCore();
    renderView(Connect, { core: core });
    fireEvent.click(screen.getByRole('button', { name: 'Fake Wallet, installed' }));
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingExternal', data: { connectorId: 'io.fake' } });
    expect(adapter.connectCalls).toEqual(['io.fake']);
  });

  it('puts recent wallets after WalletConnect, once each', async () => {
    const { core } = await connectCore();
    core.storage.addRecentWallet({ id: 'walletConnect', name: 'WalletConnect' });
    core.storage.addRecentWallet({ id: 'io.fake', name: 'Fake Wallet' });
    core.storage.addRecentWallet({ id: 'w0001', name: 'Wallet 0001' });
    renderView(Connect, { core: core });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Wallet 0005' })).toBeTruthy());
    expect(walletButtons()).toEqual([
      'WalletConnect, QR code',
      'Wallet 0001, recent',
      'Fake Wallet, installed',
      'Wallet 0002',
      'Wallet 0003',
      'Wallet 0004',
      'Wallet 0005',
      'All Wallets',
    ]);
  });

  it('shows featured wallets in the host order before the recommended ones', async () => {
    const { core } = await connectCore({ options: { featuredWalletIds: ['w0009', 'w0007'] } });
    renderView(Connect, { core: core });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Wallet 0007' })).toBeTruthy());
    expect(walletButtons().slice(2, 5)).toEqual(['Wallet 0009', 'Wallet 0007', 'Wallet 0001']);
  });

  it('holds the registry wallets\' place with skeleton rows while they load: the list is busy and says so', async () => {
    const gate = deferred<void>();
    const restore = api.override({ 'GET /v1/wallets': async (request) => (await gate.promise, walletListReply(request, registryWallets(60))) });
    try {
      const { core } = await connectCore({ options: { featuredWalletIds: ['w0009'] } });
      renderView(Connect, { core: core });
      const list = screen.getByRole('list', { name: 'Wallets' });
      expect(list.getAttribute('aria-busy')).toBe('true');
      expect(screen.getByRole('status').textContent).toBe('Loading wallets…');
      expect(walletButtons()).toEqual(['WalletConnect, QR code', 'Fake Wallet, installed', 'All Wallets']);
      // One featured and four recommended rows are drawn before All Wallets, not read.
      const rows = within(list).getAllByRole('listitem', { hidden: true });
      expect(rows).toHaveLength(8);
      expect(rows.slice(2, 7).every((row) => row.getAttribute('aria-hidden') === 'true')).toBe(true);

      gate.resolve();
      await waitFor(() => expect(list.getAttribute('aria-busy')).toBe('false'));
      expect(screen.getByRole('status').textContent).toBe('');
      expect(walletButtons().slice(2)).toEqual(['Wallet 0009', 'Wallet 0001', 'Wallet 0002', 'Wallet 0003', 'Wallet 0004', 'All Wallets']);
      expect(within(list).getAllByRole('listitem', { hidden: true })).toHaveLength(within(list).getAllByRole('listitem').length);
    } finally {
      restore();
    }
  });

  it('drops the skeleton rows when the registry cannot be reached, keeping what is installed', async () => {
    const restore = api.override({ 'GET /v1/wallets': { status: 404, json: { error: 'Not found' } } });
    try {
      const { core } = await connectCore();
      renderView(Connect, { core: core });
      const list = screen.getByRole('list', { name: 'Wallets' });
      await waitFor(() => expect(list.getAttribute('aria-busy')).toBe('false'));
      expect(within(list).getAllByRole('listitem', { hidden: true })).toHaveLength(3);
      expect(walletButtons()).toEqual(['WalletConnect, QR code', 'Fake Wallet, installed', 'All Wallets']);
    } finally {
      restore();
    }
  });

  it('draws All Wallets as a grid of the first four registry logos, named "All Wallets" and described by the count', async () => {
    const { core } = await connectCore();
    await core.registry!.loadNextPage();
    renderView(Connect, { core: core });
    await screen.findByRole('button', { name: 'Wallet 0004' });
    const allWallets = screen.getByRole('button', { name: 'All Wallets' });
    const logos = within(allWallets).getAllByRole('presentation', { hidden: true });
    expect(logos.map((logo) => logo.getAttribute('src'))).toEqual(['w0001', 'w0002', 'w0003', 'w0004'].map((id) => `${REGISTRY_IMAGES}/${id}`));
    expect(document.getElementById(allWallets.getAttribute('aria-describedby')!)?.textContent).toBe('60 wallets');
  });

  it('shows the registry count on All Wallets and opens it', async () => {
    const { core } = await connectCore();
    await core.registry!.loadNextPage();
    renderView(Connect, { core: core });
    const allWallets = screen.getByRole('button', { name: 'All Wallets' });
    expect(allWallets.textContent).toContain('60+');
    fireEvent.click(allWallets);
    expect(core.store.get(routerAtom).view).toBe('AllWallets');
    expect(core.store.get(registryAtom).count).toBe(60);
  });

  it('has no All Wallets entry without a registry or with the feature off', async () => {
    const { core } = await connectCore({ options: { apiUrl: undefined } });
    renderView(Connect, { core: core });
    expect(walletButtons()).toEqual(['WalletConnect, QR code', 'Fake Wallet, installed']);
    cleanup();
    const { core: off } = await connectCore({ options: { features: { allWallets: false } } });
    renderView(Connect, { core: off });
    expect(screen.queryByRole('button', { name: 'All Wallets' })).toBeNull();
  });
});
