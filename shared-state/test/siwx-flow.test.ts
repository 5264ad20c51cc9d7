import { afterEach, describe, expect, it } from '@rstest/core';
import { ACCOUNT, CHAIN, RECEIVER, anvil, eventually, fakeWalletConnector, mainnet, resetTestKit, testCore, type FakeAdapterOptions } from '@portico/test-kit';
import { CONNECTOR_IDS } from '../src/constants';
import { accountsAtom, activeAccountAtom, modalFlagsAtom, signInAtom, toastAtom, type AccountState, type PorticoCore } from '../src/index';
import { createSiwxController, createDefaultSiwx, needsSignIn, type SIWXConfig, type SIWXSession } from '../src/siwx';

const NOW = Date.parse('2026-11-24T09:00:00.000Z');
const HOUR = 60 * 60 * 1000;

afterEach(resetTestKit);

/** A connected core (FakeAdapter, real dev-key signatures) with the sign-in flow on top, as the shell will wire it. */
async function signInCore(options: { required?: boolean; signOutOnDisconnect?: boolean; siwx?: SIWXConfig; adapter?: FakeAdapterOptions } = {}) {
  const clock = { now: NOW };
  const { core, adapter, events } = await testCore({ options: { networks: [anvil, mainnet] }, adapter: options.adapter });
  const siwx =
    options.siwx ??
    createDefaultSiwx({
      storage: core.environment.storage,
      domain: 'dapp.example',
      uri: 'https://dapp.example',
      expiresInMs: HOUR,
      required: options.required,
      signOutOnDisconnect: options.signOutOnDisconnect,
      now: () => clock.now,
    });
  const controller = createSiwxController({
    store: core.store,
    siwx,
    adapters: { eip155: adapter },
    networks: core.options.networks,
    connection: core.connection,
    modal: core.modal,
    router: core.router,
    events: core.events,
    toast: core.toast,
    now: () => clock.now,
  });
  const stop = controller.watch();
  const tracked = (name: string) => events.filter((event) => event.data.event === name).map((event) => event.data.properties);
  return { core, adapter, siwx, controller, clock, stop, tracked };
}

const view = (core: PorticoCore) => core.router.current().view;
const isOpen = (core: PorticoCore) => core.store.get(modalFlagsAtom).open;

/** What the connection controller writes when the wallet reports another account or chain. */
function walletReports(core: PorticoCore, address: string, chainReference: string) {
  const current = core.store.get(activeAccountAtom);
  const next: AccountState = { ...current, address, caipAddress: `eip155:${chainReference}:${address}` };
  core.store.set(accountsAtom, { ...core.store.get(accountsAtom), eip155: next });
}

describe('needsSignIn (spec section 4)', () => {
  const session = (address: string, chainId: `${string}:${string}`, expirationTime?: string): SIWXSession => ({
    data: { accountAddress: address, chainId, domain: 'dapp.example', uri: 'https://dapp.example', version: '1', nonce: 'abcdefgh', expirationTime },
    message: '',
    signature: '',
  });
  const supportedNetworks = [{ caipNetworkId: 'eip155:31337' as const }, { caipNetworkId: 'eip155:1' as const }];
  const signedIn = [session(ACCOUNT, 'eip155:31337', new Date(NOW + HOUR).toISOString())];

  it('asks when no session covers the account on its network, and again after a switch or once expired', () => {
    const ask = (account: { address: string; caipNetworkId: `${string}:${string}` } | undefined, nowMs = NOW, enabled = true) =>
      needsSignIn({ enabled, account, supportedNetworks, sessions: signedIn, nowMs });
    expect(ask({ address: ACCOUNT, caipNetworkId: 'eip155:31337' })).toBe(false);
    expect(ask({ address: ACCOUNT.toLowerCase(), caipNetworkId: 'eip155:31337' })).toBe(false);
    expect(ask({ address: RECEIVER, caipNetworkId: 'eip155:31337' })).toBe(true); // another account
    expect(ask({ address: ACCOUNT, caipNetworkId: 'eip155:1' })).toBe(true); // another network
    expect(ask({ address: ACCOUNT, caipNetworkId: 'eip155:31337' }, NOW + HOUR)).toBe(true); // expired
    expect(ask({ address: RECEIVER, caipNetworkId: 'eip155:10' })).toBe(false); // network not supported
    expect(ask(undefined)).toBe(false); // nobody connected
    expect(ask({ address: RECEIVER, caipNetworkId: 'eip155:31337' }, NOW, false)).toBe(false); // sign-in off
  });
});

