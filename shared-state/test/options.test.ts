import { describe, expect, it } from '@rstest/core';
import { createMemoryStorage, createPorticoCore, InvalidOptionsError } from '../src/index';
import { parseOptions } from '../src/options';
import { FEATURE_DEFAULTS, REMOTE_NAMES } from '../src/constants';
import { anvil, mainnet, minimalOptions } from '@portico/test-kit';

function optionsError(input: unknown): InvalidOptionsError {
  try {
    parseOptions(input);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidOptionsError);
    return error as InvalidOptionsError;
  }
  throw new Error('parseOptions accepted bad options');
}

describe('parseOptions: valid config and defaults', () => {
  it('accepts a minimal config and fills the network fields', () => {
    const options = parseOptions(minimalOptions());
    expect(options.projectId).toBe('test-project');
    expect(options.networks).toHaveLength(1);
    expect(options.networks[0]).toMatchObject({
      id: 31337,
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      testnet: false,
    });
    expect(options.defaultNetwork.caipNetworkId).toBe('eip155:31337');
  });

  it("gives each network an icon: the host's own, else the API's network image, none without an API", () => {
    const hostIcon = 'https://cdn.example/anvil.svg';
    const withApi = parseOptions({
      ...minimalOptions(),
      apiUrl: 'http://127.0.0.1:4000/',
      networks: [mainnet, { ...anvil, assets: { imageUrl: hostIcon } }],
    });
    expect(withApi.networks.map((network) => network.assets?.imageUrl)).toEqual([
      'http://127.0.0.1:4000/v1/network-images/eip155-1',
      hostIcon,
    ]);
    expect(withApi.defaultNetwork.assets?.imageUrl).toBe('http://127.0.0.1:4000/v1/network-images/eip155-1');
    expect(parseOptions(minimalOptions()).networks[0]!.assets).toBeUndefined();
    expect(() => parseOptions({ ...minimalOptions(), networks: [{ ...anvil, assets: { imageUrl: 'javascript:alert(1)' } }] })).toThrow(
      /networks\.0\.assets\.imageUrl/,
    );
  });

  it('applies the spec section 9 feature defaults', () => {
    const { features } = parseOptions(minimalOptions());
    for (const on of ['swaps', 'onramp', 'receive', 'send', 'email', 'emailShowWallets', 'history', 'analytics', 'allWallets']) {
      expect(features[on as keyof typeof features]).toBe(true);
    }
    for (const off of ['legalCheckbox', 'smartSessions', 'collapseWallets', 'pay']) {
      expect(features[off as keyof typeof features]).toBe(false);
    }
    expect(features).toEqual(FEATURE_DEFAULTS);
  });

  it('lets the host turn single features on or off', () => {
    const { features } = parseOptions(minimalOptions({ features: { send: false, pay: true } }));
    expect(features.send).toBe(false);
    expect(features.pay).toBe(true);
    expect(features.swaps).toBe(true);
  });

  it('defaults themeMode dark, empty lists, no unsupported chains, no remotes', () => {
    const options = parseOptions(minimalOptions());
    expect(options.themeMode).toBe('dark');
    expect(options.themeVariables).toEqual({});
    expect(options.featuredWalletIds).toEqual([]);
    expect(options.includeWalletIds).toEqual([]);
    expect(options.excludeWalletIds).toEqual([]);
    expect(options.allowUnsupportedChain).toBe(false);
    expect(options.enableEmbedded).toBe(false);
    expect(options.enableCoinbase).toBe(true);
    expect(options.remotes).toEqual({});
    expect(parseOptions(minimalOptions({ themeMode: 'light' })).themeMode).toBe('light');
  });

  it('derives every remote URL from cdnBase', () => {
    const { remotes } = parseOptions(minimalOptions({ cdnBase: 'https://cdn.example/portico' }));
    for (const name of REMOTE_NAMES) {
      expect(remotes[name]).toBe(`https://cdn.example/portico/${name}/remoteEntry.js`);
    }
  });

  it('does not double the slash of a cdnBase ending in /', () => {
    const { remotes } = parseOptions(minimalOptions({ cdnBase: 'https://cdn.example/' }));
    expect(remotes.connect).toBe('https://cdn.example/connect/remoteEntry.js');
  });

  it('lets explicit remotes override cdnBase', () => {
    const { remotes } = parseOptions(
      minimalOptions({
        cdnBase: 'https://cdn.example',
        remotes: { connect: 'http://localhost:3001/remoteEntry.js' },
      }),
    );
    expect(remotes.connect).toBe('http://localhost:3001/remoteEntry.js');
    expect(remotes.account).toBe('https://cdn.example/account/remoteEntry.js');
  });

  it('uses an explicit defaultNetwork that is configured', () => {
    const options = parseOptions(minimalOptions({ networks: [anvil, mainnet], defaultNetwork: mainnet }));
    expect(options.defaultNetwork.caipNetworkId).toBe('eip155:1');
  });
});

