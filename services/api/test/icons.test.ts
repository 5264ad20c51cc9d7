import { expect, test } from '@rstest/core';
import { colourFor, initials, walletIconSvg } from '../src/seed/icons';
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

test('icons are stable, escaped and coloured from the name', () => {
  expect(walletIconSvg('MetaMask')).toBe(walletIconSvg('MetaMask'));
  expect(colourFor('MetaMask').background).toMatch(/^#[0-9a-f]{6}$/);
  expect(colourFor('MetaMask')).toEqual(colourFor('metamask'));
  const svg = walletIconSvg('A&B <Wallet>');
  expect(svg).not.toContain('<Wallet>');
  expect(svg).toContain('aria-label="A&amp;B &lt;Wallet&gt;"');
});

test('ids', () => {
  expect(generatedWalletId('MetaMask')).toBe(generatedWalletId('metamask'));
  expect(generatedWalletId('x')).toMatch(/^[0-9a-f]{64}$/);
  const img = walletImageId('abc');
  expect(img).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(walletImageId('abc')).toBe(img);
  expect(walletImageId('abd')).not.toBe(img);
});
