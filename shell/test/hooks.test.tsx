import { accountsAtom, activeNetworkAtom, createMemoryStorage, initializedAtom, modalStateAtom, signInAtom, type SIWXSession, toastAtom, type PorticoCore } from '@portico/shared-state';
import { createPorticoStorage } from '@portico/shared-state/storage';
import { ACCOUNT, FakeAdapter, anvil, deferred, mainnet, stopTestCores, testCore } from '@portico/test-kit';
import { afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createInstance, type PorticoInstance } from '../src/instance';
import { setCurrentInstance } from '../src/react/current';
import { usePortico, usePorticoAccount, usePorticoNetwork, usePorticoProvider, usePorticoSession, usePorticoState } from '../src/react/hooks';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const mounted: Root[] = [];
afterEach(() => {
  act(() => mounted.splice(0).forEach((root) => root.unmount()));
  stopTestCores();
});

/**
 * A real React root (react-dom/client) in happy-dom. Inside act(), an error thrown while rendering
 * (a hook's, or React's "Maximum update depth exceeded" for a render loop) is thrown here.
 */
function mount(node: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push(root);
  act(() => root.render(node));
  return { container, unmount: () => act(() => root.unmount()) };
}

/**
 * The instance the hooks use, with every subscription counted, made current as createPortico
 * does. The wrappers are made once, so the hooks see stable subscribe functions.
 */
function currentInstance(core: PorticoCore) {
  const instance = createInstance(core, () => undefined);
  let active = 0;
  const counted =
    <A extends unknown[]>(subscribe: (...args: A) => () => void) =>
    (...args: A) => {
      active++;
      const unsubscribe = subscribe(...args);
      return () => {
        active--;
        unsubscribe();
      };
    };
  const wrapped: PorticoInstance = {
    ...instance,
    subscribeAccount: counted(instance.subscribeAccount),
    subscribeState: counted(instance.subscribeState),
    subscribeNetwork: counted(instance.subscribeNetwork),
  };
  setCurrentInstance(wrapped);
  return { instance: wrapped, subscriptions: () => active };
}

/** Renders `read()` as text and records every render's value. */
function Probe<T>({ read, renders }: { read: () => T; renders: T[] }) {
  const value = read();
  renders.push(value);
  return <output>{JSON.stringify(value)}</output>;
}

describe('hooks before createPortico', () => {
  // First in this file: no instance has been made current yet.
  it('render what a fresh instance starts with, update once one is made, and open() rejects with what to call first', async () => {
    const renders: unknown[] = [];
    const controls: { open?: ReturnType<typeof usePortico>['open'] } = {};
    const { container } = mount(
      <Probe
        read={() => {
          controls.open = usePortico().open;
          return { account: usePorticoAccount(), state: usePorticoState(), network: usePorticoNetwork().caipNetworkId, session: usePorticoSession() };
        }}
        renders={renders}
      />,
    );
    expect(renders).toEqual([
      {
        account: { allAccounts: [], isConnected: false, status: 'disconnected' },
        state: { open: false, loading: false, activeChain: 'eip155', initialized: false },
        network: undefined,
        session: undefined,
      },
    ]);
    await expect(controls.open!()).rejects.toThrow('Portico is not created yet: call createPortico(options) before using its hooks.');

    const { core } = await testCore();
    act(() => void currentInstance(core));
    expect(JSON.parse(container.textContent!)).toMatchObject({ network: 'eip155:31337', state: { selectedNetworkId: 'eip155:31337', initialized: true } });
    await act(() => controls.open!());
    expect(core.store.get(modalStateAtom)).not.toBe('closed');
  });
});

