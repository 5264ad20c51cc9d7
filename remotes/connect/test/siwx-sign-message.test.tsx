import { activeAccountAtom, createMemoryStorage, modalFlagsAtom, signInAtom, type PorticoViewProps } from '@portico/shared-state';
import { createDefaultSiwx } from '@portico/shared-state/siwx';
import { ACCOUNT, ICON, eventually, minimalOptions, testCore } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import type { ComponentType } from 'react';
import ConnectingSiwe from '../src/views/ConnectingSiwe';
import SIWXSignMessage from '../src/views/SIWXSignMessage';

afterEach(cleanupViews);

/**
 * A connected Fake Wallet with sign-in on (the default SIWX, sessions in memory), started as the
 * shell starts it: the flow finds no session and opens the sign view. The wallet waits for the test
 * to approve or decline each signature.
 */
async function signInView({
  required = false,
  View = SIWXSignMessage,
  icons = [ICON],
}: { required?: boolean; View?: ComponentType<PorticoViewProps>; icons?: string[] } = {}) {
  const storage = createMemoryStorage();
  const setup = await testCore({
    storage,
    adapter: { walletWaits: true },
    options: {
      siwx: createDefaultSiwx({ storage, required }),
      metadata: { ...minimalOptions().metadata, icons },
    },
    connect: true,
  });
  await setup.core.siwx!.start();
  await eventually(() => expect(setup.core.router.current().view).toBe('SIWXSignMessage'));
  renderView(View, { core: setup.core });
  const tracked = (name: string) => setup.events.filter((event) => event.data.event === name);
  return { ...setup, tracked };
}

describe('SIWXSignMessage', () => {
  it('shows the app, the domain, what signing means and the account', async () => {
    await signInView();
    expect(screen.getByText('Test dapp wants you to sign in')).toBeTruthy();
    expect(screen.getByText('Sign this message to prove you own this wallet. It costs nothing and sends no transaction.')).toBeTruthy();
    const rows = screen.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextSibling?.textContent}`);
    expect(rows).toEqual(['App: Test dapp', `Domain: ${window.location.host}`, 'Account: 0xf39F…2266']);
    expect(screen.getByTitle(ACCOUNT).textContent).toBe('0xf39F…2266');
    expect(screen.queryByText(/requires signing in/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('draws the app’s icon, or the monogram of its name when it has none; Sign is described by whom it is for', async () => {
    await signInView();
    expect(document.body.querySelector(`img[src="${ICON}"]`)).toBeTruthy();
    cleanupViews();

    await signInView({ icons: [] });
    expect(document.body.querySelector('img')).toBeNull();
    expect(document.body.querySelector('svg text')?.textContent).toBe('T');
    const sign = screen.getByRole('button', { name: 'Sign' });
    expect(document.getElementById(sign.getAttribute('aria-describedby')!)?.textContent).toBe('Test dapp wants you to sign in');
  });

  it('Sign asks the wallet, shows Authenticating... meanwhile, and closes once signed', async () => {
    const { core, adapter, tracked } = await signInView();
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(adapter.signed).toHaveLength(1));
    expect(adapter.signed[0]).toContain(`${window.location.host} wants you to sign in with your Ethereum account:\n${ACCOUNT}`);
    expect(screen.getByRole('status').textContent).toBe('Authenticating... Continue in Fake Wallet');
    expect((screen.getByRole('button', { name: 'Sign' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => adapter.approve());
    await waitFor(() => expect(core.store.get(signInAtom).session?.data.accountAddress).toBe(ACCOUNT));
    expect(core.store.get(modalFlagsAtom).open).toBe(false);
    expect(tracked('SIWX_AUTH_SUCCESS')).toHaveLength(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a decline in an alert, and Try again asks the wallet again', async () => {
    const { adapter, tracked } = await signInView();
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(adapter.signed).toHaveLength(1));
    await act(async () => adapter.decline());

    expect((await screen.findByRole('alert')).textContent).toBe('Signature declined');
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(tracked('SIWX_AUTH_ERROR')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(adapter.signed).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Authenticating... Continue in Fake Wallet');
  });

  it('Cancel closes the modal, keeps the wallet connected and goes back to Connect', async () => {
    const { core, tracked } = await signInView();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(tracked('CLICK_CANCEL_SIWX')).toHaveLength(1));
    await waitFor(() => expect(core.store.get(modalFlagsAtom).open).toBe(false));
    expect(core.router.current().view).toBe('Connect');
    expect(core.store.get(activeAccountAtom).status).toBe('connected');
  });

  it('in required mode says that signing in is required and Cancel disconnects', async () => {
    const { core } = await signInView({ required: true });
    expect(screen.getByText('This site requires signing in. Cancel disconnects the wallet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(core.store.get(activeAccountAtom).status).toBe('disconnected'));
    expect(core.router.current().view).toBe('Connect');
  });

  it('shows why when the sign-in code could not load, and Try again calls it again', async () => {
    const { core } = await testCore({ connect: true, views: ['SIWXSignMessage'] });
    const attempts: string[] = [];
    const notLoaded = async () => {
      attempts.push('signIn');
      throw new Error('Loading chunk siwx failed');
    };
    // The core's lazy sign-in whose code chunk fails to load: every call rejects before the flow runs.
    core.siwx = { start: notLoaded, signIn: notLoaded, cancel: notLoaded, config: notLoaded };
    renderView(SIWXSignMessage, { core });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Loading chunk siwx failed');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(attempts).toEqual(['signIn', 'signIn']));
  });

  it('says SIWX is not enabled when the host set no sign-in', async () => {
    const { core } = await testCore({ connect: true, views: ['SIWXSignMessage'] });
    renderView(SIWXSignMessage, { core });
    expect(screen.getByRole('alert').textContent).toBe('SIWX is not enabled');
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });
});

describe('ConnectingSiwe (the legacy siweConfig name)', () => {
  it('is the same sign prompt', async () => {
    const { adapter } = await signInView({ View: ConnectingSiwe });
    expect(screen.getByText('Test dapp wants you to sign in')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(adapter.signed).toHaveLength(1));
  });
});