describe('parseOptions: bad config names the field', () => {
  it('a non-http RPC URL', () => {
    const bad = { ...anvil, rpcUrls: { default: { http: ['ftp://rpc.example'] } } };
    const error = optionsError(minimalOptions({ networks: [bad] }));
    expect(error.field).toBe('networks.0.rpcUrls.default.http.0');
    expect(error.message).toContain('`networks.0.rpcUrls.default.http.0`');
    expect(error.message).toContain('http(s) URL');
  });

  it('a missing or empty projectId is no error: the modal opens with Project ID Not Configured (core)', () => {
    const { projectId: _omit, ...withoutProjectId } = minimalOptions();
    expect(parseOptions(withoutProjectId).projectId).toBeUndefined();
    expect(parseOptions(minimalOptions({ projectId: '' })).projectId).toBeUndefined();
    const notAString = optionsError(minimalOptions({ projectId: 42 }));
    expect(notAString.field).toBe('projectId');
    expect(notAString.message).toContain('must be a string');
  });

  it('no networks', () => {
    const error = optionsError(minimalOptions({ networks: [] }));
    expect(error.field).toBe('networks');
    expect(error.message).toContain('needs at least one network');
  });

  it('an unknown feature key', () => {
    const error = optionsError(minimalOptions({ features: { teleport: true } }));
    expect(error.field).toBe('features.teleport');
    expect(error.message).toContain('`features.teleport`');
    expect(error.message).toContain('is not a known option');
  });

  it('a feature that is not a boolean', () => {
    expect(optionsError(minimalOptions({ features: { send: 'yes' } })).field).toBe('features.send');
  });

  it('an unknown top-level key', () => {
    const error = optionsError(minimalOptions({ projectID: 'typo' }));
    expect(error.field).toBe('projectID');
    expect(error.message).toContain('`projectID`');
  });

  it('an unknown remote name', () => {
    const error = optionsError(minimalOptions({ remotes: { bridge: 'https://x.example/remoteEntry.js' } }));
    expect(error.field).toBe('remotes.bridge');
    expect(error.message).toContain('`remotes.bridge`');
  });

  it('an unknown theme variable (an AppKit name belongs to the AppKit adapter, which maps it)', () => {
    const error = optionsError(minimalOptions({ themeVariables: { '--w3m-font-family': 'Inter' } }));
    expect(error.field).toBe('themeVariables.--w3m-font-family');
    expect(error.message).toContain('is not a known option');
  });

  it('a bad themeMode', () => {
    expect(optionsError(minimalOptions({ themeMode: 'blue' })).field).toBe('themeMode');
  });

  it('a bad metadata url', () => {
    const error = optionsError(minimalOptions({ metadata: { name: 'x', description: '', url: 'not a url', icons: [] } }));
    expect(error.field).toBe('metadata.url');
  });

  it('a defaultNetwork that is not in networks', () => {
    const error = optionsError(minimalOptions({ defaultNetwork: mainnet }));
    expect(error.field).toBe('defaultNetwork');
    expect(error.message).toContain('`defaultNetwork`');
  });

  it('swapRouters: eip155 network ids to router addresses; anything else names the field', () => {
    const router = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
    expect(parseOptions(minimalOptions()).swapRouters).toEqual({});
    expect(parseOptions(minimalOptions({ swapRouters: { 'eip155:31337': router } })).swapRouters).toEqual({ 'eip155:31337': router });
    const badAddress = optionsError(minimalOptions({ swapRouters: { 'eip155:31337': '0x1234' } }));
    expect(badAddress.field).toBe('swapRouters');
    expect(badAddress.message).toContain("must map 'eip155:<id>' to addresses");
    expect(optionsError(minimalOptions({ swapRouters: { 'solana:mainnet': router } })).field).toBe('swapRouters');
    expect(optionsError(minimalOptions({ swapRouters: [router] })).field).toBe('swapRouters');
  });

  it('a network whose CAIP-2 id does not match its namespace and id (found by a property test)', () => {
    const mismatch = optionsError(minimalOptions({ networks: [{ ...anvil, caipNetworkId: 'eip155:a' }] }));
    expect(mismatch.field).toBe('networks.0');
    expect(mismatch.message).toContain("is not a CAIP-2 network ('<chainNamespace>:<id>')");
    expect(optionsError(minimalOptions({ networks: [{ ...anvil, id: 0 }] })).field).toBe('networks.0');
    expect(optionsError(minimalOptions({ networks: [anvil], defaultNetwork: { ...anvil, id: 'x:y' } })).field).toBe('defaultNetwork');
    expect(optionsError(minimalOptions({ networks: [{ ...anvil, chainNamespace: 'solana', id: 'a:b' }] })).field).toBe('networks.0');
    expect(parseOptions(minimalOptions({ networks: [{ ...anvil, caipNetworkId: 'eip155:31337' }] })).networks[0]!.caipNetworkId).toBe('eip155:31337');
  });

  it('not an object at all', () => {
    expect(optionsError(undefined)).toBeInstanceOf(InvalidOptionsError);
    expect(optionsError('projectId')).toBeInstanceOf(InvalidOptionsError);
  });
});

