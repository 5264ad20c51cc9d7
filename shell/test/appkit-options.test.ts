import { InvalidOptionsError } from '@portico/shared-state';
import { parseOptions } from '@portico/shared-state/options';
import { anvil } from '@portico/test-kit';
import { describe, expect, it } from '@rstest/core';
import { EthersAdapter, SolanaAdapter } from '../src/appkit/adapters';
import * as networks from '../src/appkit/networks';
import { toPorticoOptions } from '../src/appkit/options';
import { toAppKitThemeVariables } from '../src/appkit/theme-variables';
import { createAppKit } from '../src/appkit/react';

const metadata = { name: 'AppKit', description: 'AppKit Example', url: 'https://reown.com', icons: [] };

describe('toPorticoOptions', () => {
  it("takes a quick-start's createAppKit options: adapters dropped, --w3m-* renamed, features kept", () => {
    const options = toPorticoOptions({
      adapters: [new EthersAdapter()],
      networks: [networks.mainnet, networks.arbitrum],
      metadata,
      projectId: 'p',
      themeMode: 'light',
      features: { analytics: true, socials: ['google'], connectMethodsOrder: ['wallet'] },
      themeVariables: { '--w3m-accent': '#000000', '--w3m-color-mix': '#00BB7F' },
    });
    expect(options).toEqual({
      networks: [networks.mainnet, networks.arbitrum],
      metadata,
      projectId: 'p',
      themeMode: 'light',
      features: { analytics: true, connectMethodsOrder: ['wallet'] },
      socials: ['google'],
      themeVariables: { '--portico-accent': '#000000', '--portico-color-mix': '#00BB7F' },
    });
    expect(parseOptions(options).themeVariables).toEqual({ '--portico-accent': '#000000', '--portico-color-mix': '#00BB7F' });
  });

  it('passes the legal links and custom wallets on in AppKit\'s shape (Connect lists and gates with them)', () => {
    const customWallets = [{ id: 'my-wallet', name: 'My Wallet', homepage: 'https://wallet.example', mobile_link: 'mywallet://' }];
    const options = toPorticoOptions({
      projectId: 'p',
      networks: [networks.mainnet],
      metadata,
      customWallets,
      termsConditionsUrl: 'https://dapp.example/terms',
      privacyPolicyUrl: 'https://dapp.example/privacy',
      features: { legalCheckbox: true },
    });
    const parsed = parseOptions(options);
    expect(parsed.customWallets).toEqual([expect.objectContaining({ id: 'my-wallet', name: 'My Wallet' })]);
    expect([parsed.termsConditionsUrl, parsed.privacyPolicyUrl]).toEqual(['https://dapp.example/terms', 'https://dapp.example/privacy']);
  });

  it("adds the host's options where the app has none, and its networks after the app's, each once", () => {
    const options = toPorticoOptions(
      { projectId: 'app', networks: [networks.mainnet], metadata },
      { projectId: 'host', apiUrl: 'http://127.0.0.1:4000', networks: [networks.mainnet, anvil] },
    );
    expect(options).toMatchObject({ projectId: 'app', apiUrl: 'http://127.0.0.1:4000', networks: [networks.mainnet, anvil] });
  });

  it("uses the page's title and origin when the app gives no metadata (it is optional in AppKit)", () => {
    const options = toPorticoOptions({ projectId: 'p', networks: [networks.mainnet] }, {}, { title: 'My dapp', origin: 'https://dapp.example' });
    expect(options.metadata).toEqual({ name: 'My dapp', description: '', url: 'https://dapp.example', icons: [] });
  });

  it('refuses malformed parts with the field named; unknown options are still refused by createPortico', () => {
    expect(() => toPorticoOptions({ adapters: new SolanaAdapter() })).toThrow(new InvalidOptionsError('adapters', 'must be a list'));
    expect(() => toPorticoOptions({ features: [] })).toThrow(new InvalidOptionsError('features', 'must be an object'));
    expect(() => toPorticoOptions('options')).toThrow(InvalidOptionsError);
    expect(() => createAppKit({ projectId: 'p', metadata, networks: [networks.mainnet], enableWalletConect: true })).toThrow(
      'Invalid Portico option `enableWalletConect`: is not a known option',
    );
  });

  it("takes AppKit's chainImages as the networks' icons", () => {
    const icon = 'https://cdn.example/arbitrum.png';
    const options = toPorticoOptions({ projectId: 'p', metadata, networks: [networks.mainnet, networks.arbitrum], chainImages: { 42161: icon } });
    expect(parseOptions(options).networks.map((network) => network.assets?.imageUrl)).toEqual([undefined, icon]);
    expect(() => toPorticoOptions({ networks: [networks.mainnet], chainImages: 'x' })).toThrow(new InvalidOptionsError('chainImages', 'must be an object'));
  });

  it("maps AppKit's whole theme variable set; an unknown --w3m-* is dropped; a mix strength over 100 is refused", () => {
    const appKit = {
      '--w3m-accent': '#000000',
      '--w3m-font-family': 'Inter',
      '--w3m-font-size-master': '9px',
      '--w3m-border-radius-master': '2px',
      '--w3m-z-index': 1000,
      '--w3m-color-mix': '#00BB7F',
      '--w3m-color-mix-strength': 40,
      '--w3m-qr-color': '#1a1a1a',
      '--w3m-unknown': 'x',
    };
    const options = toPorticoOptions({ projectId: 'p', metadata, networks: [networks.mainnet], themeVariables: appKit });
    const parsed = parseOptions(options).themeVariables;
    expect(Object.keys(parsed)).toHaveLength(8);
    expect(toAppKitThemeVariables(parsed)).toEqual(Object.fromEntries(Object.entries(appKit).filter(([name]) => name !== '--w3m-unknown')));
    expect(() =>
      parseOptions(toPorticoOptions({ projectId: 'p', metadata, networks: [networks.mainnet], themeVariables: { '--w3m-color-mix-strength': 150 } })),
    ).toThrow(InvalidOptionsError);
  });

  it('reports theme variables under AppKit names where AppKit has one', () => {
    expect(toAppKitThemeVariables({ '--portico-accent': '#000', '--portico-z-index': 9 })).toEqual({ '--w3m-accent': '#000', '--w3m-z-index': 9 });
  });
});

