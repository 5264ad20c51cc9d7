import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, rs } from '@rstest/core';
import * as entry from '@portico/shared-state';
import { accountsAtom, activeAccountAtom, activeNetworkAtom, connectAttemptAtom, connectorsAtom, createMemoryStorage, createPorticoCore, modalStateAtom, routerAtom, toastAtom, type KeyValueStorage, type PorticoCore, type PorticoEvent } from '../src/index';
import { STORAGE_KEYS } from '../src/storage';
import { TOKEN_BALANCE_RETRY_COOLDOWN_MS } from '../src/constants';
import * as atoms from '../src/atoms';
import { ACCOUNT, EXPLORER, FakeWallet, anvil, eventually, installWallet, minimalOptions, rpcStub, type RpcStub } from '@portico/test-kit';

let rpc: RpcStub;
beforeAll(async () => {
  rpc = await rpcStub();
});
afterAll(async () => {
  await rpc.close();
});

const cores: PorticoCore[] = [];
beforeEach(() => {
  rpc.methods.length = 0;
  rpc.balanceError = undefined;
});
afterEach(() => {
  for (const core of cores.splice(0)) core.connection.stop();
  rs.useRealTimers();
});

function options(overrides: Record<string, unknown> = {}) {
  return minimalOptions({ networks: [{ ...anvil, rpcUrls: { default: { http: [rpc.url] } } }], ...overrides });
}

/** A page load: a fresh window (EventTarget) with the wallet extension installed, and a core on it. */
function loadPage(
  opts: { backend?: KeyValueStorage; wallet?: FakeWallet; options?: Record<string, unknown> } = {},
) {
  const eventTarget = new EventTarget();
  const wallet = opts.wallet ?? new FakeWallet();
  const backend = opts.backend ?? createMemoryStorage();
  installWallet(eventTarget, wallet);
  const core = createPorticoCore(options(opts.options), { storage: backend, eventTarget, isMobile: false });
  cores.push(core);
  const tracked: PorticoEvent[] = [];
  core.events.subscribe((event) => tracked.push(event));
  return { core, wallet, backend, eventTarget, tracked, account: () => core.store.get(accountsAtom).eip155 };
}

async function connected(page: ReturnType<typeof loadPage>) {
  await page.core.connection.start();
  expect(await page.core.connectExternal('io.fake')).toBe(true);
  await eventually(() => expect(page.account()?.balance).toBe('10000'));
}

