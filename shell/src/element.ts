import { WALLET_FRAME_SLOT } from '@portico/shared-state';

/** The stylesheets every <portico-modal> adopts, in this order: the shell's (with the dialog's chunk), then the UI kit's. */
const STYLESHEET_ORDER = ['shell', 'kit'] as const;
type StylesheetName = (typeof STYLESHEET_ORDER)[number];
/** Each adopted stylesheet's text and its sheet, shared by every shadow root that adopts it. */
const stylesheets: Partial<Record<StylesheetName, { text: string; sheet?: CSSStyleSheet }>> = {};
/** How many of STYLESHEET_ORDER each root holds. */
const adoptedCount = new WeakMap<ShadowRoot, number>();

/**
 * `<portico-modal>`: an open shadow root holding Portico's styles and React tree, so nothing
 * leaks into the host page (no global CSS, no <style> in the host's <head>, no font imports).
 * The shell's own stylesheet is adopted with the dialog's chunk (a closed modal draws nothing: the page's critical
 * path does not carry it); the UI kit's joins it once the kit has loaded (with the first remote view).
 */
export interface PorticoModalElement extends HTMLElement {
  readonly mountPoint: HTMLDivElement;
}

/**
 * Where embedded mode (`enableEmbedded`) renders: the host's own `<portico-modal>`, or `<appkit-modal>` (AppKit's name
 * for its inline modal, so a page written for AppKit's embedded mode works as it is), the first in the document.
 */
export const INLINE_HOST_SELECTOR = 'portico-modal, appkit-modal';

/**
 * Constructable stylesheets are exempt from CSP style-src; older browsers get a <style> in the
 * shadow root (appended: a later sheet's rules come after the earlier ones). Returns the sheet, so
 * another root can adopt the same object.
 */
function addStylesheet(shadow: ShadowRoot, text: string, sheet?: CSSStyleSheet): CSSStyleSheet | undefined {
  try {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
    }
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
    return sheet;
  } catch {
    const style = document.createElement('style');
    style.textContent = text;
    shadow.append(style);
  }
}

function addAdoptedStylesheets(shadow: ShadowRoot) {
  for (let next = adoptedCount.get(shadow) ?? 0; next < STYLESHEET_ORDER.length; next++) {
    const entry = stylesheets[STYLESHEET_ORDER[next]!];
    // A later sheet waits for the earlier one: the kit's rules come after the shell's.
    if (!entry) return;
    entry.sheet = addStylesheet(shadow, entry.text, entry.sheet);
    adoptedCount.set(shadow, next + 1);
  }
}

/**
 * Adds a stylesheet (the shell's `stylesheetText` when the dialog's chunk mounts, the UI kit's `kitStylesheetText`
 * once the kit has loaded) to every <portico-modal> on the page and to those created later, the shell's first.
 * Calling it again changes nothing.
 */
export function adoptStylesheet(name: StylesheetName, text: string) {
  stylesheets[name] ??= { text };
  for (const element of document.querySelectorAll(INLINE_HOST_SELECTOR)) {
    if (element.shadowRoot) addAdoptedStylesheets(element.shadowRoot);
  }
}

/**
 * Styles (`'style'`), then in a later idle callback lays out (`'layout'`), a hidden copy of the closed dialog's prepared
 * view (Modal's hidden `Activity`, `display: none`), removed at once each time. A page's first style and layout of the
 * dialog costs 15–25 ms more than the next ones (the shadow root's stylesheets are compiled for matching and the fonts
 * found at first use), and the open paid it, forced by moving focus to the heading; done at idle, the open does not.
 * In two passes, as one they made a long task on a phone (75 ms at 4× CPU; issue 33). The copy is invisible, inert and
 * carries no `id` (the heading's would be a duplicate); nothing is done while the dialog is open or before it is
 * prepared.
 */
export function layOutPreparedDialog(element: PorticoModalElement, pass: 'style' | 'layout') {
  const prepared = element.mountPoint.querySelector<HTMLElement>(':scope > .portico-overlay');
  if (prepared?.style.display !== 'none') return;
  const copy = prepared.cloneNode(true) as HTMLElement;
  for (const withId of copy.querySelectorAll('[id]')) withId.removeAttribute('id');
  copy.style.removeProperty('display');
  copy.style.setProperty('visibility', 'hidden');
  copy.inert = true;
  prepared.after(copy);
  // Reading a computed style brings the document's whole style up to date (the copy's every element), not its layout.
  if (pass === 'style') void getComputedStyle(copy).color;
  else copy.getBoundingClientRect();
  copy.remove();
}

export function definePorticoElement() {
  if (customElements.get('portico-modal')) return;
  // Made here, not when the module loads: importing the shell on a server (SSR) must not touch the DOM.
  class PorticoModal extends HTMLElement implements PorticoModalElement {
    readonly mountPoint: HTMLDivElement;

    constructor() {
      super();
      const shadow = this.attachShadow({ mode: 'open' });
      addAdoptedStylesheets(shadow);
      this.mountPoint = document.createElement('div');
      // The embedded wallet's iframe is this element's light-DOM child (see WALLET_FRAME_SLOT), drawn here.
      const walletFrame = document.createElement('slot');
      walletFrame.name = WALLET_FRAME_SLOT;
      shadow.append(this.mountPoint, walletFrame);
    }
  }
  customElements.define('portico-modal', PorticoModal);
  // A name of its own needs a class of its own. Left alone where AppKit itself already defined it.
  if (!customElements.get('appkit-modal')) customElements.define('appkit-modal', class extends PorticoModal {});
}
