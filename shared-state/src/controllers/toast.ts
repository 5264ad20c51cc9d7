import type { Store } from 'jotai/vanilla';
import { toastAtom, type ToastVariant } from '../atoms';
import { TOAST_REOPEN_MS, TOAST_VISIBLE_MS } from '../constants';

export interface ToastController {
  show(variant: ToastVariant, message: string): void;
  hide(): void;
}

/** Spec section 2: a new message while one is open first closes it, then shows after 150 ms. */
export function createToastController(store: Store): ToastController {
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;

  const open = (variant: ToastVariant, message: string) => {
    store.set(toastAtom, { open: true, message, variant });
    clearTimeout(hideTimer);
    // A loading toast stays until replaced; the others fade by themselves.
    if (variant !== 'loading') hideTimer = setTimeout(() => controller.hide(), TOAST_VISIBLE_MS);
  };

  const controller: ToastController = {
    show(variant, message) {
      clearTimeout(reopenTimer);
      if (store.get(toastAtom).open) {
        controller.hide();
        reopenTimer = setTimeout(() => open(variant, message), TOAST_REOPEN_MS);
      } else {
        open(variant, message);
      }
    },
    hide() {
      clearTimeout(hideTimer);
      store.set(toastAtom, { ...store.get(toastAtom), open: false });
    },
  };
  return controller;
}
