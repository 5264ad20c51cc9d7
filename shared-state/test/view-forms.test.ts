import { afterEach, describe, expect, it } from '@rstest/core';
import { namesAtom, sendAtom, swapAtom } from '../src/index';
import { stopTestCores, testCore } from '@portico/test-kit';

afterEach(stopTestCores);

describe('the send, swap and names forms load with their views', () => {
  it('a view without a form is prepared at once; before its form has arrived a setter waits, once prepared it updates at once', async () => {
    const { core } = await testCore({ start: false });
    expect(core.viewPrepared('Account')).toBe(true);
    await core.prepareView('Account');
    expect(core.viewPrepared('WalletSend')).toBe(false);

    core.send.setAmount('1');
    expect(core.store.get(sendAtom).sendTokenAmount).toBe('');
    await core.prepareView('WalletSend');
    expect(core.store.get(sendAtom).sendTokenAmount).toBe('1');
    core.send.setAmount('2');
    expect(core.store.get(sendAtom).sendTokenAmount).toBe('2');
    // Pay sends through the same form.
    expect(core.viewPrepared('Pay')).toBe(true);

    expect(core.viewPrepared('Swap')).toBe(false);
    await core.prepareView('Swap');
    core.swap.setAmount('3');
    expect(core.store.get(swapAtom).sourceTokenAmount).toBe('3');

    expect(core.viewPrepared('RegisterAccountName')).toBe(false);
    await core.prepareView('RegisterAccountName');
    expect(core.viewPrepared('RegisterAccountNameSuccess')).toBe(true);
    core.names.setLabel('alice');
    expect(core.store.get(namesAtom)).toMatchObject({ label: 'alice', availability: 'pending' });
  });

  it("a form's code is fetched once per page: another instance's view is prepared at once", async () => {
    const { core } = await testCore({ start: false });
    await core.prepareView('WalletSend');
    const other = (await testCore({ start: false })).core;
    expect(other.viewPrepared('WalletSend')).toBe(true);
    other.send.setReceiver('alice.portico.eth');
    expect(other.store.get(sendAtom).receiverAddress).toBe('alice.portico.eth');
    expect(core.store.get(sendAtom).receiverAddress).toBe('');
  });
});
