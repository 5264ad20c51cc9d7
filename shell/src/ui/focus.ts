const FOCUSABLE = ':is(button, input, select, textarea):not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

export function focusableWithin(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab and Shift+Tab cycling inside the dialog, and through `after` (the secure site's approval frame, shown over
 * the dialog but outside it) as if it were the dialog's last control.
 */
export function trapTab(event: KeyboardEvent, container: HTMLElement, after: HTMLElement[] = []) {
  const own = focusableWithin(container);
  const focusables = [...own, ...after];
  if (focusables.length === 0) {
    event.preventDefault();
    container.focus();
    return;
  }
  const root = container.getRootNode() as ShadowRoot | Document;
  // A frame outside the shadow root (the wallet's, slotted in) is the document's active element, not the root's.
  const active = root.activeElement ?? container.ownerDocument.activeElement;
  const first = focusables[0]!;
  const last = focusables[focusables.length - 1]!;
  const inside = active instanceof HTMLElement && focusables.includes(active);
  // The frame is not the dialog's DOM neighbour: step across that boundary by hand.
  const [frame] = after;
  const lastOwn = own.at(-1);
  if (frame && lastOwn && active === (event.shiftKey ? frame : lastOwn)) {
    event.preventDefault();
    (event.shiftKey ? lastOwn : frame).focus();
  } else if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}
