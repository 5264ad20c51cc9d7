/**
 * The instance `createPortico` returns at once, while the shell loads from its CDN: every `get*` reports what a fresh
 * instance starts with (not connected, closed, not initialized) until the shell's instance exists, then that
 * instance's; every `subscribe*` is passed on once it exists (and its listener told the current value then); every
 * action waits for it, and runs at once once it exists. `ready` resolves with the shell's instance, or rejects with why the shell could not load.
 */
import type { PorticoAccount, PorticoInstance, PorticoState } from '@portico/shell/portico';

export interface PorticoHandle extends PorticoInstance {
  /** The shell's own instance, once the shell has loaded and made it. */
  readonly ready: Promise<PorticoInstance>;
}

const INITIAL_ACCOUNT: PorticoAccount = { allAccounts: [], isConnected: false, status: 'disconnected' };
const INITIAL_STATE: PorticoState = { open: false, loading: false, activeChain: 'eip155', initialized: false };

type Options = { themeMode?: 'light' | 'dark'; themeVariables?: Record<string, string | number | undefined> };

export function deferredInstance(ready: Promise<PorticoInstance>, options: Options): PorticoHandle {
  let instance: PorticoInstance | undefined;
  let destroyed = false;
  const loaded = ready.then((made) => {
    if (destroyed) made.destroy();
    else instance = made;
    return made;
  });
  // Said once on the console (a page with no Connect button would say nothing else); the actions reject with it too.
  loaded.catch((error: unknown) => console.error('[portico] the modal could not start:', error));

  /** Subscribes now or once loaded; the listener hears the value of the moment it is attached. */
  function later<T>(attach: (made: PorticoInstance) => () => void, read: (made: PorticoInstance) => T, callback: (value: T) => void): () => void {
    if (instance) return attach(instance);
    let detach: (() => void) | undefined;
    let cancelled = false;
    void loaded.then(
      (made) => {
        if (cancelled) return;
        detach = attach(made);
        callback(read(made));
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      detach?.();
    };
  }

  /**
   * Runs `action` on the shell's instance: in this call once it exists, else when it does. In this call matters: a click
   * that opens the modal must reach it while the click event is still dispatched, or React renders the modal as a
   * default-priority update a task later instead of before the next paint (the Vite + wagmi host's open took ~3×
   * longer through an `await`).
   */
  function act<T>(action: (made: PorticoInstance) => Promise<T>): Promise<T> {
    return instance ? action(instance) : loaded.then(action);
  }

  return {
    ready: loaded,
    open: (openOptions) => act((made) => made.open(openOptions)),
    close: (force) => act((made) => made.close(force)),
    switchNetwork: (network) => act((made) => made.switchNetwork(network)),
    disconnect: (namespace) => act((made) => made.disconnect(namespace)),
    fetchBalance: (namespace) => act((made) => made.fetchBalance(namespace)),
    getState: () => instance?.getState() ?? INITIAL_STATE,
    subscribeState: (callback) => later((made) => made.subscribeState(callback), (made) => made.getState(), callback),
    getAccount: (namespace) => instance?.getAccount(namespace) ?? INITIAL_ACCOUNT,
    subscribeAccount: (callback, namespace) =>
      later((made) => made.subscribeAccount(callback, namespace), (made) => made.getAccount(namespace), callback),
    getBalance: (namespace) => instance?.getBalance(namespace),
    subscribeBalance: (callback, namespace) =>
      later((made) => made.subscribeBalance(callback, namespace), (made) => made.getBalance(namespace), callback),
    getCaipNetwork: () => instance?.getCaipNetwork(),
    subscribeNetwork: (callback) => later((made) => made.subscribeNetwork(callback), (made) => made.getCaipNetwork(), callback),
    getLocale: () => instance?.getLocale() ?? 'en',
    getThemeMode: () => instance?.getThemeMode() ?? options.themeMode ?? 'dark',
    setThemeMode: (mode) => {
      options = { ...options, themeMode: mode };
      void loaded.then((made) => made.setThemeMode(mode), () => undefined);
    },
    getThemeVariables: () => instance?.getThemeVariables() ?? (options.themeVariables as ReturnType<PorticoInstance['getThemeVariables']>) ?? {},
    setThemeVariables: (variables) => {
      options = { ...options, themeVariables: { ...options.themeVariables, ...variables } };
      void loaded.then((made) => made.setThemeVariables(variables), () => undefined);
    },
    subscribeTheme: (callback) =>
      later((made) => made.subscribeTheme(callback), (made) => ({ themeMode: made.getThemeMode(), themeVariables: made.getThemeVariables() }), callback),
    subscribeEvents: (callback) => later((made) => made.subscribeEvents(callback), () => undefined, () => undefined),
    getProvider: (namespace) => instance?.getProvider(namespace),
    getProviderType: (namespace) => instance?.getProviderType(namespace),
    getSession: () => instance?.getSession(),
    subscribeSession: (callback) => later((made) => made.subscribeSession(callback), (made) => made.getSession(), callback),
    // Before the shell has loaded the modal has logged nothing.
    getLogs: () => instance?.getLogs() ?? [],
    destroy: () => {
      destroyed = true;
      instance?.destroy();
      instance = undefined;
    },
  };
}
