import { afterEach, describe, expect, test } from '@rstest/core';
import * as wagmi from '@wagmi/core';
import { connect, cookieStorage, createStorage, getConnectors, reconnect, type CreateConnectorFn } from '@wagmi/core';
import { ACCOUNT, FakeWallet, installWallet, walletInfo } from '@portico/test-kit';
import { custom, http } from 'viem';
import { WagmiAdapter, type PorticoAttachable } from '../src/index.js';
import { FakePortico, anvil, mainnet, settle, solana } from './fake-portico.js';

const getConnection = ((wagmi as Record<string, unknown>).getConnection ?? wagmi.getAccount) as typeof wagmi.getAccount;

const globals = globalThis as { window?: unknown };
afterEach(() => {
  delete globals.window;
});

describe('WagmiAdapter', () => {
  test('builds a wagmi config over the eip155 networks only, with the portico connector alone', () => {
    const adapter = new WagmiAdapter({ networks: [anvil, solana, mainnet], projectId: 'test-project' });
    expect(adapter.namespace).toBe('eip155');
    expect(adapter.projectId).toBe('test-project');
    expect(adapter.wagmiConfig.chains.map((chain) => chain.id)).toEqual([anvil.id, mainnet.id]);
    expect(adapter.wagmiChains).toBe(adapter.wagmiConfig.chains);
    // viem chains, keeping AppKit's namespace and CAIP-2 id
    expect(adapter.wagmiConfig.chains[1]).toMatchObject({ name: 'Ethereum', nativeCurrency: mainnet.nativeCurrency, caipNetworkId: 'eip155:1' });
    expect(getConnectors(adapter.wagmiConfig).map((connector) => [connector.id, connector.type])).toEqual([['portico', 'portico']]);
  });

  test("wagmi's own wallet discovery is off unless the host asks for it", () => {
    // A page with an EIP-6963 wallet in it.
    const window = new EventTarget();
    globals.window = window;
    installWallet(window, new FakeWallet(), walletInfo({ rdns: 'io.fake', name: 'Fake Wallet' }));

    const off = new WagmiAdapter({ networks: [anvil] });
    expect(off.wagmiConfig._internal.mipd).toBeUndefined();
    expect(off.wagmiConfig.connectors.map((connector) => connector.id)).toEqual(['portico']);

    const on = new WagmiAdapter({ networks: [anvil], multiInjectedProviderDiscovery: true });
    expect(on.wagmiConfig.connectors.map((connector) => connector.id)).toEqual(['portico', 'io.fake']);
  });

  test('default transports are http() of each chain’s first RPC URL; the host’s win', () => {
    const mine = custom({ request: async () => '0x1' });
    const adapter = new WagmiAdapter({ networks: [anvil, mainnet], transports: { [mainnet.id]: mine } });
    const transport = (chainId: number) => adapter.wagmiConfig._internal.transports[chainId]!;
    expect(transport(anvil.id)({ chain: adapter.wagmiChains[0] }).value).toMatchObject({ url: 'http://127.0.0.1:8545' });
    expect(transport(mainnet.id)).toBe(mine);
  });

  test('ssr, storage (wagmi’s cookieStorage) and extra connectors pass through', () => {
    const storage = createStorage({ storage: cookieStorage });
    const extra: CreateConnectorFn = wagmi.mock({ accounts: [ACCOUNT] });
    const adapter = new WagmiAdapter({ networks: [anvil], ssr: true, storage, connectors: [extra] });
    expect(adapter.wagmiConfig.storage).toBe(storage);
    expect(adapter.wagmiConfig._internal.ssr).toBe(true);
    expect(adapter.wagmiConfig.connectors.map((connector) => connector.id)).toEqual(['portico', 'mock']);
    expect(new WagmiAdapter({ networks: [anvil], storage: null }).wagmiConfig.storage).toBeNull();
  });

  test('refuses networks with no eip155 network', () => {
    expect(() => new WagmiAdapter({ networks: [solana] })).toThrow(/no eip155 network/);
  });

  test('the connector waits for attachPortico, then is that instance’s connection', async () => {
    const adapter = new WagmiAdapter({ networks: [anvil, mainnet], storage: null });
    const config = adapter.wagmiConfig;
    const restoring = reconnect(config);
    await settle();
    expect(getConnection(config).status).not.toBe('connected');

    const fake = new FakePortico();
    await fake.connectWallet();
    const attachable: PorticoAttachable = adapter;
    attachable.attachPortico(fake);
    await restoring;
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: ACCOUNT, chainId: anvil.id });

    // A second attach (another createAppKit) does not replace the first instance.
    adapter.attachPortico(new FakePortico());
    expect(await (config.connectors[0] as unknown as { getPortico(): Promise<unknown> }).getPortico()).toBe(fake);
  });

  test('connect through the adapter’s config opens the attached Portico', async () => {
    const adapter = new WagmiAdapter({ networks: [anvil, mainnet], storage: null });
    const fake = new FakePortico();
    adapter.attachPortico(fake);
    const result = connect(adapter.wagmiConfig, { connector: adapter.wagmiConfig.connectors[0]! });
    await settle();
    expect(fake.opens).toEqual([{ namespace: 'eip155' }]);
    await fake.connectWallet();
    await expect(result).resolves.toMatchObject({ accounts: [ACCOUNT], chainId: anvil.id });
  });
});
