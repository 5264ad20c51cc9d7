import { afterEach, describe, expect, it } from '@rstest/core';
import { sendAtom } from '../src/index';
import { PENDING_TRANSACTIONS_MAX } from '../src/constants';
import { createSendController } from '../src/controllers/send';
import { RECEIVER, anvil, devchainBalance, eventually, stopTestCores, testCore } from '@portico/test-kit';

const ETH = devchainBalance('ETH', '10');
const hashOf = (index: number) => `0x${index.toString(16).padStart(64, '0')}`;

/** A connected send flow whose wallet answers hash 1, 2, 3, … and whose receipts arrive when the test says. */
async function pendingSends() {
  const { core, adapter, events } = await testCore({ options: { networks: [anvil] }, connect: true });
  let sent = 0;
  adapter.sendTransfer = async () => hashOf(++sent);
  const receipts = new Map<string, (status: 'success' | 'reverted') => void>();
  adapter.waitForTransaction = (hash) => new Promise((resolve) => receipts.set(hash, (status) => resolve({ hash, status })));
  const refreshed: number[] = [];
  const send = createSendController({ store: core.store, adapters: { eip155: adapter }, events: core.events, onSent: () => refreshed.push(sent) });
  /** Fills the form and sends; resolves once the wallet answered, with the send still waiting for its receipt. */
  async function sendOne(): Promise<{ done: Promise<boolean> }> {
    send.reset();
    send.setToken(ETH);
    send.setAmount('1');
    send.setReceiver(RECEIVER);
    const done = send.send();
    await eventually(() => expect(core.store.get(sendAtom)).toMatchObject({ status: 'pending', pendingHash: hashOf(sent) }));
    return { done };
  }
  const mined = (index: number, status: 'success' | 'reverted' = 'success') => receipts.get(hashOf(index))!(status);
  const tracked = (hash: string) => events.filter((event) => event.data.properties?.hash === hash).map((event) => event.data.event);
  return { send, sendOne, mined, refreshed, tracked, state: () => core.store.get(sendAtom) };
}

describe('pending transactions (spec §9: 99)', () => {
  afterEach(stopTestCores);

  it('a receipt for a transaction no longer on screen refreshes the balances and leaves the form alone', async () => {
    const flow = await pendingSends();
    const first = await flow.sendOne();
    const second = await flow.sendOne();
    expect(flow.state()).toMatchObject({ status: 'pending', pendingHash: hashOf(2) });

    flow.mined(1);
    expect(await first.done).toBe(true);
    expect(flow.refreshed).toHaveLength(1);
    expect(flow.tracked(hashOf(1))).toEqual(['SEND_SUCCESS']);
    expect(flow.state()).toMatchObject({ status: 'pending', pendingHash: hashOf(2), sendTokenAmount: '1' });

    flow.mined(2, 'reverted');
    expect(await second.done).toBe(false);
    expect(flow.state()).toMatchObject({ status: 'failed', pendingHash: hashOf(2), error: 'The transaction was reverted on chain.' });
  });

  it(`follows at most ${PENDING_TRANSACTIONS_MAX}: past that the oldest is let go, and its receipt changes nothing`, async () => {
    expect(PENDING_TRANSACTIONS_MAX).toBe(99);
    const flow = await pendingSends();
    const sends: Array<Promise<boolean>> = [];
    for (let index = 1; index <= PENDING_TRANSACTIONS_MAX + 1; index += 1) sends.push((await flow.sendOne()).done);
    expect(flow.state().pendingHash).toBe(hashOf(PENDING_TRANSACTIONS_MAX + 1));

    flow.mined(1);
    expect(await sends[0]).toBe(false);
    expect(flow.refreshed).toEqual([]);
    expect(flow.tracked(hashOf(1))).toEqual([]);

    // The second oldest is still followed.
    flow.mined(2);
    expect(await sends[1]).toBe(true);
    expect(flow.refreshed).toHaveLength(1);

    // And the one on screen still moves the form.
    flow.mined(PENDING_TRANSACTIONS_MAX + 1);
    expect(await sends[PENDING_TRANSACTIONS_MAX]).toBe(true);
    expect(flow.state()).toMatchObject({ status: 'success', lastTransaction: { hash: hashOf(PENDING_TRANSACTIONS_MAX + 1) } });
  });
});
