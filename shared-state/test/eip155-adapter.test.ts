import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { createEip155Adapter } from '../src/adapters/eip155';
import type { Connector } from '../src/adapters/types';
import type { EmbeddedSource } from '../src/embedded-wallet';
import { ConnectorNotFoundError, SwitchChainError, UserRejectedRequestError, toCaipNetwork } from '../src/index';
import { ACCOUNT, ANVIL_ADDRESS, FakeWallet, ICON, fakeWalletConnector, installWallet, mainnet, walletInfo } from '@portico/test-kit';

const ethereum = toCaipNetwork({ ...mainnet, blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } } });

function setup(options: { legacy?: FakeWallet; install?: boolean } = {}) {
  const target = new EventTarget();
  const wallet = new FakeWallet();
  if (options.install !== false) installWallet(target, wallet);
  const adapter = createEip155Adapter({ eventTarget: target, legacyProvider: options.legacy });
  let connectors: Connector[] = [];
  const stop = adapter.watchConnectors((list) => (connectors = list));
  return { target, wallet, adapter, connectors: () => connectors, stop };
}

describe('eip155 adapter: the Coinbase Wallet SDK connector (spec §3 coinbaseWalletSDK)', () => {
  const coinbase = { appName: 'Portico demo', appChainIds: [31337], imageUrl: 'https://api.test/v1/connector-images/coinbaseWalletSDK' };

  it('is listed as an EXTERNAL connector, not installed, with its logo, before anything of the SDK loads', () => {
    const adapter = createEip155Adapter({ eventTarget: new EventTarget(), coinbase });
    let connectors: Connector[] = [];
    adapter.watchConnectors((list) => (connectors = list));
    expect(connectors).toEqual([
      {
        id: 'coinbaseWalletSDK',
        name: 'Coinbase Wallet',
        type: 'EXTERNAL',
        chain: 'eip155',
        installed: false,
        info: { rdns: 'com.coinbase.wallet' },
        imageUrl: coinbase.imageUrl,
      },
    ]);
    expect(adapter.getProvider('coinbaseWalletSDK')).toBeUndefined();
  });

  it('gives way to the Coinbase extension when it announces itself: one Coinbase row', () => {
    const target = new EventTarget();
    const adapter = createEip155Adapter({ eventTarget: target, coinbase });
    let connectors: Connector[] = [];
    adapter.watchConnectors((list) => (connectors = list));
    installWallet(target, new FakeWallet(), walletInfo({ name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' }));
    expect(connectors.map((connector) => [connector.id, connector.type])).toEqual([['com.coinbase.wallet', 'ANNOUNCED']]);
  });

  it('is absent when the host turned it off', () => {
    const adapter = createEip155Adapter({ eventTarget: new EventTarget() });
    let connectors: Connector[] = [];
    adapter.watchConnectors((list) => (connectors = list));
    expect(connectors).toEqual([]);
  });
});

describe('eip155 adapter: discovery', () => {
  it('lists an announced wallet as an ANNOUNCED connector keyed by rdns', () => {
    const { connectors } = setup();
    // The test kit's FakeAdapter lists the very connector the real adapter makes of this wallet.
    expect(connectors()).toEqual([fakeWalletConnector]);
  });

  it('normalises names and drops unsafe icons', () => {
    const target = new EventTarget();
    const adapter = createEip155Adapter({ eventTarget: target });
    let connectors: Connector[] = [];
    adapter.watchConnectors((list) => (connectors = list));
    installWallet(target, new FakeWallet(), walletInfo({ name: 'Trust Wallet', rdns: 'com.trustwallet.app', icon: 'https://x/icon.png' }));
    expect(connectors[0]).toMatchObject({ name: 'Trust', imageUrl: undefined });
  });

  it('re-announcements do not duplicate a wallet', () => {
    const { connectors, target, wallet } = setup();
    installWallet(target, wallet);
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(connectors()).toHaveLength(1);
  });

  it('a second announcement with an rdns already seen does not replace the first provider', async () => {
    const { adapter, connectors, target, wallet } = setup();
    const impostor = new FakeWallet();
    installWallet(target, impostor, walletInfo({ name: 'Impostor', icon: 'data:image/png;base64,AAAA' }));
    expect(connectors()).toHaveLength(1);
    expect(connectors()[0]).toMatchObject({ id: 'io.fake', name: 'Fake Wallet', imageUrl: ICON });
    await adapter.connect('io.fake');
    expect(wallet.calls.map((call) => call.method)).toContain('eth_requestAccounts');
    expect(impostor.calls).toHaveLength(0);
    expect(adapter.getProvider('io.fake')).toBe(wallet);
  });

  it('an eth_sendTransaction the wallet fails (even "limit exceeded") is never retried: no double spend', async () => {
    const { adapter, wallet } = setup();
    await adapter.connect('io.fake');
    wallet.failures.set('eth_sendTransaction', Object.assign(new Error('Request limit exceeded'), { code: -32005 }));
    const call = { from: ACCOUNT, to: ACCOUNT, value: '1' };
    await expect(adapter.sendTransaction!('io.fake', call, ethereum)).rejects.toThrow('Request limit exceeded');
    expect(wallet.calls.filter((c) => c.method === 'eth_sendTransaction')).toHaveLength(1);
  });

  it('shows a legacy window.ethereum as Browser Wallet', () => {
    const legacy = new FakeWallet();
    const { connectors } = setup({ legacy });
    expect(connectors().map((connector) => [connector.id, connector.name, connector.type])).toEqual([
      ['injected', 'Browser Wallet', 'INJECTED'],
      ['io.fake', 'Fake Wallet', 'ANNOUNCED'],
    ]);
  });

  it('hides the legacy provider when it is also announced', () => {
    const target = new EventTarget();
    const wallet = new FakeWallet();
    const adapter = createEip155Adapter({ eventTarget: target, legacyProvider: wallet });
    let connectors: Connector[] = [];
    adapter.watchConnectors((list) => (connectors = list));
    expect(connectors.map((connector) => connector.id)).toEqual(['injected']);
    installWallet(target, wallet);
    expect(connectors.map((connector) => connector.id)).toEqual(['io.fake']);
  });

  it('stops listening for announcements', () => {
    const { stop, target, connectors } = setup();
    stop();
    installWallet(target, new FakeWallet(), walletInfo({ rdns: 'io.other' }));
    expect(connectors().map((connector) => connector.id)).toEqual(['io.fake']);
  });
});

describe('eip155 adapter: connect', () => {
  it('asks eth_requestAccounts and reads the chain from eth_chainId', async () => {
    const { adapter, wallet } = setup();
    const account = await adapter.connect('io.fake');
    expect(account).toEqual({ address: ANVIL_ADDRESS, chainReference: '31337' });
    expect(wallet.methods()).toEqual(['eth_requestAccounts', 'eth_chainId']);
    expect(await adapter.normalizeAddress(account.address)).toBe(ACCOUNT);
  });

  it('reads a decimal chain id too', async () => {
    const { adapter, wallet } = setup();
    wallet.chainIdHex = '1' as string;
    expect((await adapter.connect('io.fake')).chainReference).toBe('1');
  });

  it('turns a 4001 into UserRejectedRequestError', async () => {
    const { adapter, wallet } = setup();
    const rejection = Object.assign(new Error('User denied account authorization'), { code: 4001 });
    wallet.failures.set('eth_requestAccounts', rejection);
    const error = await adapter.connect('io.fake').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserRejectedRequestError);
    expect((error as UserRejectedRequestError).code).toBe(4001);
    expect((error as UserRejectedRequestError).shortMessage).toBe('User rejected the request.');
    expect((error as Error).cause).toBe(rejection);
  });

  it('treats an empty account list as a rejection', async () => {
    const { adapter, wallet } = setup();
    wallet.accounts = [];
    await expect(adapter.connect('io.fake')).rejects.toBeInstanceOf(UserRejectedRequestError);
  });

  it('passes other errors through', async () => {
    const { adapter, wallet } = setup();
    const failure = Object.assign(new Error('Already processing'), { code: -32002 });
    wallet.failures.set('eth_requestAccounts', failure);
    await expect(adapter.connect('io.fake')).rejects.toBe(failure);
  });

  it('an unknown connector fails with ConnectorNotFoundError', async () => {
    const { adapter } = setup();
    await expect(adapter.connect('io.nope')).rejects.toBeInstanceOf(ConnectorNotFoundError);
  });

  it('normalizeAddress rejects a malformed address', async () => {
    const { adapter } = setup();
    await expect(adapter.normalizeAddress('0x1234')).rejects.toThrow();
  });
});

describe('eip155 adapter: reconnect', () => {
  afterEach(() => {
    rs.useRealTimers();
  });

  it('reconnects silently through eth_accounts', async () => {
    const { adapter, wallet } = setup();
    wallet.authorized = true;
    expect(await adapter.reconnect('io.fake')).toEqual({ address: ANVIL_ADDRESS, chainReference: '31337' });
    expect(wallet.methods()).toEqual(['eth_accounts', 'eth_chainId']);
  });

  it('gives undefined when the wallet no longer grants access', async () => {
    const { adapter, wallet } = setup();
    wallet.authorized = false;
    expect(await adapter.reconnect('io.fake')).toBeUndefined();
    expect(wallet.methods()).toEqual(['eth_accounts']);
  });

  it('waits for a wallet that announces late', async () => {
    const { adapter, target } = setup({ install: false });
    const late = new FakeWallet();
    late.authorized = true;
    const pending = adapter.reconnect('io.fake');
    await new Promise((resolve) => setTimeout(resolve, 50));
    installWallet(target, late);
    expect(await pending).toEqual({ address: ANVIL_ADDRESS, chainReference: '31337' });
    expect(late.methods()).toEqual(['eth_accounts', 'eth_chainId']);
  });

  it('gives up after about 1 s when the wallet never announces', async () => {
    rs.useFakeTimers();
    const { adapter } = setup({ install: false });
    let settled: unknown = 'pending';
    void adapter.reconnect('io.fake').then((value) => (settled = value));
    await rs.advanceTimersByTimeAsync(999);
    expect(settled).toBe('pending');
    await rs.advanceTimersByTimeAsync(1);
    expect(settled).toBeUndefined();
  });
});

describe('eip155 adapter: switchNetwork', () => {
  it('asks wallet_switchEthereumChain with the hex chain id', async () => {
    const { adapter, wallet } = setup();
    await adapter.switchNetwork('io.fake', ethereum);
    expect(wallet.calls).toEqual([{ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }]);
  });

  it('on 4902 adds the chain', async () => {
    const { adapter, wallet } = setup();
    wallet.failures.set('wallet_switchEthereumChain', { code: 4902, message: 'Unrecognized chain ID' });
    await adapter.switchNetwork('io.fake', ethereum);
    expect(wallet.calls[1]).toEqual({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: '0x1',
          chainName: 'Ethereum',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: ['https://eth.example'],
          blockExplorerUrls: ['https://etherscan.io'],
        },
      ],
    });
    // Then switches, for wallets that only add.
    expect(wallet.calls[2]).toEqual({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
  });

  it('a failed switch throws SwitchChainError', async () => {
    const { adapter, wallet } = setup();
    const cause = { code: 4001, message: 'User rejected' };
    wallet.failures.set('wallet_switchEthereumChain', cause);
    const error = await adapter.switchNetwork('io.fake', ethereum).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SwitchChainError);
    expect((error as SwitchChainError).shortMessage).toBe(
      'Failed to switch to chain 1. The chain is not approved or the wallet does not support wallet_switchEthereumChain method.',
    );
    expect((error as Error).cause).toBe(cause);
  });

  it('a failed add after 4902 throws SwitchChainError', async () => {
    const { adapter, wallet } = setup();
    wallet.failures.set('wallet_switchEthereumChain', { code: 4902 });
    wallet.failures.set('wallet_addEthereumChain', { code: -32603 });
    await expect(adapter.switchNetwork('io.fake', ethereum)).rejects.toBeInstanceOf(SwitchChainError);
  });
});

describe('eip155 adapter: switchNetwork with the AUTH connector (spec section 4)', () => {
  /** The embedded wallet as the adapter sees it: a reconnect on a chain (GET_USER) and the frame's switch, scripted. */
  function embeddedSetup({ reconnect, frameSwitch = async () => undefined }: { reconnect: () => Promise<void>; frameSwitch?: () => Promise<void> }) {
    const asked: string[] = [];
    const embedded: EmbeddedSource = {
      connect: async (network) => (asked.push(`reconnect on ${network?.caipNetworkId}`), await reconnect(), { address: ACCOUNT, chainReference: '1' }),
      restore: async () => undefined,
      disconnect: async () => undefined,
      switchNetwork: async (network) => (asked.push(`frame switch to ${network.caipNetworkId}`), frameSwitch()),
      provider: () => undefined,
      watch: () => () => undefined,
    };
    return { adapter: createEip155Adapter({ eventTarget: new EventTarget(), embedded }), asked };
  }

  it('reconnects on the target network; the frame is not asked to switch', async () => {
    const { adapter, asked } = embeddedSetup({ reconnect: async () => undefined });
    await adapter.switchNetwork('ID_AUTH', ethereum);
    expect(asked).toEqual(['reconnect on eip155:1']);
  });

  it('a failed reconnect falls back to the frame’s switch; its failure is the switch’s', async () => {
    const { adapter, asked } = embeddedSetup({ reconnect: () => Promise.reject(new Error('The secure site did not answer')) });
    await adapter.switchNetwork('ID_AUTH', ethereum);
    expect(asked).toEqual(['reconnect on eip155:1', 'frame switch to eip155:1']);

    const unsupported = new Error('Unsupported chain eip155:1');
    const refused = embeddedSetup({ reconnect: () => Promise.reject(new Error('timeout')), frameSwitch: () => Promise.reject(unsupported) });
    await expect(refused.adapter.switchNetwork('ID_AUTH', ethereum)).rejects.toBe(unsupported);
  });

  it('a declined reconnect (4001) is the answer: no fallback', async () => {
    const { adapter, asked } = embeddedSetup({ reconnect: () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })) });
    await expect(adapter.switchNetwork('ID_AUTH', ethereum)).rejects.toBeInstanceOf(UserRejectedRequestError);
    expect(asked).toEqual(['reconnect on eip155:1']);
  });
});

