/**
 * The embedded wallet's account type store (embedded/account-type.ts; issue 12, spec sections 3, 5, 8): the active
 * type from the secure site's user, the stored choice (and what corrupt storage reads as), the switch over
 * SET_PREFERRED_ACCOUNT with its notice, busy state and errors in the secure site's words.
 */
import { describe, expect, it } from '@rstest/core';
import { createAccountTypeStore, PREFERRED_ACCOUNT_TYPES_KEY, SMART_ACCOUNT_NOTICE } from '../src/embedded/account-type';
import type { FrameChannel } from '../src/embedded/channel-types';
import { EmbeddedWalletError } from '../src/embedded/errors';
import type { EmbeddedAccountType } from '../src/embedded/fields';
import { createMemoryStorage, type KeyValueStorage } from '../src/storage';

const EOA = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
const SMART = '0x5ca1ab1e00000000000000000000000000004337';
const bothAccounts = (type: EmbeddedAccountType = 'eoa') => ({
  address: type === 'eoa' ? EOA : SMART,
  chainId: 31337,
  accounts: [
    { address: EOA, type: 'eoa' as const },
    { address: SMART, type: 'smartAccount' as const },
  ],
  smartAccountDeployed: false,
});

/** The store over a secure site whose SET_PREFERRED_ACCOUNT answers `answer` (or waits for the test with `held`). */
function accountTypeStore({
  storage = createMemoryStorage(),
  defaultType = 'smartAccount' as EmbeddedAccountType,
  answer = (type: EmbeddedAccountType): unknown => ({ type, address: type === 'eoa' ? EOA : SMART }),
} = {}) {
  const sent: unknown[] = [];
  const switchedTo: string[] = [];
  const switchedTypes: string[] = [];
  let release: (() => void) | undefined;
  let holding = false;
  const channel = {
    async request(name: string, payload: { type: EmbeddedAccountType }) {
      sent.push({ name, payload });
      if (holding) await new Promise<void>((resolve) => (release = resolve));
      return answer(payload.type);
    },
  } as unknown as Pick<FrameChannel, 'request'>;
  const store = createAccountTypeStore({ channel, storage, defaultType, onSwitched: (address, type) => (switchedTo.push(address), switchedTypes.push(type)) });
  return { store, storage, sent, switchedTo, switchedTypes, hold: () => (holding = true), release: () => release?.() };
}

describe('account type: what GET_USER asks for (spec sections 3 and 5)', () => {
  it("the host's default until the person chose; then the stored choice", async () => {
    expect(accountTypeStore().store.preferred()).toBe('smartAccount');
    expect(accountTypeStore({ defaultType: 'eoa' }).store.preferred()).toBe('eoa');
    const { store, storage } = accountTypeStore({ defaultType: 'eoa' });
    store.update(bothAccounts('eoa'));
    await store.switchTo('smartAccount');
    expect(JSON.parse(storage.getItem(PREFERRED_ACCOUNT_TYPES_KEY)!)).toEqual({ eip155: 'smartAccount' });
    expect(store.preferred()).toBe('smartAccount');
    // A new page load reads it back.
    expect(accountTypeStore({ storage, defaultType: 'eoa' }).store.preferred()).toBe('smartAccount');
  });

  it('a corrupt or foreign stored value, or storage that throws, reads as no choice', () => {
    for (const value of ['{', '"eoa"', '{"eip155":"smart"}', 'null', '[]']) {
      const storage = createMemoryStorage();
      storage.setItem(PREFERRED_ACCOUNT_TYPES_KEY, value);
      expect(accountTypeStore({ storage, defaultType: 'eoa' }).store.preferred()).toBe('eoa');
    }
    const blocked: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(accountTypeStore({ storage: blocked }).store.preferred()).toBe('smartAccount');
  });
});

describe('account type: the user the secure site answered', () => {
  it('the active type is the connected address’s; a smart account is offered only when the user has one', () => {
    const { store } = accountTypeStore();
    expect(store.getSnapshot()).toMatchObject({ active: 'eoa', smartAccountAvailable: false });
    store.update(bothAccounts('smartAccount'));
    expect(store.getSnapshot()).toMatchObject({ active: 'smartAccount', smartAccountAvailable: true, smartAccountDeployed: false });
    expect(store.address()).toBe(SMART);
    store.update({ address: EOA, chainId: 1, accounts: [{ address: EOA.toLowerCase(), type: 'eoa' }] });
    expect(store.getSnapshot()).toMatchObject({ active: 'eoa', smartAccountAvailable: false });
    store.update({ ...bothAccounts('smartAccount'), smartAccountDeployed: true });
    expect(store.getSnapshot().smartAccountDeployed).toBe(true);
    store.reset();
    expect(store.getSnapshot()).toMatchObject({ active: 'eoa', smartAccountAvailable: false });
    expect(store.address()).toBeUndefined();
  });
});

