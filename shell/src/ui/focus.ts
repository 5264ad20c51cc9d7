const FOCUSABLE = ':is(button, input, select, textarea):not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

export function focusableWithin(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
}

/** Keeps Tab and Shift+Tab cycling inside the dialog. */
export function trapTab(event: KeyboardEvent, container: HTMLElement) {
  const focusables = focusableWithin(container);
  if (focusables.length === 0) {
    event.preventDefault();
    container.focus();
    return;
  }
  const root = container.getRootNode() as ShadowRoot | Document;
  const active = root.activeElement;
  const first = focusables[0]!;
  const last = focusables[focusables.length - 1]!;
  const inside = active instanceof HTMLElement && focusables.includes(active);
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}