describe('parseOptions: socials (spec section 9; issue 12)', () => {
  it('defaults to every social login in the spec order, Farcaster fourth', () => {
    expect(parseOptions(minimalOptions()).socials).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']);
  });

  it('keeps the host’s choice and order; false or [] is none', () => {
    expect(parseOptions(minimalOptions({ socials: ['github', 'google'] })).socials).toEqual(['github', 'google']);
    expect(parseOptions(minimalOptions({ socials: ['farcaster'] })).socials).toEqual(['farcaster']);
    expect(parseOptions(minimalOptions({ socials: false })).socials).toEqual([]);
    expect(parseOptions(minimalOptions({ socials: [] })).socials).toEqual([]);
  });

  it('refuses an unknown or repeated provider, naming its place, and anything but a list or false', () => {
    const unknown = optionsError(minimalOptions({ socials: ['github', 'myspace'] }));
    expect(unknown.field).toBe('socials.1');
    expect(unknown.message).toBe('Invalid Portico option `socials.1`: must be one of google, x, discord, farcaster, github, apple, facebook, each once');
    expect(optionsError(minimalOptions({ socials: ['x', 'github', 'x'] })).field).toBe('socials.2');
    expect(optionsError(minimalOptions({ socials: ['farcaster', 'Farcaster'] })).field).toBe('socials.1');
    expect(optionsError(minimalOptions({ socials: ['farcaster', 'farcaster'] })).field).toBe('socials.1');
    for (const socials of [true, 'google', [1]]) {
      const error = optionsError(minimalOptions({ socials }));
      expect(error.message).toBe('Invalid Portico option `socials`: must be a list or false');
    }
  });
});

describe('portico.embedded exists with a secure site and a way to log in (email or a social provider)', () => {
  const embeddedWith = (options: Record<string, unknown>) =>
    createPorticoCore(minimalOptions({ embeddedWallet: { url: 'http://127.0.0.1:3010/' }, ...options }), {
      storage: createMemoryStorage(),
      eventTarget: new EventTarget(),
      isMobile: false,
    }).embedded;

  it('email on, socials none, or email off with socials: present', () => {
    expect(embeddedWith({ socials: false })).toBeDefined();
    expect(embeddedWith({ features: { email: false } })).toBeDefined();
    expect(embeddedWith({ features: { email: false }, socials: ['github'] })).toBeDefined();
    expect(embeddedWith({ features: { email: false }, socials: ['farcaster'] })).toBeDefined();
  });

  it('email off and no socials, or no secure site: absent', () => {
    expect(embeddedWith({ features: { email: false }, socials: [] })).toBeUndefined();
    expect(createPorticoCore(minimalOptions(), { storage: createMemoryStorage(), eventTarget: new EventTarget(), isMobile: false }).embedded).toBeUndefined();
  });
});


