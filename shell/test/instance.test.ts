import { accountsAtom, activeNamespaceAtom, themeAtom } from '@portico/shared-state';
import { describe, expect, it } from '@rstest/core';
import { createInstance } from '../src/instance';
import { anvilNetwork, testCore } from './helpers';

describe('Portico instance API', () => {
  it('returns the same account snapshot until the account changes', () => {
    const core = testCore();
    const instance = createInstance(core, () => undefined);
    const first = instance.getAccount();
    expect(first).toEqual({ allAccounts: [], address: undefined, caipAddress: undefined, isConnected: false, status: 'disconnected' });
    expect(instance.getAccount()).toBe(first);
    core.store.set(accountsAtom, {
      eip155: { status: 'connected', address: '0xabc', caipAddress: 'eip155:31337:0xabc', balanceLoading: false },
    });
    const next = instance.getAccount();
    expect(next).not.toBe(first);
    expect(next.isConnected).toBe(true);
    expect(next.allAccounts).toEqual([{ namespace: 'eip155', address: '0xabc', type: 'eoa' }]);
  });

  it('a namespace’s account snapshot is the same object until it changes (useSyncExternalStore needs it)', () => {
    const core = testCore();
    const instance = createInstance(core, () => undefined);
    const first = instance.getAccount('eip155');
    expect(instance.getAccount('eip155')).toBe(first);
    core.store.set(accountsAtom, {
      eip155: { status: 'connected', address: '0xabc', caipAddress: 'eip155:31337:0xabc', balanceLoading: false },
    });
    expect(instance.getAccount('eip155')).not.toBe(first);
    expect(instance.getAccount('eip155')).toBe(instance.getAccount('eip155'));
    expect(instance.getAccount('eip155').address).toBe('0xabc');
  });

  it('subscribeAccount notifies on change and its unsubscribe stops it', () => {
    const core = testCore();
    const instance = createInstance(core, () => undefined);
    const seen: string[] = [];
    const unsubscribe = instance.subscribeAccount((account) => seen.push(account.status));
    core.store.set(accountsAtom, { eip155: { status: 'connecting', balanceLoading: false } });
    unsubscribe();
    core.store.set(accountsAtom, { eip155: { status: 'connected', address: '0x1', balanceLoading: false } });
    expect(seen).toEqual(['connecting']);
  });

  it('open() shows the first view at once and reports the state', async () => {
    const core = testCore();
    const instance = createInstance(core, () => undefined);
    const states: boolean[] = [];
    instance.subscribeState((state) => states.push(state.open));
    await instance.open();
    expect(instance.getState()).toMatchObject({ open: true, activeChain: 'eip155', initialized: true });
    await instance.close();
    expect(states).toEqual([true, false]);
  });

  it('refuses a namespace that is not configured, in the spec wording', async () => {
    const instance = createInstance(testCore(), () => undefined);
    await expect(instance.open({ namespace: 'solana' })).rejects.toThrow(
      "Namespace 'solana' is not configured. Please call connect() first with namespace config.",
    );
    expect(instance.getState().activeChain).toBe('eip155');
  });

  it('switchNetwork refuses a network the host did not configure', async () => {
    const instance = createInstance(testCore(), () => undefined);
    await expect(instance.switchNetwork({ ...anvilNetwork, id: 1, name: 'Ethereum' })).rejects.toThrow('Network not found');
  });

  it('validates theme changes', () => {
    const core = testCore();
    const instance = createInstance(core, () => undefined);
    expect(instance.getThemeMode()).toBe('dark');
    instance.setThemeMode('light');
    expect(core.store.get(themeAtom).themeMode).toBe('light');
    expect(() => instance.setThemeMode('purple' as 'light')).toThrow();
    instance.setThemeVariables({ '--portico-accent': '#ff0000' });
    expect(instance.getThemeVariables()).toEqual({ '--portico-accent': '#ff0000' });
  });

  it('subscribeEvents receives AppKit-shaped events', async () => {
    const instance = createInstance(testCore(), () => undefined);
    const events: string[] = [];
    const unsubscribe = instance.subscribeEvents((event) => events.push(`${event.data.type}:${event.data.event}`));
    await instance.open();
    unsubscribe();
    await instance.close();
    expect(events).toEqual(['track:MODAL_OPEN']);
  });

  it('keeps the active namespace when open() names the configured one', async () => {
    const core = testCore();
    const instance = createInstance(core, () => undefined);
    await instance.open({ namespace: 'eip155' });
    expect(core.store.get(activeNamespaceAtom)).toBe('eip155');
  });
});
