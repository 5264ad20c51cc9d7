import { activeNetworkAtom, routerAtom } from '@portico/shared-state';
import { anvil, solanaLocalnet, testCore } from '@portico/test-kit';
import { cleanupViews, renderView } from '@portico/test-kit/react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@rstest/core';
import Networks from '../src/views/Networks';
import UnsupportedChain from '../src/views/UnsupportedChain';
import { anvilTwo } from './account-api';

afterEach(cleanupViews);

/** Connected on Anvil Local, with Networks opened from Account. */
async function openNetworks() {
  return testCore({ connect: true, options: { networks: [anvil, anvilTwo] }, views: ['Account', 'Networks'] });
}

describe('Networks', () => {
  it('lists the configured networks, the active one marked current', async () => {
    const { core } = await openNetworks();
    renderView(Networks, { core });
    const list = within(screen.getByRole('list', { name: 'Networks' }));
    // In the host's order, each with its icon (decorative: the name is the button's).
    expect(list.getAllByRole('button')).toEqual([list.getByRole('button', { name: 'Anvil Local' }), list.getByRole('button', { name: 'Anvil Two' })]);
    expect(screen.getByRole('button', { name: 'Anvil Local' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Anvil Two' }).getAttribute('aria-current')).toBe('false');
  });

  it('asks the wallet to switch, then goes back', async () => {
    const { core, adapter } = await openNetworks();
    renderView(Networks, { core });
    fireEvent.click(screen.getByRole('button', { name: 'Anvil Two' }));
    await waitFor(() => expect(core.store.get(routerAtom).view).toBe('Account'));
    expect(adapter.walletRequests.map((request) => [request.method, request.network?.name])).toEqual([['switchNetwork', 'Anvil Two']]);
    expect(core.store.get(activeNetworkAtom)?.name).toBe('Anvil Two');
  });
});

describe('Networks of several namespaces (issue 13)', () => {
  const cosmosHub = {
    id: 'cosmoshub-4',
    name: 'Cosmos Hub',
    chainNamespace: 'cosmos' as const,
    caipNetworkId: 'cosmos:cosmoshub-4',
    nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
    rpcUrls: { default: { http: ['https://cosmos-rpc.example'] } },
  };
  const openMixed = () =>
    testCore({ connect: true, options: { networks: [anvil, solanaLocalnet, cosmosHub, anvilTwo] }, views: ['Account', 'Networks'] });

  it('groups them under their namespace, in the order the host configured them; each group is a named region', async () => {
    const { core } = await openMixed();
    renderView(Networks, { core });
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['EVM', 'Solana', 'Cosmos']);
    const evm = screen.getByRole('region', { name: 'EVM' });
    const evmList = within(within(evm).getByRole('list', { name: 'EVM networks' }));
    expect(evmList.getAllByRole('button')).toEqual([evmList.getByRole('button', { name: 'Anvil Local' }), evmList.getByRole('button', { name: 'Anvil Two' })]);
    const solana = within(screen.getByRole('region', { name: 'Solana' })).getByRole('list', { name: 'Solana networks' });
    expect(within(solana).getByRole('button', { name: 'Solana Local' }).getAttribute('aria-current')).toBe('false');
    expect(within(evm).getByRole('button', { name: 'Anvil Local' }).getAttribute('aria-current')).toBe('true');
    expect(screen.queryByRole('list', { name: 'Networks' })).toBeNull();
  });

  // Connected, a namespace with no wallet offers to connect one first (issue 31: network-switch.test.tsx).
  it('with no wallet connected, picking a network of another namespace makes it active and goes back', async () => {
    const { core } = await testCore({ options: { networks: [anvil, solanaLocalnet, cosmosHub, anvilTwo] }, views: ['Account', 'Networks'] });
    renderView(Networks, { core });
    fireEvent.click(within(screen.getByRole('region', { name: 'Solana' })).getByRole('button', { name: 'Solana Local' }));
    await waitFor(() => expect(core.store.get(routerAtom).view).toBe('Account'));
    expect(core.store.get(activeNetworkAtom)?.caipNetworkId).toBe(solanaLocalnet.caipNetworkId);
  });
});

describe('UnsupportedChain', () => {
  it('says the network is unsupported and offers the supported ones', async () => {
    const { core } = await openNetworks();
    renderView(UnsupportedChain, { core });
    expect(screen.getByRole('alert').textContent).toContain('Unsupported chain.');
    expect(within(screen.getByRole('list', { name: 'Networks' })).getAllByRole('button')).toHaveLength(2);
  });
});
