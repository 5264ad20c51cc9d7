import { afterEach, describe, expect, test } from '@rstest/core';
import * as wagmi from '@wagmi/core';
import {
  ChainNotConfiguredError,
  connect,
  createConfig,
  createStorage,
  disconnect,
  getConnections,
  reconnect,
  signMessage,
  switchChain,
  watchAccount,
  type Config,
} from '@wagmi/core';
import { ACCOUNT, RECEIVER } from '@portico/test-kit';
import { SwitchChainError, UserRejectedRequestError, defineChain, getAddress, http, verifyMessage } from 'viem';
import { portico } from '../src/index.js';
import { FakePortico, anvil, mainnet, memoryStorage, optimism, settle } from './fake-portico.js';

/** wagmi 3's getConnection; wagmi 2 (run by the `wagmi-2` project) calls it getAccount. */
const getConnection = ((wagmi as Record<string, unknown>).getConnection ?? wagmi.getAccount) as typeof wagmi.getAccount;

const chains = [defineChain(anvil), defineChain(mainnet), defineChain(optimism)] as const;

function setup(fake = new FakePortico(), storage: wagmi.Storage | null = null) {
  const config = createConfig({
    chains,
    connectors: [portico({ instance: fake })],
    transports: { [anvil.id]: http(), [mainnet.id]: http(), [optimism.id]: http() },
    multiInjectedProviderDiscovery: false,
    storage,
  });
  const connector = config.connectors[0]!;
  return { fake, config, connector };
}

/** wagmi's connect through the portico connector, with the person picking the wallet in the modal once it is open. */
async function connectThroughModal(config: Config, fake: FakePortico, parameters: { chainId?: number } = {}) {
  const result = connect(config, { connector: config.connectors[0]!, ...parameters });
  await settle();
  await fake.connectWallet();
  return result;
}

const unsubscribers: Array<() => void> = [];
afterEach(() => unsubscribers.splice(0).forEach((stop) => stop()));

