import { expect, test } from '@rstest/core';
import { colourFor, contrast, initials, MONOGRAM_CONTRAST, monogramLabels, tokenIconSvg, walletIconSvg } from '../src/seed/icons';
import { generatedWalletId, walletImageId } from '../src/seed/ids';

test('initials', () => {
  expect(initials('MetaMask')).toBe('MM');
  expect(initials('Trust Wallet')).toBe('TW');
  expect(initials('rainbow')).toBe('R');
  expect(initials('meta-WONDER-verse')).toBe('MW');
  expect(initials('1inch Wallet')).toBe('1W');
  expect(initials('Ξ')).toBe('Ξ');
  expect(initials('!!!')).toBe('?');
});

test('monograms that would share initials get the shortest prefix no other monogram has', () => {
  const labels = monogramLabels(['Best Wallet', 'Bitget Wallet', 'Bitpie Wallet', 'Trust Wallet', 'Zerion']);
  expect(labels.get('Trust Wallet')).toBe('TW');
  expect(labels.get('Zerion')).toBe('Z');
  expect(labels.get('Best Wallet')).toBe('Bes');
  // "Bit" is shared as well: one letter more.
  expect(labels.get('Bitget Wallet')).toBe('Bitg');
  expect(labels.get('Bitpie Wallet')).toBe('Bitp');
  expect(new Set(labels.values()).size).toBe(5);
  // Alike for every prefix: the initials again (their colours differ).
  const same = monogramLabels(['Synthetic Wallet 0001', 'Synthetic Wallet 0002']);
  expect([...same.values()]).toEqual(['SW', 'SW']);
  expect(colourFor('Synthetic Wallet 0001').background).not.toBe(colourFor('Synthetic Wallet 0002').background);
});

test('the white glyph keeps at least 4.5:1 on every hue', () => {
  for (let i = 0; i < 720; i++) {
    const { background } = colourFor(`wallet ${i}`);
    expect(contrast('#ffffff', background)).toBeGreaterThanOrEqual(MONOGRAM_CONTRAST);
  }
  expect(contrast('#ffffff', '#000000')).toBeCloseTo(21);
});

test('icons are stable, escaped and coloured from the name', () => {
  expect(walletIconSvg('MetaMask')).toBe(walletIconSvg('MetaMask'));
  expect(colourFor('MetaMask').background).toMatch(/^#[0-9a-f]{6}$/);
  expect(colourFor('MetaMask')).toEqual(colourFor('metamask'));
  const svg = walletIconSvg('A&B <Wallet>');
  expect(svg).not.toContain('<Wallet>');
  expect(svg).toContain('aria-label="A&amp;B &lt;Wallet&gt;"');
  expect(walletIconSvg('Best Wallet', 'Bes')).toContain('>Bes</text>');
});

test('a token monogram is a coin with the symbol on it, up to four characters', () => {
  expect(tokenIconSvg('PUSD')).toContain('<circle');
  expect(tokenIconSvg('PUSD')).toContain('>PUSD</text>');
  expect(tokenIconSvg('ptk')).toContain('>PTK</text>');
  expect(tokenIconSvg('USDC.e')).toContain('>USDC</text>');
  expect(tokenIconSvg('PUSD')).not.toBe(tokenIconSvg('PTK'));
});

test('ids', () => {
  expect(generatedWalletId('MetaMask')).toBe(generatedWalletId('metamask'));
  expect(generatedWalletId('x')).toMatch(/^[0-9a-f]{64}$/);
  const bytes = new TextEncoder().encode('<svg/>');
  const img = walletImageId('abc', bytes);
  expect(img).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(walletImageId('abc', bytes)).toBe(img);
  expect(walletImageId('abd', bytes)).not.toBe(img);
  // Other bytes, another id: a browser that cached the old picture for good asks for the new one.
  expect(walletImageId('abc', new TextEncoder().encode('<svg></svg>'))).not.toBe(img);
});
