/**
 * The batches a wallet_sendCalls sent, as Account reports how they ended (embedded/call-batches.ts, issue 29): over
 * the real embedded provider and both channel ends (fake windows), the secure site answering wallet_getCallsStatus
 * from a table the test writes. Which statuses make a report; what is no longer followed; the limits (how many, how
 * long, how long an id); storage that is corrupt or blocked; a reset while a refresh runs.
 */
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import {
  CALL_BATCH_FOLLOW_MS,
  CALL_BATCHES_KEY,
  createCallBatchStore,
  MAX_CALL_BATCH_ID_LENGTH,
  MAX_FOLLOWED_CALL_BATCHES,
} from '../src/embedded/call-batches';
import { createEmbeddedProvider } from '../src/embedded/provider';
import { createMemoryStorage, type KeyValueStorage } from '../src/storage';
import { track, wiredChannels } from './embedded-fakes';

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const success = { status: '0x1', logs: [] };
const reverted = { status: '0x0', logs: [] };
/** A wallet_sendCalls request of `count` calls, as a dapp sends it. */
const sendCalls = (count: number) => [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: Array.from({ length: count }, () => ({ to: BOB })) }];
/** The secure site's wallet_getCallsStatus answer. */
const status = (id: string, code: number, receipts: object[], atomic = false) => ({ version: '2.0.0', id, chainId: '0x7a69', atomic, status: code, receipts });

beforeEach(() => {
  rs.useFakeTimers();
});
afterEach(() => {
  rs.useRealTimers();
});

/**
 * The store over the provider and the real channels; the secure site answers wallet_getCallsStatus from `statuses`
 * (an Error there: its error reply, with its code). `now` is the test's clock.
 */
async function followedBatches(storage: KeyValueStorage = createMemoryStorage()) {
  const statuses = new Map<string, object | Error>();
  const asked: string[] = [];
  const clock = { now: Date.UTC(2025, 5, 1) };
  const { channel } = await wiredChannels({
    handlers: {
      RPC_REQUEST: async ({ method, params }) => {
        if (method !== 'wallet_getCallsStatus') throw new Error(`unexpected ${method}`);
        const id = (params as string[])[0]!;
        asked.push(id);
        const answer = statuses.get(id);
        if (answer instanceof Error) throw answer;
        if (!answer) throw Object.assign(new Error('Unknown bundle id'), { code: 5730 });
        return { result: answer };
      },
    },
  });
  const provider = createEmbeddedProvider({ channel, account: () => BOB, chainId: () => 31337, onNotAllowed: () => undefined });
  const store = createCallBatchStore({ request: (args) => provider.request(args), storage, now: () => clock.now });
  const refresh = async () => {
    const done = track(store.refresh());
    await rs.advanceTimersByTimeAsync(50);
    expect(done.done).toBe(true);
  };
  const ids = () => (JSON.parse(storage.getItem(CALL_BATCHES_KEY) ?? '[]') as { id: string }[]).map((batch) => batch.id);
  return { store, statuses, asked, clock, refresh, ids, storage };
}

