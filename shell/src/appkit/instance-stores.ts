import type { PorticoEvent, ThemeMode, ThemeVariables } from '@portico/shared-state';
import type { PorticoInstance } from '../instance';
import { toAppKitThemeVariables } from './theme-variables';

/** What `useAppKitEvents` returns: the instance's last event, or AppKit's `MODAL_CREATED` before the first. */
export type AppKitEvent = PorticoEvent | { timestamp: number; data: { type: 'track'; event: 'MODAL_CREATED'; properties?: undefined } };

/** A value that changes, for React's useSyncExternalStore. */
export interface Store<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

function listenerSet() {
  const listeners = new Set<() => void>();
  return {
    notify: () => listeners.forEach((listener) => listener()),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const eventStores = new WeakMap<PorticoInstance, Store<AppKitEvent>>();

/**
 * The instance's last event. Recording starts on the first call (createAppKit makes that call at
 * once, so events before the first render are not lost) and lasts as long as the instance.
 */
export function eventStore(instance: PorticoInstance): Store<AppKitEvent> {
  let store = eventStores.get(instance);
  if (!store) {
    let last: AppKitEvent = { timestamp: Date.now(), data: { type: 'track', event: 'MODAL_CREATED' } };
    const { notify, subscribe } = listenerSet();
    instance.subscribeEvents((event) => {
      last = event;
      notify();
    });
    store = { get: () => last, subscribe };
    eventStores.set(instance, store);
  }
  return store;
}

/** `useAppKitTheme`'s values (theme variables under AppKit's `--w3m-*` names where it has one). */
export interface AppKitThemeSnapshot {
  themeMode: ThemeMode;
  themeVariables: Record<string, unknown>;
}

export interface ThemeStore extends Store<AppKitThemeSnapshot> {
  setThemeMode(mode: ThemeMode): void;
  setThemeVariables(variables: ThemeVariables): void;
}

const themeStores = new WeakMap<PorticoInstance, ThemeStore>();

/** The theme through the instance's getters, setters and `subscribeTheme` (a change made anywhere is heard). */
export function themeStore(instance: PorticoInstance): ThemeStore {
  let store = themeStores.get(instance);
  if (!store) {
    let snapshot: AppKitThemeSnapshot | undefined;
    let readVariables: ThemeVariables | undefined;
    const get = () => {
      const themeMode = instance.getThemeMode();
      const variables = instance.getThemeVariables();
      if (!snapshot || snapshot.themeMode !== themeMode || readVariables !== variables) {
        readVariables = variables;
        snapshot = { themeMode, themeVariables: toAppKitThemeVariables(variables) };
      }
      return snapshot;
    };
    store = {
      get,
      subscribe: (listener) => instance.subscribeTheme(listener),
      setThemeMode: (mode) => instance.setThemeMode(mode),
      setThemeVariables: (variables) => instance.setThemeVariables(variables),
    };
    themeStores.set(instance, store);
  }
  return store;
}