describe("account type: the user's accounts, the smart-account networks, the deployment", () => {
  it('lists the accounts with their types, the connected (or the named) one first; an unlisted address is an EOA', async () => {
    const { store } = accountTypeStore();
    expect(store.accounts()).toEqual([]);
    store.update(bothAccounts('smartAccount'));
    expect(store.accounts()).toEqual([
      { address: SMART, type: 'smartAccount' },
      { address: EOA, type: 'eoa' },
    ]);
    expect(store.accounts(EOA.toLowerCase())).toEqual([
      { address: EOA, type: 'eoa' },
      { address: SMART, type: 'smartAccount' },
    ]);
    const stranger = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(store.accounts(stranger)[0]).toEqual({ address: stranger, type: 'eoa' });
    await store.switchTo('eoa');
    expect(store.accounts().map((account) => account.address)).toEqual([EOA, SMART]);
    store.reset();
    expect(store.accounts()).toEqual([]);
  });

  it('offers the switch only on the networks with smart accounts, as soon as the chain changes (before GET_USER)', () => {
    const { store } = accountTypeStore();
    store.update(bothAccounts('eoa'));
    expect(store.getSnapshot().smartAccountAvailable).toBe(true); // networks not known yet: GET_USER's list decides
    store.setSmartAccountNetworks([31337]);
    expect(store.getSnapshot().smartAccountAvailable).toBe(true);
    store.setChain(1);
    expect(store.getSnapshot().smartAccountAvailable).toBe(false);
    store.setChain(31337);
    expect(store.getSnapshot().smartAccountAvailable).toBe(true);
    store.setSmartAccountNetworks([]);
    expect(store.getSnapshot().smartAccountAvailable).toBe(false);
    // A sign-out forgets them (they are asked once per connection).
    store.reset();
    store.update(bothAccounts('eoa'));
    expect(store.getSnapshot().smartAccountAvailable).toBe(true);
  });

  it("INIT_SMART_ACCOUNT's answer sets the deployment for the user's smart account only", () => {
    const { store } = accountTypeStore();
    store.update(bothAccounts('smartAccount'));
    store.setDeployed({ address: EOA, isDeployed: true });
    store.setDeployed({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', isDeployed: true });
    expect(store.getSnapshot().smartAccountDeployed).toBe(false);
    store.setDeployed({ address: SMART.toUpperCase().replace('0X', '0x'), isDeployed: true });
    expect(store.getSnapshot().smartAccountDeployed).toBe(true);
  });
});

describe('account type: switching (SET_PREFERRED_ACCOUNT)', () => {
  it("switches to the answered address, says spec section 8's notice for a smart account, and back without it", async () => {
    const { store, sent, switchedTo, switchedTypes } = accountTypeStore();
    store.update(bothAccounts('eoa'));
    await store.switchTo('smartAccount');
    expect(sent).toEqual([{ name: 'SET_PREFERRED_ACCOUNT', payload: { type: 'smartAccount' } }]);
    expect(switchedTo).toEqual([SMART]);
    expect(store.address()).toBe(SMART);
    expect(store.getSnapshot()).toMatchObject({ active: 'smartAccount', busy: false, notice: SMART_ACCOUNT_NOTICE });
    expect(SMART_ACCOUNT_NOTICE).toBe('This application might not support Smart Accounts');
    await store.switchTo('eoa');
    expect(switchedTo).toEqual([SMART, EOA]);
    expect(switchedTypes).toEqual(['smartAccount', 'eoa']);
    expect(store.getSnapshot()).toMatchObject({ active: 'eoa', notice: undefined });
  });

  it('busy while the secure site answers: a second switch (double click) sends nothing; the active type sends nothing', async () => {
    const { store, sent, hold, release } = accountTypeStore();
    store.update(bothAccounts('eoa'));
    await store.switchTo('eoa');
    expect(sent).toHaveLength(0);
    hold();
    const switching = store.switchTo('smartAccount');
    expect(store.getSnapshot().busy).toBe(true);
    await store.switchTo('smartAccount');
    release();
    await switching;
    expect(sent).toHaveLength(1);
    expect(store.getSnapshot()).toMatchObject({ busy: false, active: 'smartAccount' });
  });

  it("a refusal keeps the account and the stored choice, with the secure site's message", async () => {
    const { store, storage, switchedTo } = accountTypeStore({
      answer: () => {
        throw new EmbeddedWalletError('Smart accounts are not available on this network');
      },
    });
    store.update(bothAccounts('eoa'));
    await store.switchTo('smartAccount');
    expect(store.getSnapshot()).toMatchObject({ active: 'eoa', busy: false, error: 'Smart accounts are not available on this network' });
    expect(store.address()).toBe(EOA);
    expect(switchedTo).toEqual([]);
    expect(storage.getItem(PREFERRED_ACCOUNT_TYPES_KEY)).toBeNull();
  });
});
