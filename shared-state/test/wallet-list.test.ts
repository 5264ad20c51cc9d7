import { describe, expect, it } from '@rstest/core';
import { isSameWallet, withoutWallets } from '../src/wallet-list';

describe('isSameWallet', () => {
  it('matches by rdns', () => {
    expect(isSameWallet({ rdns: 'io.metamask', name: 'A' }, { rdns: 'io.metamask', name: 'B' })).toBe(true);
  });
  it('matches by id', () => {
    expect(isSameWallet({ id: 'x', name: 'A' }, { id: 'x', name: 'B' })).toBe(true);
  });
  it('matches by case-insensitive name', () => {
    expect(isSameWallet({ id: 'x', name: 'MetaMask' }, { id: 'y', name: 'metamask' })).toBe(true);
  });
  it('does not match different wallets, nor on empty ids', () => {
    expect(isSameWallet({ id: 'x', rdns: 'a', name: 'A' }, { id: 'y', rdns: 'b', name: 'B' })).toBe(false);
    expect(isSameWallet({ id: null, rdns: null, name: 'A' }, { id: null, rdns: null, name: 'B' })).toBe(false);
    expect(isSameWallet({ id: '', name: 'A' }, { id: '', name: 'B' })).toBe(false);
  });
});

describe('withoutWallets', () => {
  it('drops wallets already shown', () => {
    const all = [
      { id: '1', rdns: 'io.metamask', name: 'MetaMask' },
      { id: '2', name: 'Rainbow' },
      { id: '3', name: 'Trust' },
      { id: '4', name: 'Zerion' },
    ];
    const shown = [{ rdns: 'io.metamask', name: 'Metamask Extension' }, { id: '2', name: 'x' }, { name: 'TRUST' }];
    expect(withoutWallets(all, shown).map((wallet) => wallet.id)).toEqual(['4']);
    expect(withoutWallets(all, [])).toEqual(all);
  });
});