describe('usePorticoAccount', () => {
  it('renders once per change of the account, never for a balance refresh', async () => {
    const { core, adapter } = await testCore({ start: true });
    currentInstance(core);
    const renders: Array<{ status: string; address?: string }> = [];
    mount(<Probe read={() => usePorticoAccount()} renders={renders} />);
    expect(renders.map((account) => account.status)).toEqual(['disconnected']);

    await act(() => core.connection.connect('io.fake'));
    const connected = renders.at(-1)!;
    expect(connected).toMatchObject({ status: 'connected', isConnected: true, address: ACCOUNT, caipAddress: `eip155:31337:${ACCOUNT}` });
    // One render per distinct account seen (connecting may be batched with connected by act), none repeated.
    expect(new Set(renders).size).toBe(renders.length);
    const count = renders.length;

    adapter.nativeBalance = '42';
    await act(() => core.connection.refreshBalance(undefined, { force: true }));
    expect(core.store.get(accountsAtom).eip155?.balance).toBe('42');
    expect(renders).toHaveLength(count);
  });

  it('with a namespace: one render, no render loop (its snapshot is the same object until it changes)', async () => {
    const { core } = await testCore();
    currentInstance(core);
    const renders: unknown[] = [];
    mount(<Probe read={() => usePorticoAccount({ namespace: 'eip155' })} renders={renders} />);
    expect(renders).toHaveLength(1);
    act(() => core.store.set(toastAtom, { ...core.store.get(toastAtom) }));
    expect(renders).toHaveLength(1);
  });

  it('allAccounts carries every account the wallet granted in that namespace', async () => {
    const adapter = new FakeAdapter({ account: { address: ACCOUNT, chainReference: '31337', addresses: [ACCOUNT, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] } });
    const { core } = await testCore({ adapter, connect: true });
    currentInstance(core);
    const renders: Array<{ allAccounts: unknown[] }> = [];
    mount(<Probe read={() => usePorticoAccount({ namespace: 'eip155' })} renders={renders} />);
    expect(renders.at(-1)!.allAccounts).toEqual([
      { namespace: 'eip155', address: ACCOUNT, type: 'eoa' },
      { namespace: 'eip155', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' },
    ]);
  });

  it('unsubscribes on unmount', async () => {
    const { core } = await testCore();
    const { subscriptions } = currentInstance(core);
    const renders: unknown[] = [];
    const { unmount } = mount(<Probe read={() => usePorticoAccount({ namespace: 'eip155' })} renders={renders} />);
    expect(subscriptions()).toBe(1);
    unmount();
    expect(subscriptions()).toBe(0);
    await core.connection.connect('io.fake');
    expect(renders).toHaveLength(1);
  });
});

describe('usePorticoState', () => {
  it('renders once when the modal opens and once when it closes', async () => {
    const { core } = await testCore();
    const { instance } = currentInstance(core);
    const renders: Array<{ open: boolean }> = [];
    mount(<Probe read={() => usePorticoState()} renders={renders} />);
    await act(() => instance.open());
    await act(() => instance.close());
    expect(renders.map((state) => state.open)).toEqual([false, true, false]);
  });

  it('initialized turns true, in one render, once the stored session has been restored', async () => {
    const restored = deferred<undefined>();
    const adapter = new FakeAdapter();
    adapter.reconnect = () => restored.promise;
    const { core } = await testCore({ adapter, start: false, storage: storageWith({ eip155: 'io.fake' }) });
    currentInstance(core);
    const renders: Array<{ initialized: boolean }> = [];
    mount(<Probe read={() => usePorticoState()} renders={renders} />);
    let started!: Promise<void>;
    act(() => {
      started = core.connection.start();
    });
    expect(renders.at(-1)!.initialized).toBe(false);
    const count = renders.length;
    await act(async () => {
      restored.resolve(undefined);
      await started;
    });
    expect(core.store.get(initializedAtom)).toBe(true);
    expect(renders.slice(count).map((state) => state.initialized)).toEqual([true]);
  });

  it('unsubscribes on unmount', async () => {
    const { core } = await testCore();
    const { instance, subscriptions } = currentInstance(core);
    const renders: unknown[] = [];
    const { unmount } = mount(<Probe read={() => usePorticoState()} renders={renders} />);
    expect(subscriptions()).toBe(1);
    unmount();
    expect(subscriptions()).toBe(0);
    await instance.open();
    expect(renders).toHaveLength(1);
  });
});

describe('usePorticoNetwork', () => {
  it('renders once per network switch, with the CAIP id and chain id', async () => {
    const { core } = await testCore({ options: { networks: [anvil, mainnet] }, connect: true });
    currentInstance(core);
    const renders: Array<{ caipNetworkId?: string; chainId?: number | string }> = [];
    const switcher: { switchNetwork?: ReturnType<typeof usePorticoNetwork>['switchNetwork'] } = {};
    mount(
      <Probe
        read={() => {
          const { caipNetworkId, chainId, switchNetwork } = usePorticoNetwork();
          switcher.switchNetwork = switchNetwork;
          return { caipNetworkId, chainId };
        }}
        renders={renders}
      />,
    );
    await act(() => switcher.switchNetwork!(mainnet));
    expect(renders).toEqual([
      { caipNetworkId: 'eip155:31337', chainId: 31337 },
      { caipNetworkId: 'eip155:1', chainId: 1 },
    ]);
    await expect(switcher.switchNetwork!({ ...mainnet, id: 10, name: 'OP' })).rejects.toThrow('Network not found');
    expect(core.store.get(activeNetworkAtom)?.caipNetworkId).toBe('eip155:1');
  });

  it('unsubscribes on unmount', async () => {
    const { core } = await testCore({ options: { networks: [anvil, mainnet] } });
    const { subscriptions } = currentInstance(core);
    const renders: unknown[] = [];
    const { unmount } = mount(<Probe read={() => usePorticoNetwork().caipNetworkId} renders={renders} />);
    expect(subscriptions()).toBe(1);
    unmount();
    expect(subscriptions()).toBe(0);
    await core.connection.switchNetwork(core.options.networks[1]!);
    expect(renders).toHaveLength(1);
  });
});

describe('usePorticoProvider', () => {
  const provider = { request: async () => null };

  it('an EIP-6963 wallet: its provider, type ANNOUNCED; nothing once disconnected', async () => {
    const adapter = new FakeAdapter();
    Object.assign(adapter, { getProvider: () => provider });
    const { core } = await testCore({ adapter });
    currentInstance(core);
    const renders: Array<ReturnType<typeof usePorticoProvider>> = [];
    mount(<Probe read={() => usePorticoProvider('eip155')} renders={renders} />);
    expect(renders).toEqual([{ walletProvider: undefined, walletProviderType: undefined }]);
    await act(() => core.connection.connect('io.fake'));
    expect(renders.at(-1)).toEqual({ walletProvider: provider, walletProviderType: 'ANNOUNCED' });
    await act(() => core.connection.disconnect());
    expect(renders.at(-1)).toEqual({ walletProvider: undefined, walletProviderType: undefined });
  });

  it('a WalletConnect session is WALLET_CONNECT, not injected', async () => {
    const adapter = new FakeAdapter();
    Object.assign(adapter, { getProvider: () => provider });
    const { core } = await testCore({ adapter });
    currentInstance(core);
    const renders: Array<ReturnType<typeof usePorticoProvider>> = [];
    mount(<Probe read={() => usePorticoProvider()} renders={renders} />);
    let connecting!: Promise<boolean>;
    act(() => {
      connecting = core.connection.connect('walletConnect');
    });
    await act(async () => {
      adapter.approveConnect();
      await connecting;
    });
    expect(renders.at(-1)).toEqual({ walletProvider: provider, walletProviderType: 'WALLET_CONNECT' });
  });

  it('no render loop and no re-render for a balance refresh; unsubscribes on unmount', async () => {
    const { core, adapter } = await testCore({ connect: true });
    const { subscriptions } = currentInstance(core);
    const renders: unknown[] = [];
    const { unmount } = mount(<Probe read={() => usePorticoProvider('eip155')} renders={renders} />);
    adapter.nativeBalance = '7';
    await act(() => core.connection.refreshBalance('eip155', { force: true }));
    expect(renders).toHaveLength(1);
    expect(subscriptions()).toBe(1);
    unmount();
    expect(subscriptions()).toBe(0);
  });
});

describe('usePortico', () => {
  it('opens and closes the modal and never re-renders by itself', async () => {
    const { core } = await testCore();
    const { subscriptions } = currentInstance(core);
    const renders: Array<ReturnType<typeof usePortico>> = [];
    mount(<Probe read={() => usePortico()} renders={renders} />);
    expect(subscriptions()).toBe(0);
    await act(() => renders[0]!.open({ view: 'Networks' }));
    expect(core.router.current().view).toBe('Networks');
    await act(() => renders[0]!.close());
    expect(core.store.get(modalStateAtom)).toBe('closed');
    expect(renders).toHaveLength(1);
    await expect(renders[0]!.open({ namespace: 'solana' })).rejects.toThrow("Namespace 'solana' is not configured.");
  });
});

/** Storage holding a connected session, as a reload finds it. */
function storageWith(connectedConnectorIds: Record<string, string>) {
  const backend = createMemoryStorage();
  createPorticoStorage(backend).set('connectedConnectorIds', connectedConnectorIds);
  return backend;
}

describe('usePorticoSession', () => {
  const session: SIWXSession = {
    data: { accountAddress: ACCOUNT, chainId: 'eip155:31337', domain: 'dapp.example', uri: 'https://dapp.example', version: '1', nonce: 'abcdefgh' },
    message: 'dapp.example wants you to sign in…',
    signature: '0x01',
  };

  it('renders the session when signed in and undefined after signing out, once per change', async () => {
    const { core } = await testCore({ start: false });
    currentInstance(core);
    const renders: Array<SIWXSession | undefined> = [];
    const { container } = mount(<Probe read={() => usePorticoSession()} renders={renders} />);
    expect(container.textContent).toBe('');
    act(() => core.store.set(signInAtom, { status: 'idle', session, closeDisabled: false }));
    expect(container.textContent).toContain(ACCOUNT);
    act(() => core.store.set(signInAtom, { status: 'signing', session, closeDisabled: false }));
    act(() => core.store.set(signInAtom, { status: 'idle', closeDisabled: false }));
    expect(renders).toEqual([undefined, session, undefined]);
  });
});
