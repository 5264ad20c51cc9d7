import { describe, expect, it } from '@rstest/core';
import { avatarBackground, buttonThemeStyle, contrastRatio, parseColor, readableTextOn } from '../src/appkit/button-theme';

const rgb = (color: string) => parseColor(color)!;

describe("AppKit's buttons take the modal's theme", () => {
  it('text on the accent reads at 4.5:1 or more: white on dark accents, near-black on light ones', () => {
    for (const accent of ['#2570e0', '#000000', '#000', '#7c3aed', 'rgb(10, 80, 40)', '#ffcc00', '#ffffff', '#3b99fc', '#00e0a0']) {
      const text = readableTextOn(accent);
      expect(contrastRatio(rgb(accent), rgb(text)), `${text} on ${accent}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('#ffcc00')).toBe('#141414');
  });

  it('an accent it cannot read (a named colour, var()) keeps white text', () => {
    expect(readableTextOn('rebeccapurple')).toBe('#ffffff');
    expect(readableTextOn('var(--brand)')).toBe('#ffffff');
  });

  it('passes on only the accent, font and radius the host set, with the surface of the theme mode', () => {
    const style = buttonThemeStyle({ '--portico-accent': '#ffcc00', '--portico-font-family': 'Inter', '--portico-z-index': 9 }, 'dark');
    expect(style).toMatchObject({ '--portico-accent': '#ffcc00', '--portico-font-family': 'Inter', '--portico-button-text': '#141414', '--portico-button-surface': '#1f2021' });
    expect(style['--portico-z-index']).toBeUndefined();
    expect(buttonThemeStyle({}, 'light')).toMatchObject({ '--portico-button-text': '#ffffff', '--portico-button-surface': '#f3f4f4' });
  });

  it('the connected surfaces read at 4.5:1 or more in both modes', () => {
    for (const mode of ['light', 'dark'] as const) {
      const style = buttonThemeStyle({}, mode);
      expect(contrastRatio(rgb(style['--portico-button-surface']!), rgb(style['--portico-button-surface-text']!))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the avatar is the same for the same address, in any case, and differs between addresses', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    expect(avatarBackground(address)).toBe(avatarBackground(address.toLowerCase()));
    expect(avatarBackground(address)).not.toBe(avatarBackground('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'));
  });
});
