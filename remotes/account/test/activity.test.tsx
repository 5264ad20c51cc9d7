/**
 * The Activity tab as a person reads it: one list per day under its heading (Today, Yesterday, then the date),
 * each row named by what happened and with whom — a token send by its recipient (not the token contract), a swap
 * by both legs, an approval by amount and spender, a call by its function — with the asset's and the network's
 * artwork from the API; pages load on scroll.
 */
import { transactionsAtom, type Transaction } from '@portico/shared-state';
import { ACCOUNT as ADDRESS, RECEIVER as OTHER, anvil, testCore } from '@portico/test-kit';
import { FakeIntersectionObserver, renderView } from '@portico/test-kit/react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from '@rstest/core';
import Account from '../src/views/Account';
import { transaction } from './account-api';
import { api, state } from './setup';

const PUSD_CONTRACT = '0x4c0649De3D2d42E5fC9DDE1C9a2CcCC3D9f40C32';
const DEV3 = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const ROUTER = '0x84eA74d481Ee0A5332c457a4d796187F6Ba67fEB';
const PAIR = '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984';
const pusd = { name: 'Portico USD', symbol: 'PUSD' };
const ptk = { name: 'Portico Token', symbol: 'PTK' };

/** Local midnight today plus `seconds` (so "today" holds whatever the time the test runs at). */
const todayAt = (seconds: number) => {
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  return new Date(midnight.getTime() + seconds * 1000).toISOString();
};
const DAY = 86_400;

async function openActivity() {
  const { core } = await testCore({ api, connect: true, adapter: { nativeBalance: '10000.0' }, options: { networks: [anvil] } });
  const view = renderView(Account, { core });
  fireEvent.click(screen.getByRole('tab', { name: 'Activity' }));
  return { core, ...view };
}
/** A row's accessible name (aria-labelledby: its title, subtitle and time of day). */
const accessibleName = (row: HTMLElement) =>
  row.getAttribute('aria-labelledby')!.split(' ').map((id) => document.getElementById(id)!.textContent).join(' ');
/** The names of a list's rows without their time of day. */
const rowNames = (list: HTMLElement) => within(list).getAllByRole('listitem').map((row) => accessibleName(row).replace(/ \d{1,2}:\d{2}(\s[AP]M)?$/u, ''));

