import { afterEach, describe, expect, it } from '@rstest/core';
import {
  ACCOUNT,
  BitcoinTestWallet,
  FakeAdapter,
  ICON,
  SolanaTestWallet,
  bitcoinMainnet,
  bitcoinTestnet,
  eventually,
  minimalOptions,
  registerSolanaWallet as registerWallet,
  verifyBitcoinSignature,
  type BitcoinTestWalletOptions,
} from '@portico/test-kit';
import type { Wallet } from '@wallet-standard/base';
import { createBip122Adapter, RECONNECT_REGISTER_WAIT_MS } from '../src/adapters/bip122/adapter';
import { lazyBip122Adapter } from '../src/adapters/bip122/lazy';
import { MAX_SIGNATURE_BYTES } from '../src/adapters/bip122/wallets';
import { MAX_WALLET_ACCOUNTS } from '../src/adapters/wallet-standard';
import type { ChainAdapter, Connector, WalletEventHandlers } from '../src/adapters/types';
import { SendingUnsupportedError } from '../src/adapters/unsupported';
import {
  accountsAtom,
  activeNetworkAtom,
  connectAttemptAtom,
  connectorsAtom,
  createMemoryStorage,
  createPorticoCore,
  routerAtom,
  toCaipNetwork,
  UserRejectedRequestError,
  type KeyValueStorage,
} from '../src/index';

// Wallet Standard discovery (`@wallet-standard/app`) talks to the page's global window.
const page = new EventTarget();
(globalThis as { window?: unknown }).window = page;

const MAINNET = bitcoinMainnet.id;
const TESTNET = bitcoinTestnet.id;

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function installedWallet(options: BitcoinTestWalletOptions = {}) {
  const wallet = await BitcoinTestWallet.create(options);
  cleanups.push(registerWallet(page, wallet));
  return wallet;
}

/** A core whose only adapter is bip122 (core.ts adds it on pages with bip122 networks). */
function loadPage(backend: KeyValueStorage = createMemoryStorage(), networks: unknown[] = [bitcoinMainnet, bitcoinTestnet]) {
  const adapters: Partial<Record<'bip122', ChainAdapter>> = {};
  const core = createPorticoCore(minimalOptions({ networks }), { storage: backend, eventTarget: new EventTarget(), isMobile: false, adapters });
  adapters.bip122 = createBip122Adapter(core.store);
  cleanups.push(() => core.connection.stop());
  return { core, bitcoin: () => core.store.get(accountsAtom).bip122, backend };
}

async function connectedPage(wallet: BitcoinTestWallet, networks?: unknown[]) {
  const loaded = loadPage(createMemoryStorage(), networks);
  await loaded.core.connection.start();
  await eventually(() => expect(loaded.core.store.get(connectorsAtom).some((connector) => connector.id === wallet.name)).toBe(true));
  expect(await loaded.core.connection.connect(wallet.name)).toBe(true);
  return loaded;
}

const adapterOn = (networks: unknown[] = [bitcoinMainnet, bitcoinTestnet]) => createBip122Adapter(loadPage(createMemoryStorage(), networks).core.store);

/** Handlers that record what the adapter reports. */
function recordingHandlers() {
  const reported: Array<[string, ...unknown[]]> = [];
  const handlers: WalletEventHandlers = {
    accountsChanged: (addresses, accountTypes, chainReference) => reported.push(['accounts', addresses, accountTypes, chainReference]),
    chainChanged: (chainReference) => reported.push(['chain', chainReference]),
    disconnect: () => reported.push(['disconnect']),
  };
  return { reported, handlers };
}

