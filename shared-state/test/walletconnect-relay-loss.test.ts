import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@rstest/core';
import { pairSurvivingRelayLoss } from '../src/walletconnect/universal';

/** A UniversalProvider stand-in: each pairing call shows a new URI and waits for the test to settle it. */
function fakeProvider() {
  const events = new EventEmitter();
  const relayer = new EventEmitter();
  const attempts: Array<{ uri: string; approve(): void; fail(error: Error): void }> = [];
  const provider = {
    on: (event: string, listener: (...args: any[]) => void) => events.on(event, listener),
    removeListener: (event: string, listener: (...args: any[]) => void) => events.removeListener(event, listener),
    client: { core: { relayer } },
  };
  /** Stands for connect() or authenticate(): resolves with the attempt's number once approved. */
  const pair = () =>
    new Promise<number>((resolve, reject) => {
      const uri = `wc:${attempts.length + 1}@2`;
      const attempt = attempts.length + 1;
      attempts.push({ uri, approve: () => resolve(attempt), fail: reject });
      queueMicrotask(() => events.emit('display_uri', uri));
    });
  return { provider: provider as unknown as Parameters<typeof pairSurvivingRelayLoss>[0], pair, attempts, relayer, events };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('pairing when the relay connection drops (walletconnect/universal)', () => {
  it('withdraws the shown URI and pairs again with a fresh one; the fresh approval completes', async () => {
    const { provider, pair, attempts, relayer, events } = fakeProvider();
    const shown: Array<string | undefined> = [];
    events.on('display_uri', (uri: string) => shown.push(uri));
    const paired = pairSurvivingRelayLoss(provider, pair, (uri) => shown.push(uri));
    await tick();
    expect(shown).toEqual(['wc:1@2']);

    relayer.emit('relayer_disconnect');
    await tick();
    expect(shown).toEqual(['wc:1@2', undefined]);
    // The retry waits the spec's 1 s gap, then a new pairing shows its URI.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(attempts).toHaveLength(2);
    expect(shown.at(-1)).toBe('wc:2@2');

    attempts[1]!.approve();
    // The wallet's answer to the fresh pairing is what the caller gets (authenticate's CACAOs).
    await expect(paired).resolves.toBe(2);
    // The abandoned proposal failing later is swallowed, not an unhandled rejection.
    attempts[0]!.fail(new Error('Proposal expired'));
    expect(relayer.listenerCount('relayer_disconnect')).toBe(0);
  });

  it("after a URI was shown, a failure is the wallet's answer and reaches the caller", async () => {
    const { provider, pair, attempts } = fakeProvider();
    const paired = pairSurvivingRelayLoss(provider, pair, () => undefined);
    await tick();
    attempts[0]!.fail(new Error('User rejected.'));
    await expect(paired).rejects.toThrow('User rejected.');
    expect(attempts).toHaveLength(1);
  });

  it('an approval without a relay drop pairs once', async () => {
    const { provider, pair, attempts, relayer } = fakeProvider();
    const paired = pairSurvivingRelayLoss(provider, pair, () => undefined);
    await tick();
    attempts[0]!.approve();
    await expect(paired).resolves.toBe(1);
    expect(attempts).toHaveLength(1);
    expect(relayer.listenerCount('relayer_disconnect')).toBe(0);
  });
});
