// Issue 31 "Errors in human words" and issue 32 (spec §4): a failed or declined switch names the network, a network
// in a namespace with no wallet offers to connect one, UnsupportedChain offers Disconnect, Disconnect shows itself busy.
import { SwitchChainError, UserRejectedRequestError, activeNetworkAtom, modalFlagsAtom, routerAtom } from '@portico/shared-state';
import { anvil, deferred, solanaLocalnet, testCore } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import Networks from '../src/views/Networks';
import UnsupportedChain from '../src/views/UnsupportedChain';
import { anvilTwo } from './account-api';

afterEach(cleanupViews);

const walletError = (code: number, message = 'wallet error') => Object.assign(new Error(message), { code });

/** Connected on Anvil Local, Networks opened from Account; the wallet answers a switch with `error`. */
async function networksFailingWith(error: unknown) {
  const { core, adapter } = await testCore({ connect: true, options: { networks: [anvil, anvilTwo] }, views: ['Account', 'Networks'] });
  adapter.switchNetwork = () => Promise.reject(error);
  renderView(Networks, { core });
  fireEvent.click(screen.getByRole('button', { name: 'Anvil Two' }));
  return { core, adapter };
}

describe('a switch that does not happen says so, naming the network', () => {
  it('declined in the wallet (4001): the wallet declined, not the wallet_switchEthereumChain text', async () => {
    const { core } = await networksFailingWith(new SwitchChainError(31338, new UserRejectedRequestError(walletError(4001))));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your wallet declined the switch to Anvil Two.');
    expect(alert.textContent).not.toContain('wallet_switchEthereumChain');
    expect(core.store.get(routerAtom).view).toBe('Networks');
    expect(core.store.get(activeNetworkAtom)?.name).toBe('Anvil Local');
    // Every network can be picked again.
    expect(screen.getByRole('button', { name: 'Anvil Two' }).hasAttribute('disabled')).toBe(false);
  });

  it('a chain the wallet does not know and cannot add: Chain is not supported', async () => {
    await networksFailingWith(new SwitchChainError(31338, walletError(4200)));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not switch to Anvil Two. Chain is not supported.');
  });

  it('any other failure: Could not switch, then the wallet’s reason in plain words', async () => {
    await networksFailingWith(new SwitchChainError(31338, walletError(-32603, 'boom')));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not switch to Anvil Two. An internal error was received.');
  });

  it('picking again clears the last failure; the wallet approving this time, the view goes back', async () => {
    const { core, adapter } = await networksFailingWith(new SwitchChainError(31338, walletError(4001)));
    await screen.findByRole('alert');
    adapter.switchNetwork = async () => undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Anvil Two' }));
    await waitFor(() => expect(core.store.get(routerAtom).view).toBe('Account'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a network in a namespace with no wallet connected offers to connect one', () => {
  const openMixed = () => testCore({ connect: true, options: { networks: [anvil, solanaLocalnet] }, views: ['Account', 'Networks'] });

  it('the page keeps its EVM wallet and network until the person chooses to connect a Solana one', async () => {
    const { core, adapter } = await openMixed();
    renderView(Networks, { core });
    fireEvent.click(screen.getByRole('button', { name: 'Solana Local' }));
    const connect = await screen.findByRole('button', { name: 'Connect a wallet for Solana' });
    expect(connect.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(connect.getAttribute('aria-describedby')!)?.textContent).toBe(
      'No Solana wallet is connected. Connect one to use Solana Local.',
    );
    expect(document.activeElement).toBe(connect);
    expect(core.store.get(activeNetworkAtom)?.name).toBe('Anvil Local');
    expect(core.store.get(routerAtom).view).toBe('Networks');
    expect(adapter.walletRequests).toEqual([]);

    fireEvent.click(connect);
    await waitFor(() => expect(core.store.get(routerAtom).view).toBe('Connect'));
    expect(core.store.get(core.modal.namespaceFilter)).toBe('solana');
    expect(core.store.get(activeNetworkAtom)?.name).toBe('Solana Local');
    // On top of Choose Network (not a fresh open): Back returns there, and the page to its EVM wallet's network.
    core.router.goBack();
    expect(core.store.get(routerAtom)).toMatchObject({ view: 'Networks', history: ['Account', 'Networks'] });
    expect(core.store.get(activeNetworkAtom)?.name).toBe('Anvil Local');
  });

  it('picking a network of the connected namespace instead takes the offer away', async () => {
    const { core } = await openMixed();
    renderView(Networks, { core });
    fireEvent.click(screen.getByRole('button', { name: 'Solana Local' }));
    await screen.findByRole('button', { name: 'Connect a wallet for Solana' });
    fireEvent.click(screen.getByRole('button', { name: 'Anvil Local' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Connect a wallet for Solana' })).toBeNull());
  });
});

describe('UnsupportedChain and Disconnect', () => {
  it('offers Disconnect beside the networks; it is busy (disabled, aria-busy) while the wallet lets go, then the modal closes', async () => {
    const { core, adapter } = await testCore({ connect: true, options: { networks: [anvil, anvilTwo] } });
    core.modal.open({ view: 'UnsupportedChain' });
    const letGo = deferred<void>();
    adapter.disconnect = () => letGo.promise;
    renderView(UnsupportedChain, { core });
    expect(within(screen.getByRole('list', { name: 'Networks' })).getAllByRole('button')).toHaveLength(2);
    const disconnect = screen.getByRole('button', { name: 'Disconnect' });
    expect(disconnect.getAttribute('aria-busy')).toBe('false');

    fireEvent.click(disconnect);
    await waitFor(() => expect(disconnect.getAttribute('aria-busy')).toBe('true'));
    expect(disconnect.hasAttribute('disabled')).toBe(true);
    letGo.resolve();
    await waitFor(() => expect(core.store.get(modalFlagsAtom).open).toBe(false));
  });
});