describe('bip122 adapter: discovery (Wallet Standard)', () => {
  it('lists wallets with bitcoin:connect and a bitcoin chain as ANNOUNCED bip122 connectors; others are not listed; unregistered ones go', async () => {
    const wallet = await installedWallet({ name: 'Early Bitcoin' });
    cleanups.push(registerWallet(page, await SolanaTestWallet.create({ name: 'Solana Only' })));
    const noConnect = await BitcoinTestWallet.create({ name: 'No Connect' });
    delete (noConnect.features as Record<string, unknown>)['bitcoin:connect'];
    cleanups.push(registerWallet(page, noConnect));
    const adapter = adapterOn();
    let listed: Connector[] = [];
    cleanups.push(adapter.watchConnectors((connectors) => (listed = connectors)));
    const late = await BitcoinTestWallet.create({ name: 'Late Bitcoin', icon: 'https://evil.example/icon.png' });
    const unregister = registerWallet(page, late);
    expect(listed).toEqual([
      { id: wallet.name, name: 'Early Bitcoin', type: 'ANNOUNCED', chain: 'bip122', imageUrl: ICON, installed: true },
      // Only data: icons are shown.
      { id: 'Late Bitcoin', name: 'Late Bitcoin', type: 'ANNOUNCED', chain: 'bip122', imageUrl: undefined, installed: true },
    ]);
    unregister();
    expect(listed.map((connector) => connector.id)).toEqual(['Early Bitcoin']);
  });
});

describe('bip122 adapter as the page holds it (lazy)', () => {
  it('loads on the first use: lists the wallets, connects, then watches and signs', async () => {
    const wallet = await installedWallet();
    const adapter = lazyBip122Adapter(loadPage().core.store);
    let listed: Connector[] = [];
    cleanups.push(adapter.watchConnectors((connectors) => (listed = connectors)));
    await eventually(() => expect(listed.map((connector) => connector.id)).toEqual([wallet.name]));
    expect((await adapter.connect(wallet.name)).address).toBe(wallet.address('payment'));
    cleanups.push(adapter.watchWallet(wallet.name, recordingHandlers().handlers));
    expect(await verifyBitcoinSignature(wallet.address('payment'), 'hi', await adapter.signMessage!(wallet.name, wallet.address('payment'), 'hi'))).toBe(true);
  });
});

