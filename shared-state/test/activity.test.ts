/**
 * Activity rows from the API's history (src/activity.ts): the kind, what moved and the counterparty a person
 * reads, the day a row is listed under, and what a hostile token's name cannot do to a row.
 */
import { describe, expect, it } from '@rstest/core';
import { activityDay, activityTime, cleanText, dayHeading, describeActivity, groupByDay, type ActivityEntry } from '../src/activity';
import type { Transaction } from '../src/api/blockchain';

const ME = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const PUSD = '0x4c0649De3D2d42E5fC9DDE1C9a2CcCC3D9f40C32';
const ROUTER = '0x84eA74d481Ee0A5332c457a4d796187F6Ba67fEB';
const PAIR = '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984';
const ZERO = '0x0000000000000000000000000000000000000000';
const UTC = 'UTC';

const pusd = { name: 'Portico USD', symbol: 'PUSD', icon: { url: 'https://api.test/v1/token-images/PUSD' } };
const ptk = { name: 'Portico Token', symbol: 'PTK' };
const eth = { name: 'Ether', symbol: 'ETH' };

function tx(metadata: Partial<Transaction['metadata']>, transfers: Transaction['transfers'] = [], approvals?: Transaction['approvals']): Transaction {
  return {
    id: 'tx-1',
    metadata: { operationType: 'execute', minedAt: '2025-03-14T15:09:26.000Z', chain: 'eip155:31337', sentFrom: ME, status: 'confirmed', ...metadata },
    transfers,
    ...(approvals ? { approvals } : {}),
  };
}
const describe_ = (transaction: Transaction, locale = 'en-US') => describeActivity(transaction, ME, locale, UTC);