describe('parseOptions: defaultAccountTypes (spec section 5; issue 12)', () => {
  it('defaults the embedded wallet to a smart account on eip155; the host may pick the EOA', () => {
    expect(parseOptions(minimalOptions()).defaultAccountTypes).toEqual({ eip155: 'smartAccount' });
    expect(parseOptions(minimalOptions({ defaultAccountTypes: {} })).defaultAccountTypes).toEqual({ eip155: 'smartAccount' });
    expect(parseOptions(minimalOptions({ defaultAccountTypes: { eip155: 'eoa' } })).defaultAccountTypes).toEqual({ eip155: 'eoa' });
  });

  it('refuses an unknown type or namespace, naming the field', () => {
    expect(optionsError(minimalOptions({ defaultAccountTypes: { eip155: 'smart' } })).field).toBe('defaultAccountTypes.eip155');
    const namespace = optionsError(minimalOptions({ defaultAccountTypes: { solana: 'eoa' } }));
    expect(namespace.field).toBe('defaultAccountTypes.solana');
    expect(namespace.message).toBe('Invalid Portico option `defaultAccountTypes.solana`: is not a known option');
  });
});

describe('parseOptions: legal links, customWallets and connectMethodsOrder (AppKit names; issue 32)', () => {
  const custom = {
    id: 'my-wallet',
    name: 'My Wallet',
    homepage: 'https://my-wallet.example',
    image_url: 'https://my-wallet.example/icon.png',
    mobile_link: 'mywallet://',
    desktop_link: null,
    webapp_link: 'https://app.my-wallet.example',
    app_store: 'https://apps.apple.com/app/my-wallet',
    play_store: 'https://play.google.com/store/apps/details?id=my.wallet',
  };

  it('defaults: no links, no custom wallets, the spec’s connect-method rule', () => {
    const options = parseOptions(minimalOptions());
    expect(options.termsConditionsUrl).toBeUndefined();
    expect(options.privacyPolicyUrl).toBeUndefined();
    expect(options.customWallets).toEqual([]);
    expect(options.connectMethodsOrder).toBeUndefined();
  });

  it('keeps the terms and privacy links, http(s) only', () => {
    const options = parseOptions(minimalOptions({ termsConditionsUrl: 'https://site.example/terms', privacyPolicyUrl: 'http://site.example/privacy' }));
    expect([options.termsConditionsUrl, options.privacyPolicyUrl]).toEqual(['https://site.example/terms', 'http://site.example/privacy']);
    expect(optionsError(minimalOptions({ termsConditionsUrl: 'javascript:alert(1)' })).field).toBe('termsConditionsUrl');
    expect(optionsError(minimalOptions({ privacyPolicyUrl: '/privacy' })).field).toBe('privacyPolicyUrl');
  });

  it("keeps AppKit's CustomWallet shape as given, and only id and name are required", () => {
    expect(parseOptions(minimalOptions({ customWallets: [custom] })).customWallets).toEqual([custom]);
    expect(parseOptions(minimalOptions({ customWallets: [{ id: 'a', name: 'A' }] })).customWallets).toEqual([{ id: 'a', name: 'A' }]);
  });

  it('refuses a custom wallet with a bad field, an unknown field or a repeated id, naming it', () => {
    expect(optionsError(minimalOptions({ customWallets: [{ ...custom, image_url: 'javascript:alert(1)' }] })).field).toBe('customWallets.0.image_url');
    expect(optionsError(minimalOptions({ customWallets: [{ ...custom, mobile_link: 'javascript:alert(1)' }] })).field).toBe('customWallets.0.mobile_link');
    expect(optionsError(minimalOptions({ customWallets: [{ ...custom, webapp_link: 'mywallet://' }] })).field).toBe('customWallets.0.webapp_link');
    expect(optionsError(minimalOptions({ customWallets: [{ id: 'a' }] })).field).toBe('customWallets.0.name');
    expect(optionsError(minimalOptions({ customWallets: [{ ...custom, rdns: 'x' }] })).field).toBe('customWallets.0.rdns');
    expect(optionsError(minimalOptions({ customWallets: [custom, { ...custom, name: 'Other' }] })).field).toBe('customWallets.1.id');
  });

  it('takes features.connectMethodsOrder, adds the methods left out in the spec order, and keeps features boolean', () => {
    const options = parseOptions(minimalOptions({ features: { connectMethodsOrder: ['social', 'wallet'], email: false } }));
    expect(options.connectMethodsOrder).toEqual(['social', 'wallet', 'email']);
    expect(options.features).toEqual({ ...FEATURE_DEFAULTS, email: false });
    expect(optionsError(minimalOptions({ features: { connectMethodsOrder: ['wallet', 'phone'] } })).field).toBe('features.connectMethodsOrder.1');
    expect(optionsError(minimalOptions({ features: { connectMethodsOrder: ['wallet', 'wallet'] } })).field).toBe('features.connectMethodsOrder.1');
  });
});
