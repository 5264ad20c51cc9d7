import { activeNamespaceAtom, routerAtom, type Connector, type RegistryWallet } from '@portico/shared-state';
import {
  anvil,
  apiStub,
  fakeWalletConnector,
  registryRoutes,
  registryWallets,
  solanaLocalnet,
  testCore,
  walletConnectConnector,
  type ApiStub,
  type TestCoreOptions,
} from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import Connect from '../src/views/Connect';
import ConnectingMultiChain from '../src/views/ConnectingMultiChain';
import { solanaBrowseLink } from '../src/wallets';

const ICON = fakeWalletConnector.imageUrl;
/** Phantom as the eip155 adapter lists its EIP-6963 announcement, and as the solana adapter lists its Wallet Standard wallet. */
const phantomEvm: Connector = { id: 'app.phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'eip155', imageUrl: ICON, info: { rdns: 'app.phantom' }, installed: true };
const phantomSolana: Connector = { id: 'Phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana', imageUrl: ICON, installed: true };
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
/** The registry's Phantom and Coinbase (their real rdns and chains), and an EVM-only wallet. */
const registry: RegistryWallet[] = [
  { id: 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393', name: 'Phantom', rdns: 'app.phantom', chains: [SOLANA_MAINNET] },
  { id: 'coinbase', name: 'Base (formerly Coinbase Wallet)', rdns: 'com.coinbase.wallet', chains: ['eip155:1', SOLANA_MAINNET] },
  { id: 'evm-only', name: 'EVM Only Wallet', rdns: 'com.example.evm', chains: ['eip155:1'] },
  ...registryWallets(8).slice(1),
];

let api: ApiStub;
beforeAll(async () => {
  api = await apiStub(registryRoutes(registry));
});
afterEach(cleanupViews);
afterAll(() => api.close());

const multiChainCore = (connectors: Connector[], options: TestCoreOptions = {}) =>
  testCore({
    api,
    adapter: { connectors: [walletConnectConnector, ...connectors], connectWaits: true },
    options: { networks: [anvil, solanaLocalnet], featuredWalletIds: [registry[0]!.id, 'coinbase', 'evm-only'] },
    ...options,
  });
const walletList = () => screen.getByRole('list', { name: 'Wallets' });

describe('Connect: a wallet in several namespaces (issue 13, MULTI_CHAIN)', () => {
  it('is listed once, described by its namespaces; picking it opens Select Chain, whose Solana row connects its Solana side', async () => {
    const { core } = await multiChainCore([fakeWalletConnector, phantomEvm, phantomSolana]);
    renderView(Connect, { core });
    const phantom = await screen.findByRole('button', { name: 'Phantom, installed', description: 'EVM, Solana' });
    expect(within(walletList()).getAllByRole('button', { name: 'Phantom, installed' })).toHaveLength(1);

    fireEvent.click(phantom);
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingMultiChain', data: { connectorId: 'app.phantom' } });
    cleanupViews();
    renderView(ConnectingMultiChain, { core });
    expect(screen.getByText(/^Select Chain for/).textContent).toBe('Select Chain for Phantom');
    const chains = screen.getByRole('list', { name: 'Chains of Phantom' });
    expect(within(chains).getAllByRole('button').map((button) => button.textContent)).toEqual(['EVM Networks', 'Solana']);
    fireEvent.click(within(chains).getByRole('button', { name: 'Solana' }));
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingExternal', data: { connectorId: 'Phantom' } });
  });

  it('Select Chain: EVM Networks connects the EIP-6963 side; on a Solana network Solana comes first', async () => {
    const { core } = await multiChainCore([phantomEvm, phantomSolana]);
    act(() => core.store.set(activeNamespaceAtom, 'solana'));
    act(() => core.router.push('ConnectingMultiChain', { connectorId: 'app.phantom' }));
    renderView(ConnectingMultiChain, { core });
    const chains = screen.getByRole('list', { name: 'Chains of Phantom' });
    expect(within(chains).getAllByRole('button').map((button) => button.textContent)).toEqual(['Solana', 'EVM Networks']);
    fireEvent.click(within(chains).getByRole('button', { name: 'EVM Networks' }));
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingExternal', data: { connectorId: 'app.phantom' } });
  });

  it('Select Chain for a wallet that is gone says so', async () => {
    const { core } = await multiChainCore([phantomEvm]);
    act(() => core.router.push('ConnectingMultiChain', { connectorId: 'app.phantom' }));
    renderView(ConnectingMultiChain, { core });
    expect(screen.getByRole('alert').textContent).toContain('This wallet is no longer available in the browser.');
  });

  it('a single-namespace wallet connects at once, without a description', async () => {
    const { core } = await multiChainCore([fakeWalletConnector, phantomEvm, phantomSolana]);
    renderView(Connect, { core });
    const fake = await screen.findByRole('button', { name: 'Fake Wallet, installed' });
    expect(fake.getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(fake);
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingExternal', data: { connectorId: 'io.fake' } });
  });

  it('a host with networks in one namespace gets no Select Chain: each side is its own row', async () => {
    const { core } = await multiChainCore([phantomEvm, phantomSolana], { options: { networks: [anvil] } });
    renderView(Connect, { core });
    const rows = await within(walletList()).findAllByRole('button', { name: 'Phantom, installed' });
    expect(rows).toHaveLength(2);
    fireEvent.click(rows[0]!);
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingExternal', data: { connectorId: 'app.phantom' } });
  });
});

describe("open({ namespace }): Connect lists only that namespace's wallets", () => {
  it('solana: its wallets, WalletConnect, and registry wallets that list a solana chain', async () => {
    const { core } = await multiChainCore([fakeWalletConnector, phantomEvm, phantomSolana]);
    act(() => core.modal.open({ namespace: 'solana' }));
    renderView(Connect, { core });
    await screen.findByRole('button', { name: 'Base (formerly Coinbase Wallet)' });
    for (const shown of ['WalletConnect, QR code', 'Phantom, installed', 'All Wallets']) expect(within(walletList()).getByRole('button', { name: shown })).toBeTruthy();
    for (const hidden of ['Fake Wallet', 'EVM Only Wallet']) expect(screen.queryByRole('button', { name: hidden })).toBeNull();
    // Only its Solana side: no choice to make.
    fireEvent.click(screen.getByRole('button', { name: 'Phantom, installed' }));
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingExternal', data: { connectorId: 'Phantom' } });
  });

  it('the next plain open() lists every namespace again', async () => {
    const { core } = await multiChainCore([fakeWalletConnector, phantomEvm, phantomSolana]);
    act(() => core.modal.open({ namespace: 'solana' }));
    act(() => core.modal.open());
    renderView(Connect, { core });
    expect(await screen.findByRole('button', { name: 'EVM Only Wallet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fake Wallet, installed' })).toBeTruthy();
  });
});

describe('Solana browse links (spec section 7)', () => {
  const onSolanaPhone = async (connectors: Connector[]) => {
    const { core } = await multiChainCore(connectors, { isMobile: true });
    act(() => core.store.set(activeNamespaceAtom, 'solana'));
    return core;
  };

  it('on a phone on Solana, without their Solana wallet injected, Phantom and Coinbase link to their browse pages', async () => {
    const core = await onSolanaPhone([]);
    renderView(Connect, { core });
    const page = new URL(window.location.href);
    const coinbase = await screen.findByRole('link', { name: 'Base (formerly Coinbase Wallet)' });
    expect(coinbase.getAttribute('href')).toBe(`https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page.href)}`);
    expect(screen.getByRole('link', { name: 'Phantom' }).getAttribute('href')).toBe(
      `https://phantom.app/ul/browse/${encodeURIComponent(page.href)}?ref=${encodeURIComponent(page.origin)}`,
    );
    // Other wallets stay buttons (WalletConnect).
    expect(screen.getByRole('button', { name: 'EVM Only Wallet' })).toBeTruthy();
  });

  it('not on a phone, or not on Solana: no links', async () => {
    const { core } = await multiChainCore([]);
    renderView(Connect, { core });
    expect(await screen.findByRole('button', { name: 'Base (formerly Coinbase Wallet)' })).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('a Solana wallet of that name is injected: it connects, no link', async () => {
    const core = await onSolanaPhone([phantomSolana]);
    renderView(Connect, { core });
    expect(await screen.findByRole('button', { name: 'Phantom, installed' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Phantom, installed' })).toBeNull();
  });
});

describe('solanaBrowseLink', () => {
  it("Phantom: AppKit's ul/browse form with the page encoded and its origin as ref", () => {
    expect(solanaBrowseLink({ rdns: 'app.phantom' }, 'https://shop.example/pay?item=a&b=c#x')).toBe(
      'https://phantom.app/ul/browse/https%3A%2F%2Fshop.example%2Fpay%3Fitem%3Da%26b%3Dc%23x?ref=https%3A%2F%2Fshop.example',
    );
  });

  it("Coinbase: go.cb-w.com's dapp link with the page encoded", () => {
    expect(solanaBrowseLink({ rdns: 'com.coinbase.wallet' }, 'http://127.0.0.1:3000/')).toBe(
      'https://go.cb-w.com/dapp?cb_url=http%3A%2F%2F127.0.0.1%3A3000%2F',
    );
  });

  it.each([
    [{ rdns: 'com.example.w0001' }, 'https://shop.example/'],
    [{ rdns: null }, 'https://shop.example/'],
    [{ rdns: 'app.phantom' }, 'javascript:alert(1)'],
    [{ rdns: 'app.phantom' }, 'file:///etc/passwd'],
    [{ rdns: 'app.phantom' }, 'not a url'],
  ])('none for %j on %s (another wallet, a page that is not http(s))', (wallet, page) => {
    expect(solanaBrowseLink(wallet, page)).toBeUndefined();
  });
});
