import { stylesheetText } from './ui/styles';

/** The UI kit's stylesheet (`adoptKitStylesheet`), shared by every shadow root that adopts it. */
let kitStylesheet: { text: string; sheet?: CSSStyleSheet } | undefined;
const rootsWithKit = new WeakSet<ShadowRoot>();

/**
 * `<portico-modal>`: an open shadow root holding Portico's styles and React tree, so nothing
 * leaks into the host page (no global CSS, no <style> in the host's <head>, no font imports).
 * The shell's own stylesheet is adopted at once; the UI kit's joins it once the kit has loaded
 * (with the first remote view).
 */
export interface PorticoModalElement extends HTMLElement {
  readonly mountPoint: HTMLDivElement;
}

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

function addKitStylesheet(shadow: ShadowRoot) {
  if (!kitStylesheet || rootsWithKit.has(shadow)) return;
  kitStylesheet.sheet = addStylesheet(shadow, kitStylesheet.text, kitStylesheet.sheet);
  rootsWithKit.add(shadow);
}

/**
 * Adds the UI kit's stylesheet (`kitStylesheetText` of `@portico/ui`) after the shell's, in every
 * <portico-modal> on the page and in those created later. Called once the kit has loaded, before
 * the first remote view renders; calling it again changes nothing.
 */
export function adoptKitStylesheet(text: string) {
  kitStylesheet ??= { text };
  for (const element of document.querySelectorAll('portico-modal')) {
    if (element.shadowRoot) addKitStylesheet(element.shadowRoot);
  }
}

export function definePorticoElement() {
  if (customElements.get('portico-modal')) return;
  // Made here, not when the module loads: importing the shell on a server (SSR) must not touch the DOM.
  class PorticoModal extends HTMLElement implements PorticoModalElement {
    readonly mountPoint: HTMLDivElement;

    constructor() {
      super();
      const shadow = this.attachShadow({ mode: 'open' });
      addStylesheet(shadow, stylesheetText);
      addKitStylesheet(shadow);
      this.mountPoint = document.createElement('div');
      shadow.append(this.mountPoint);
    }
  }
  customElements.define('portico-modal', PorticoModal);
}
