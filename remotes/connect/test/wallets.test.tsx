import type { Connector, RegistryWallet } from '@portico/shared-state';
import { walletConnectConnector } from '@portico/test-kit';
import { describe, expect, it } from '@rstest/core';
import { allWalletsPreview, listedConnectors } from '../src/wallets';

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
const solflare: Connector = { id: 'Solflare', name: 'Solflare', type: 'ANNOUNCED', chain: 'solana', installed: true };
const ids = (list: Connector[]) => list.map((connector) => connector.id);

describe('listedConnectors (spec section 2)', () => {
  it('hides the Browser Wallet on desktop, whether or not wallets announce themselves', () => {
    expect(ids(listedConnectors([browserWallet, metamask, rabby], { isMobile: false }))).toEqual(['io.metamask', 'io.rabby']);
    expect(ids(listedConnectors([browserWallet], { isMobile: false }))).toEqual([]);
    expect(ids(listedConnectors([{ ...browserWallet, info: { rdns: 'com.example' } }], { isMobile: false }))).toEqual([]);
  });

  it('on mobile hides the Browser Wallet only without rdns and not installed', () => {
    const notInstalled = { ...browserWallet, installed: false };
    expect(ids(listedConnectors([notInstalled, metamask], { isMobile: true }))).toEqual(['io.metamask']);
    expect(ids(listedConnectors([browserWallet, metamask], { isMobile: true }))).toEqual(['injected', 'io.metamask']);
    const withRdns = { ...notInstalled, info: { rdns: 'com.example' } };
    expect(ids(listedConnectors([withRdns], { isMobile: true }))).toEqual(['injected']);
  });

  it('drops excluded wallets by id or rdns', () => {
    const renamed = { ...rabby, id: 'rabby-connector' };
    expect(ids(listedConnectors([metamask, renamed], { isMobile: false, excludeWalletIds: ['io.metamask', 'io.rabby'] }))).toEqual([]);
    expect(ids(listedConnectors([metamask, rabby], { isMobile: false, excludeWalletIds: ['io.rabby'] }))).toEqual(['io.metamask']);
  });

  it('keeps the order it was given', () => {
    expect(ids(listedConnectors([rabby, metamask], { isMobile: false }))).toEqual(['io.rabby', 'io.metamask']);
  });

  it("with a namespace (open({ namespace })): only that namespace's connectors, and WalletConnect", () => {
    const all = [walletConnectConnector, metamask, solflare];
    expect(ids(listedConnectors(all, { isMobile: false, namespace: 'solana' }))).toEqual(['walletConnect', 'Solflare']);
    expect(ids(listedConnectors(all, { isMobile: false, namespace: 'eip155' }))).toEqual(['walletConnect', 'io.metamask']);
    expect(ids(listedConnectors(all, { isMobile: false }))).toEqual(['walletConnect', 'io.metamask', 'Solflare']);
  });
});

describe('allWalletsPreview', () => {
  const wallet = (id: string, image = true): RegistryWallet => ({ id, name: id, image_url: image ? `https://api.test/v1/images/${id}` : null });

  it('is the first four icons the modal holds, recommended first, once each, skipping wallets without artwork', () => {
    const preview = allWalletsPreview({
      recommended: [wallet('a'), wallet('b', false)],
      featured: [wallet('c'), wallet('a')],
      wallets: [wallet('a'), wallet('d'), wallet('e'), wallet('f')],
    });
    expect(preview).toEqual(['a', 'c', 'd', 'e'].map((id) => `https://api.test/v1/images/${id}`));
    expect(allWalletsPreview({ recommended: [], featured: [], wallets: [] })).toEqual([]);
  });
});
