import { afterEach, describe, expect, it } from '@rstest/core';
import { FakeAdapter, fakeWalletConnector, stopTestCores, testCore } from '@portico/test-kit';
import type { Connector } from '../src/adapters/types';
import { configuredNamespaces, mergeMultiChainConnectors, withProvider } from '../src/connectors';
import { connectorsAtom } from '../src/index';

afterEach(stopTestCores);

const ICON = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';
/** Phantom as the eip155 adapter lists its EIP-6963 announcement, and as the solana adapter its Wallet Standard wallet. */
const phantomEvm: Connector = { id: 'app.phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'eip155', imageUrl: ICON, info: { rdns: 'app.phantom' }, installed: true };
const phantomSolana: Connector = { id: 'Phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana', imageUrl: ICON, installed: true };
const fake: Connector = { id: 'io.fake', name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'eip155', imageUrl: ICON, info: { rdns: 'io.fake' }, installed: true };
const walletConnect: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155', installed: false };
const both = ['eip155', 'solana'] as const;

describe('mergeMultiChainConnectors', () => {
  it('one wallet in two namespaces becomes one MULTI_CHAIN connector in its first place, its connectors one per namespace', () => {
    const merged = mergeMultiChainConnectors([walletConnect, phantomEvm, fake, phantomSolana], { namespaces: both });
    expect(merged.map((connector) => [connector.id, connector.type])).toEqual([
      ['walletConnect', 'WALLET_CONNECT'],
      ['app.phantom', 'MULTI_CHAIN'],
      ['io.fake', 'ANNOUNCED'],
    ]);
    expect(merged[1]).toEqual({
      id: 'app.phantom',
      name: 'Phantom',
      type: 'MULTI_CHAIN',
      chain: 'eip155',
      imageUrl: ICON,
      info: { rdns: 'app.phantom' },
      installed: true,
      connectors: [phantomEvm, phantomSolana],
    });
  });

  it('lists the children in the order of `namespaces` (the active one first)', () => {
    const [merged] = mergeMultiChainConnectors([phantomEvm, phantomSolana], { namespaces: ['solana', 'eip155'] });
    expect(merged!.connectors!.map((child) => child.id)).toEqual(['Phantom', 'app.phantom']);
    // Its id stays the first-found connector's, so a view opened for it finds it whichever namespace is active.
    expect(merged!.id).toBe('app.phantom');
  });

  it('matches by rdns as well as by name (case-insensitive)', () => {
    const renamed = { ...phantomSolana, name: 'phantom', info: { rdns: 'app.phantom' } };
    expect(mergeMultiChainConnectors([phantomEvm, renamed], { namespaces: both }).map((connector) => connector.type)).toEqual(['MULTI_CHAIN']);
  });

  it('two connectors of one namespace never merge: two wallets of one name stay two', () => {
    const otherPhantom = { ...phantomEvm, id: 'app.phantom.beta', info: { rdns: 'app.phantom.beta' } };
    const merged = mergeMultiChainConnectors([phantomEvm, otherPhantom], { namespaces: both });
    expect(merged.map((connector) => [connector.id, connector.type])).toEqual([
      ['app.phantom', 'ANNOUNCED'],
      ['app.phantom.beta', 'ANNOUNCED'],
    ]);
    // A third, in the other namespace, joins the first of them only.
    const withSolana = mergeMultiChainConnectors([phantomEvm, otherPhantom, phantomSolana], { namespaces: both });
    expect(withSolana.map((connector) => [connector.id, connector.type, connector.connectors?.length])).toEqual([
      ['app.phantom', 'MULTI_CHAIN', 2],
      ['app.phantom.beta', 'ANNOUNCED', undefined],
    ]);
  });

  it('a host with one namespace gets no MULTI_CHAIN connector', () => {
    expect(mergeMultiChainConnectors([phantomEvm, phantomSolana], { namespaces: ['eip155'] })).toEqual([phantomEvm, phantomSolana]);
    expect(mergeMultiChainConnectors([phantomEvm, phantomSolana], { namespaces: ['solana', 'solana'] })).toEqual([phantomEvm, phantomSolana]);
  });

  it("merges only installed wallets, in the host's namespaces", () => {
    const external = { ...phantomEvm, type: 'EXTERNAL' as const, installed: false };
    expect(mergeMultiChainConnectors([external, phantomSolana], { namespaces: both }).map((connector) => connector.type)).toEqual(['EXTERNAL', 'ANNOUNCED']);
    const bitcoin = { ...phantomSolana, id: 'Phantom BTC', chain: 'bip122' as const };
    expect(mergeMultiChainConnectors([phantomEvm, bitcoin], { namespaces: both }).map((connector) => connector.type)).toEqual(['ANNOUNCED', 'ANNOUNCED']);
  });

  it('explorerId: the registry wallet a connector is (rdns or name, never the connector id); imageId only without an image of its own', () => {
    const registry = [
      { id: 'phantom-id', name: 'Phantom', rdns: 'app.phantom', image_id: 'phantom-image' },
      { id: 'io.fake', name: 'Not Fake', rdns: null, image_id: 'other-image' },
      { id: 'browser-id', name: 'Browser Wallet', image_id: 'browser-image' },
    ];
    const injected: Connector = { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', installed: true };
    const [wc, phantom, fakeWallet, browser] = mergeMultiChainConnectors([walletConnect, phantomEvm, fake, injected], { namespaces: ['eip155'], registry });
    expect(wc).toBe(walletConnect);
    expect(phantom).toMatchObject({ id: 'app.phantom', explorerId: 'phantom-id', imageUrl: ICON });
    expect(phantom!.imageId).toBeUndefined();
    // 'io.fake' is Fake Wallet's connector id, not the registry's: no match.
    expect(fakeWallet).toBe(fake);
    expect(browser).toMatchObject({ explorerId: 'browser-id', imageId: 'browser-image' });

    const [multi] = mergeMultiChainConnectors([{ ...phantomEvm, imageUrl: undefined }, { ...phantomSolana, imageUrl: undefined }], { namespaces: both, registry });
    expect(multi).toMatchObject({ type: 'MULTI_CHAIN', explorerId: 'phantom-id', imageId: 'phantom-image' });
    expect(multi!.connectors!.map((child) => child.explorerId)).toEqual(['phantom-id', 'phantom-id']);
  });
});

describe('withProvider', () => {
  it('reads the adapter\'s provider when asked; never serialized, and kept when the registry ids are added', () => {
    let provider: object | undefined;
    const connector = withProvider(phantomEvm, (id) => (id === 'app.phantom' ? provider : undefined));
    expect(connector.provider).toBeUndefined();
    provider = { request: () => undefined };
    expect(connector.provider).toBe(provider);
    expect(JSON.parse(JSON.stringify(connector))).toEqual(phantomEvm);
    expect(Object.keys(connector)).not.toContain('provider');
    const [annotated] = mergeMultiChainConnectors([connector], { namespaces: ['eip155'], registry: [{ id: 'phantom-id', name: 'Phantom' }] });
    expect(annotated).toMatchObject({ explorerId: 'phantom-id' });
    expect(annotated!.provider).toBe(provider);
  });

  it("the connection lists every adapter's connector with its provider", async () => {
    const provider = { request: async () => [] };
    // The fake wallet's provider, as the eip155 adapter answers for an announced wallet.
    const adapter = Object.assign(new FakeAdapter(), { getProvider: (id: string) => (id === fakeWalletConnector.id ? provider : undefined) });
    const { core } = await testCore({ adapter });
    const listed = core.store.get(connectorsAtom).find((connector) => connector.id === fakeWalletConnector.id);
    expect(listed!.provider).toBe(provider);
  });
});

describe('configuredNamespaces', () => {
  const network = (chainNamespace: 'eip155' | 'solana') => ({ chainNamespace });
  it("the host's namespaces once each, the active one first", () => {
    expect(configuredNamespaces([network('eip155'), network('solana'), network('eip155')])).toEqual(['eip155', 'solana']);
    expect(configuredNamespaces([network('eip155'), network('solana')], 'solana')).toEqual(['solana', 'eip155']);
    expect(configuredNamespaces([network('eip155')], 'solana')).toEqual(['eip155']);
  });
});
