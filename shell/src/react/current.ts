import { useSyncExternalStore } from 'react';
import { readCurrent, subscribeCurrent } from '../current-instance';
import type { PorticoInstance } from '../instance';

export { getCurrentInstance, setCurrentInstance } from '../current-instance';

export const readNothing = () => undefined;

/**
 * The current instance as a component sees it: undefined before createPortico, on a server (where
 * it never runs) and in the render that hydrates server HTML, so that render matches the server's.
 */
export function useCurrentInstance(): PorticoInstance | undefined {
  return useSyncExternalStore(subscribeCurrent, readCurrent, readNothing);
}