describe('portico connector', () => {
  test('is the connector wagmi lists, by id, name and type', () => {
    const { connector } = setup();
    expect({ id: connector.id, name: connector.name, type: connector.type }).toEqual({ id: 'portico', name: 'Portico', type: 'portico' });
    expect(portico.type).toBe('portico');
  });

  test("wagmi's connect opens Portico on eip155 and resolves when Portico connects", async () => {
    const { fake, config } = setup();
    const result = connect(config, { connector: config.connectors[0]! });
    await settle();
    expect(fake.opens).toEqual([{ namespace: 'eip155' }]);
    expect(fake.getState().open).toBe(true);
    expect(getConnection(config).status).toBe('connecting');

    await fake.connectWallet();
    await expect(result).resolves.toEqual({ accounts: [ACCOUNT], chainId: anvil.id });
    const connection = getConnection(config);
    expect(connection).toMatchObject({ status: 'connected', address: ACCOUNT, chainId: anvil.id });
    expect(connection.connector?.id).toBe('portico');
    expect(getConnections(config).map((c) => c.connector.id)).toEqual(['portico']);
    expect(fake.wallet.methods()).toContain('eth_requestAccounts');
  });

  test('closing the modal with nothing connected rejects with viem’s UserRejectedRequestError', async () => {
    const { fake, config } = setup();
    const result = connect(config, { connector: config.connectors[0]! });
    await settle();
    fake.closeModal();
    await expect(result).rejects.toBeInstanceOf(UserRejectedRequestError);
    expect(getConnection(config).status).toBe('disconnected');
    // The wait is over: nothing is left subscribed but the connector's own account and network follow-ups.
    expect(fake.listenerCount()).toBe(2);
  });

  test('a modal that closes just before Portico reports the account still connects', async () => {
    const { fake, config } = setup();
    const result = connect(config, { connector: config.connectors[0]! });
    await settle();
    await fake.connectWallet({ closeFirst: true });
    await expect(result).resolves.toEqual({ accounts: [ACCOUNT], chainId: anvil.id });
    expect(getConnection(config).status).toBe('connected');
  });

  test('connect when Portico is already connected resolves at once, on the chain asked for', async () => {
    const { fake, config } = setup();
    await fake.connectWallet();
    // wagmi was told (Portico connected by itself); disconnect wagmi's record only, then connect again.
    config.setState((state) => ({ ...state, connections: new Map(), current: null, status: 'disconnected' }));

    const result = await connect(config, { connector: config.connectors[0]!, chainId: mainnet.id });
    expect(fake.opens).toEqual([]);
    expect(result).toEqual({ accounts: [ACCOUNT], chainId: mainnet.id });
    expect(fake.switches).toEqual(['eip155:1']);
    expect(fake.wallet.chainIdHex).toBe('0x1');
    expect(getConnection(config)).toMatchObject({ status: 'connected', chainId: mainnet.id });
  });

  test('connect with withCapabilities answers accounts with capabilities', async () => {
    const { fake, config } = setup();
    const result = connect(config, { connector: config.connectors[0]!, withCapabilities: true });
    await settle();
    await fake.connectWallet();
    expect((await result).accounts).toEqual([{ address: ACCOUNT, capabilities: {} }]);
    expect(getConnection(config).address).toBe(ACCOUNT);
  });

  test('a wallet connected from Portico itself shows up in wagmi', async () => {
    const { fake, config } = setup();
    await settle();
    const seen: string[] = [];
    unsubscribers.push(watchAccount(config, { onChange: (account) => seen.push(account.status) }));

    await fake.open();
    await fake.connectWallet();

    expect(getConnection(config)).toMatchObject({ status: 'connected', address: ACCOUNT, chainId: anvil.id });
    expect(getConnection(config).connector?.id).toBe('portico');
    expect(seen).toEqual(['connected']);
  });

  test('an instance that is already connected when it arrives is connected in wagmi', async () => {
    const fake = new FakePortico();
    await fake.connectWallet();
    const { config } = setup(fake);
    await settle();
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: ACCOUNT });
  });

  test("Portico's account and chain changes show up in wagmi", async () => {
    const { fake, config } = setup();
    await connectThroughModal(config, fake);
    const seen: Array<{ address?: string; chainId?: number }> = [];
    unsubscribers.push(watchAccount(config, { onChange: ({ address, chainId }) => seen.push({ address, chainId }) }));

    fake.setAccounts([RECEIVER.toLowerCase(), ACCOUNT]);
    expect(getConnection(config).address).toBe(RECEIVER);
    expect(getConnection(config).addresses).toEqual([RECEIVER, ACCOUNT]);

    await fake.selectNetwork(mainnet);
    expect(getConnection(config).chainId).toBe(mainnet.id);
    expect(wagmi.getChainId(config)).toBe(mainnet.id);
    expect(seen).toEqual([
      { address: RECEIVER, chainId: anvil.id },
      { address: RECEIVER, chainId: mainnet.id },
    ]);
  });

  test('a Portico disconnect shows up in wagmi', async () => {
    const { fake, config } = setup();
    await connectThroughModal(config, fake);
    await fake.disconnect();
    expect(getConnection(config).status).toBe('disconnected');
    expect(getConnections(config)).toEqual([]);

    // And Portico connecting again later is picked up again.
    await fake.connectWallet();
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: ACCOUNT });
  });

  test("wagmi's disconnect disconnects Portico's eip155 wallet", async () => {
    const { fake, config } = setup();
    await connectThroughModal(config, fake);
    await disconnect(config);
    expect(fake.disconnects).toEqual(['eip155']);
    expect(fake.getAccount('eip155').isConnected).toBe(false);
    expect(getConnection(config).status).toBe('disconnected');

    // Connected again from Portico's own button, wagmi follows.
    await fake.connectWallet();
    expect(getConnection(config).status).toBe('connected');
  });

  test('reconnect after a reload restores the connection once Portico has restored its session', async () => {
    const storage = createStorage({ storage: memoryStorage(), key: 'reload-test' });
    const before = setup(new FakePortico(), storage);
    await connectThroughModal(before.config, before.fake);

    // The reload: a new Portico instance (restoring) and a new wagmi config over the same storage.
    const wallet = before.fake.wallet;
    const fake = new FakePortico({ wallet, initialized: false });
    const { config } = setup(fake, storage);
    const result = reconnect(config);
    await settle();
    expect(getConnection(config).status).not.toBe('connected');
    await fake.connectWallet(); // Portico's silent restore (eth_accounts) …
    fake.finishRestore(); // … then initialized
    const connections = await result;

    expect(connections.map((c) => c.connector.id)).toEqual(['portico']);
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: ACCOUNT, chainId: anvil.id });
    expect(fake.opens).toEqual([]);
  });

  test('reconnect with nothing to restore leaves wagmi disconnected and opens no modal', async () => {
    const fake = new FakePortico({ initialized: false });
    const { config } = setup(fake);
    const result = reconnect(config);
    await settle();
    fake.finishRestore();
    expect(await result).toEqual([]);
    expect(getConnection(config).status).toBe('disconnected');
    expect(fake.opens).toEqual([]);
  });

  test("wagmi's switchChain switches Portico's network (and the wallet)", async () => {
    const { fake, config } = setup();
    await connectThroughModal(config, fake);
    const chain = await switchChain(config, { chainId: mainnet.id });
    expect(chain.id).toBe(mainnet.id);
    expect(fake.switches).toEqual(['eip155:1']);
    expect(fake.getCaipNetwork()?.caipNetworkId).toBe('eip155:1');
    expect(fake.wallet.chainIdHex).toBe('0x1');
    expect(getConnection(config).chainId).toBe(mainnet.id);
  });

  test('switchChain to a chain wagmi does not know rejects with ChainNotConfiguredError', async () => {
    const { fake, config } = setup();
    await connectThroughModal(config, fake);
    await expect(switchChain(config, { chainId: 8453 as never })).rejects.toBeInstanceOf(ChainNotConfiguredError);
    // Known to wagmi but not to Portico: the same error, and the chain stays.
    await expect(switchChain(config, { chainId: optimism.id })).rejects.toBeInstanceOf(ChainNotConfiguredError);
    expect(getConnection(config).chainId).toBe(anvil.id);
  });

  test('a wallet that refuses to switch rejects with viem’s SwitchChainError whose cause chain reaches the wallet', async () => {
    const { fake, config } = setup();
    await connectThroughModal(config, fake);
    fake.wallet.failures.set('wallet_switchEthereumChain', { code: 4001, message: 'User rejected the request.' });
    const error = await switchChain(config, { chainId: mainnet.id }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SwitchChainError);
    expect((error as SwitchChainError).walk((cause) => (cause as { code?: number }).code === 4001)).toBeTruthy();
    expect(getConnection(config).chainId).toBe(anvil.id);
  });

  test('signMessage signs through the wallet Portico connected, and the signature verifies', async () => {
    const { fake, config } = setup();
    await connectThroughModal(config, fake);
    const message = 'Sign in to the Portico test';
    const signature = await signMessage(config, { message });
    expect(await verifyMessage({ address: getAddress(ACCOUNT), message, signature })).toBe(true);
    expect(fake.wallet.methods()).toContain('personal_sign');
  });

  test('an instance that tells each new subscriber the current value (as @portico/js’s handle does) works alike', async () => {
    const { fake, config } = setup(new FakePortico({ tellsNewSubscribers: true }));
    const result = connect(config, { connector: config.connectors[0]! });
    await settle();
    expect(fake.opens).toHaveLength(1);
    await fake.connectWallet();
    await expect(result).resolves.toEqual({ accounts: [ACCOUNT], chainId: anvil.id });

    await disconnect(config);
    const again = connect(config, { connector: config.connectors[0]! });
    await settle();
    fake.closeModal();
    await expect(again).rejects.toBeInstanceOf(UserRejectedRequestError);

    await fake.connectWallet();
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: ACCOUNT });
    // Every wait has ended: only the connector's own two follow-ups are left.
    expect(fake.listenerCount()).toBe(2);
  });

  test('a function or a promise of the instance is resolved once, at the first use', async () => {
    const fake = new FakePortico();
    let calls = 0;
    const config = createConfig({
      chains,
      connectors: [portico({ instance: async () => (calls++, fake) })],
      transports: { [anvil.id]: http(), [mainnet.id]: http(), [optimism.id]: http() },
      multiInjectedProviderDiscovery: false,
      storage: null,
    });
    await fake.connectWallet();
    await settle();
    expect(getConnection(config).status).toBe('connected');
    expect(await config.connectors[0]!.getChainId()).toBe(anvil.id);
    expect(calls).toBe(1);
  });
});
