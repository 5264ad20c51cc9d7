/**
 * The Transactions view (spec §2's history view) as a person reads it: the Activity tab's day lists on their own,
 * the same rows and the same empty and not-connected states, with no tabs around them.
 */
import { ACCOUNT as ADDRESS, RECEIVER as OTHER, anvil, testCore } from '@portico/test-kit';
import { renderView } from '@portico/test-kit/react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from '@rstest/core';
import Transactions from '../src/views/Transactions';
import { transaction } from './account-api';
import { api, state } from './setup';

const PUSD_CONTRACT = '0x4c0649De3D2d42E5fC9DDE1C9a2CcCC3D9f40C32';

describe('Transactions', () => {
  it("lists the active network's activity under its day, without the Account view's tabs", async () => {
    state.history = {
      '': {
        data: [
          transaction(0, { operationType: 'receive', sentTo: PUSD_CONTRACT, minedAt: new Date().toISOString() }, [
            { direction: 'in', quantity: { numeric: '250' }, fungible_info: { name: 'Portico USD', symbol: 'PUSD' }, sender: OTHER, recipient: ADDRESS },
          ]),
        ],
        next: null,
      },
    };
    const { core } = await testCore({ api, connect: true, options: { networks: [anvil] } });
    renderView(Transactions, { core });
    const today = await screen.findByRole('list', { name: 'Activity, Today' });
    expect(within(today).getByText('Received 250 PUSD')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('says when there is no activity', async () => {
    const { core } = await testCore({ api, connect: true, options: { networks: [anvil] } });
    renderView(Transactions, { core });
    await waitFor(() => expect(screen.getByText('No activity yet')).toBeTruthy());
  });

  it('asks to connect a wallet when none is connected', async () => {
    const { core } = await testCore({ api, options: { networks: [anvil] } });
    renderView(Transactions, { core });
    expect(await screen.findByRole('button', { name: 'Connect a wallet' })).toBeTruthy();
  });
});
