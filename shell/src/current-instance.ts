import type { PorticoCore } from '@portico/shared-state';
import type { PorticoInstance } from './instance';

/**
 * The instance the React hooks talk to: the last one createPortico made (as AppKit's hooks do). Free of React,
 * so a plain page's portico.js holds no React until the dialog renders (./ui/mount); the hooks read it through
 * ./react/current.
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

export const subscribeCurrent = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
export const readCurrent = () => current;

const cores = new WeakMap<PorticoInstance, PorticoCore>();
/** createInstance records its core: the shell's own modules reach it (`portico_shell/siwx` signs through its connection). */
export const keepCore = (instance: PorticoInstance, core: PorticoCore) => void cores.set(instance, core);
export const coreOf = (instance: PorticoInstance): PorticoCore | undefined => cores.get(instance);
