import { modalStateAtom, routerAtom } from '@portico/shared-state';
import { minimalOptions, testCore } from '@portico/test-kit';
import { describe, expect, it, rs } from '@rstest/core';
import { screen } from '@testing-library/react';
import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { AppKitAccountButton, AppKitButton, AppKitNetworkButton, AppKitProvider, useAppKitAccount, useAppKitState } from '../src/appkit/react';
import { createInstance } from '../src/instance';
import { getCurrentInstance, setCurrentInstance } from '../src/react/current';
import { unreachableRemotes } from './helpers';
import { keepRoot, render, unmountRootsAfterEach } from './react-roots';

unmountRootsAfterEach();

async function currentTestCore() {
  const test = await testCore();
  setCurrentInstance(createInstance(test.core, () => undefined));
  return test;
}

describe('<AppKitButton />, <AppKitAccountButton />, <AppKitNetworkButton />', () => {
  it('open Connect, then show the short address opening Account; the network button opens Networks', async () => {
    const { core } = await currentTestCore();
    render(
      <>
        <AppKitButton />
        <AppKitAccountButton />
        <AppKitNetworkButton />
      </>,
    );
    // The account button is in the page but hidden until a wallet connects.
    expect(screen.queryByRole('button', { name: /0xf39F…2266/ })).toBeNull();
    act(() => screen.getByRole('button', { name: 'Connect Wallet' }).click());
    await expect.poll(() => core.store.get(routerAtom).view).toBe('Connect');
    core.modal.close(true);

    await act(() => core.connection.connect('io.fake'));
    // AppKit's anatomy: the native balance (shown by default), then the avatar and the short address.
    await expect.poll(() => screen.queryAllByRole('button', { name: '10 ETH 0xf39F…2266' }).length).toBe(2);
    act(() => screen.getByRole('button', { name: 'Anvil Local' }).click());
    await expect.poll(() => core.store.get(routerAtom).view).toBe('Networks');
  });

  it("honour AppKit's label, loadingLabel, charsStart/charsEnd, size, disabled and balance props", async () => {
    const { core, adapter } = await currentTestCore();
    adapter.nativeBalance = '10000';
    render(
      <>
        <AppKitButton label="Sign in" loadingLabel="One moment" size="sm" charsStart={4} charsEnd={4} balance="hide" />
        <AppKitAccountButton />
        <AppKitNetworkButton disabled />
      </>,
    );
    const signIn = screen.getByRole('button', { name: 'Sign in' });
    const network = screen.getByRole<HTMLButtonElement>('button', { name: 'Anvil Local' });
    expect(network.disabled).toBe(true);
    // One stylesheet for the three, hoisted into <head>: size sm is smaller than the network button's md; disabled is dimmed.
    expect(document.head.querySelectorAll('style')).toHaveLength(1);
    expect(parseFloat(getComputedStyle(signIn).fontSize)).toBeLessThan(parseFloat(getComputedStyle(network).fontSize));
    expect(getComputedStyle(network)).toMatchObject({ cursor: 'not-allowed', opacity: '.6' });
    act(() => network.click());
    expect(core.store.get(modalStateAtom)).toBe('closed');

    await act(() => core.connection.connect('io.fake'));
    expect(screen.getByRole('button', { name: '0xf3…2266' })).toBe(signIn);
    expect(await screen.findByRole('button', { name: '10,000 ETH 0xf39F…2266' })).toBeTruthy();
  });

  it("show the network's icon, and follow a theme change made after they rendered", async () => {
    const { core } = await testCore({ options: { apiUrl: 'http://127.0.0.1:4000' } });
    const instance = createInstance(core, () => undefined);
    setCurrentInstance(instance);
    // The buttons' words arrive in a promise (English at once): let it settle inside act.
    await act(async () => void render(<AppKitNetworkButton />));
    const network = screen.getByRole('button', { name: 'Anvil Local' });
    expect(network.querySelector('img')!.getAttribute('src')).toBe('http://127.0.0.1:4000/v1/network-images/eip155-31337');
    expect(network.style.getPropertyValue('--portico-button-surface')).toBe('#1f2021');
    act(() => instance.setThemeMode('light'));
    expect(network.style.getPropertyValue('--portico-button-surface')).toBe('#f3f4f4');
    act(() => instance.setThemeVariables({ '--portico-accent': '#ffd400' }));
    expect(network.style.getPropertyValue('--portico-accent')).toBe('#ffd400');
  });

  it('speak the modal’s locale once its words have arrived (a page in French)', async () => {
    document.documentElement.lang = 'fr';
    try {
      await currentTestCore();
      render(<AppKitButton />);
      expect(await screen.findByRole('button', { name: 'Connecter un portefeuille' })).toBeTruthy();
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('hydrate the HTML a server rendered for them without a mismatch', async () => {
    await currentTestCore();
    const page = (
      <main>
        <AppKitButton label="Sign in" />
        <AppKitAccountButton />
        <AppKitNetworkButton />
      </main>
    );
    const container = document.body.appendChild(document.createElement('div'));
    // What a server sends: no instance there, so the buttons are the fresh instance's (hooks' server snapshot).
    container.innerHTML = renderToString(page);
    expect(container.querySelectorAll('button')).toHaveLength(3);
    const stylesheets = document.querySelectorAll('style').length;
    const errors: unknown[] = [];
    rs.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    act(() => void keepRoot(hydrateRoot(container, page, { onRecoverableError: (error) => void errors.push(error) })));
    expect(errors).toEqual([]);
    // The stylesheet the server sent with them is kept, not added a second time.
    expect(document.querySelectorAll('style')).toHaveLength(stylesheets);
    // Then they follow the instance: its network is set.
    expect(screen.getByRole('button', { name: 'Anvil Local' })).toBeTruthy();
  });
});

describe('<AppKitProvider>', () => {
  it('creates the modal from its props once, and renders its children with the hooks on that instance', async () => {
    function Status() {
      const { status } = useAppKitAccount();
      const { initialized } = useAppKitState();
      return <p>{initialized ? `Status: ${status}` : 'Restoring your session…'}</p>;
    }
    const options = minimalOptions({ remotes: unreachableRemotes });
    render(
      <AppKitProvider {...options}>
        <Status />
      </AppKitProvider>,
    );
    const instance = getCurrentInstance();
    expect(await screen.findByText('Status: disconnected')).toBeTruthy();
    expect(document.querySelectorAll('portico-modal')).toHaveLength(1);

    render(
      <AppKitProvider {...options} themeMode="light">
        <Status />
      </AppKitProvider>,
    );
    expect(getCurrentInstance()).toBe(instance);
    expect(document.querySelectorAll('portico-modal')).toHaveLength(1);
    act(() => instance.destroy());
  });
});
