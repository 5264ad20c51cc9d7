import { routerAtom } from '@portico/shared-state';
import { anvil, apiStub, fakeWalletConnector, registryRoutes, registryWallets, solanaLocalnet, testCore, type ApiStub } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import AllWallets from '../src/views/AllWallets';

// happy-dom does no layout: give every element the size of the modal's wallet list, and fire
// `scroll` after a programmatic scroll as browsers do.
const sizes = { clientHeight: 360, clientWidth: 328 };
const originalScrollTo = Element.prototype.scrollTo;
beforeAll(() => {
  for (const [key, value] of Object.entries(sizes)) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  }
  // A scroll container is as tall as its content (the grid's inline height).
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      const content = this.firstElementChild as HTMLElement | null;
      return Math.max(Number.parseInt(content?.style.height ?? '') || 0, sizes.clientHeight);
    },
  });
  Element.prototype.scrollTo = function (this: Element, ...args: unknown[]) {
    (originalScrollTo as (...values: unknown[]) => void).apply(this, args);
    this.dispatchEvent(new Event('scroll'));
  } as typeof Element.prototype.scrollTo;
});
afterAll(() => {
  for (const key of [...Object.keys(sizes), 'scrollHeight']) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
  Element.prototype.scrollTo = originalScrollTo;
});

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(registryRoutes(registryWallets(5_000)));
});
afterEach(cleanupViews);
afterAll(() => api.close());

const grid = () => screen.getByRole('grid');
const tiles = () => grid().querySelectorAll<HTMLButtonElement>('button[data-index]');
const scroller = () => grid().parentElement!;
const registryRequests = () => api.requestsTo('/v1/wallets');
const pagesRequested = () =>
  registryRequests()
    .filter((request) => !request.params.has('search'))
    .map((request) => Number(request.params.get('page')));

async function openAllWallets() {
  const setup = await testCore({ api, adapter: { connectWaits: true } });
  renderView(AllWallets, { core: setup.core });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Wallet 0001' })).toBeTruthy());
  return setup;
}

