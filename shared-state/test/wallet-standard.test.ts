// Issue 29 for the Wallet Standard: a page registering hostile solana or bitcoin wallets meets the rules EIP-6963
// announcements meet (adapters/wallet-info.ts), through each adapter's own discovery.
import { setMaxListeners } from 'node:events';
import { afterEach, describe, expect, it } from '@rstest/core';
import {
  BitcoinTestWallet,
  SolanaTestWallet,
  bitcoinMainnet,
  minimalOptions,
  registerSolanaWallet as registerWallet,
  solanaLocalnet,
} from '@portico/test-kit';
import type { Wallet } from '@wallet-standard/base';
import { createBip122Adapter } from '../src/adapters/bip122/adapter';
import { createSolanaAdapter } from '../src/adapters/solana/adapter';
import type { ChainAdapter, Connector } from '../src/adapters/types';
import { MAX_ANNOUNCED_WALLETS, MAX_WALLET_NAME_LENGTH, visibleWalletName } from '../src/adapters/wallet-info';
import { CONNECTOR_IDS } from '../src/constants';
import { createMemoryStorage, createPorticoCore, type PorticoCore } from '../src/index';

// Wallet Standard discovery (`@wallet-standard/app`) talks to the page's global window. Each registered wallet
// listens there for the app, as an extension does: the flood is more listeners than Node's leak warning expects.
const page = new EventTarget();
(globalThis as { window?: unknown }).window = page;
setMaxListeners(MAX_ANNOUNCED_WALLETS * 2, page);

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const NAMESPACES: Array<{
  namespace: 'solana' | 'bip122';
  network: unknown;
  createWallet(name: string): Promise<Wallet>;
  createAdapter(core: PorticoCore): ChainAdapter;
}> = [
  {
    namespace: 'solana',
    network: solanaLocalnet,
    createWallet: (name) => SolanaTestWallet.create({ name }),
    createAdapter: (core) => createSolanaAdapter(core.store),
  },
  {
    namespace: 'bip122',
    network: bitcoinMainnet,
    createWallet: (name) => BitcoinTestWallet.create({ name }),
    createAdapter: (core) => createBip122Adapter(core.store),
  },
];

const SPOOFED_NAME = 'Safe\u202Egnp.exe\u202C\u200B Wa\u200Dllet\u2060\uFEFF\u2066';
const SPOOFED_NAME_SHOWN = 'Safegnp.exe Wallet';

describe.each(NAMESPACES)('$namespace wallets registered by a hostile page', ({ network, createWallet, createAdapter }) => {
  /** Registers a wallet of the namespace named `name`. */
  async function register(name: string) {
    const wallet = await createWallet(name);
    cleanups.push(registerWallet(page, wallet));
    return wallet;
  }

  /** The namespace's adapter on a page with its network, and the connectors it lists now. */
  function watch() {
    const core = createPorticoCore(minimalOptions({ networks: [network] }), { storage: createMemoryStorage(), eventTarget: new EventTarget(), isMobile: false });
    cleanups.push(() => core.connection.stop());
    const adapter = createAdapter(core);
    let listed: Connector[] = [];
    cleanups.push(adapter.watchConnectors((connectors) => (listed = connectors)));
    return { adapter, listed: () => listed, names: () => listed.map((connector) => connector.name) };
  }

  it('lists a wallet under its name as visibleWalletName has it, and connects it by that name', async () => {
    await register(SPOOFED_NAME);
    const { adapter, listed } = watch();
    expect(listed()).toMatchObject([{ id: SPOOFED_NAME_SHOWN, name: SPOOFED_NAME_SHOWN, type: 'ANNOUNCED' }]);
    expect(visibleWalletName(SPOOFED_NAME)).toBe(SPOOFED_NAME_SHOWN);
    await expect(adapter.connect(SPOOFED_NAME_SHOWN)).resolves.toMatchObject({ address: expect.any(String) });
  });

  it('shows a name normalised as an EIP-6963 wallet’s (Trust Wallet is Trust), and connects it by its own name', async () => {
    await register('Trust Wallet');
    const { adapter, listed } = watch();
    expect(listed()).toMatchObject([{ id: 'Trust Wallet', name: 'Trust', type: 'ANNOUNCED' }]);
    await expect(adapter.connect('Trust Wallet')).resolves.toMatchObject({ address: expect.any(String) });
  });

  it('keeps the first wallet under a name: invisible characters make no second one', async () => {
    const first = await register('Phantom');
    await register('Phan\u200Btom');
    await register('\u2066Phantom\u2069');
    const { adapter, names } = watch();
    expect(names()).toEqual(['Phantom']);
    expect(adapter.getProvider('Phantom')).toBe(first);
  });

  it(`refuses a name with nothing visible, or over ${MAX_WALLET_NAME_LENGTH} code units as registered`, async () => {
    const longest = 'W'.repeat(MAX_WALLET_NAME_LENGTH);
    await register('\u200B\u202E\u2060 ');
    await register(`${longest}W`);
    // Invisible characters count: the name as registered is over the limit, though what is visible is not.
    await register(`\u200B${longest.slice(1)}X`);
    await register(longest);
    const { names } = watch();
    expect(names()).toEqual([longest]);
  });

  it("refuses a name that is one of Portico's connector ids, which the adapters keep for their own connectors", async () => {
    for (const id of Object.values(CONNECTOR_IDS)) await register(id);
    await register(`\u200B${CONNECTOR_IDS.walletConnect}`);
    await register('WalletConnect Wallet');
    const { names } = watch();
    expect(names()).toEqual(['WalletConnect Wallet']);
  });

  it(`lists at most ${MAX_ANNOUNCED_WALLETS} wallets, the first registered`, async () => {
    const flood = Array.from({ length: MAX_ANNOUNCED_WALLETS + 10 }, (_, index) => `Flood ${index}`);
    for (const name of flood) await register(name);
    const { names } = watch();
    expect(names()).toEqual(flood.slice(0, MAX_ANNOUNCED_WALLETS));
  });
});
