import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { trapTab } from './focus';

/**
 * The focused element, looking through open shadow roots: `document.activeElement` stops at a
 * shadow host (our own `<portico-modal>`, or a host page's web component holding its button).
 */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const focusLost = (active: Element | null) => !active || active === document.body;

interface DialogFocusOptions {
  open: boolean;
  /** Changes on every navigation (the router state): focus then moves into the new view. */
  view: unknown;
  dialogRef: RefObject<HTMLElement | null>;
  /** The header's title (tabIndex -1): where focus lands on open, on a view change and when lost. */
  titleRef: RefObject<HTMLElement | null>;
  /** The outlet's body: focus a view gave one of its own controls stays there. */
  bodyRef: RefObject<HTMLElement | null>;
  onEscape(): void;
}

/**
 * WAI-ARIA dialog focus: remember the opener and return to it on close, move focus to the new
 * view's heading on open and on every view change, pull focus back when it escapes or is lost
 * with a removed element, and keep Tab inside and Esc working from anywhere while open.
 */
export function useDialogFocus({ open, view, dialogRef, titleRef, bodyRef, onEscape }: DialogFocusOptions) {
  const openerRef = useRef<HTMLElement | null>(null);
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;

  useLayoutEffect(() => {
    if (open) {
      // Captured before focus moves in: later, focus may have fallen to <body>.
      const active = deepActiveElement();
      openerRef.current = active instanceof HTMLElement && !focusLost(active) ? active : null;
      return;
    }
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  }, [open]);

  useLayoutEffect(() => {
    if (!open) return;
    // A view may focus one of its own controls as it mounts; anything else (the clicked button
    // that unmounted, Back in the header) gives way to the new view's heading.
    const active = deepActiveElement();
    if (!active || !bodyRef.current?.contains(active)) titleRef.current?.focus();
  }, [open, view, titleRef, bodyRef]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const focusTitle = () => (titleRef.current ?? dialog).focus();
    // Focus that escapes the dialog (a click on the page behind, a screen-reader jump) comes back.
    const pullFocusBack = (event: FocusEvent) => {
      if (!event.composedPath().includes(dialog)) focusTitle();
    };
    // Removing the focused element sends focus to <body> without any focus event.
    const lostFocus = new MutationObserver(() => {
      if (focusLost(deepActiveElement())) focusTitle();
    });
    // On the document, not the dialog: keys pressed while focus is on <body> must still work.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.isComposing) {
        event.stopPropagation();
        onEscapeRef.current();
      } else if (event.key === 'Tab') {
        trapTab(event, dialog);
      }
    };
    document.addEventListener('focusin', pullFocusBack);
    document.addEventListener('keydown', onKeyDown);
    lostFocus.observe(dialog, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', pullFocusBack);
      document.removeEventListener('keydown', onKeyDown);
      lostFocus.disconnect();
    };
  }, [open, dialogRef, titleRef]);
}