describe('bip122 adapter: connect and reconnect', () => {
  it('asks bitcoin:connect for payment and ordinals; the payment address is the account (spec section 3)', async () => {
    const wallet = await installedWallet();
    const connected = await adapterOn().connect(wallet.name);
    expect(wallet.calls).toEqual([{ feature: 'bitcoin:connect', input: { purposes: ['payment', 'ordinals'] } }]);
    const payment = wallet.address('payment');
    expect(payment).toMatch(/^bc1q/);
    expect(wallet.address('ordinals')).toMatch(/^bc1p/);
    expect(connected).toEqual({ address: payment, chainReference: MAINNET, addresses: [payment, wallet.address('ordinals')], accountTypes: ['payment', 'eoa'] });
  });

  it('without a purpose on the accounts, their order in the answer says which is which; with one, payment comes first whatever the order', async () => {
    const unlabelled = await installedWallet({ name: 'Unlabelled' });
    Object.assign(unlabelled, { labelsPurpose: false });
    const adapter = adapterOn();
    expect((await adapter.connect('Unlabelled')).accountTypes).toEqual(['payment', 'eoa']);

    const reversed = await installedWallet({ name: 'Ordinals First' });
    const connect = (reversed.features['bitcoin:connect'] as { connect(input: unknown): Promise<{ accounts: unknown[] }> }).connect;
    (reversed.features as Record<string, unknown>)['bitcoin:connect'] = {
      version: '1.0.0',
      connect: async (input: unknown) => ({ accounts: [...(await connect(input)).accounts].reverse() }),
    };
    expect(await adapter.connect('Ordinals First')).toMatchObject({ address: reversed.address('payment'), accountTypes: ['payment', 'eoa'] });
  });

  it('starts on the network the wallet is on: a testnet wallet connects on the configured testnet', async () => {
    const wallet = await installedWallet({ chains: ['bitcoin:testnet'] });
    expect(await adapterOn().connect(wallet.name)).toMatchObject({ address: wallet.address('payment'), chainReference: TESTNET });
    expect(wallet.address('payment')).toMatch(/^tb1q/);
  });

  it('a declined connect, or one that grants no bitcoin account, rejects with UserRejectedRequestError', async () => {
    const wallet = await installedWallet();
    wallet.declining = true;
    const adapter = adapterOn();
    await expect(adapter.connect(wallet.name)).rejects.toBeInstanceOf(UserRejectedRequestError);
    wallet.declining = false;
    (wallet.features as Record<string, unknown>)['bitcoin:connect'] = { version: '1.0.0', connect: async () => ({ accounts: [] }) };
    await expect(adapter.connect(wallet.name)).rejects.toBeInstanceOf(UserRejectedRequestError);
  });

  it('drops accounts that are not bitcoin accounts (bad address, key or chain) and keeps at most 16', async () => {
    const wallet = await installedWallet();
    const good = { address: wallet.address('payment'), publicKey: wallet.key.publicKey, chains: ['bitcoin:mainnet'], features: [], purpose: 'payment' };
    const many = Array.from({ length: MAX_WALLET_ACCOUNTS + 4 }, () => good);
    const bad = [
      { ...good, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
      { ...good, publicKey: new Uint8Array(20) },
      { ...good, chains: ['solana:mainnet'] },
      { ...good, purpose: 'stacks' },
    ];
    (wallet.features as Record<string, unknown>)['bitcoin:connect'] = { version: '1.0.0', connect: async () => ({ accounts: [...bad, ...many] }) };
    const connected = await adapterOn().connect(wallet.name);
    expect(connected.addresses).toHaveLength(MAX_WALLET_ACCOUNTS);
    (wallet.features as Record<string, unknown>)['bitcoin:connect'] = { version: '1.0.0', connect: async () => ({ accounts: bad }) };
    await expect(adapterOn().connect(wallet.name)).rejects.toBeInstanceOf(UserRejectedRequestError);
  });

  it('reconnects silently (standard:connect { silent: true }); a wallet that no longer grants access answers undefined', async () => {
    const wallet = await installedWallet();
    await adapterOn().connect(wallet.name);
    const adapter = adapterOn();
    expect(await adapter.reconnect(wallet.name)).toMatchObject({ address: wallet.address('payment'), accountTypes: ['payment', 'eoa'] });
    expect(wallet.calls.at(-1)).toEqual({ feature: 'standard:connect', input: { silent: true } });
    wallet.authorized = false;
    expect(await adapterOn().reconnect(wallet.name)).toBeUndefined();
  });

  it('without standard:connect, reconnect reads the accounts the wallet already lists; it never prompts', async () => {
    const wallet = await installedWallet();
    delete (wallet.features as Record<string, unknown>)['standard:connect'];
    const adapter = adapterOn();
    expect(await adapter.reconnect(wallet.name)).toBeUndefined();
    wallet.authorized = true;
    expect(await adapter.reconnect(wallet.name)).toMatchObject({ address: wallet.address('payment') });
    expect(wallet.calls).toEqual([]);
  });

  it(`waits up to ${RECONNECT_REGISTER_WAIT_MS} ms for the stored wallet to register after a reload`, async () => {
    const adapter = adapterOn();
    const wallet = await BitcoinTestWallet.create({ name: 'Slow Extension' });
    wallet.authorized = true;
    const reconnecting = adapter.reconnect(wallet.name);
    setTimeout(() => cleanups.push(registerWallet(page, wallet)), 50);
    expect(await reconnecting).toMatchObject({ address: wallet.address('payment') });
    const started = Date.now();
    expect(await adapter.reconnect('Never Registered')).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(RECONNECT_REGISTER_WAIT_MS - 20);
  });
});

describe('bip122 adapter: events, network switch, disconnect', () => {
  async function watchedAdapter(options: BitcoinTestWalletOptions = {}) {
    const wallet = await installedWallet(options);
    const adapter = adapterOn();
    await adapter.connect(wallet.name);
    const { reported, handlers } = recordingHandlers();
    cleanups.push(adapter.watchWallet(wallet.name, handlers));
    return { wallet, adapter, reported };
  }

  it('the wallet moving to testnet reports its testnet accounts with the testnet chain, as one change', async () => {
    const { wallet, reported } = await watchedAdapter();
    wallet.setNetwork('bitcoin:testnet');
    expect(reported).toEqual([
      ['accounts', [wallet.address('payment', 'bitcoin:testnet'), wallet.address('ordinals', 'bitcoin:testnet')], ['payment', 'eoa'], TESTNET],
    ]);
  });

  it('fewer accounts are reported; none left reports none (the controller disconnects)', async () => {
    const { wallet, reported } = await watchedAdapter();
    wallet.setAccounts(['payment']);
    wallet.setAccounts([]);
    expect(reported).toEqual([['accounts', [wallet.address('payment')], ['payment'], MAINNET], ['accounts', [], undefined, undefined]]);
  });

  it('a connected wallet that unregisters disconnects', async () => {
    const wallet = await BitcoinTestWallet.create({ name: 'Leaving' });
    const unregister = registerWallet(page, wallet);
    const adapter = adapterOn();
    await adapter.connect(wallet.name);
    const { reported, handlers } = recordingHandlers();
    cleanups.push(adapter.watchWallet(wallet.name, handlers));
    unregister();
    expect(reported).toEqual([['disconnect']]);
  });

  it('switches to a network the wallet granted accounts on; refuses one it did not, naming both', async () => {
    const { wallet, adapter, reported } = await watchedAdapter({ multiNetwork: true });
    await adapter.switchNetwork(wallet.name, toCaipNetwork(bitcoinTestnet));
    expect(reported).toEqual([
      ['accounts', [wallet.address('payment', 'bitcoin:testnet'), wallet.address('ordinals', 'bitcoin:testnet')], ['payment', 'eoa'], TESTNET],
    ]);

    const single = await watchedAdapter({ name: 'Mainnet Only', chains: ['bitcoin:mainnet'] });
    await expect(single.adapter.switchNetwork('Mainnet Only', toCaipNetwork(bitcoinTestnet))).rejects.toThrow(
      'Mainnet Only has no account on Bitcoin Testnet. Switch networks in Mainnet Only, then try again.',
    );
  });

  it('disconnects through standard:disconnect and stops listening', async () => {
    const { wallet, adapter } = await watchedAdapter();
    for (const cleanup of cleanups.splice(1)) cleanup();
    await adapter.disconnect(wallet.name);
    expect(wallet.calls.at(-1)?.feature).toBe('standard:disconnect');
    expect(wallet.authorized).toBe(false);
    expect(wallet.listenerCount()).toBe(0);
  });
});

describe('bip122 adapter: signing, addresses, no balances or sends', () => {
  async function connectedAdapter() {
    const wallet = await installedWallet();
    const adapter = adapterOn();
    await adapter.connect(wallet.name);
    return { wallet, adapter };
  }

  it('signs with bitcoin:signMessage: a base64 BIP-322 signature that verifies for the payment and the ordinals address', async () => {
    const { wallet, adapter } = await connectedAdapter();
    const message = 'Sign in to Portico ✓';
    const payment = await adapter.signMessage(wallet.name, wallet.address('payment'), message);
    expect(await verifyBitcoinSignature(wallet.address('payment'), message, payment)).toBe(true);
    expect(await verifyBitcoinSignature(wallet.address('payment'), 'another message', payment)).toBe(false);
    const ordinals = await adapter.signMessage(wallet.name, wallet.address('ordinals'), message);
    expect(await verifyBitcoinSignature(wallet.address('ordinals'), message, ordinals)).toBe(true);
  });

  it('a declined signature rejects with UserRejectedRequestError', async () => {
    const { wallet, adapter } = await connectedAdapter();
    wallet.declining = true;
    await expect(adapter.signMessage(wallet.name, wallet.address('payment'), 'hi')).rejects.toBeInstanceOf(UserRejectedRequestError);
  });

  it(`refuses a wallet reply that is not a signature (empty, over ${MAX_SIGNATURE_BYTES} bytes); a wallet without bitcoin:signMessage says so`, async () => {
    const { wallet, adapter } = await connectedAdapter();
    const answer = (signature: Uint8Array) =>
      ((wallet.features as Record<string, unknown>)['bitcoin:signMessage'] = { version: '1.0.0', signMessage: async () => [{ signedMessage: new Uint8Array(), signature }] });
    answer(new Uint8Array(MAX_SIGNATURE_BYTES + 1));
    await expect(adapter.signMessage(wallet.name, wallet.address('payment'), 'hi')).rejects.toThrow('not a signature');
    answer(new Uint8Array());
    await expect(adapter.signMessage(wallet.name, wallet.address('payment'), 'hi')).rejects.toThrow('not a signature');
    answer(new Uint8Array(MAX_SIGNATURE_BYTES).fill(1));
    expect(await adapter.signMessage(wallet.name, wallet.address('payment'), 'hi')).toHaveLength(Math.ceil(MAX_SIGNATURE_BYTES / 3) * 4);
    delete (wallet.features as Record<string, unknown>)['bitcoin:signMessage'];
    await expect(adapter.signMessage(wallet.name, wallet.address('payment'), 'hi')).rejects.toThrow('Bitcoin Test Wallet cannot sign messages');
  });

  it('writes bech32 addresses in lower case and refuses what is not a bitcoin address', async () => {
    const adapter = adapterOn();
    const { address } = await BitcoinTestWallet.create().then((wallet) => ({ address: wallet.address('payment') }));
    expect(await adapter.normalizeAddress(address.toUpperCase())).toBe(address);
    expect(await adapter.normalizeAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2');
    await expect(adapter.normalizeAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).rejects.toThrow('Invalid address');
  });

  it('has no balances and no sends (spec section 5)', async () => {
    const { wallet, adapter } = await connectedAdapter();
    const network = toCaipNetwork(bitcoinMainnet);
    const transfer = { from: wallet.address('payment'), to: wallet.address('ordinals'), amount: '1', decimals: 8 };
    await expect(adapter.getNativeBalance(wallet.address('payment'), network)).resolves.toBeUndefined();
    await expect(adapter.estimateTransferFee(transfer, network)).rejects.toBeInstanceOf(SendingUnsupportedError);
    await expect(adapter.sendTransfer(wallet.name, transfer, network)).rejects.toBeInstanceOf(SendingUnsupportedError);
    expect(wallet.calls.map((call) => call.feature)).toEqual(['bitcoin:connect']);
  });

  it('its provider is the Wallet Standard wallet', async () => {
    const { wallet, adapter } = await connectedAdapter();
    expect(adapter.getProvider(wallet.name) as Wallet).toBe(wallet);
  });
});

describe('bip122 adapter: the WalletConnect connector', () => {
  it("with the WalletConnect-only adapter, the WalletConnect connector's calls go to it; injected wallets stay on the Wallet Standard", async () => {
    const wallet = await installedWallet();
    const walletConnect = new FakeAdapter();
    const adapter = createBip122Adapter(loadPage().core.store, walletConnect);
    const connecting = adapter.connect('walletConnect');
    await eventually(() => expect(walletConnect.pendingConnects).toHaveLength(1));
    walletConnect.approveConnect();
    expect((await connecting).address).toBe(ACCOUNT);
    await adapter.signMessage('walletConnect', ACCOUNT, 'hi');
    expect(walletConnect.walletRequests).toContainEqual({ method: 'signMessage', connectorId: 'walletConnect', address: ACCOUNT });
    expect(adapter.getProvider('walletConnect')).toBe(walletConnect.getProvider());
    expect((await adapter.connect(wallet.name)).address).toBe(wallet.address('payment'));
    expect(wallet.calls.map((call) => call.feature)).toEqual(['bitcoin:connect']);
  });
});

describe('bip122 adapter through the connection controller', () => {
  it('connects: CAIP-10 bip122 account on the payment address, both accounts listed with their types, stored connector', async () => {
    const wallet = await installedWallet();
    const { bitcoin, backend } = await connectedPage(wallet);
    expect(bitcoin()).toMatchObject({
      status: 'connected',
      address: wallet.address('payment'),
      caipAddress: `bip122:${MAINNET}:${wallet.address('payment')}`,
      allAccounts: [
        { namespace: 'bip122', address: wallet.address('payment'), type: 'payment' },
        { namespace: 'bip122', address: wallet.address('ordinals'), type: 'eoa' },
      ],
    });
    await eventually(() => expect(bitcoin()?.balanceLoading).toBe(false));
    expect(bitcoin()?.balance).toBeUndefined();
    expect(JSON.parse(backend.getItem('@portico/connected_connector_ids') ?? '{}')).toEqual({ bip122: wallet.name });
  });

  it('a declined connect is a rejection, not an error', async () => {
    const wallet = await installedWallet();
    wallet.declining = true;
    const { core, bitcoin } = loadPage();
    await core.connection.start();
    await eventually(() => expect(core.store.get(connectorsAtom).some((connector) => connector.id === wallet.name)).toBe(true));
    expect(await core.connection.connect(wallet.name)).toBe(false);
    expect(core.store.get(connectAttemptAtom)).toMatchObject({ status: 'rejected' });
    expect(bitcoin()?.status).toBe('disconnected');
  });

  it('reconnects silently after a reload', async () => {
    const wallet = await installedWallet();
    const first = await connectedPage(wallet);
    const reloaded = loadPage(first.backend);
    await reloaded.core.connection.start();
    expect(reloaded.bitcoin()).toMatchObject({ status: 'connected', address: wallet.address('payment') });
  });

  it('follows the wallet to testnet: its testnet payment address on the testnet network, never paired with mainnet', async () => {
    const wallet = await installedWallet();
    const { core, bitcoin } = await connectedPage(wallet);
    const pairs: Array<string | undefined> = [];
    cleanups.push(core.store.sub(accountsAtom, () => pairs.push(bitcoin()?.caipAddress)));
    wallet.setNetwork('bitcoin:testnet');
    const testnetPayment = wallet.address('payment', 'bitcoin:testnet');
    await eventually(() => expect(bitcoin()?.caipAddress).toBe(`bip122:${TESTNET}:${testnetPayment}`));
    await eventually(() => expect(bitcoin()?.balanceLoading).toBe(false));
    expect(new Set(pairs)).toEqual(new Set([`bip122:${TESTNET}:${testnetPayment}`]));
    expect(core.store.get(activeNetworkAtom)?.caipNetworkId).toBe(bitcoinTestnet.caipNetworkId);
    expect(bitcoin()?.allAccounts?.map((account) => account.address)).toEqual([testnetPayment, wallet.address('ordinals', 'bitcoin:testnet')]);
  });

  it('switching networks in the modal moves to the accounts granted there', async () => {
    const wallet = await installedWallet({ multiNetwork: true });
    const { core, bitcoin } = await connectedPage(wallet);
    await core.connection.switchNetwork(core.options.networks[1]!);
    const testnetPayment = wallet.address('payment', 'bitcoin:testnet');
    await eventually(() => expect(bitcoin()?.caipAddress).toBe(`bip122:${TESTNET}:${testnetPayment}`));
    expect(core.store.get(activeNetworkAtom)?.caipNetworkId).toBe(bitcoinTestnet.caipNetworkId);
  });

  it('a wallet on a bitcoin network the host did not configure connects there, and the modal says it is unsupported', async () => {
    const wallet = await installedWallet({ chains: ['bitcoin:testnet'] });
    const { core, bitcoin } = await connectedPage(wallet, [bitcoinMainnet]);
    expect(bitcoin()?.caipAddress).toBe(`bip122:${TESTNET}:${wallet.address('payment')}`);
    expect(core.store.get(activeNetworkAtom)?.caipNetworkId).toBe(bitcoinMainnet.caipNetworkId);
    expect(core.store.get(routerAtom).view).toBe('UnsupportedChain');
  });
});
