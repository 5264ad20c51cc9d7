import { afterEach, describe, expect, it } from '@rstest/core';
import { createEip155Adapter } from '../src/adapters/eip155';
import { accountsAtom, activeNetworkAtom, createMemoryStorage, createPorticoCore, initializedAtom, type PorticoCore } from '../src/index';
import { ACCOUNT, ANVIL_ADDRESS, FakeWallet, RECEIVER, anvil, deferred, mainnet, eventually, installWallet, minimalOptions, stopTestCores, testCore } from '@portico/test-kit';

const cores: PorticoCore[] = [];
afterEach(() => {
  for (const core of cores.splice(0)) core.connection.stop();
  stopTestCores();
});

/** A core over the real eip155 adapter and a FakeWallet (its RPC unreachable: balances are not the point here). */
function realAdapterCore(wallet: FakeWallet, storage = createMemoryStorage()) {
  const eventTarget = new EventTarget();
  installWallet(eventTarget, wallet);
  const core = createPorticoCore(minimalOptions({ networks: [{ ...anvil, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }] }), {
    storage,
    eventTarget,
    isMobile: false,
    adapters: { eip155: createEip155Adapter({ eventTarget }) },
  });
  cores.push(core);
  return core;
}

/** Answers eth_accounts only once the test resolves `answer` (a wallet slow to wake after a reload). */
class SlowAccountsWallet extends FakeWallet {
  answer = deferred<void>();
  asked = false;
  override async request(args: { method: string; params?: unknown }): Promise<unknown> {
    if (args.method === 'eth_accounts') {
      this.asked = true;
      await this.answer.promise;
    }
    return super.request(args);
  }
}

const eip155 = (core: PorticoCore) => core.store.get(accountsAtom).eip155;
const listed = (...addresses: string[]) => addresses.map((address) => ({ namespace: 'eip155', address, type: 'eoa' }));

describe('connection: allAccounts (spec: Account in a list)', () => {
  it('every address the wallet granted, checksummed, the active one first', async () => {
    const wallet = new FakeWallet();
    wallet.accounts = [ANVIL_ADDRESS, RECEIVER.toLowerCase()];
    const core = realAdapterCore(wallet);
    await core.connection.start();
    expect(await core.connection.connect('io.fake')).toBe(true);
    expect(eip155(core)).toMatchObject({ address: ACCOUNT, allAccounts: listed(ACCOUNT, RECEIVER) });
  });

  it('one granted address: a list of one', async () => {
    const { core } = await testCore({ connect: true });
    expect(eip155(core)?.allAccounts).toEqual(listed(ACCOUNT));
  });

  it('follows accountsChanged, keeps the list on chainChanged, empties on disconnect', async () => {
    const wallet = new FakeWallet();
    wallet.accounts = [ANVIL_ADDRESS, RECEIVER];
    const core = realAdapterCore(wallet);
    await core.connection.start();
    await core.connection.connect('io.fake');

    wallet.emit('accountsChanged', [RECEIVER, ANVIL_ADDRESS]);
    await eventually(() => expect(eip155(core)).toMatchObject({ address: RECEIVER, allAccounts: listed(RECEIVER, ACCOUNT) }));

    wallet.emit('chainChanged', '0x1');
    await eventually(() => expect(eip155(core)?.caipAddress).toBe(`eip155:1:${RECEIVER}`));
    expect(eip155(core)?.allAccounts).toEqual(listed(RECEIVER, ACCOUNT));

    await core.connection.disconnect();
    expect(eip155(core)?.allAccounts).toBeUndefined();
  });
});