describe('portico_shell/appkit/networks', () => {
  it('are valid Portico networks with their CAIP-2 ids', () => {
    const all = Object.values(networks).filter((value) => typeof value !== 'function');
    const parsed = parseOptions({ projectId: 'p', metadata, networks: all }).networks;
    expect(parsed.map((network) => network.caipNetworkId).sort()).toEqual([
      'bip122:000000000019d6689c085ae165831e93',
      'bip122:000000000933ea01ad0ee984209779ba',
      'eip155:1',
      'eip155:10',
      'eip155:11155111',
      'eip155:137',
      'eip155:42161',
      'eip155:8453',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    ]);
    expect(networks.polygon).toMatchObject({ id: 137, name: 'Polygon', nativeCurrency: { symbol: 'POL', decimals: 18 }, testnet: false });
    expect(networks.sepolia.testnet).toBe(true);
  });

  it('defineChain: a network of the site’s own, eip155 unless it says otherwise', () => {
    const local = networks.defineChain({
      id: 31337,
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    });
    expect(local).toMatchObject({ chainNamespace: 'eip155', caipNetworkId: 'eip155:31337', testnet: false, name: 'Anvil' });
    const { caipNetworkId: _devnet, ...devnet } = networks.solanaDevnet;
    const solanaLocal = networks.defineChain({ ...devnet, id: 'local', name: 'Solana Local' });
    expect(solanaLocal.caipNetworkId).toBe('solana:local');
    expect(parseOptions({ projectId: 'p', metadata, networks: [local, solanaLocal] }).networks).toHaveLength(2);
  });
});
