import { afterEach, describe, expect, it } from '@rstest/core';
import { UserRejectedRequestError, accountsAtom, createMemoryStorage, routerAtom, walletConnectAtom, type KeyValueStorage, type RegistryWallet } from '../src/index';
import { STORAGE_KEYS } from '../src/storage';
import { stopTestCores, testCore, type FakeAdapter } from '@portico/test-kit';

afterEach(stopTestCores);

const URI = 'wc:7f6e@2?relay-protocol=irn&symKey=abc';
const rainbow: RegistryWallet = {
  id: 'rainbow-id',
  name: 'Rainbow',
  mobile_link: 'rainbow://',
  webapp_link: null,
};

/** A core not started yet (each test starts it), its storage backend and the events it emitted. */
async function setup(opts: { isMobile?: boolean; backend?: KeyValueStorage } = {}) {
  const backend = opts.backend ?? createMemoryStorage();
  const { core, adapter, events: tracked } = await testCore({ storage: backend, isMobile: opts.isMobile ?? false, start: false });
  const wc = () => core.store.get(walletConnectAtom);
  return { core, adapter, backend, tracked, wc };
}

const walletConnectCalls = (adapter: FakeAdapter) => adapter.connectCalls.filter((id) => id === 'walletConnect');
const approve = (adapter: FakeAdapter, index = -1) => adapter.pendingConnects.at(index)!.resolve();