describe('connection: allAccounts with their types (the embedded wallet; issue 12)', () => {
  it("a connector that names its accounts' types lists them; a switch and a chain change keep them typed", async () => {
    const typed = (...accounts: [string, string][]) => accounts.map(([address, type]) => ({ namespace: 'eip155', address, type }));
    const { core, adapter } = await testCore({
      adapter: { account: { address: RECEIVER, chainReference: '31337', addresses: [RECEIVER, ACCOUNT], accountTypes: ['smartAccount', 'eoa'] } },
      connect: true,
    });
    expect(eip155(core)).toMatchObject({ address: RECEIVER, allAccounts: typed([RECEIVER, 'smartAccount'], [ACCOUNT, 'eoa']) });

    adapter.walletEvents!.accountsChanged([ACCOUNT, RECEIVER], ['eoa', 'smartAccount']);
    await eventually(() => expect(eip155(core)).toMatchObject({ address: ACCOUNT, allAccounts: typed([ACCOUNT, 'eoa'], [RECEIVER, 'smartAccount']) }));

    adapter.walletEvents!.chainChanged('1');
    await eventually(() => expect(eip155(core)?.caipAddress).toBe(`eip155:1:${ACCOUNT}`));
    expect(eip155(core)?.allAccounts).toEqual(typed([ACCOUNT, 'eoa'], [RECEIVER, 'smartAccount']));

    // Without types (every other wallet): EOAs.
    adapter.walletEvents!.accountsChanged([RECEIVER]);
    await eventually(() => expect(eip155(core)?.allAccounts).toEqual(listed(RECEIVER)));
  });
});

describe("connection: the embedded wallet's user (AppKit's embeddedWalletInfo)", () => {
  it('is kept while the wallet moves between its accounts, and gone after a disconnect', async () => {
    const user = { email: 'ada@example.com', authProvider: 'email', smartAccountDeployed: true };
    const { core, adapter } = await testCore({ adapter: { account: { address: RECEIVER, chainReference: '31337', addresses: [RECEIVER, ACCOUNT], user } }, connect: true });
    expect(eip155(core)?.user).toEqual(user);
    adapter.walletEvents!.accountsChanged([ACCOUNT, RECEIVER]);
    await eventually(() => expect(eip155(core)?.address).toBe(ACCOUNT));
    expect(eip155(core)?.user).toEqual(user);
    await core.connection.disconnect();
    expect(eip155(core)?.user).toBeUndefined();
  });
});

describe('connection: a wallet moving network with new addresses', () => {
  it('addresses reported with their chain settle on that pair at once, never the new address on the old chain', async () => {
    const { core, adapter } = await testCore({ options: { networks: [anvil, mainnet] }, connect: true });
    const pairs: Array<string | undefined> = [];
    const stop = core.store.sub(accountsAtom, () => pairs.push(eip155(core)?.caipAddress));
    adapter.walletEvents!.accountsChanged([RECEIVER], undefined, '1');
    await eventually(() => expect(eip155(core)?.caipAddress).toBe(`eip155:1:${RECEIVER}`));
    stop();
    expect(pairs).not.toContain(`eip155:31337:${RECEIVER}`);
    expect(core.store.get(activeNetworkAtom)?.caipNetworkId).toBe('eip155:1');
  });
});

describe('connection: initializedAtom', () => {
  it('turns true once the stored session has been restored, not before', async () => {
    const storage = createMemoryStorage();
    const core = realAdapterCore(new FakeWallet(), storage);
    await core.connection.start();
    await core.connection.connect('io.fake');

    // A reload: a new core over the same storage, whose wallet answers eth_accounts when the test says.
    const reloaded = new SlowAccountsWallet();
    reloaded.authorized = true;
    const next = realAdapterCore(reloaded, storage);
    const started = next.connection.start();
    await eventually(() => expect(reloaded.asked).toBe(true));
    expect(next.store.get(initializedAtom)).toBe(false);
    reloaded.answer.resolve();
    await started;
    expect(next.store.get(initializedAtom)).toBe(true);
    expect(eip155(next)).toMatchObject({ status: 'connected', address: ACCOUNT });
  });

  it('also when there was nothing to restore', async () => {
    const { core } = await testCore();
    expect(core.store.get(initializedAtom)).toBe(true);
  });
});
