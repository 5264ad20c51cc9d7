import { describe, expect, it } from '@rstest/core';
import type { PorticoAccount, PorticoInstance, PorticoState } from '@portico/shell/portico';
import { deferredInstance } from '../src/deferred-instance';

/** The shell's instance as a test double: what it reports and who listens. */
function shellInstance() {
  const accountListeners = new Set<(account: PorticoAccount) => void>();
  const calls: string[] = [];
  let account: PorticoAccount = { allAccounts: [{ address: '0xabc', type: 'eoa', namespace: 'eip155' } as never], address: '0xabc', isConnected: true, status: 'connected' };
  const state: PorticoState = { open: false, loading: false, activeChain: 'eip155', initialized: true };
  const instance = {
    open: async () => void calls.push('open'),
    close: async () => void calls.push('close'),
    getState: () => state,
    subscribeState: () => () => undefined,
    getAccount: () => account,
    subscribeAccount: (callback: (account: PorticoAccount) => void) => {
      accountListeners.add(callback);
      return () => void accountListeners.delete(callback);
    },
    getThemeMode: () => 'light' as const,
    setThemeMode: (mode: string) => void calls.push(`theme ${mode}`),
    getProvider: () => ({ request: async () => null }),
    destroy: () => void calls.push('destroy'),
  } as unknown as PorticoInstance;
  return {
    instance,
    calls,
    accountListeners,
    connect(next: PorticoAccount) {
      account = next;
      accountListeners.forEach((listener) => listener(next));
    },
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('the instance createPortico returns before the shell has loaded', () => {
  it('reports a fresh instance, then the shell’s', async () => {
    const shell = shellInstance();
    const loading = deferred<PorticoInstance>();
    const handle = deferredInstance(loading.promise, { themeMode: 'light' });
    expect(handle.getAccount()).toEqual({ allAccounts: [], isConnected: false, status: 'disconnected' });
    expect(handle.getState()).toMatchObject({ open: false, initialized: false });
    expect(handle.getThemeMode()).toBe('light');
    expect(handle.getProvider('eip155')).toBeUndefined();
    loading.resolve(shell.instance);
    expect(await handle.ready).toBe(shell.instance);
    expect(handle.getAccount().address).toBe('0xabc');
    expect(handle.getState().initialized).toBe(true);
    expect(handle.getProvider('eip155')).toBeDefined();
  });

  it("once the shell's instance exists, an action reaches it in the same call (a click's open renders before the next paint)", async () => {
    const shell = shellInstance();
    const handle = deferredInstance(Promise.resolve(shell.instance), {});
    const early = handle.open();
    expect(shell.calls).toEqual([]);
    await early;
    expect(shell.calls).toEqual(['open']);
    void handle.close();
    expect(shell.calls).toEqual(['open', 'close']);
  });

  it('a listener attached early hears the shell’s value when it loads, then every change; unsubscribing before the load attaches nothing', async () => {
    const shell = shellInstance();
    const loading = deferred<PorticoInstance>();
    const handle = deferredInstance(loading.promise, {});
    const heard: Array<string | undefined> = [];
    handle.subscribeAccount((account) => heard.push(account.address));
    const stop = handle.subscribeAccount(() => heard.push('never'));
    stop();
    loading.resolve(shell.instance);
    await handle.ready;
    await Promise.resolve();
    expect(heard).toEqual(['0xabc']);
    expect(shell.accountListeners.size).toBe(1);
    shell.connect({ allAccounts: [], address: '0xdef', isConnected: true, status: 'connected' });
    expect(heard).toEqual(['0xabc', '0xdef']);
  });

  it('actions wait for the shell; settings made before it are passed on', async () => {
    const shell = shellInstance();
    const loading = deferred<PorticoInstance>();
    const handle = deferredInstance(loading.promise, {});
    handle.setThemeMode('dark');
    expect(handle.getThemeMode()).toBe('dark');
    const opened = handle.open();
    expect(shell.calls).toEqual([]);
    loading.resolve(shell.instance);
    await opened;
    expect(shell.calls).toEqual(['theme dark', 'open']);
  });

  it('a shell that cannot load: every action rejects with why, getters keep the fresh instance’s values', async () => {
    const handle = deferredInstance(Promise.reject(new Error('portico_shell/portico could not be loaded')), {});
    await expect(handle.open()).rejects.toThrow('could not be loaded');
    await expect(handle.ready).rejects.toThrow('could not be loaded');
    expect(handle.getAccount().isConnected).toBe(false);
  });

  it('destroyed before the shell loaded: the shell’s instance is destroyed when it arrives', async () => {
    const shell = shellInstance();
    const loading = deferred<PorticoInstance>();
    const handle = deferredInstance(loading.promise, {});
    handle.destroy();
    loading.resolve(shell.instance);
    await handle.ready;
    expect(shell.calls).toEqual(['destroy']);
    expect(handle.getAccount().isConnected).toBe(false);
  });
});
