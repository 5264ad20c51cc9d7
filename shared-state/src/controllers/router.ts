import type { Store } from 'jotai/vanilla';
import { routerAtom, type RouterState } from '../atoms';
import type { ViewName } from '../views';

/**
 * What the router does when a pending transaction ends (spec section 2). On success, the first that is set: `goBack`
 * goes back to the view the transaction started from; `replace` returns to the view before ConnectingSiwe, or closes
 * the modal when ConnectingSiwe is not above the first entry; `view` resets to it. Then `onSuccess`. On cancel: back to
 * the view the transaction started from, then `onCancel`.
 */
export interface TransactionAction {
  goBack?: boolean;
  replace?: boolean;
  view?: ViewName;
  onSuccess?(): void;
  onCancel?(): void;
}

export interface RouterController {
  push(view: ViewName, data?: RouterState['data']): void;
  replace(view: ViewName, data?: RouterState['data']): void;
  reset(view: ViewName, data?: RouterState['data']): void;
  /** Pops the history; closes the modal when one entry remains or UnsupportedChain is in the history. */
  goBack(): void;
  /** Back to the view at `depth` of the history (1: the first), forgetting those above it. */
  backTo(depth: number): void;
  current(): RouterState;
  /** A transaction waits for the person's approval (the embedded wallet's ApproveTransaction): how it ends moves the router. */
  pushTransaction(action: TransactionAction): void;
  /** The last pending transaction ended; a no-op when none is pending. */
  popTransaction(outcome: 'success' | 'cancel'): void;
}

/** The sign-in view the replace flow returns from. */
const REPLACE_FLOW_VIEW: ViewName = 'ConnectingSiwe';

export function createRouterController(store: Store, hooks: { close(): void }): RouterController {
  const state = () => store.get(routerAtom);
  // Held here, not in routerAtom: the callbacks are the caller's, and no view draws the stack.
  const transactions: { action: TransactionAction; from: ViewName; depth: number }[] = [];
  const goBackTo = (depth: number) => {
    const { history, data } = state();
    const previous = history.slice(0, depth);
    store.set(routerAtom, { view: previous.at(-1)!, history: previous, data, direction: 'prev' });
  };
  /**
   * Back to the view the transaction started from, when views (the approval) came above it. The embedded wallet
   * leaves its approval view as soon as the frame hides, before the request answers: then nothing is left to undo.
   */
  const returnTo = ({ from, depth }: { from: ViewName; depth: number }) => {
    const { history } = state();
    if (history.length > depth && history[depth - 1] === from) goBackTo(depth);
  };
  const router: RouterController = {
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
      const { history } = state();
      if (history.length <= 1 || history.includes('UnsupportedChain')) {
        hooks.close();
        return;
      }
      goBackTo(history.length - 1);
    },
    backTo(depth) {
      if (depth >= 1 && depth < state().history.length) goBackTo(depth);
    },
    pushTransaction(action) {
      const { view, history } = state();
      transactions.push({ action, from: view, depth: history.length });
    },
    popTransaction(outcome) {
      const pending = transactions.pop();
      if (!pending) return;
      const { action } = pending;
      if (outcome === 'cancel') {
        returnTo(pending);
        action.onCancel?.();
        return;
      }
      if (action.goBack) returnTo(pending);
      else if (action.replace) {
        const signIn = state().history.indexOf(REPLACE_FLOW_VIEW);
        if (signIn > 0) goBackTo(signIn);
        else {
          // An approval view still up would block the close; the history keeps one entry, which the next open resets.
          returnTo(pending);
          store.set(routerAtom, { ...state(), history: [state().view] });
          hooks.close();
        }
      } else if (action.view) router.reset(action.view);
      action.onSuccess?.();
    },
  };
  return router;
}
