import { describe, expect, it } from '@rstest/core';
import { connectWalletList, isSameWallet, withoutWallets, type Connector } from '../src/index';

const browserWallet: Connector = { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', installed: true };
const metamask: Connector = {
  id: 'io.metamask',
  name: 'MetaMask',
  type: 'ANNOUNCED',
  chain: 'eip155',
  info: { rdns: 'io.metamask' },
  installed: true,
};
const rabby: Connector = { ...metamask, id: 'io.rabby', name: 'Rabby', info: { rdns: 'io.rabby' } };
const ids = (list: Connector[]) => list.map((connector) => connector.id);

describe('connectWalletList', () => {
  it('hides the Browser Wallet on desktop when announced wallets exist', () => {
    expect(ids(connectWalletList([browserWallet, metamask, rabby], { isMobile: false }))).toEqual([
      'io.metamask',
      'io.rabby',
    ]);
  });

  it('shows the Browser Wallet on desktop when none is announced', () => {
    expect(ids(connectWalletList([browserWallet], { isMobile: false }))).toEqual(['injected']);
  });

  it('on mobile hides the Browser Wallet only without rdns and not installed', () => {
    const notInstalled = { ...browserWallet, installed: false };
    expect(ids(connectWalletList([notInstalled, metamask], { isMobile: true }))).toEqual(['io.metamask']);
    expect(ids(connectWalletList([browserWallet, metamask], { isMobile: true }))).toEqual(['injected', 'io.metamask']);
    const withRdns = { ...notInstalled, info: { rdns: 'com.example' } };
    expect(ids(connectWalletList([withRdns], { isMobile: true }))).toEqual(['injected']);
  });

  it('drops excluded wallets by id or rdns', () => {
    const renamed = { ...rabby, id: 'rabby-connector' };
    expect(
      ids(connectWalletList([metamask, renamed], { isMobile: false, excludeWalletIds: ['io.metamask', 'io.rabby'] })),
    ).toEqual([]);
    expect(ids(connectWalletList([metamask, rabby], { isMobile: false, excludeWalletIds: ['io.rabby'] }))).toEqual([
      'io.metamask',
    ]);
  });

  it('keeps the order it was given', () => {
    expect(ids(connectWalletList([rabby, metamask], { isMobile: false }))).toEqual(['io.rabby', 'io.metamask']);
  });
});

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
