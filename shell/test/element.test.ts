import { describe, expect, it } from '@rstest/core';
import { adoptStylesheet, definePorticoElement, type PorticoModalElement } from '../src/element';
import { stylesheetText } from '../src/ui/styles';

describe('<portico-modal>', () => {
  it('keeps its styles in an open shadow root and touches nothing in <head>', () => {
    const headBefore = document.head.innerHTML;
    definePorticoElement();
    definePorticoElement(); // defining twice is harmless
    const element = document.createElement('portico-modal') as PorticoModalElement;
    document.body.append(element);
    expect(element.shadowRoot).toBeTruthy();
    // The dialog's chunk adopts the shell's stylesheet when it mounts.
    adoptStylesheet('shell', stylesheetText);
    const styled =
      (element.shadowRoot!.adoptedStyleSheets?.length ?? 0) > 0 || element.shadowRoot!.querySelector('style') !== null;
    expect(styled).toBe(true);
    expect(element.shadowRoot!.contains(element.mountPoint)).toBe(true);
    expect(document.head.innerHTML).toBe(headBefore);
    expect(document.head.innerHTML).not.toContain('fonts.googleapis');
    element.remove();
  });
});