describe('the sign-in flow', () => {
  it('opens SIWXSignMessage after connecting; signing adds the session, closes the modal and tracks SIWX_AUTH_SUCCESS', async () => {
    const { core, adapter, siwx, controller, tracked } = await signInCore();
    await core.connection.connect('io.fake');
    await eventually(() => expect(view(core)).toBe('SIWXSignMessage'));
    expect(isOpen(core)).toBe(true);
    expect(core.store.get(signInAtom)).toEqual({ status: 'idle', closeDisabled: false });

    expect(await controller.signIn()).toBe(true);

    expect(adapter.signed).toHaveLength(1);
    expect(adapter.signed[0]).toContain(`dapp.example wants you to sign in with your Ethereum account:\n${ACCOUNT}`);
    expect(await siwx.getSessions(CHAIN, ACCOUNT)).toEqual([expect.objectContaining({ message: adapter.signed[0] })]);
    expect(core.store.get(signInAtom)).toMatchObject({ status: 'idle', session: { message: adapter.signed[0] }, closeDisabled: false });
    expect(isOpen(core)).toBe(false);
    expect(tracked('SIWX_AUTH_SUCCESS')).toEqual([{ network: CHAIN }]);
  });

  it('shows the state while the wallet asks, then “Signature declined” with SIWX_AUTH_ERROR, on the sign view', async () => {
    const { core, adapter, controller, tracked } = await signInCore();
    adapter.walletWaits = true;
    await core.connection.connect('io.fake');
    await eventually(() => expect(view(core)).toBe('SIWXSignMessage'));

    const signing = controller.signIn();
    await eventually(() => expect(adapter.signed).toHaveLength(1));
    expect(core.store.get(signInAtom).status).toBe('signing');
    expect(await controller.signIn()).toBe(false); // a second click while the wallet asks does nothing
    adapter.decline();

    expect(await signing).toBe(false);
    expect(core.store.get(signInAtom)).toMatchObject({ status: 'error', error: 'Signature declined' });
    expect(tracked('SIWX_AUTH_ERROR')).toEqual([{ network: CHAIN, message: 'User rejected the request.' }]);
    expect(isOpen(core) && view(core)).toBe('SIWXSignMessage');
    expect(tracked('SIWX_AUTH_SUCCESS')).toEqual([]);
  });

  it('a failure after the modal was closed reopens the sign view', async () => {
    const { core, adapter, controller } = await signInCore();
    await core.connection.connect('io.fake');
    await eventually(() => expect(view(core)).toBe('SIWXSignMessage'));
    core.modal.close();
    adapter.declining = true;
    await controller.signIn();
    expect(isOpen(core) && view(core)).toBe('SIWXSignMessage');
  });

  describe('through the embedded wallet: a pending transaction (spec section 2)', () => {
    /**
     * Connected through the AUTH connector, on the sign view; signIn asks, the frame's approval shows over it, and
     * the frame hides (the embedded wallet goes back) before the request answers, as the secure site does.
     */
    async function decidedInFrame(required: boolean) {
      const auth = { ...fakeWalletConnector, id: CONNECTOR_IDS.auth, type: 'AUTH' as const };
      const context = await signInCore({ required, adapter: { walletWaits: true, connectors: [auth] } });
      await context.core.connection.connect(auth.id);
      await eventually(() => expect(view(context.core)).toBe('SIWXSignMessage'));
      const signing = context.controller.signIn();
      await eventually(() => expect(context.adapter.signed).toHaveLength(1));
      context.core.router.push('ApproveTransaction');
      context.core.router.goBack();
      return { ...context, signing };
    }

    it('approved (required sign-in): once the session is kept, the replace flow closes the modal', async () => {
      const { core, adapter, signing, tracked } = await decidedInFrame(true);
      adapter.approve();
      expect(await signing).toBe(true);
      expect(isOpen(core)).toBe(false);
      expect(core.store.get(modalFlagsAtom).shake).toBe(false);
      expect(core.router.current().history).toEqual(['SIWXSignMessage']);
      expect(tracked('SIWX_AUTH_SUCCESS')).toHaveLength(1);
    });

    it('rejected: the sign view stays, with “Signature declined”', async () => {
      const { core, adapter, signing } = await decidedInFrame(false);
      adapter.decline();
      expect(await signing).toBe(false);
      expect(isOpen(core) && view(core)).toBe('SIWXSignMessage');
      expect(core.router.current().history).toEqual(['SIWXSignMessage']);
      expect(core.store.get(signInAtom)).toMatchObject({ status: 'error', error: 'Signature declined' });
    });
  });

  it('required: the sign view may not close; Cancel disconnects, closes and resets to Connect (CLICK_CANCEL_SIWX)', async () => {
    const { core, controller, tracked } = await signInCore({ required: true });
    await core.connection.connect('io.fake');
    await eventually(() => expect(core.store.get(signInAtom).closeDisabled).toBe(true));

    await controller.cancel();

    expect(core.store.get(activeAccountAtom).status).toBe('disconnected');
    expect(isOpen(core)).toBe(false);
    expect(view(core)).toBe('Connect');
    expect(core.store.get(signInAtom).closeDisabled).toBe(false);
    expect(tracked('CLICK_CANCEL_SIWX')).toEqual([{ network: CHAIN }]);
  });

  it('optional: Cancel only closes; the wallet stays connected', async () => {
    const { core, controller, tracked } = await signInCore();
    await core.connection.connect('io.fake');
    await eventually(() => expect(view(core)).toBe('SIWXSignMessage'));

    await controller.cancel();

    expect(core.store.get(activeAccountAtom).status).toBe('connected');
    expect(isOpen(core)).toBe(false);
    expect(tracked('CLICK_CANCEL_SIWX')).toHaveLength(1);
  });

  it('asks again on another account or network without a session, not on the signed one, and once the session expired', async () => {
    const { core, controller, clock } = await signInCore();
    await core.connection.connect('io.fake');
    await eventually(() => expect(view(core)).toBe('SIWXSignMessage'));
    await controller.signIn();

    walletReports(core, RECEIVER, '31337');
    await eventually(() => expect(isOpen(core) && view(core)).toBe('SIWXSignMessage'));
    core.modal.close();

    walletReports(core, ACCOUNT, '31337');
    expect(await controller.check()).toBe(false);
    expect(isOpen(core)).toBe(false);
    expect(core.store.get(signInAtom).session?.data.accountAddress).toBe(ACCOUNT);

    walletReports(core, ACCOUNT, '1');
    await eventually(() => expect(isOpen(core) && view(core)).toBe('SIWXSignMessage'));
    core.modal.close();

    walletReports(core, ACCOUNT, '10'); // a chain the host did not configure: no sign-in there
    expect(await controller.check()).toBe(false);
    expect(isOpen(core)).toBe(false);

    walletReports(core, ACCOUNT, '31337');
    clock.now = NOW + HOUR;
    expect(await controller.check()).toBe(true);
  });

  it('a reload keeps the session: connecting again with the same storage asks nothing', async () => {
    const first = await signInCore();
    await first.core.connection.connect('io.fake');
    await eventually(() => expect(view(first.core)).toBe('SIWXSignMessage'));
    await first.controller.signIn();

    const afterReload = createDefaultSiwx({ storage: first.core.environment.storage, domain: 'dapp.example', uri: 'https://dapp.example', now: () => NOW });
    const { core, controller } = await signInCore({ siwx: afterReload });
    await core.connection.connect('io.fake');
    expect(await controller.check()).toBe(false);
    expect(isOpen(core)).toBe(false);
    expect(core.store.get(signInAtom).session?.data.accountAddress).toBe(ACCOUNT);
  });

  it('disconnect signs out when signOutOnDisconnect, and keeps the session when not', async () => {
    const signingOut = await signInCore();
    await signingOut.core.connection.connect('io.fake');
    await eventually(() => expect(view(signingOut.core)).toBe('SIWXSignMessage'));
    await signingOut.controller.signIn();
    await signingOut.core.connection.disconnect();
    await eventually(async () => expect(await signingOut.siwx.getSessions(CHAIN, ACCOUNT)).toEqual([]));
    expect(signingOut.core.store.get(signInAtom)).toEqual({ status: 'idle', closeDisabled: false });

    const keeping = await signInCore({ signOutOnDisconnect: false });
    await keeping.core.connection.connect('io.fake');
    await eventually(() => expect(view(keeping.core)).toBe('SIWXSignMessage'));
    await keeping.controller.signIn();
    await keeping.core.connection.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await keeping.siwx.getSessions(CHAIN, ACCOUNT)).toHaveLength(1);
  });

  it('sessions that cannot be read after connecting: SIWX_AUTH_ERROR, disconnect, Connect and the spec’s message', async () => {
    const base = createDefaultSiwx({ storage: { getItem: () => null, setItem() {}, removeItem() {} }, uri: 'https://dapp.example' });
    const broken: SIWXConfig = { ...base, getSessions: async () => Promise.reject(new Error('API down')) };
    const { core, controller, tracked } = await signInCore({ siwx: broken });
    await core.connection.connect('io.fake');

    await eventually(() => expect(core.store.get(activeAccountAtom).status).toBe('disconnected'));
    expect(view(core)).toBe('Connect');
    expect(core.store.get(signInAtom)).toMatchObject({ status: 'error', error: 'A problem occurred while trying initialize authentication' });
    await eventually(() => expect(core.store.get(toastAtom)).toMatchObject({ open: true, variant: 'error', message: 'A problem occurred while trying initialize authentication' }));
    expect(tracked('SIWX_AUTH_ERROR')).toEqual([{ network: CHAIN, message: 'API down' }]);
  });
});
