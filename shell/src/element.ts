import { stylesheetText } from './ui/styles';

/**
 * `<portico-modal>`: an open shadow root holding Portico's styles and React tree, so nothing
 * leaks into the host page (no global CSS, no <style> in the host's <head>, no font imports).
 */
export class PorticoModalElement extends HTMLElement {
  readonly mountPoint: HTMLDivElement;

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open' });
    adoptStyles(shadow);
    this.mountPoint = document.createElement('div');
    shadow.append(this.mountPoint);
  }
}

/** Constructable stylesheets are exempt from CSP style-src; older browsers get a <style> in the shadow root. */
function adoptStyles(shadow: ShadowRoot) {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(stylesheetText);
    shadow.adoptedStyleSheets = [sheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = stylesheetText;
    shadow.append(style);
  }
}

export function definePorticoElement() {
  if (!customElements.get('portico-modal')) customElements.define('portico-modal', PorticoModalElement);
}