describe('Activity', () => {
  it('says what happened and with whom, under Today, Yesterday and the date', async () => {
    const page: Transaction[] = [
      transaction(0, { operationType: 'send', sentTo: PUSD_CONTRACT, method: 'transfer', minedAt: todayAt(6) }, [
        { direction: 'out', quantity: { numeric: '1.5' }, fungible_info: pusd, sender: ADDRESS, recipient: DEV3, value: 1.5 },
      ]),
      transaction(1, { operationType: 'trade', sentTo: ROUTER, method: 'swapExactTokensForTokens', minedAt: todayAt(5) }, [
        { direction: 'out', quantity: { numeric: '10' }, fungible_info: pusd, sender: ADDRESS, recipient: PAIR, value: 10 },
        { direction: 'in', quantity: { numeric: '9.87' }, fungible_info: ptk, sender: PAIR, recipient: ADDRESS },
      ]),
      { ...transaction(2, { operationType: 'approve', sentTo: PUSD_CONTRACT, method: 'approve', minedAt: todayAt(4) }, []), approvals: [
        { fungible_info: pusd, quantity: { numeric: '100' }, unlimited: false, spender: { address: ROUTER, name: 'Portico Exchange' } },
      ] },
      { ...transaction(3, { operationType: 'approve', sentTo: PUSD_CONTRACT, minedAt: todayAt(3) }, []), approvals: [
        { fungible_info: pusd, unlimited: true, spender: { address: OTHER } },
      ] },
      transaction(4, { operationType: 'receive', sentTo: PUSD_CONTRACT, minedAt: todayAt(2) }, [
        { direction: 'in', quantity: { numeric: '250' }, fungible_info: pusd, sender: OTHER, recipient: ADDRESS },
      ]),
      transaction(5, { operationType: 'execute', sentTo: PUSD_CONTRACT, method: 'register', minedAt: todayAt(-DAY / 2) }, []),
      transaction(6, { operationType: 'execute', sentTo: PUSD_CONTRACT, method: 'transfer', status: 'failed', minedAt: todayAt(-DAY / 2 - 60) }, []),
      transaction(7, { operationType: 'mint', sentTo: PUSD_CONTRACT, minedAt: todayAt(-4 * DAY) }, [
        { direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Portico Punk #3', flags: { is_spam: false } }, sender: '0x0000000000000000000000000000000000000000', recipient: ADDRESS },
      ]),
    ];
    state.history = { '': { data: page, next: null } };
    await openActivity();

    const today = await screen.findByRole('list', { name: 'Activity, Today' });
    expect(rowNames(today)).toEqual([
      'Sent 1.5 PUSD to 0x90F7…b906',
      'Swapped 10 PUSD → 9.87 PTK',
      'Approved 100 PUSD for Portico Exchange',
      'Approved unlimited PUSD for 0x7099…79C8',
      'Received 250 PUSD from 0x7099…79C8',
    ]);
    expect(today.textContent).not.toContain('0x4c06…0C32'); // the token contract is nobody's counterparty
    const yesterday = screen.getByRole('list', { name: 'Activity, Yesterday' });
    expect(rowNames(yesterday)).toEqual(['register on 0x4c06…0C32', 'transfer failed on 0x4c06…0C32']);
    const older = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(page[7]!.metadata.minedAt));
    const olderDay = new Date(page[7]!.metadata.minedAt).getFullYear() === new Date().getFullYear() ? older : expect.any(String);
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Today', 'Yesterday', olderDay]);
    expect(rowNames(screen.getByRole('list', { name: `Activity, ${headings[2]}` }))).toEqual(['Minted Portico Punk #3']);

    // A row's name ends with its time of day; its value (when priced) is on the row too.
    const sent = within(today).getByRole('listitem', { name: /^Sent 1\.5 PUSD to 0x90F7…b906 \d{1,2}:\d{2}/u });
    expect(within(sent).getByText('$1.50')).toBeTruthy();
    expect(sent.querySelector('time')!.getAttribute('dateTime')).toBe(page[0]!.metadata.minedAt);
  });

  it('shows the token’s and the network’s artwork from the API, and the kind alone when artwork does not load', async () => {
    state.history = {
      '': { data: [transaction(0, { minedAt: todayAt(1) }, [{ direction: 'out', quantity: { numeric: '1.5' }, fungible_info: pusd, sender: ADDRESS, recipient: DEV3 }])], next: null },
    };
    await openActivity();
    const row = within(await screen.findByRole('list', { name: 'Activity, Today' })).getByRole('listitem');
    const sources = () => [...row.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(sources()).toEqual([`${api.url}/v1/token-images/PUSD`, `${api.url}/v1/network-images/eip155-31337`]);
    // Decorative: the row's name already says what moved.
    expect(within(row).queryAllByRole('img')).toEqual([]);
    fireEvent.error(row.querySelector('img')!);
    await waitFor(() => expect(sources()).toEqual([`${api.url}/v1/network-images/eip155-31337`]));
    fireEvent.error(row.querySelector('img')!);
    await waitFor(() => expect(sources()).toEqual([]));
    expect(row.querySelector('svg')).toBeTruthy();
  });

  it('leaves out other chains and spam-only transactions, and pages on scroll', async () => {
    const firstPage = Array.from({ length: 20 }, (_, index) => transaction(index, { minedAt: todayAt(100 - index) }));
    // Other chains and spam-only transfers are left out (spec sections 4 and 5).
    firstPage[3] = transaction(3, { chain: 'eip155:1', minedAt: todayAt(97) });
    firstPage[4] = transaction(4, { minedAt: todayAt(96) }, [{ direction: 'in', nft_info: { name: 'Spam', flags: { is_spam: true } } }]);
    state.history = {
      '': { data: firstPage, next: 'page-2' },
      'page-2': { data: [transaction(20, { operationType: 'execute', minedAt: todayAt(60) }, [])], next: null },
    };
    const { core } = await openActivity();
    const list = await screen.findByRole('list', { name: 'Activity, Today' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(18);
    expect(accessibleName(within(list).getAllByRole('listitem')[0]!)).toMatch(/^Sent 1\.5 ETH to 0x7099…79C8 /u);

    // Scroll to the end (again, as a person would, if the first scroll came while the list was busy).
    await waitFor(
      () => {
        act(() => FakeIntersectionObserver.scrollIntoView());
        expect(within(list).getAllByRole('listitem')).toHaveLength(19);
      },
      { timeout: 10_000 },
    );
    expect(accessibleName(within(list).getAllByRole('listitem')[18]!)).toMatch(/^Contract call on 0x7099…79C8 /u);
    expect(api.requestsTo(/\/history$/).map((request) => request.params.get('cursor'))).toEqual([null, 'page-2']);
    // The end: no further page is asked for.
    expect(core.store.get(transactionsAtom).empty).toBe(true);
    expect(screen.queryByTestId('activity-end')).toBeNull();

    // Back on the tab later: the list stays on screen while the newest page is asked for again.
    fireEvent.click(screen.getByRole('tab', { name: 'Tokens' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(within(screen.getByRole('list', { name: 'Activity, Today' })).getAllByRole('listitem')).toHaveLength(19);
    await waitFor(() => expect(api.requestsTo(/\/history$/)).toHaveLength(3));
    expect(api.requestsTo(/\/history$/).at(-1)!.params.get('cursor')).toBeNull();
  }, 30_000);

  it('says when there is no activity', async () => {
    await openActivity();
    await waitFor(() => expect(screen.getByRole('tabpanel').textContent).toBe('No activity yet'));
  });
});
