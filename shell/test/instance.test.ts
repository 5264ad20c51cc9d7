import { accountsAtom, activeNamespaceAtom, alertAtom, themeAtom, type AccountState } from '@portico/shared-state';
import { ACCOUNT, FakeAdapter, RECEIVER, anvil, mainnet, stopTestCores, testCore } from '@portico/test-kit';
import { afterEach, describe, expect, it } from '@rstest/core';
import { createInstance } from '../src/instance';

afterEach(stopTestCores);

async function instanceOver(options: Parameters<typeof testCore>[0] = {}) {
  const made = await testCore(options);
  return { ...made, instance: createInstance(made.core, () => undefined) };
}

const connectedAccount: AccountState = {
  status: 'connected',
  address: '0xabc',
  caipAddress: 'eip155:31337:0xabc',
  allAccounts: [{ namespace: 'eip155', address: '0xabc', type: 'eoa' }],
  balanceLoading: false,
};

describe('Portico instance API: snapshots', () => {
  it('returns the same account snapshot until the account changes', async () => {
    const { core, instance } = await instanceOver();
    const first = instance.getAccount();
    expect(first).toEqual({ allAccounts: [], address: undefined, caipAddress: undefined, isConnected: false, status: 'disconnected' });
    expect(instance.getAccount()).toBe(first);
    core.store.set(accountsAtom, { eip155: connectedAccount });
    const next = instance.getAccount();
    expect(next).not.toBe(first);
    expect(next.isConnected).toBe(true);
    expect(next.allAccounts).toEqual([{ namespace: 'eip155', address: '0xabc', type: 'eoa' }]);
  });

  it('a namespace’s account snapshot is the same object until it changes (useSyncExternalStore needs it)', async () => {
    const { core, instance } = await instanceOver();
    const first = instance.getAccount('eip155');
    expect(instance.getAccount('eip155')).toBe(first);
    core.store.set(accountsAtom, { eip155: connectedAccount });
    expect(instance.getAccount('eip155')).not.toBe(first);
    expect(instance.getAccount('eip155')).toBe(instance.getAccount('eip155'));
    expect(instance.getAccount('eip155').address).toBe('0xabc');
  });

  it('a balance refresh is not an account change: same snapshot, no notification', async () => {
    const { core, adapter, instance } = await instanceOver({ connect: true });
    const before = instance.getAccount();
    const seen: unknown[] = [];
    instance.subscribeAccount((account) => seen.push(account));
    adapter.nativeBalance = '99';
    await core.connection.refreshBalance(undefined, { force: true });
    expect(core.store.get(accountsAtom).eip155?.balance).toBe('99');
    expect(instance.getAccount()).toBe(before);
    expect(seen).toEqual([]);
  });

  it('getBalance / subscribeBalance report the balance the modal shows, and only its changes', async () => {
    const { core, adapter, instance } = await instanceOver({ connect: true });
    await expect.poll(() => instance.getBalance()).toEqual({ balance: '10', symbol: 'ETH' });
    expect(instance.getBalance()).toBe(instance.getBalance());
    const seen: unknown[] = [];
    const stop = instance.subscribeBalance((balance) => seen.push(balance));
    await core.connection.refreshBalance(undefined, { force: true });
    expect(seen).toEqual([]);
    adapter.nativeBalance = '99';
    await core.connection.refreshBalance(undefined, { force: true });
    expect(seen).toEqual([{ balance: '99', symbol: 'ETH' }]);
    await instance.disconnect();
    expect(instance.getBalance()).toBeUndefined();
    expect(seen).toHaveLength(2);
    stop();
  });

  it("embeddedWalletInfo (AppKit's): who is logged in to the embedded wallet, one object while it does not change", async () => {
    const { core, instance } = await instanceOver();
    expect(instance.getAccount().embeddedWalletInfo).toBeUndefined();
    const user = { email: 'ada@example.com', authProvider: 'email', smartAccountDeployed: false };
    core.store.set(accountsAtom, {
      eip155: {
        status: 'connected',
        balanceLoading: false,
        address: '0xabc',
        allAccounts: [{ namespace: 'eip155', address: '0xabc', type: 'smartAccount' }],
        user,
      },
    });
    const info = instance.getAccount().embeddedWalletInfo;
    expect(info).toEqual({ user: { email: 'ada@example.com', username: undefined }, authProvider: 'email', accountType: 'smartAccount', isSmartAccountDeployed: false });
    core.store.set(accountsAtom, { eip155: { ...core.store.get(accountsAtom).eip155!, balance: '1' } });
    expect(instance.getAccount().embeddedWalletInfo).toBe(info);
  });

  it('subscribeTheme hears every change of mode or variables, made anywhere', async () => {
    const { instance } = await instanceOver();
    const seen: unknown[] = [];
    const stop = instance.subscribeTheme((theme) => seen.push(theme));
    instance.setThemeMode('light');
    instance.setThemeVariables({ '--portico-accent': '#000000' });
    stop();
    instance.setThemeMode('dark');
    expect(seen).toEqual([
      { themeMode: 'light', themeVariables: {} },
      { themeMode: 'light', themeVariables: { '--portico-accent': '#000000' } },
    ]);
  });

  it('every getter hands back the same object until what it reports changes', async () => {
    const { instance } = await instanceOver({ options: { networks: [anvil, mainnet] } });
    expect(instance.getState()).toBe(instance.getState());
    expect(instance.getCaipNetwork()).toBe(instance.getCaipNetwork());
    expect(instance.getThemeVariables()).toBe(instance.getThemeVariables());
    const state = instance.getState();
    await instance.switchNetwork(mainnet);
    expect(instance.getState()).not.toBe(state);
    expect(instance.getState()).toBe(instance.getState());
    expect(instance.getState().selectedNetworkId).toBe('eip155:1');
  });

  it('subscribeAccount notifies on change and its unsubscribe stops it', async () => {
    const { core, instance } = await instanceOver();
    const seen: string[] = [];
    const unsubscribe = instance.subscribeAccount((account) => seen.push(account.status));
    core.store.set(accountsAtom, { eip155: { status: 'connecting', balanceLoading: false } });
    unsubscribe();
    core.store.set(accountsAtom, { eip155: connectedAccount });
    expect(seen).toEqual(['connecting']);
  });
});

