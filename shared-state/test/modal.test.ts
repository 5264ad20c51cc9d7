import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { createStore } from 'jotai/vanilla';
import { createModalController, openingView } from '../src/controllers/modal';
import { createRouterController, type RouterController } from '../src/controllers/router';
import { anvil, fakeWalletConnector, mainnet, polkadot, solanaDevnet, solanaLocalnet, stopTestCores, testCore } from '@portico/test-kit';
import { activeNamespaceAtom, activeNetworkAtom, modalFlagsAtom, modalStateAtom, routerAtom, toCaipNetwork, type PorticoEvent } from '../src/index';
import { createEventBus } from '../src/events';
import { SHAKE_RESET_MS } from '../src/constants';


function setup(connected = false) {
  const store = createStore();
  const events = createEventBus(() => 0);
  const tracked: PorticoEvent[] = [];
  events.subscribe((event) => tracked.push(event));
  const state = { connected };
  let router: RouterController;
  // These tests open without a namespace (open({ namespace }) is tested below, on a whole core).
  const modal = createModalController(store, { router: () => router, isConnected: () => state.connected, events, selectNamespace: () => undefined });
  router = createRouterController(store, { close: () => modal.close() });
  return { store, modal, router: router!, tracked, state };
}

describe('modal controller', () => {
  beforeEach(() => {
    rs.useFakeTimers();
  });
  afterEach(() => {
    rs.useRealTimers();
  });

  it('opens on Connect when disconnected', () => {
    const { modal, store } = setup(false);
    modal.open();
    expect(store.get(routerAtom).view).toBe('Connect');
    expect(store.get(modalStateAtom)).toBe('open');
  });

  it('opens on Account when connected', () => {
    const { modal, store } = setup(true);
    modal.open();
    expect(store.get(routerAtom)).toMatchObject({ view: 'Account', history: ['Account'] });
  });

  it('a requested view wins', () => {
    const { modal, store } = setup(true);
    modal.open({ view: 'Networks' });
    expect(store.get(routerAtom).view).toBe('Networks');
  });

  it('modalStateAtom is closed, open or loading', () => {
    const { modal, store } = setup();
    expect(store.get(modalStateAtom)).toBe('closed');
    modal.open();
    expect(store.get(modalStateAtom)).toBe('open');
    modal.setLoading(true);
    expect(store.get(modalStateAtom)).toBe('loading');
    modal.setLoading(false);
    expect(store.get(modalStateAtom)).toBe('open');
    modal.setLoading(true);
    modal.close();
    expect(store.get(modalStateAtom)).toBe('closed');
    expect(store.get(modalFlagsAtom).loading).toBe(false);
  });

  it('close is blocked on ApproveTransaction and shakes; the shake resets after 500 ms', () => {
    const { modal, store } = setup(true);
    modal.open({ view: 'ApproveTransaction' });
    expect(modal.close()).toBe(false);
    expect(store.get(modalStateAtom)).toBe('open');
    expect(store.get(modalFlagsAtom).shake).toBe(true);
    rs.advanceTimersByTime(SHAKE_RESET_MS - 1);
    expect(store.get(modalFlagsAtom).shake).toBe(true);
    rs.advanceTimersByTime(1);
    expect(store.get(modalFlagsAtom).shake).toBe(false);
    expect(SHAKE_RESET_MS).toBe(500);
  });

  it('a second shake restarts the 500 ms', () => {
    const { modal, store } = setup();
    modal.shake();
    rs.advanceTimersByTime(400);
    modal.shake();
    rs.advanceTimersByTime(400);
    expect(store.get(modalFlagsAtom).shake).toBe(true);
    rs.advanceTimersByTime(100);
    expect(store.get(modalFlagsAtom).shake).toBe(false);
  });

  it('close(true) forces past ApproveTransaction', () => {
    const { modal, store } = setup(true);
    modal.open({ view: 'ApproveTransaction' });
    expect(modal.close(true)).toBe(true);
    expect(store.get(modalStateAtom)).toBe('closed');
  });

  it('going back from the first view closes the modal', () => {
    const { modal, router, store } = setup();
    modal.open();
    router.goBack();
    expect(store.get(modalStateAtom)).toBe('closed');
  });

  it('tracks MODAL_OPEN and MODAL_CLOSE, not a blocked or repeated close', () => {
    const { modal, tracked, state, router } = setup();
    modal.open();
    state.connected = true;
    expect(modal.close()).toBe(true);
    expect(modal.close()).toBe(true); // already closed: nothing to track
    modal.open();
    router.push('ApproveTransaction');
    modal.close();
    expect(tracked.map((event) => [event.data.event, event.data.properties])).toEqual([
      ['MODAL_OPEN', { connected: false }],
      ['MODAL_CLOSE', { connected: true }],
      ['MODAL_OPEN', { connected: true }],
    ]);
  });
});