describe('WalletConnect controller (core with a fake adapter)', () => {
  it('starts a pairing: buffering until the relay hands out a URI, then 4 minutes of validity', async () => {
    const { core, adapter, wc } = await setup();
    await core.connection.start();
    void core.walletConnect.ensurePairing();
    expect(wc()).toMatchObject({ status: 'pairing', buffering: true, wcError: false });
    expect(wc().wcUri).toBeUndefined();
    expect(walletConnectCalls(adapter)).toHaveLength(1);

    const before = Date.now();
    core.walletConnect.receiveUri(URI);
    expect(wc()).toMatchObject({ status: 'pairing', wcUri: URI, buffering: false });
    expect(wc().wcPairingExpiry).toBeGreaterThanOrEqual(before + 240_000);
    expect(wc().wcPairingExpiry).toBeLessThanOrEqual(Date.now() + 240_000);
  });

  it('a withdrawn URI (the relay connection dropped) goes back to buffering until the fresh one arrives', async () => {
    const { core, wc } = await setup();
    await core.connection.start();
    void core.walletConnect.ensurePairing();
    core.walletConnect.receiveUri(URI);
    core.walletConnect.receiveUri(undefined);
    expect(wc()).toMatchObject({ status: 'pairing', buffering: true, wcUri: undefined, wcPairingExpiry: undefined });
    core.walletConnect.receiveUri(`${URI}-fresh`);
    expect(wc()).toMatchObject({ status: 'pairing', buffering: false, wcUri: `${URI}-fresh` });
  });

  it('reuses a live pairing: same promise, no second connect', async () => {
    const { core, adapter } = await setup();
    await core.connection.start();
    const first = core.walletConnect.ensurePairing();
    // Still waiting for the relay (buffering): reused.
    expect(core.walletConnect.ensurePairing()).toBe(first);
    core.walletConnect.receiveUri(URI);
    // URI on screen, 4 minutes left: reused.
    expect(core.walletConnect.ensurePairing()).toBe(first);
    expect(walletConnectCalls(adapter)).toHaveLength(1);
  });

  it('with 11 s left the pairing is reused; with 10 s left a new one starts', async () => {
    const { core, adapter, wc } = await setup();
    await core.connection.start();
    const first = core.walletConnect.ensurePairing();
    core.walletConnect.receiveUri(URI);

    core.store.set(walletConnectAtom, { ...wc(), wcPairingExpiry: Date.now() + 11_000 });
    expect(core.walletConnect.ensurePairing()).toBe(first);
    expect(walletConnectCalls(adapter)).toHaveLength(1);

    core.store.set(walletConnectAtom, { ...wc(), wcPairingExpiry: Date.now() + 10_000 });
    const second = core.walletConnect.ensurePairing();
    expect(second).not.toBe(first);
    expect(walletConnectCalls(adapter)).toHaveLength(2);
    expect(wc()).toMatchObject({ status: 'pairing', buffering: true });
    expect(wc().wcUri).toBeUndefined();
    expect(wc().wcPairingExpiry).toBeUndefined();

    // The replaced pairing settling late changes nothing; the new one decides.
    adapter.pendingConnects[0]!.reject(new UserRejectedRequestError());
    await expect(first).resolves.toBe(false);
    expect(wc().status).toBe('pairing');
    expect(wc().wcError).toBe(false);
    core.walletConnect.receiveUri(`${URI}-2`);
    expect(wc().wcUri).toBe(`${URI}-2`);
    approve(adapter);
    await expect(second).resolves.toBe(true);
    expect(wc().status).toBe('connected');
  });

  it('a declined pairing: wcError and "Connection declined"; the next call starts afresh', async () => {
    const { core, adapter, wc, tracked } = await setup();
    await core.connection.start();
    const pairing = core.walletConnect.ensurePairing();
    core.walletConnect.receiveUri(URI);
    adapter.pendingConnects[0]!.reject(new UserRejectedRequestError(Object.assign(new Error('rejected'), { code: 5000 })));
    await expect(pairing).resolves.toBe(false);
    expect(wc()).toMatchObject({ status: 'error', wcError: true, buffering: false, errorMessage: 'Connection declined' });
    expect(core.store.get(accountsAtom).eip155?.status).toBe('disconnected');
    expect(tracked.at(-1)?.data.event).toBe('CONNECT_ERROR');

    const retry = core.walletConnect.ensurePairing();
    expect(retry).not.toBe(pairing);
    expect(walletConnectCalls(adapter)).toHaveLength(2);
    expect(wc()).toMatchObject({ status: 'pairing', wcError: false, errorMessage: undefined });
  });

  it('another failure shows its own message', async () => {
    const { core, adapter, wc } = await setup();
    await core.connection.start();
    const pairing = core.walletConnect.ensurePairing();
    adapter.pendingConnects[0]!.reject(new Error('Relay unreachable'));
    await expect(pairing).resolves.toBe(false);
    expect(wc()).toMatchObject({ status: 'error', wcError: true, errorMessage: 'Relay unreachable' });
  });

  it('finalize stores the recent wallet and the deep link, and clears the URI', async () => {
    const { core, adapter, wc, backend } = await setup();
    await core.connection.start();
    const pairing = core.walletConnect.ensurePairing({ wallet: rainbow });
    expect(wc().recentWallet).toEqual(rainbow);
    expect(core.walletConnect.openDeepLink(rainbow, { isTelegram: false })).toBeUndefined(); // no URI yet
    core.walletConnect.receiveUri(URI);
    expect(core.walletConnect.openDeepLink(rainbow, { isTelegram: false })).toEqual({
      href: `rainbow://wc?uri=${encodeURIComponent(URI)}`,
      target: '_self',
    });
    expect(wc().wcLinking).toEqual({ name: 'Rainbow', href: 'rainbow://' });
    // Stored only once the wallet approved.
    expect(core.storage.get('walletConnectDeepLink')).toBeUndefined();
    expect(core.storage.get('recentWallets')).toBeUndefined();

    approve(adapter);
    await expect(pairing).resolves.toBe(true);
    expect(core.storage.get('recentWallets')).toEqual([{ id: 'rainbow-id', name: 'Rainbow' }]);
    expect(core.storage.get('walletConnectDeepLink')).toEqual({ name: 'Rainbow', href: 'rainbow://' });
    expect(JSON.parse(backend.getItem(STORAGE_KEYS.walletConnectDeepLink)!)).toEqual({ name: 'Rainbow', href: 'rainbow://' });
    expect(wc()).toMatchObject({ status: 'connected', buffering: false });
    expect(wc().wcUri).toBeUndefined();
    expect(wc().wcPairingExpiry).toBeUndefined();
    expect(core.store.get(accountsAtom).eip155).toMatchObject({ status: 'connected', connectorId: 'walletConnect' });
  });

  it('a wallet without any link has no deep link', async () => {
    const { core } = await setup();
    await core.connection.start();
    void core.walletConnect.ensurePairing();
    core.walletConnect.receiveUri(URI);
    expect(core.walletConnect.openDeepLink({ id: 'x', name: 'X', mobile_link: null, webapp_link: null }, { isTelegram: false })).toBeUndefined();
  });

  it('reset clears URI, expiry, linking, recent wallet and the stored deep link; a late approval is ignored', async () => {
    const { core, adapter, wc } = await setup();
    await core.connection.start();
    core.storage.set('walletConnectDeepLink', { name: 'Old', href: 'old://' });
    const pairing = core.walletConnect.ensurePairing({ wallet: rainbow });
    core.walletConnect.receiveUri(URI);
    core.walletConnect.openDeepLink(rainbow, { isTelegram: true });
    expect(wc().wcLinking).toBeDefined();

    core.walletConnect.reset();
    expect(wc()).toEqual({ status: 'idle', wcError: false, buffering: false });
    expect(core.storage.get('walletConnectDeepLink')).toBeUndefined();

    approve(adapter);
    await pairing;
    // The reset attempt does not finalize: nothing stored, state stays idle.
    expect(wc().status).toBe('idle');
    expect(core.storage.get('recentWallets')).toBeUndefined();
    expect(core.storage.get('walletConnectDeepLink')).toBeUndefined();

    // After a reset a new pairing starts.
    void core.walletConnect.ensurePairing();
    expect(walletConnectCalls(adapter)).toHaveLength(2);
  });

  it('desktop: CONNECT_SUCCESS carries method "qrcode" and Account shows', async () => {
    const { core, adapter, tracked } = await setup({ isMobile: false });
    await core.connection.start();
    core.modal.open();
    const connecting = core.connectWalletConnect(rainbow);
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'ConnectingWalletConnect', data: { wallet: rainbow } });
    core.walletConnect.receiveUri(URI);
    approve(adapter);
    await expect(connecting).resolves.toBe(true);
    const success = tracked.find((event) => event.data.event === 'CONNECT_SUCCESS');
    expect(success?.data.properties).toMatchObject({ method: 'qrcode', name: 'WalletConnect' });
    expect(core.store.get(routerAtom).view).toBe('Account');
  });

  it('mobile: CONNECT_SUCCESS carries method "mobile"', async () => {
    const { core, adapter, tracked } = await setup({ isMobile: true });
    await core.connection.start();
    const connecting = core.connectWalletConnect();
    core.walletConnect.receiveUri(URI);
    approve(adapter);
    await expect(connecting).resolves.toBe(true);
    expect(tracked.find((event) => event.data.event === 'CONNECT_SUCCESS')?.data.properties).toMatchObject({
      method: 'mobile',
    });
  });
});
