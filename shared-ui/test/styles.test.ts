import { describe, expect, it } from '@rstest/core';
import { kitStylesheetText } from '../src/styles';

describe('kitStylesheetText', () => {
  it('is every area sheet in one text, with balanced braces, using the theme variables', () => {
    for (const name of ['.portico-list-item', '.portico-qr-code', '.portico-address', '.portico-name-status', '.portico-choice-row', '.portico-wallet-grid', '.portico-skeleton']) {
      expect(kitStylesheetText).toContain(name);
    }
    expect(kitStylesheetText.split('{').length).toBe(kitStylesheetText.split('}').length);
    expect(kitStylesheetText).toContain('var(--portico-surface)');
  });

  it('shimmers the skeletons, and holds them still under reduced motion', () => {
    expect(kitStylesheetText).toMatch(/\.portico-skeleton \{[^}]*animation: portico-shimmer/);
    expect(kitStylesheetText).toMatch(/@media \(prefers-reduced-motion: reduce\) \{ \.portico-skeleton \{ animation: none;/);
  });
});