describe('open({ namespace }) (AppKit: the namespace and its network become active; Connect shows only its wallets)', () => {
  afterEach(stopTestCores);
  const networks = [mainnet, anvil, solanaLocalnet, solanaDevnet];
  const activeNetwork = (core: Awaited<ReturnType<typeof testCore>>['core']) => core.store.get(activeNetworkAtom)?.caipNetworkId;

  it("a namespace without a connected account: its first configured network; the wallet lists show its wallets until the next plain open", async () => {
    const { core } = await testCore({ options: { networks } });
    core.modal.open({ namespace: 'solana' });
    expect(core.store.get(activeNamespaceAtom)).toBe('solana');
    expect(activeNetwork(core)).toBe(toCaipNetwork(solanaLocalnet).caipNetworkId);
    expect(core.store.get(core.modal.namespaceFilter)).toBe('solana');
    expect(core.store.get(routerAtom).view).toBe('Connect');
    core.modal.close();
    core.modal.open();
    expect(core.store.get(core.modal.namespaceFilter)).toBeUndefined();
    expect(activeNetwork(core)).toBe(toCaipNetwork(solanaLocalnet).caipNetworkId);
  });

  it("a namespace whose network is active keeps it", async () => {
    const { core } = await testCore({ options: { networks } });
    await core.connection.switchNetwork(toCaipNetwork(solanaDevnet));
    core.modal.open({ namespace: 'solana' });
    expect(activeNetwork(core)).toBe(toCaipNetwork(solanaDevnet).caipNetworkId);
  });

  it("a connected namespace: the account's network (not the first configured), asking the wallet nothing", async () => {
    const { core, adapter } = await testCore({ options: { networks }, connect: true });
    expect(activeNetwork(core)).toBe('eip155:31337');
    await core.connection.switchNetwork(toCaipNetwork(solanaDevnet));
    core.modal.open({ namespace: 'eip155' });
    expect(core.store.get(activeNamespaceAtom)).toBe('eip155');
    expect(activeNetwork(core)).toBe('eip155:31337');
    expect(adapter.walletRequests).toEqual([]);
    expect(core.store.get(routerAtom).view).toBe('Account');
  });

  it('showConnectFor pushes Connect for that namespace on the open modal: Back returns, no MODAL_OPEN; the next open lists every wallet', async () => {
    const { core, events } = await testCore({ options: { networks }, connect: true });
    const opens = () => events.filter((event) => event.data.event === 'MODAL_OPEN').length;
    core.modal.open();
    core.router.push('Networks');
    const opened = opens();
    // As Choose Network does: Connect for Solana, on the Solana network the person picked.
    core.modal.showConnectFor('solana');
    await core.connection.switchNetwork(toCaipNetwork(solanaDevnet));
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'Connect', history: ['Account', 'Networks', 'Connect'] });
    expect(core.store.get(core.modal.namespaceFilter)).toBe('solana');
    expect(activeNetwork(core)).toBe(toCaipNetwork(solanaDevnet).caipNetworkId);
    expect(opens()).toBe(opened);
    // Back without a Solana wallet: Choose Network again, and the page is back on its EVM account's network.
    core.router.goBack();
    expect(core.store.get(routerAtom).view).toBe('Networks');
    expect(core.store.get(modalStateAtom)).toBe('open');
    expect(activeNetwork(core)).toBe('eip155:31337');
    core.modal.close();
    core.modal.open();
    expect(core.store.get(core.modal.namespaceFilter)).toBeUndefined();
    expect(() => core.modal.showConnectFor('polkadot')).toThrow("Namespace 'polkadot' is not configured.");
  });

  it('showConnectFor, then the modal closed without a wallet there: the EVM account’s network is active again', async () => {
    const { core } = await testCore({ options: { networks }, connect: true });
    core.modal.open();
    core.modal.showConnectFor('solana');
    expect(core.store.get(activeNamespaceAtom)).toBe('solana');
    core.modal.close();
    expect(activeNetwork(core)).toBe('eip155:31337');
  });

  it('showConnectFor with comeBack: the wallet that connects returns the person to the view that asked (Pay), not Account', async () => {
    const { core } = await testCore({ options: { networks } });
    core.modal.open({ view: 'Pay' });
    core.modal.showConnectFor('eip155', { comeBack: true });
    expect(await core.connectExternal(fakeWalletConnector.id)).toBe(true);
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'Pay', history: ['Pay'] });

    // Without it (Choose Network's offer), a connection shows Account.
    await core.connection.disconnect();
    core.modal.open({ view: 'Pay' });
    core.modal.showConnectFor('eip155');
    expect(await core.connectExternal(fakeWalletConnector.id)).toBe(true);
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'Account', history: ['Account'] });
  });

  it("refuses a namespace without a configured network in the spec's words, and changes nothing", async () => {
    const { core } = await testCore({ options: { networks } });
    expect(() => core.modal.open({ namespace: 'polkadot' })).toThrow(
      "Namespace 'polkadot' is not configured. Please call connect() first with namespace config.",
    );
    expect(core.store.get(modalStateAtom)).toBe('closed');
    expect(core.store.get(activeNamespaceAtom)).toBe('eip155');
    expect(activeNetwork(core)).toBe('eip155:1');
    expect(core.store.get(core.modal.namespaceFilter)).toBeUndefined();
  });
});

describe('the opening view (spec §2)', () => {
  it('Account when connected, Connect otherwise; a WalletConnect-only site opens on All Wallets on a phone and the QR code elsewhere', () => {
    const cases = [
      [{ connected: true, walletConnectOnly: true, isMobile: false }, 'Account'],
      [{ connected: false, walletConnectOnly: false, isMobile: true }, 'Connect'],
      [{ connected: false, walletConnectOnly: true, isMobile: true }, 'AllWallets'],
      [{ connected: false, walletConnectOnly: true, isMobile: false }, 'ConnectingWalletConnectBasic'],
    ] as const;
    for (const [page, view] of cases) expect(openingView(page)).toBe(view);
  });

  it('a site whose networks are all polkadot and cosmos (no adapter of its own) opens on ConnectingWalletConnectBasic; with an eip155 network too, on Connect', async () => {
    const walletConnectOnly = await testCore({ options: { networks: [polkadot] }, start: false });
    walletConnectOnly.core.modal.open();
    expect(walletConnectOnly.core.store.get(routerAtom).view).toBe('ConnectingWalletConnectBasic');
    const mixed = await testCore({ options: { networks: [anvil, polkadot] }, start: false });
    mixed.core.modal.open();
    expect(mixed.core.store.get(routerAtom).view).toBe('Connect');
    stopTestCores();
  });
});
