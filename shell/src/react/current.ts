import type { PorticoInstance } from '../instance';

/** The instance the React hooks talk to: the last one createPortico made (as AppKit's hooks do). */
let current: PorticoInstance | undefined;
const listeners = new Set<() => void>();

export function setCurrentInstance(instance: PorticoInstance) {
  current = instance;
  listeners.forEach((listener) => listener());
}

export function getCurrentInstance(): PorticoInstance {
  if (!current) throw new Error('Portico is not created yet: call createPortico(options) before using its hooks.');
  return current;
}
