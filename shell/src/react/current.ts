import { useSyncExternalStore } from 'react';
import type { PorticoInstance } from '../instance';

/**
 * The instance the React hooks talk to: the last one createPortico made (as AppKit's hooks do).
 * Components using the hooks re-render when a new one is made.
 */
let current: PorticoInstance | undefined;
const listeners = new Set<() => void>();

export function setCurrentInstance(instance: PorticoInstance) {
  current = instance;
  listeners.forEach((listener) => listener());
}

/** @throws {Error} 'Portico is not created yet…' before the first createPortico(options). */
export function getCurrentInstance(): PorticoInstance {
  if (!current) throw new Error('Portico is not created yet: call createPortico(options) before using its hooks.');
  return current;
}

const subscribeCurrent = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const readCurrent = () => current;
export const readNothing = () => undefined;

/**
 * The current instance as a component sees it: undefined before createPortico, on a server (where
 * it never runs) and in the render that hydrates server HTML, so that render matches the server's.
 */
export function useCurrentInstance(): PorticoInstance | undefined {
  return useSyncExternalStore(subscribeCurrent, readCurrent, readNothing);
}
