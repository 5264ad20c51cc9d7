import { describe, expect, it } from '@rstest/core';
import { connectMethodsFor, isCertifiedWallet, isSameWallet, legalConsentLinks, walletsCollapsed, walletsMatching, withoutWallets } from '../src/wallet-list';

describe('isSameWallet', () => {
  it('matches by rdns', () => {
    expect(isSameWallet({ rdns: 'io.metamask', name: 'A' }, { rdns: 'io.metamask', name: 'B' })).toBe(true);
  });
  it('matches by id', () => {
    expect(isSameWallet({ id: 'x', name: 'A' }, { id: 'x', name: 'B' })).toBe(true);
  });
  it('matches by case-insensitive name', () => {
    expect(isSameWallet({ id: 'x', name: 'MetaMask' }, { id: 'y', name: 'metamask' })).toBe(true);
    // Names compare normalised (spec §3): the listed "Trust" is the registry's and a recent "Trust Wallet".
    expect(isSameWallet({ name: 'Trust' }, { id: 'trust-id', name: 'Trust Wallet' })).toBe(true);
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

describe('connectMethodsFor (spec section 9)', () => {
  const all = { email: true, social: true };
  it('email, social, wallet; wallet, email, social when injected wallets exist', () => {
    expect(connectMethodsFor({ injectedWallets: false, offered: all })).toEqual(['email', 'social', 'wallet']);
    expect(connectMethodsFor({ injectedWallets: true, offered: all })).toEqual(['wallet', 'email', 'social']);
  });
  it("the host's order wins; methods not offered are left out, the wallets never", () => {
    expect(connectMethodsFor({ order: ['social', 'wallet', 'email'], injectedWallets: true, offered: all })).toEqual(['social', 'wallet', 'email']);
    expect(connectMethodsFor({ injectedWallets: false, offered: { email: false, social: true } })).toEqual(['social', 'wallet']);
    expect(connectMethodsFor({ order: ['email', 'social', 'wallet'], injectedWallets: false, offered: { email: false, social: false } })).toEqual(['wallet']);
  });
});

describe('walletsCollapsed', () => {
  it("collapseWallets, or AppKit's older emailShowWallets off", () => {
    expect(walletsCollapsed({ collapseWallets: false, emailShowWallets: true })).toBe(false);
    expect(walletsCollapsed({ collapseWallets: true, emailShowWallets: true })).toBe(true);
    expect(walletsCollapsed({ collapseWallets: false, emailShowWallets: false })).toBe(true);
  });
});

describe('legalConsentLinks', () => {
  const terms = 'https://site.example/terms';
  it('the links with the legalCheckbox feature and at least one of them', () => {
    expect(legalConsentLinks({ features: { legalCheckbox: true }, termsConditionsUrl: terms })).toEqual({ terms, privacy: undefined });
  });
  it('none without the feature or without a link (as AppKit)', () => {
    expect(legalConsentLinks({ features: { legalCheckbox: false }, termsConditionsUrl: terms })).toBeUndefined();
    expect(legalConsentLinks({ features: { legalCheckbox: true } })).toBeUndefined();
  });
});

describe('isCertifiedWallet and walletsMatching', () => {
  it("a certified badge_type only; 'none' and no badge are not", () => {
    expect(isCertifiedWallet({ badge_type: 'certified' })).toBe(true);
    expect(isCertifiedWallet({ badge_type: 'none' })).toBe(false);
    expect(isCertifiedWallet({ badge_type: null })).toBe(false);
    expect(isCertifiedWallet({})).toBe(false);
  });
  it('matches names containing the query, any case, in order', () => {
    const wallets = [{ name: 'My Wallet' }, { name: 'Other' }, { name: 'MYWALLET pro' }];
    expect(walletsMatching(wallets, ' my').map((wallet) => wallet.name)).toEqual(['My Wallet', 'MYWALLET pro']);
  });
});
