import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { REVEALED_FRAME_ATTRIBUTE } from '@portico/shared-state';
import { trapTab } from './focus';

/**
 * The focused element, looking through open shadow roots: `document.activeElement` stops at a
 * shadow host (our own `<portico-modal>`, or a host page's web component holding its button).
 */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

export interface DialogParts {
  dialog: RefObject<HTMLElement | null>;
  /** The header's title (tabIndex -1): where focus lands on open, on a view change and when lost. */
  title: RefObject<HTMLElement | null>;
  /** The outlet's body: focus a view gave one of its own controls stays there. */
  body: RefObject<HTMLElement | null>;
}

/**
 * WAI-ARIA dialog focus: remember the opener and return to it on close, move focus to the new
 * view's heading on open and on every view change (`view` changes on each navigation), pull
 * focus back when it escapes or is lost with a removed element, and keep Tab inside and Esc
 * working from anywhere while open. `close` must be stable (the modal controller's).
 *
 * `inline` (embedded mode): the modal is part of the page, so none of that holds the page's focus. Focus is only
 * followed while the person is inside (`engaged`): a view change then moves it to the new heading, and a removed
 * control gives it back to the heading; a page load, a restored session or a host's `open()` never take it.
 */
export function useDialogFocus(open: boolean, view: unknown, parts: DialogParts, close: () => unknown, inline = false) {
  const opener = useRef<HTMLElement>(null);
  const engaged = useRef(false);
  const { dialog, title, body } = parts;

  useLayoutEffect(() => {
    if (inline) return;
    if (open) {
      // Captured before focus moves in: later, focus may have fallen to <body>.
      const active = deepActiveElement() as HTMLElement | null;
      opener.current = active === document.body ? null : active;
    } else if (opener.current?.isConnected) {
      opener.current.focus();
    }
  }, [open, inline]);

  const shown = useRef(false);
  useLayoutEffect(() => {
    const opening = open && !shown.current;
    shown.current = open;
    // A view may focus one of its own controls as it mounts; anything else (the clicked button
    // that unmounted, Back in the header) gives way to the new view's heading.
    const focusHeading = () => {
      if (!body.current?.contains(deepActiveElement())) title.current?.focus({ preventScroll: true });
    };
    if (!open || (inline && !engaged.current)) return;
    if (!opening) return focusHeading();
    // On open, in the next frame: focus() lays the whole first view out at once, which in the opening tap's task made
    // one long task of it on a phone (issue 33); in the frame it is the layout that frame does anyway. Only on open:
    // nothing in the dialog can have been clicked yet, so no click can race the move.
    const frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [open, view, title, body, inline]);

  useEffect(() => {
    const box = dialog.current;
    if (!open || !box) return;
    const focusTitle = () => (title.current ?? box).focus();
    // Removing the focused element sends focus to <body> without any focus event.
    const lostFocus = new MutationObserver(() => document.activeElement === document.body && (!inline || engaged.current) && focusTitle());
    lostFocus.observe(box, { childList: true, subtree: true });
    if (inline) {
      // Focus moving to the page ends the person's stay; focus lost to <body> (no focusin) does not.
      const follow = (event: FocusEvent) => {
        engaged.current = event.composedPath().includes(box);
      };
      document.addEventListener('focusin', follow);
      return () => {
        document.removeEventListener('focusin', follow);
        lostFocus.disconnect();
      };
    }
    // The secure site's approval screen is its own frame over the dialog (issue 28): focus may be there too. The frame
    // is the <portico-modal> element's light-DOM child (WALLET_FRAME_SLOT).
    const approvalFrame = () => [...((box.getRootNode() as ShadowRoot).host?.querySelectorAll<HTMLElement>(`:scope > [${REVEALED_FRAME_ATTRIBUTE}]`) ?? [])];
    // Focus that escapes the dialog (a click on the page behind, a screen-reader jump) comes back.
    const pullFocusBack = (event: FocusEvent) => {
      const path = event.composedPath();
      if (!path.includes(box) && !approvalFrame().some((frame) => path.includes(frame))) focusTitle();
    };
    // On the document, not the dialog: keys pressed while focus is on <body> must still work.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.isComposing) {
        event.stopPropagation();
        close();
      } else if (event.key === 'Tab') {
        trapTab(event, box, approvalFrame());
      }
    };
    document.addEventListener('focusin', pullFocusBack);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('focusin', pullFocusBack);
      document.removeEventListener('keydown', onKeyDown);
      lostFocus.disconnect();
    };
  }, [open, dialog, title, close, inline]);
}