describe('AllWallets', () => {
  it('loads the first page, installed wallets first, and renders only the rows in view', async () => {
    await openAllWallets();
    expect(pagesRequested()).toEqual([1]);
    const buttons = tiles();
    expect(buttons[0]!.textContent).toContain('Fake Wallet');
    expect(buttons[0]!.querySelector('img')!.getAttribute('src')!.startsWith('data:')).toBe(true);
    // The registry's own Fake Wallet entry is the installed one: listed once.
    expect(screen.getAllByRole('button', { name: 'Fake Wallet, installed' })).toHaveLength(1);
    expect(buttons[1]!.textContent).toBe('Wallet 0001');
    const image = buttons[1]!.querySelector('img')!;
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('alt')).toBe('');
    // 40 wallets on the page, fewer buttons in the DOM: the grid is virtualised.
    expect(buttons.length).toBeLessThan(40);
    expect(grid().getAttribute('aria-rowcount')).toBe('10');
  });

  it('loads the next page when the person scrolls near the end, and no further', async () => {
    await openAllWallets();
    const list = scroller();
    for (let page = 2; page <= 5; page++) {
      await act(async () => {
        list.scrollTop = Number.parseInt(grid().style.height) - sizes.clientHeight;
        list.dispatchEvent(new Event('scroll'));
      });
      await waitFor(() => expect(pagesRequested()).toContain(page));
    }
    await waitFor(() => expect(screen.getByRole('button', { name: 'Wallet 0159' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Wallet 0001' })).toBeNull();
    expect(tiles().length).toBeLessThan(60);
    expect(pagesRequested()).toEqual([1, 2, 3, 4, 5]);
  });

  it('searches the registry and says when nothing matches', async () => {
    await openAllWallets();
    const search = screen.getByRole('searchbox', { name: 'Search wallet' });
    fireEvent.change(search, { target: { value: 'wallet 012' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Searching'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Wallet 0120' })).toBeTruthy());
    expect([...tiles()].map((tile) => tile.textContent)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Wallet 012${index}`),
    );
    expect(registryRequests().at(-1)!.params.get('search')).toBe('wallet 012');

    fireEvent.change(search, { target: { value: 'fake' } });
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(tiles()[0]!.textContent).toContain('Fake Wallet');

    fireEvent.change(search, { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByText('No wallet found')).toBeTruthy());
    expect(tiles()).toHaveLength(0);

    fireEvent.change(search, { target: { value: '' } });
    expect(screen.getByRole('button', { name: 'Wallet 0001' })).toBeTruthy();
  });

  it('moves focus with the arrow keys, Home and End, and is a single tab stop', async () => {
    await openAllWallets();
    const focused = () => document.activeElement?.textContent;
    const first = tiles()[0]!;
    expect([...tiles()].filter((tile) => tile.tabIndex === 0)).toEqual([first]);
    first.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(focused()).toBe('Wallet 0001');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focused()).toBe('Wallet 0005');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(focused()).toBe('Wallet 0004');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(focused()).toContain('Fake Wallet');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    // The last loaded wallet is far below the rendered rows: the grid scrolls to it, then focuses it.
    await waitFor(() => expect(focused()).toBe('Wallet 0039'));
    expect([...tiles()].filter((tile) => tile.tabIndex === 0).map((tile) => tile.textContent)).toEqual(['Wallet 0039']);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() => expect(focused()).toContain('Fake Wallet'));
  });

  it('opens the QR view for a registry wallet and the extension for an installed one', async () => {
    const { core, adapter } = await openAllWallets();
    fireEvent.click(screen.getByRole('button', { name: 'Wallet 0002' }));
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingWalletConnect', data: { wallet: { id: 'w0002' } } });
    act(() => core.router.reset('AllWallets'));
    fireEvent.click(screen.getByRole('button', { name: 'Fake Wallet, installed' }));
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingExternal', data: { connectorId: 'io.fake' } });
    expect(adapter.connectCalls.at(-1)).toBe('io.fake');
  });

  it('shows a failed page with Retry', async () => {
    const recover = api.override({ 'GET /v1/wallets': { status: 500, text: 'down for maintenance' } });
    const { core } = await testCore({ api });
    renderView(AllWallets, { core });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('HTTP request failed');
    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Wallet 0001' })).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('AllWallets: a wallet in several namespaces (issue 13)', () => {
  const phantomEvm = { ...fakeWalletConnector, id: 'app.phantom', name: 'Phantom', info: { rdns: 'app.phantom' } };
  const phantomSolana = { ...fakeWalletConnector, id: 'Phantom', name: 'Phantom', chain: 'solana' as const, info: undefined };

  it('is one tile, described by its namespaces; it opens Select Chain', async () => {
    const { core } = await testCore({
      api,
      adapter: { connectors: [phantomEvm, phantomSolana], connectWaits: true },
      options: { networks: [anvil, solanaLocalnet] },
    });
    renderView(AllWallets, { core });
    const phantom = await screen.findByRole('button', { name: 'Phantom, installed', description: 'EVM, Solana' });
    expect(screen.getAllByRole('button', { name: 'Phantom, installed' })).toHaveLength(1);
    // The registry's first page shown: its request is answered, so the test does not end with it in flight.
    expect(await screen.findByRole('button', { name: 'Wallet 0001' })).toBeTruthy();
    fireEvent.click(phantom);
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingMultiChain', data: { connectorId: 'app.phantom' } });
  });
});

describe('AllWallets: an installed wallet the registry knows (explorerId, imageId)', () => {
  it("without an image of its own, its tile shows the registry's image of that wallet", async () => {
    const withImageIds = await apiStub(registryRoutes(registryWallets(60).map((wallet) => ({ ...wallet, image_id: `image-${wallet.id}` }))));
    const { core } = await testCore({ api: withImageIds, adapter: { connectors: [{ ...fakeWalletConnector, imageUrl: undefined }] } });
    renderView(AllWallets, { core });
    await screen.findByRole('button', { name: 'Wallet 0001' });
    const fake = screen.getByRole('button', { name: 'Fake Wallet, installed' });
    expect(fake.querySelector('img')?.getAttribute('src')).toBe(`${withImageIds.url}/v1/wallet-images/image-fake`);
    await withImageIds.close();
  });
});

describe("AllWallets: the host's customWallets and certified wallets", () => {
  it('lists the custom wallet after the installed one, names certified tiles so, and finds the custom wallet by search', async () => {
    const certified = await apiStub(
      registryRoutes(registryWallets(60).map((wallet) => (wallet.id === 'w0001' ? { ...wallet, badge_type: 'certified' } : wallet))),
    );
    const custom = { id: 'my-wallet', name: 'My Wallet', image_url: 'https://my-wallet.example/icon.png', mobile_link: 'mywallet://' };
    const { core } = await testCore({ api: certified, options: { customWallets: [custom] } });
    renderView(AllWallets, { core });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Wallet 0001, certified' })).toBeTruthy());
    const names = [...tiles()].slice(0, 4).map((tile) => tile.getAttribute('aria-label') ?? tile.textContent);
    expect(names).toEqual(['Fake Wallet, installed', 'My Wallet', 'Wallet 0001, certified', 'Wallet 0002']);
    // The badge is drawn under the name, and the tile's name holds what it shows.
    expect(screen.getByRole('button', { name: 'Wallet 0001, certified' }).textContent).toBe('Wallet 0001 certified');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search wallet' }), { target: { value: 'my wal' } });
    await waitFor(() => expect(screen.queryByText('Searching…')).toBeNull());
    expect([...tiles()].map((tile) => tile.textContent)).toEqual(['My Wallet']);
    fireEvent.click(screen.getByRole('button', { name: 'My Wallet' }));
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingWalletConnect', data: { wallet: custom } });
    await certified.close();
  });
});