describe('eip155 adapter: wallet events and the rest', () => {
  it('forwards accountsChanged, chainChanged and disconnect until unsubscribed', () => {
    const { adapter, wallet } = setup();
    const handlers = { accountsChanged: rs.fn(), chainChanged: rs.fn(), disconnect: rs.fn() };
    const unsubscribe = adapter.watchWallet('io.fake', handlers);
    wallet.emit('accountsChanged', [ANVIL_ADDRESS, 42]);
    wallet.emit('accountsChanged', 'garbage');
    wallet.emit('chainChanged', '0x1');
    wallet.emit('disconnect', { code: 4900 });
    expect(handlers.accountsChanged.mock.calls).toEqual([[[ANVIL_ADDRESS]], [[]]]);
    expect(handlers.chainChanged.mock.calls).toEqual([['1']]);
    expect(handlers.disconnect).toHaveBeenCalledTimes(1);
    unsubscribe();
    expect(wallet.listenerCount('accountsChanged')).toBe(0);
    expect(wallet.listenerCount('chainChanged')).toBe(0);
    expect(wallet.listenerCount('disconnect')).toBe(0);
    wallet.emit('chainChanged', '0x2');
    expect(handlers.chainChanged).toHaveBeenCalledTimes(1);
  });

  it('watchWallet on an unknown connector is a no-op', () => {
    const { adapter } = setup();
    const unsubscribe = adapter.watchWallet('io.nope', { accountsChanged: rs.fn(), chainChanged: rs.fn(), disconnect: rs.fn() });
    expect(() => unsubscribe()).not.toThrow();
  });

  it('disconnect revokes permissions and ignores wallets that do not support it', async () => {
    const { adapter, wallet } = setup();
    await adapter.disconnect('io.fake');
    expect(wallet.calls).toEqual([{ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }]);
    wallet.failures.set('wallet_revokePermissions', { code: 4200 });
    await expect(adapter.disconnect('io.fake')).resolves.toBeUndefined();
    await expect(adapter.disconnect('io.nope')).resolves.toBeUndefined();
  });

  it('getProvider gives the raw provider', () => {
    const { adapter, wallet } = setup();
    expect(adapter.getProvider('io.fake')).toBe(wallet);
    expect(adapter.getProvider('io.nope')).toBeUndefined();
    expect(adapter.namespace).toBe('eip155');
  });
});
