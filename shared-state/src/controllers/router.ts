import type { Store } from 'jotai/vanilla';
import { routerAtom, type RouterState } from '../atoms';
import type { ViewName } from '../views';

export interface RouterController {
  push(view: ViewName, data?: RouterState['data']): void;
  replace(view: ViewName, data?: RouterState['data']): void;
  reset(view: ViewName, data?: RouterState['data']): void;
  /** Pops the history; closes the modal when one entry remains or UnsupportedChain is in the history. */
  goBack(): void;
  current(): RouterState;
}

export function createRouterController(store: Store, hooks: { close(): void }): RouterController {
  const state = () => store.get(routerAtom);
  return {
    current: state,
    push(view, data) {
      const { history, view: current } = state();
      if (view === current) return; // a repeated push is a no-op, as AppKit does
      store.set(routerAtom, { view, history: [...history, view], data, direction: 'next' });
    },
    replace(view, data) {
      const history = state().history.slice(0, -1);
      store.set(routerAtom, { view, history: [...history, view], data, direction: 'next' });
    },
    reset(view, data) {
      store.set(routerAtom, { view, history: [view], data, direction: 'next' });
    },
    goBack() {
      const { history, data } = state();
      if (history.length <= 1 || history.includes('UnsupportedChain')) {
        hooks.close();
        return;
      }
      const previous = history.slice(0, -1);
      store.set(routerAtom, { view: previous.at(-1)!, history: previous, data, direction: 'prev' });
    },
  };
}
