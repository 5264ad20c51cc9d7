import type { Store } from 'jotai/vanilla';
import { announcementAtom, modalFlagsAtom, signInAtom, type ModalFlags } from '../atoms';
import { SHAKE_RESET_MS } from '../constants';
import type { EventBus } from '../events';
import type { ViewName } from '../views';
import type { RouterController } from './router';

export interface OpenOptions {
  view?: ViewName;
}

export interface ModalController {
  /** Shows the first view at once; never waits on the network. */
  open(options?: OpenOptions): void;
  /** Closes unless the view forbids it (ApproveTransaction), in which case the modal shakes. */
  close(force?: boolean): boolean;
  setLoading(loading: boolean): void;
  shake(): void;
}

/** Announced when the modal refuses to close because the site requires signing in. */
export const SIGN_IN_REQUIRED = 'This site requires signing in. Sign the message, or Cancel to disconnect.';

/** Views that may not be closed without `force` (spec section 2). */
const CLOSE_BLOCKING_VIEWS: readonly ViewName[] = ['ApproveTransaction'];

export function createModalController(
  store: Store,
  deps: { router: () => RouterController; isConnected: () => boolean; events: EventBus },
): ModalController {
  let shakeTimer: ReturnType<typeof setTimeout> | undefined;
  const setFlags = (patch: Partial<ModalFlags>) =>
    store.set(modalFlagsAtom, { ...store.get(modalFlagsAtom), ...patch });

  const controller: ModalController = {
    open(options = {}) {
      const connected = deps.isConnected();
      deps.router().reset(options.view ?? (connected ? 'Account' : 'Connect'));
      setFlags({ open: true });
      deps.events.track('MODAL_OPEN', { connected });
    },
    close(force = false) {
      if (!store.get(modalFlagsAtom).open) return true;
      if (store.get(signInAtom).closeDisabled) {
        // Required sign-in (spec section 2): not even `force` closes it; say why (a repeat must still be read out).
        const said = store.get(announcementAtom);
        store.set(announcementAtom, said === SIGN_IN_REQUIRED ? `${said}\u00a0` : SIGN_IN_REQUIRED);
        controller.shake();
        return false;
      }
      if (!force && CLOSE_BLOCKING_VIEWS.includes(deps.router().current().view)) {
        controller.shake();
        return false;
      }
      setFlags({ open: false, loading: false });
      deps.events.track('MODAL_CLOSE', { connected: deps.isConnected() });
      return true;
    },
    setLoading(loading) {
      setFlags({ loading });
    },
    shake() {
      clearTimeout(shakeTimer);
      setFlags({ shake: true });
      shakeTimer = setTimeout(() => setFlags({ shake: false }), SHAKE_RESET_MS);
    },
  };
  return controller;
}