describe('call batches: what the secure site says, as Account reports it', () => {
  it('stopped after 1 of 3 (600, one receipt) and failed at call 2 of 3 (600, the second reverted): reported, newest first, until dismissed', async () => {
    const { store, statuses, refresh, ids } = await followedBatches();
    store.follow(sendCalls(3), { id: 'stopped' });
    store.follow(sendCalls(3), { id: 'failed' });
    statuses.set('stopped', status('stopped', 600, [success]));
    statuses.set('failed', status('failed', 600, [success, reverted]));
    await refresh();
    expect(store.getSnapshot().reports).toEqual([
      { id: 'failed', calls: 3, landed: 2, failedCall: 2 },
      { id: 'stopped', calls: 3, landed: 1 },
    ]);
    store.dismiss('failed');
    expect(store.getSnapshot().reports).toEqual([{ id: 'stopped', calls: 3, landed: 1 }]);
    expect(ids()).toEqual(['stopped']);
  });

  it('500 (the only call landed, reverted) and 400 (nothing landed) are reported too', async () => {
    const { store, statuses, refresh } = await followedBatches();
    store.follow(sendCalls(2), { id: 'reverted' });
    store.follow(sendCalls(2), { id: 'nothing' });
    statuses.set('reverted', status('reverted', 500, [reverted]));
    statuses.set('nothing', status('nothing', 400, []));
    await refresh();
    expect(store.getSnapshot().reports).toEqual([
      { id: 'nothing', calls: 2, landed: 0 },
      { id: 'reverted', calls: 2, landed: 1, failedCall: 1 },
    ]);
  });

  it('pending (100) and a failed ask wait for the next refresh; confirmed (200), an atomic batch that ended and an id the wallet does not know (5730) are followed no more', async () => {
    const { store, statuses, refresh, ids, asked } = await followedBatches();
    for (const id of ['pending', 'unreachable', 'confirmed', 'atomic', 'unknown']) store.follow(sendCalls(2), { id });
    statuses.set('pending', status('pending', 100, [success]));
    statuses.set('unreachable', Object.assign(new Error('The RPC node answered 503'), { code: -32603 }));
    statuses.set('confirmed', status('confirmed', 200, [success, success]));
    statuses.set('atomic', status('atomic', 500, [reverted], true));
    await refresh();
    expect(asked).toEqual(['pending', 'unreachable', 'confirmed', 'atomic', 'unknown']);
    expect(store.getSnapshot().reports).toEqual([]);
    expect(ids()).toEqual(['pending', 'unreachable']);

    statuses.set('pending', status('pending', 600, [success]));
    await refresh();
    expect(store.getSnapshot().reports).toEqual([{ id: 'pending', calls: 2, landed: 1 }]);
  });

  it("follows only a well-formed request and answer; a reload (a new store over the same storage) reports the same; reset forgets all, also a refresh's late answer", async () => {
    const storage = createMemoryStorage();
    const first = await followedBatches(storage);
    first.store.follow(sendCalls(3), { id: 'stopped' });
    first.store.follow([{ calls: [] }], { id: 'no-calls' });
    first.store.follow(sendCalls(1), { nothing: true });
    first.store.follow(sendCalls(1), { id: 'x'.repeat(MAX_CALL_BATCH_ID_LENGTH + 1) });
    first.store.follow(sendCalls(1), { id: 'y'.repeat(MAX_CALL_BATCH_ID_LENGTH) });
    expect(first.ids()).toEqual(['stopped', 'y'.repeat(MAX_CALL_BATCH_ID_LENGTH)]);

    const reloaded = await followedBatches(storage);
    reloaded.statuses.set('stopped', status('stopped', 600, [success]));
    await reloaded.refresh();
    expect(reloaded.store.getSnapshot().reports).toEqual([{ id: 'stopped', calls: 3, landed: 1 }]);

    const late = track(reloaded.store.refresh());
    reloaded.store.reset();
    await rs.advanceTimersByTimeAsync(50);
    expect(late.done).toBe(true);
    expect(reloaded.store.getSnapshot().reports).toEqual([]);
    expect(storage.getItem(CALL_BATCHES_KEY)).toBeNull();
  });
});

describe('call batches: limits and storage', () => {
  it(`follows at most ${MAX_FOLLOWED_CALL_BATCHES} batches, the oldest dropped first`, async () => {
    const { store, ids } = await followedBatches();
    for (let n = 1; n <= MAX_FOLLOWED_CALL_BATCHES + 1; n += 1) store.follow(sendCalls(1), { id: `batch-${n}` });
    expect(ids()).toEqual(Array.from({ length: MAX_FOLLOWED_CALL_BATCHES }, (_, n) => `batch-${n + 2}`));
  });

  it(`follows a batch for ${CALL_BATCH_FOLLOW_MS / 3_600_000} hours from its sending`, async () => {
    const { store, statuses, refresh, clock, asked } = await followedBatches();
    store.follow(sendCalls(2), { id: 'stopped' });
    statuses.set('stopped', status('stopped', 600, [success]));
    clock.now += CALL_BATCH_FOLLOW_MS - 1;
    await refresh();
    expect(store.getSnapshot().reports).toHaveLength(1);
    clock.now += 1;
    await refresh();
    expect(store.getSnapshot().reports).toEqual([]);
    expect(asked).toEqual(['stopped']);
  });

  it('corrupt storage reads as nothing followed; storage that throws loses the follow-up, never the send', async () => {
    const corrupt = createMemoryStorage();
    corrupt.setItem(CALL_BATCHES_KEY, '{"not":"a list"');
    const { store, refresh, asked } = await followedBatches(corrupt);
    await refresh();
    expect(asked).toEqual([]);

    const blocked: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const unstored = await followedBatches(blocked);
    expect(() => unstored.store.follow(sendCalls(1), { id: 'lost' })).not.toThrow();
    await unstored.refresh();
    expect(unstored.asked).toEqual([]);
    expect(store.getSnapshot().reports).toEqual([]);
  });
});
