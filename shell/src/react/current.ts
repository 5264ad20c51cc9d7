import type { PorticoInstance } from '../instance';

/**
 * The instance the React hooks talk to: the last one createPortico made (as AppKit's hooks do).
 * Hooks read it when they render; a component rendered before a new createPortico keeps the old one
 * until it renders again.
 */
let current: PorticoInstance | undefined;

export function setCurrentInstance(instance: PorticoInstance) {
  current = instance;
}

/** @throws {Error} 'Portico is not created yet…' before the first createPortico(options). */
export function getCurrentInstance(): PorticoInstance {
  if (!current) throw new Error('Portico is not created yet: call createPortico(options) before using its hooks.');
  return current;
}