describe('connection controller (real eip155 adapter, fake wallet, stub RPC)', () => {
  it('start() lists the announced wallet and sets the default network', async () => {
    const { core } = loadPage();
    await core.connection.start();
    expect(core.store.get(connectorsAtom).map((connector) => connector.id)).toEqual(['walletConnect', 'coinbaseWalletSDK', 'io.fake']);
    expect(core.store.get(activeNetworkAtom)?.caipNetworkId).toBe('eip155:31337');
    expect(core.store.get(activeAccountAtom).status).toBe('disconnected');
  });

  it('enableCoinbase: false leaves the Coinbase Wallet SDK connector out', async () => {
    const { core } = loadPage({ options: { enableCoinbase: false } });
    await core.connection.start();
    expect(core.store.get(connectorsAtom).map((connector) => connector.id)).toEqual(['walletConnect', 'io.fake']);
  });

  it('connects: account, caipAddress, balance, stored connector, Account view', async () => {
    const page = loadPage();
    const { core, wallet, backend, tracked } = page;
    await core.connection.start();
    core.modal.open();
    expect(core.store.get(routerAtom).view).toBe('Connect');
    const attempt = core.connectExternal('io.fake');
    expect(core.store.get(connectAttemptAtom)).toEqual({ connectorId: 'io.fake', status: 'pending' });
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingExternal', data: { connectorId: 'io.fake' } });
    expect(await attempt).toBe(true);

    expect(page.account()).toMatchObject({
      status: 'connected',
      address: ACCOUNT,
      caipAddress: `eip155:31337:${ACCOUNT}`,
      connectorId: 'io.fake',
      connectedWalletInfo: { name: 'Fake Wallet' },
      addressExplorerUrl: `${EXPLORER}/address/${ACCOUNT}`,
    });
    expect(core.store.get(connectAttemptAtom).status).toBe('idle');
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'Account', history: ['Account'] });
    expect(wallet.methods()).toContain('eth_requestAccounts');

    await eventually(() => expect(page.account()?.balance).toBe('10000'));
    expect(page.account()).toMatchObject({ balanceSymbol: 'ETH', balanceLoading: false });
    expect(rpc.methods).toContain('eth_getBalance');

    expect(core.storage.get('connectedConnectorIds')).toEqual({ eip155: 'io.fake' });
    expect(core.storage.get('connectedNamespaces')).toEqual(['eip155']);
    expect(core.storage.get('connectionStatus')).toBe('connected');
    expect(core.storage.get('activeCaipNetworkId')).toBe('eip155:31337');
    // Recent wallets are registry wallets reached through WalletConnect (spec: finalize); an extension is listed as installed anyway.
    expect(core.storage.get('recentWallets')).toBeUndefined();
    expect(JSON.parse(backend.getItem(STORAGE_KEYS.connectedConnectorIds)!)).toEqual({ eip155: 'io.fake' });
    expect(core.store.get(atoms.announcementAtom)).toBe('Connected to Fake Wallet');
    expect(tracked.map((event) => event.data.event)).toEqual(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS']);
  });

  it('a rejection leaves the attempt rejected and the account disconnected', async () => {
    const { core, wallet, tracked } = loadPage();
    wallet.failures.set('eth_requestAccounts', Object.assign(new Error('User rejected'), { code: 4001 }));
    await core.connection.start();
    expect(await core.connectExternal('io.fake')).toBe(false);
    expect(core.store.get(connectAttemptAtom)).toEqual({ connectorId: 'io.fake', status: 'rejected', errorMessage: undefined });
    expect(core.store.get(activeAccountAtom).status).toBe('disconnected');
    expect(core.store.get(routerAtom).view).toBe('ConnectingExternal');
    expect(core.storage.get('connectedConnectorIds')).toBeUndefined();
    expect(tracked.at(-1)?.data.event).toBe('CONNECT_ERROR');
  });

  it('another failure is "failed" with the error text', async () => {
    const { core, wallet } = loadPage();
    wallet.failures.set('eth_requestAccounts', Object.assign(new Error('Request already pending'), { code: -32002 }));
    await core.connection.start();
    expect(await core.connection.connect('io.fake')).toBe(false);
    expect(core.store.get(connectAttemptAtom)).toEqual({
      connectorId: 'io.fake',
      status: 'failed',
      errorMessage: 'Request already pending',
    });
  });

  it('restores after a reload without prompting (eth_accounts only)', async () => {
    const first = loadPage();
    await connected(first);
    first.core.connection.stop();

    const wallet = first.wallet;
    wallet.calls.length = 0;
    const second = loadPage({ backend: first.backend, wallet });
    await second.core.connection.start();
    expect(second.account()).toMatchObject({
      status: 'connected',
      address: ACCOUNT,
      caipAddress: `eip155:31337:${ACCOUNT}`,
      connectorId: 'io.fake',
    });
    expect(wallet.methods()).toContain('eth_accounts');
    expect(wallet.methods()).not.toContain('eth_requestAccounts');
    expect(second.core.store.get(modalStateAtom)).toBe('closed');
    await eventually(() => expect(second.account()?.balance).toBe('10000'));
  });

  it('a reload after the wallet revoked access restores nothing and forgets the connector', async () => {
    const first = loadPage();
    await connected(first);
    first.core.connection.stop();
    first.wallet.authorized = false;
    const second = loadPage({ backend: first.backend, wallet: first.wallet });
    await second.core.connection.start();
    expect(second.account()?.status).toBe('disconnected');
    expect(second.core.storage.get('connectedConnectorIds')).toEqual({});
    expect(second.core.storage.get('connectionStatus')).toBe('disconnected');
  });

  it('accountsChanged([]) disconnects', async () => {
    const page = loadPage();
    await connected(page);
    page.wallet.emit('accountsChanged', []);
    await eventually(() => expect(page.account()?.status).toBe('disconnected'));
    expect(page.account()?.address).toBeUndefined();
    expect(page.core.storage.get('connectedConnectorIds')).toEqual({});
  });

  it('accountsChanged to another address switches the account', async () => {
    const page = loadPage();
    await connected(page);
    page.wallet.emit('accountsChanged', ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8']);
    await eventually(() =>
      expect(page.account()?.caipAddress).toBe('eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'),
    );
  });

  it('chainChanged to an unconfigured chain opens UnsupportedChain', async () => {
    const page = loadPage();
    await connected(page);
    expect(page.core.store.get(modalStateAtom)).toBe('closed');
    page.wallet.emit('chainChanged', '0x1');
    await eventually(() => expect(page.core.store.get(modalStateAtom)).toBe('open'));
    expect(page.core.store.get(routerAtom).view).toBe('UnsupportedChain');
    expect(page.account()?.caipAddress).toBe(`eip155:1:${ACCOUNT}`);
    // Back from UnsupportedChain closes the modal.
    page.core.router.goBack();
    expect(page.core.store.get(modalStateAtom)).toBe('closed');
  });

  it('chainChanged to an unconfigured chain does nothing visible with allowUnsupportedChain', async () => {
    const page = loadPage({ options: { allowUnsupportedChain: true } });
    await connected(page);
    page.wallet.emit('chainChanged', '0x1');
    await eventually(() => expect(page.account()?.caipAddress).toBe(`eip155:1:${ACCOUNT}`));
    expect(page.core.store.get(modalStateAtom)).toBe('closed');
  });

  it('a balance failure shows the toast and blocks retries for 30 s', async () => {
    rs.useFakeTimers({ toFake: ['Date'] });
    rs.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const start = Date.now();
    rpc.balanceError = { code: -32602, message: 'invalid params' };
    const page = loadPage();
    await page.core.connection.start();
    expect(await page.core.connectExternal('io.fake')).toBe(true);
    await eventually(() => expect(page.account()?.lastRetry).toBe(start));
    expect(page.account()?.balance).toBeUndefined();
    expect(page.account()?.balanceLoading).toBe(false);
    await eventually(() =>
      expect(page.core.store.get(toastAtom)).toMatchObject({ open: true, variant: 'error', message: 'Token Balance Unavailable' }),
    );

    rpc.balanceError = undefined;
    const requestsBefore = rpc.methods.filter((method) => method === 'eth_getBalance').length;
    rs.setSystemTime(start + TOKEN_BALANCE_RETRY_COOLDOWN_MS - 1);
    await page.core.connection.refreshBalance();
    expect(rpc.methods.filter((method) => method === 'eth_getBalance')).toHaveLength(requestsBefore);
    expect(page.account()?.balance).toBeUndefined();

    rs.setSystemTime(start + TOKEN_BALANCE_RETRY_COOLDOWN_MS);
    await page.core.connection.refreshBalance();
    expect(page.account()).toMatchObject({ balance: '10000', balanceLoading: false });
    expect(page.account()?.lastRetry).toBeUndefined();
  });

  it('switchNetwork asks the wallet and moves the active network', async () => {
    const mainnet = { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpc.url] } } };
    const page = loadPage({
      options: { networks: [{ ...anvil, rpcUrls: { default: { http: [rpc.url] } } }, mainnet] },
    });
    await connected(page);
    const target = page.core.options.networks[1]!;
    await page.core.connection.switchNetwork(target);
    expect(page.wallet.calls.at(-1)).toEqual({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    expect(page.core.store.get(activeNetworkAtom)?.caipNetworkId).toBe('eip155:1');
    expect(page.core.storage.get('activeCaipNetworkId')).toBe('eip155:1');
  });

  it('disconnect clears the account and the stored session', async () => {
    const page = loadPage();
    await connected(page);
    await page.core.connection.disconnect();
    expect(page.account()).toEqual({ status: 'disconnected', balanceLoading: false });
    expect(page.wallet.methods()).toContain('wallet_revokePermissions');
    expect(page.core.storage.get('connectedConnectorIds')).toEqual({});
    expect(page.core.storage.get('connectedNamespaces')).toEqual([]);
    expect(page.core.storage.get('connectionStatus')).toBe('disconnected');
    expect(page.tracked.at(-1)?.data.event).toBe('DISCONNECT_SUCCESS');
    // Wallet events no longer reach the controller.
    page.wallet.emit('chainChanged', '0x1');
    expect(page.core.store.get(modalStateAtom)).toBe('closed');

    // A reload does not reconnect.
    page.core.connection.stop();
    page.wallet.calls.length = 0;
    const reloaded = loadPage({ backend: page.backend, wallet: page.wallet });
    await reloaded.core.connection.start();
    expect(reloaded.account()?.status ?? 'disconnected').toBe('disconnected');
    expect(page.wallet.methods()).not.toContain('eth_accounts');
  });

  it('getProvider gives the connected wallet', async () => {
    const page = loadPage();
    expect(page.core.connection.getProvider()).toBeUndefined();
    await connected(page);
    expect(page.core.connection.getProvider()).toBe(page.wallet);
  });
});

describe('shared-state singleton', () => {
  it('the package entry exports the very same atom objects', () => {
    expect(entry.accountsAtom).toBe(accountsAtom);
    expect(entry.routerAtom).toBe(atoms.routerAtom);
    expect(entry.createPorticoCore).toBe(createPorticoCore);
  });

  it('an atom written through one store is read back via the atom imported from the entry', () => {
    const page = loadPage();
    page.core.store.set(atoms.accountsAtom, {
      eip155: { status: 'connected', address: ACCOUNT, balanceLoading: false },
    });
    expect(page.core.store.get(entry.activeAccountAtom)).toMatchObject({ status: 'connected', address: ACCOUNT });
    page.core.router.push('Networks');
    expect(page.core.store.get(entry.routerAtom).view).toBe('Networks');
    // Each core has its own store: another instance is unaffected.
    const other = loadPage();
    expect(other.core.store.get(entry.activeAccountAtom).status).toBe('disconnected');
  });
});