describe('what a row says', () => {
  it('an ERC-20 send names its recipient, not the token contract the transaction went to', () => {
    const row = describe_(tx({ operationType: 'send', sentTo: PUSD }, [
      { direction: 'out', quantity: { numeric: '1.5' }, fungible_info: pusd, sender: ME, recipient: RECEIVER, value: 1.5 },
    ]));
    expect(row).toMatchObject({ kind: 'sent', asset: { text: '1.5 PUSD', symbol: 'PUSD' }, counterparty: '0x90F7…b906', toSelf: false, more: 0, value: 1.5 });
  });

  it('a receipt names its sender; amounts in the locale’s digits', () => {
    const row = describe_(tx({ operationType: 'receive', sentTo: PUSD }, [
      { direction: 'in', quantity: { numeric: '1234.5' }, fungible_info: pusd, sender: RECEIVER, recipient: ME },
    ]), 'de');
    expect(row).toMatchObject({ kind: 'received', asset: { text: '1.234,5 PUSD' }, counterparty: '0x90F7…b906' });
  });

  it('a swap: its leg out and its leg in, no "+1 more"', () => {
    const row = describe_(tx({ operationType: 'trade', sentTo: ROUTER }, [
      { direction: 'out', quantity: { numeric: '10' }, fungible_info: pusd, sender: ME, recipient: PAIR, value: 10 },
      { direction: 'in', quantity: { numeric: '9.87' }, fungible_info: ptk, sender: PAIR, recipient: ME },
    ]));
    expect(row).toMatchObject({ kind: 'swapped', asset: { text: '10 PUSD' }, received: { text: '9.87 PTK', symbol: 'PTK' }, more: 0, value: 10 });
    expect(row.counterparty).toBeUndefined();
  });

  it('an approval: the amount and the spender by name; unlimited, or an unknown spender by its shortened address', () => {
    const exact = describe_(tx({ operationType: 'approve', sentTo: PUSD, method: 'approve' }, [], [
      { fungible_info: pusd, quantity: { numeric: '100' }, unlimited: false, spender: { address: ROUTER, name: 'Portico Exchange' } },
    ]));
    expect(exact).toMatchObject({ kind: 'approved', asset: { text: '100 PUSD', symbol: 'PUSD' }, unlimited: false, counterparty: 'Portico Exchange' });
    const unlimited = describe_(tx({ operationType: 'approve', sentTo: PUSD }, [], [{ fungible_info: pusd, unlimited: true, spender: { address: RECEIVER } }]));
    expect(unlimited).toMatchObject({ kind: 'approved', asset: { text: 'PUSD' }, unlimited: true, counterparty: '0x90F7…b906' });
  });

  it('a call that moved nothing: its function where known, the contract it went to', () => {
    expect(describe_(tx({ sentTo: PUSD, method: 'register' }))).toMatchObject({ kind: 'call', method: 'register', counterparty: '0x4c06…0C32' });
    expect(describe_(tx({ sentTo: PUSD }))).toMatchObject({ kind: 'call', counterparty: '0x4c06…0C32' });
    expect(describe_(tx({ sentTo: PUSD })).method).toBeUndefined();
    // Not an identifier: not shown as a function name.
    expect(describe_(tx({ sentTo: PUSD, method: 'Sent 1000 ETH to you' })).method).toBeUndefined();
  });

  it('failed: whatever it tried, with its function', () => {
    const row = describe_(tx({ status: 'failed', sentTo: PUSD, method: 'transfer' }));
    expect(row).toMatchObject({ kind: 'failed', method: 'transfer', counterparty: '0x4c06…0C32' });
  });

  it('a mint (from the zero address): what came, no counterparty; NFTs by name, ERC-1155 with their count', () => {
    const row = describe_(tx({ operationType: 'mint' }, [
      { direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Portico Collectible #3', content: { preview: { url: 'data:image/svg+xml;base64,AA' } }, flags: { is_spam: false } }, sender: ZERO, recipient: ME },
    ]));
    expect(row).toMatchObject({ kind: 'minted', asset: { text: 'Portico Collectible #3', imageUrl: 'data:image/svg+xml;base64,AA' } });
    expect(row.counterparty).toBeUndefined();
    const many = describe_(tx({ operationType: 'receive' }, [
      { direction: 'in', quantity: { numeric: '2' }, nft_info: { name: 'Multi token', flags: { is_spam: false } }, sender: RECEIVER, recipient: ME },
    ]));
    expect(many).toMatchObject({ kind: 'received', asset: { text: '2 × Multi token' }, counterparty: '0x90F7…b906' });
  });

  it('a send to oneself says so; several assets the same way: one named, the rest counted; spam named only when alone', () => {
    expect(describe_(tx({}, [{ direction: 'self', quantity: { numeric: '1' }, fungible_info: eth, sender: ME, recipient: ME }]))).toMatchObject({ kind: 'sent', toSelf: true });
    const two = describe_(tx({}, [
      { direction: 'in', nft_info: { name: 'Claim your prize', flags: { is_spam: true } }, sender: RECEIVER, recipient: ME },
      { direction: 'in', quantity: { numeric: '5' }, fungible_info: pusd, sender: RECEIVER, recipient: ME },
      { direction: 'in', quantity: { numeric: '1' }, fungible_info: ptk, sender: RECEIVER, recipient: ME },
    ]));
    expect(two).toMatchObject({ kind: 'received', asset: { text: '5 PUSD' }, more: 1 });
  });
});

describe('a hostile token', () => {
  it('cannot reorder, hide or stretch a row: bidi and invisible characters go, symbols lose spaces, lengths are capped', () => {
    const symbol = 'PUSD\u202E0x90F7\u200B to 0xEvil…';
    const row = describe_(tx({}, [{ direction: 'in', quantity: { numeric: '1' }, fungible_info: { symbol }, sender: RECEIVER, recipient: ME }]));
    expect(row.asset!.text).toBe('1 PUSD0x90F7t…');
    expect(row.asset!.symbol).toHaveLength(12);
    const name = `Claim\u0000 ${'A'.repeat(100)}\n\u2066x`;
    const nft = describe_(tx({}, [{ direction: 'in', quantity: { numeric: '1' }, nft_info: { name, flags: { is_spam: false } }, sender: RECEIVER, recipient: ME }]));
    expect([...nft.asset!.text]).toHaveLength(40);
    expect(nft.asset!.text).toMatch(/^Claim A+…$/);
    expect(cleanText('Z\u0336\u0336\u0336\u0336a', 10)).toBe('Z\u0336\u0336a');
  });
});

describe('days', () => {
  const now = Date.parse('2025-03-14T18:00:00Z');
  const entry = (id: string, minedAt: string): ActivityEntry => ({ ...describe_(tx({ minedAt })), id });

  it('the day is the viewer’s calendar day (its time zone), and rows are grouped in runs of one day', () => {
    expect(activityDay('2025-03-14T23:30:00Z', 'UTC')).toBe('2025-03-14');
    expect(activityDay('2025-03-14T23:30:00Z', 'Asia/Tokyo')).toBe('2025-03-15');
    expect(activityDay('nonsense')).toBe('');
    const rows = [entry('a', '2025-03-14T17:00:00Z'), entry('b', '2025-03-14T01:00:00Z'), entry('c', '2025-03-13T12:00:00Z'), entry('d', '2024-12-31T12:00:00Z')];
    expect(groupByDay(rows).map((group) => [group.day, group.entries.map((row) => row.id)])).toEqual([
      ['2025-03-14', ['a', 'b']],
      ['2025-03-13', ['c']],
      ['2024-12-31', ['d']],
    ]);
  });

  it('headings: today, yesterday, then the date in the locale (with the year when not this year’s)', () => {
    expect(dayHeading('2025-03-14', now, 'en-US', UTC)).toBe('today');
    expect(dayHeading('2025-03-13', now, 'en-US', UTC)).toBe('yesterday');
    expect(dayHeading('2025-03-10', now, 'en-US', UTC)).toEqual({ date: 'Monday, March 10' });
    expect(dayHeading('2025-03-10', now, 'de', UTC)).toEqual({ date: 'Montag, 10. März' });
    expect(dayHeading('2024-12-31', now, 'en-US', UTC)).toEqual({ date: 'December 31, 2024' });
    // Across a month's end and in another zone: "yesterday" is the calendar day before.
    expect(dayHeading('2025-02-28', Date.parse('2025-03-01T00:30:00Z'), 'en-US', UTC)).toBe('yesterday');
    expect(dayHeading('2025-03-14', now, 'en-US', 'Pacific/Kiritimati')).toBe('yesterday');
  });

  it('the time of day in the locale; a malformed locale tag falls back to en-US', () => {
    expect(activityTime('2025-03-14T15:09:26Z', 'en-US', UTC)).toMatch(/^3:09\sPM$/u);
    expect(activityTime('2025-03-14T15:09:26Z', 'de', UTC)).toBe('15:09');
    expect(activityTime('2025-03-14T15:09:26Z', 'not a locale!', UTC)).toMatch(/^3:09\sPM$/u);
  });
});
