import { modalStateAtom, routerAtom, themeAtom, type PorticoCore } from '@portico/shared-state';
import { ACCOUNT, testCore } from '@portico/test-kit';
import { describe, expect, it } from '@rstest/core';
import { act } from 'react';
import { defineAppKitElements } from '../src/appkit/elements';
import {
  useAppKit,
  useAppKitAccount,
  useAppKitEvents,
  useAppKitNetwork,
  useAppKitNetworkCore,
  useAppKitProvider,
  useAppKitState,
  useAppKitTheme,
  useDisconnect,
  useWalletInfo,
} from '../src/appkit/react';
import { createInstance } from '../src/instance';
import { setCurrentInstance } from '../src/react/current';
import { renderHook, unmountRootsAfterEach } from './react-roots';

unmountRootsAfterEach();

function makeCurrent(core: PorticoCore) {
  const instance = createInstance(core, () => undefined);
  setCurrentInstance(instance);
  return instance;
}

/** Renders every drop-in hook and hands back the last render's values. */
const renderHooks = () => renderHook(readHooks);

function readHooks() {
  return {
    appKit: useAppKit(),
    account: useAppKitAccount(),
    network: useAppKitNetwork(),
    networkCore: useAppKitNetworkCore(),
    state: useAppKitState(),
    events: useAppKitEvents(),
    provider: useAppKitProvider('eip155'),
    theme: useAppKitTheme(),
    disconnect: useDisconnect(),
    walletInfo: useWalletInfo(),
  };
}

describe('the AppKit hooks', () => {
  it("return AppKit's shapes and follow the instance", async () => {
    const { core } = await testCore();
    makeCurrent(core);
    const read = renderHooks();
    expect(read().account).toEqual({ allAccounts: [], address: undefined, caipAddress: undefined, isConnected: false, status: 'disconnected', walletInfo: undefined });
    expect(read().walletInfo).toEqual({ walletInfo: undefined });
    expect(read().network).toMatchObject({ caipNetworkId: 'eip155:31337', chainId: 31337, caipNetwork: { name: 'Anvil Local' } });
    expect(read().networkCore).toEqual({ caipNetworkId: 'eip155:31337', chainId: 31337 });
    expect(read().state).toEqual({ open: false, loading: false, selectedNetworkId: 'eip155:31337', activeChain: 'eip155', initialized: true });
    expect(read().events.data.event).toBe('MODAL_CREATED');
    expect(read().provider).toEqual({ walletProvider: undefined, walletProviderType: undefined });
    expect(read().theme).toMatchObject({ themeMode: 'dark', themeVariables: {} });

    await act(() => core.connection.connect('io.fake'));
    expect(read().account).toMatchObject({ address: ACCOUNT, isConnected: true, status: 'connected' });
    expect(read().events).toMatchObject({ data: { type: 'track', event: 'CONNECT_SUCCESS', properties: { name: 'Fake Wallet' } } });
    expect(read().events.timestamp).toEqual(expect.any(Number));
    expect(read().provider.walletProviderType).toBe('ANNOUNCED');
    expect(read().walletInfo.walletInfo).toMatchObject({ name: 'Fake Wallet' });

    await act(() => read().appKit.open({ view: 'Networks' }));
    expect(read().state.open).toBe(true);
    expect(core.store.get(routerAtom).view).toBe('Networks');

    await act(() => read().disconnect.disconnect());
    expect(read().account.isConnected).toBe(false);
    expect(read().events.data.event).toBe('DISCONNECT_SUCCESS');
  });

  it('useAppKitTheme sets the mode and takes AppKit variable names', async () => {
    const { core } = await testCore();
    const instance = makeCurrent(core);
    const read = renderHooks();
    act(() => read().theme.setThemeMode('light'));
    act(() => read().theme.setThemeVariables({ '--w3m-accent': '#000000' }));
    expect(read().theme).toMatchObject({ themeMode: 'light', themeVariables: { '--w3m-accent': '#000000' } });
    expect(instance.getThemeVariables()).toEqual({ '--portico-accent': '#000000' });
    expect(() => read().theme.setThemeMode('sepia' as 'light')).toThrow();
  });
});

describe('<appkit-button>, <appkit-network-button>, <appkit-account-button>', () => {
  const buttonIn = (name: string) => document.querySelector(name)!.shadowRoot!.querySelector('button')!;

  it('connect, then show the short address; the network button names the network and opens Networks', async () => {
    const { core } = await testCore();
    makeCurrent(core);
    defineAppKitElements();
    document.body.innerHTML = '<appkit-button></appkit-button><appkit-network-button></appkit-network-button><portico-account-button></portico-account-button>';
    expect(buttonIn('appkit-button').textContent).toBe('Connect Wallet');
    expect(buttonIn('appkit-network-button').textContent).toBe('Anvil Local');
    expect(document.querySelector<HTMLElement>('portico-account-button')!.hidden).toBe(true);

    buttonIn('appkit-button').click();
    expect(core.store.get(modalStateAtom)).not.toBe('closed');
    expect(core.store.get(routerAtom).view).toBe('Connect');
    core.modal.close(true);

    await core.connection.connect('io.fake');
    await expect.poll(() => buttonIn('appkit-button').textContent).toBe('10 ETH 0xf39F…2266');
    expect(buttonIn('portico-account-button').textContent).toBe('10 ETH 0xf39F…2266');
    document.querySelector('portico-account-button')!.setAttribute('balance', 'hide');
    expect(buttonIn('portico-account-button').textContent).toBe('0xf39F…2266');
    core.store.set(themeAtom, { themeMode: 'light', themeVariables: { '--portico-accent': '#ffd400' } });
    expect(document.querySelector<HTMLElement>('appkit-button')!.style.getPropertyValue('--portico-button-text')).toBe('#141414');
    expect(document.querySelector<HTMLElement>('portico-account-button')!.hidden).toBe(false);
    buttonIn('appkit-network-button').click();
    expect(core.store.get(routerAtom).view).toBe('Networks');
  });

  it('speak the modal’s locale: the page’s lang (German), else English; the locale option wins (Arabic)', async () => {
    document.documentElement.lang = 'de-DE';
    try {
      makeCurrent((await testCore()).core);
      defineAppKitElements();
      document.body.innerHTML = '<appkit-button></appkit-button>';
      // English first (what a server page shows), the German words once their chunk has arrived.
      await expect.poll(() => buttonIn('appkit-button').textContent).toBe('Wallet verbinden');

      makeCurrent((await testCore({ options: { locale: 'ar' } })).core);
      document.body.innerHTML = '<portico-button></portico-button>';
      await expect.poll(() => buttonIn('portico-button').textContent).toBe('ربط المحفظة');
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('take a label, and stop following the instance once removed', async () => {
    const { core } = await testCore();
    makeCurrent(core);
    defineAppKitElements();
    document.body.innerHTML = '<appkit-button label="Sign in"></appkit-button>';
    const element = document.querySelector('appkit-button')!;
    const button = buttonIn('appkit-button');
    expect(button.textContent).toBe('Sign in');
    element.remove();
    await core.connection.connect('io.fake');
    expect(button.textContent).toBe('Sign in');
  });
});
