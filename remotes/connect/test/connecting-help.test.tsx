import { connectorsAtom, registryAtom, routerAtom, type RegistryWallet } from '@portico/shared-state';
import { REGISTRY_IMAGES, apiStub, fakeWalletConnector, registryRoutes, registryWallets, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import Connect from '../src/views/Connect';
import ConnectingExternal from '../src/views/ConnectingExternal';
import ConnectingWalletConnect from '../src/views/ConnectingWalletConnect';
import GetWallet from '../src/views/GetWallet';
import WhatIsANetwork from '../src/views/WhatIsANetwork';
import WhatIsAWallet from '../src/views/WhatIsAWallet';

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(registryRoutes(registryWallets(8)));
});
afterEach(cleanupViews);
afterAll(() => api.close());

const URI = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1705670400';

const rainbow: RegistryWallet = {
  id: 'rainbow',
  name: 'Rainbow',
  image_url: `${REGISTRY_IMAGES}/rainbow`,
  homepage: 'https://rainbow.me',
  chrome_store: 'https://chromewebstore.google.com/detail/rainbow/opfgelmcmbiajamepnmloijbpoleiama',
  app_store: 'https://apps.apple.com/app/rainbow-ethereum-wallet/id1457119021',
  play_store: 'javascript:alert(1)',
  mobile_link: 'rainbow://',
};

describe('Connecting: waiting, cancel, get the wallet', () => {
  it('rings the logo while waiting; Cancel goes back to Connect', async () => {
    const { core } = await testCore({ adapter: { connectWaits: true }, views: ['Connect'] });
    void core.connectExternal(fakeWalletConnector.id);
    const { container } = renderView(ConnectingExternal, { core });
    expect(container.querySelector('.portico-connecting-logo-waiting img')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(core.store.get(routerAtom).view).toBe('Connect');
  });

  it('offers the store links of a wallet that is not installed', async () => {
    const { core } = await testCore({ adapter: { connectWaits: true }, views: ['Connect'] });
    core.store.set(connectorsAtom, core.store.get(connectorsAtom).map((connector) => (connector.id === fakeWalletConnector.id ? { ...connector, name: 'Rainbow', installed: false } : connector)));
    core.store.set(registryAtom, { ...core.store.get(registryAtom), featured: [rainbow] });
    void core.connectExternal(fakeWalletConnector.id);
    renderView(ConnectingExternal, { core });
    fireEvent.click(screen.getByRole('button', { name: 'Get Rainbow' }));
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'GetWallet', data: { wallet: rainbow } });
  });

  it('GetWallet lists the web store links for a computer, each with its store\'s mark, named for it, opening a new tab', async () => {
    const { core } = await testCore({ views: ['Connect'] });
    core.router.push('GetWallet', { wallet: rainbow });
    renderView(GetWallet, { core });
    const list = screen.getByRole('list', { name: 'Get Rainbow' });
    const names = ['Get Rainbow on the Chrome Web Store', 'Get Rainbow on the App Store', 'Get Rainbow from its website'];
    const links = names.map((name) => within(list).getByRole('link', { name }));
    expect(within(list).getAllByRole('link')).toEqual(links);
    // The visible words are the store's name, which the accessible name contains; the mark and arrow are drawn, not read.
    expect(links.map((link) => link.textContent)).toEqual(['Chrome Web Store', 'App Store', 'Website']);
    expect(links.every((link) => link.querySelector('svg[aria-hidden="true"] path'))).toBe(true);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([rainbow.chrome_store, rainbow.app_store, `${rainbow.homepage}/`]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('GetWallet on a phone offers only that phone\'s store, then the website', async () => {
    const { core } = await testCore({ isMobile: true, views: ['Connect'] });
    core.router.push('GetWallet', { wallet: { ...rainbow, play_store: 'https://play.google.com/store/apps/details?id=me.rainbow' } });
    renderView(GetWallet, { core });
    const list = screen.getByRole('list', { name: 'Get Rainbow' });
    const links = ['Get Rainbow on Google Play', 'Get Rainbow from its website'].map((name) => within(list).getByRole('link', { name }));
    expect(within(list).getAllByRole('link')).toEqual(links);
  });

  it('on a phone without a picked wallet, WalletConnect offers deep links into mobile wallets, not a QR code', async () => {
    const { core } = await testCore({ isMobile: true, views: ['Connect'] });
    core.store.set(registryAtom, { ...core.store.get(registryAtom), featured: [rainbow, { id: 'nolink', name: 'No Link' }] });
    void core.connectWalletConnect();
    renderView(ConnectingWalletConnect, { core });
    act(() => core.walletConnect.receiveUri(URI));
    const list = await screen.findByRole('list', { name: 'Open your wallet app' });
    const link = await within(list).findByRole('link', { name: 'Rainbow' });
    await waitFor(() => expect(link.getAttribute('href')).toBe(`rainbow://wc?uri=${encodeURIComponent(URI)}`));
    expect(within(list).queryByText('No Link')).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByText('Scan with your phone')).toBeNull();
  });
});

describe('What is a wallet? What is a network?', () => {
  it('Connect links to WhatIsAWallet, whose Get a wallet opens All Wallets', async () => {
    const { core } = await testCore({ api, views: ['Connect'] });
    renderView(Connect, { core });
    fireEvent.click(await screen.findByRole('button', { name: 'What is a wallet?' }));
    expect(core.store.get(routerAtom).view).toBe('WhatIsAWallet');
    cleanupViews();
    renderView(WhatIsAWallet, { core });
    expect(screen.getByText('A wallet is your home for digital assets.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get a wallet' }));
    expect(core.store.get(routerAtom).view).toBe('AllWallets');
  });

  it('WhatIsANetwork explains networks', async () => {
    const { core } = await testCore({ views: ['Networks', 'WhatIsANetwork'] });
    renderView(WhatIsANetwork, { core });
    expect(screen.getByText('A network is a blockchain: a shared record of assets and transactions.')).toBeTruthy();
    expect(screen.getAllByRole('paragraph')).toHaveLength(3);
  });
});

describe('Text', () => {
  it('isolates the wallet name inside a sentence (a Latin name keeps its start in Arabic)', async () => {
    const { core } = await testCore({ adapter: { connectWaits: true }, views: ['Connect'] });
    void core.connectExternal(fakeWalletConnector.id);
    const { container } = renderView(ConnectingExternal, { core });
    const title = container.querySelector('.portico-title')!;
    expect(title.textContent).toBe('Continue in Fake Wallet');
    expect(title.querySelector('bdi')!.textContent).toBe('Fake Wallet');
  });
});