describe('Portico instance API: real values', () => {
  it('allAccounts: every account the wallet granted in that namespace', async () => {
    const adapter = new FakeAdapter({ account: { address: ACCOUNT, chainReference: '31337', addresses: [ACCOUNT, RECEIVER] } });
    const { instance } = await instanceOver({ adapter, connect: true });
    expect(instance.getAccount('eip155').allAccounts).toEqual([
      { namespace: 'eip155', address: ACCOUNT, type: 'eoa' },
      { namespace: 'eip155', address: RECEIVER, type: 'eoa' },
    ]);
    expect(instance.getAccount('solana')).toMatchObject({ allAccounts: [], isConnected: false });
  });

  it('initialized: false until the stored session has been restored', async () => {
    const { core, instance } = await instanceOver({ start: false });
    expect(instance.getState().initialized).toBe(false);
    const seen: boolean[] = [];
    instance.subscribeState((state) => seen.push(state.initialized));
    await core.connection.start();
    expect(instance.getState().initialized).toBe(true);
    // First the active network is set (still restoring), then the restore ends.
    expect(seen).toEqual([false, true]);
  });

  it('getProviderType: the connector kind, undefined when not connected', async () => {
    const { core, instance } = await instanceOver();
    expect(instance.getProviderType()).toBeUndefined();
    await core.connection.connect('io.fake');
    expect(instance.getProviderType()).toBe('ANNOUNCED');
    expect(instance.getProviderType('eip155')).toBe('ANNOUNCED');
    await core.connection.disconnect();
    expect(instance.getProviderType()).toBeUndefined();
  });
});

describe('Portico instance API: actions', () => {
  it('open() shows the first view at once and reports the state', async () => {
    const { instance } = await instanceOver();
    const states: boolean[] = [];
    instance.subscribeState((state) => states.push(state.open));
    await instance.open();
    expect(instance.getState()).toMatchObject({ open: true, activeChain: 'eip155', initialized: true });
    await instance.close();
    expect(states).toEqual([true, false]);
  });

  it('refuses a namespace that is not configured, in the spec wording', async () => {
    const { instance } = await instanceOver();
    await expect(instance.open({ namespace: 'solana' })).rejects.toThrow(
      "Namespace 'solana' is not configured. Please call connect() first with namespace config.",
    );
    await expect(instance.open({ namespace: 'toString' as 'solana' })).rejects.toThrow("Namespace 'toString' is not configured.");
    expect(instance.getState().activeChain).toBe('eip155');
  });

  it('switchNetwork refuses a network the host did not configure, and the modal shows the Network Not Found alert', async () => {
    const { core, instance } = await instanceOver();
    expect(core.store.get(alertAtom)).toBeUndefined();
    await expect(instance.switchNetwork({ ...anvil, id: 1, name: 'Ethereum' })).rejects.toThrow('Network not found');
    expect(core.store.get(alertAtom)).toEqual({
      title: 'Network Not Found',
      message: "Network eip155:1 not found - please make sure it is included in the 'networks' array of the Portico options",
    });
  });

  it('validates theme changes', async () => {
    const { core, instance } = await instanceOver();
    expect(instance.getThemeMode()).toBe('dark');
    instance.setThemeMode('light');
    expect(core.store.get(themeAtom).themeMode).toBe('light');
    expect(() => instance.setThemeMode('purple' as 'light')).toThrow();
    instance.setThemeVariables({ '--portico-accent': '#ff0000' });
    expect(instance.getThemeVariables()).toEqual({ '--portico-accent': '#ff0000' });
  });

  it('subscribeEvents receives AppKit-shaped events', async () => {
    const { instance } = await instanceOver();
    const events: string[] = [];
    const unsubscribe = instance.subscribeEvents((event) => events.push(`${event.data.type}:${event.data.event}`));
    await instance.open();
    unsubscribe();
    await instance.close();
    expect(events).toEqual(['track:MODAL_OPEN']);
  });

  it('keeps the active namespace when open() names the configured one', async () => {
    const { core, instance } = await instanceOver();
    await instance.open({ namespace: 'eip155' });
    expect(core.store.get(activeNamespaceAtom)).toBe('eip155');
  });
});
