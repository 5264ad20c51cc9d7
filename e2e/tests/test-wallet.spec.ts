// Checks the injected test wallet itself (anvil + a blank page), independent of the product.
import { createPublicClient, http } from 'viem';
import { rpc } from '../fixtures/anvil.ts';
import { DEV_ACCOUNTS, TEST_WALLET_NAME, expect, test } from '../fixtures/test.ts';
import { TestWallet } from '../fixtures/test-wallet.ts';

type Announced = { info: { uuid: string; name: string; icon: string; rdns: string }; isProvider: boolean };

/** Collect EIP-6963 announcements the way a dapp does: listen, then dispatch requestProvider. */
function discover(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const seen: Announced[] = [];
    const onAnnounce = (e: Event) => {
      const { info, provider } = (e as CustomEvent).detail;
      seen.push({ info: { ...info }, isProvider: typeof provider?.request === 'function' });
    };
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    window.removeEventListener('eip6963:announceProvider', onAnnounce);
    return seen;
  });
}

/** Call provider.request in the page; returns { result } or { error: { code, message } }. */
function request(page: import('@playwright/test').Page, method: string, params?: unknown[]) {
  return page.evaluate(
    async ({ method, params }) => {
      let provider: { request(a: unknown): Promise<unknown> } | undefined;
      const grab = (e: Event) => (provider = (e as CustomEvent).detail.provider);
      window.addEventListener('eip6963:announceProvider', grab);
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      window.removeEventListener('eip6963:announceProvider', grab);
      try {
        return { result: await provider!.request({ method, params }) };
      } catch (e) {
        const err = e as { code?: number; message?: string };
        return { error: { code: err.code, message: err.message, isError: e instanceof Error } };
      }
    },
    { method, params },
  );
}

test.describe('test wallet (no product needed)', () => {
  test.beforeEach(async ({ page, env }) => {
    await page.goto(env.blankPage);
  });

  test('announces itself via EIP-6963 on every requestProvider', async ({ page }) => {
    const first = await discover(page);
    const second = await discover(page);
    for (const seen of [first, second]) {
      expect(seen).toHaveLength(1);
      expect(seen[0]!.info.name).toBe(TEST_WALLET_NAME);
      expect(seen[0]!.info.rdns).toBe('dev.portico.testwallet');
      expect(seen[0]!.info.icon).toMatch(/^data:image\/svg\+xml,/);
      expect(seen[0]!.info.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(seen[0]!.isProvider).toBe(true);
    }
    // EIP-6963 only by default
    expect(await page.evaluate(() => 'ethereum' in window)).toBe(false);
  });

  test('connects with account 0, reads chain and balance from anvil', async ({ page, wallet, env }) => {
    expect(await request(page, 'eth_accounts')).toEqual({ result: [] });
    expect(await request(page, 'eth_requestAccounts')).toEqual({ result: [DEV_ACCOUNTS[0]] });
    expect(wallet.account).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(await request(page, 'eth_accounts')).toEqual({ result: [DEV_ACCOUNTS[0]] });
    expect(await request(page, 'eth_chainId')).toEqual({ result: '0x7a69' });
    // What anvil itself says (other specs spend from account 0: its 10,000 ETH is where it starts, not where it stays).
    const balance = await request(page, 'eth_getBalance', [DEV_ACCOUNTS[0], 'latest']);
    const onChain = await createPublicClient({ transport: http(env.rpcUrl) }).getBalance({ address: DEV_ACCOUNTS[0] as `0x${string}` });
    expect(BigInt(balance.result as string)).toBe(onChain);
    expect(onChain > 9_999n * 10n ** 18n).toBe(true);
    const calls = await wallet.calls(page);
    expect(calls.map((c) => c.method)).toContain('eth_getBalance');
  });

  test('reject mode throws 4001 and leaves the site disconnected', async ({ page, wallet }) => {
    await wallet.setMode(page, 'reject');
    expect(await request(page, 'eth_requestAccounts')).toEqual({
      error: { code: 4001, message: 'User rejected the request.', isError: true },
    });
    expect(await request(page, 'eth_accounts')).toEqual({ result: [] });
    await wallet.setMode(page, 'approve');
    expect(await request(page, 'eth_requestAccounts')).toEqual({ result: [DEV_ACCOUNTS[0]] });
  });

  test('manual mode holds eth_requestAccounts until settled', async ({ page, wallet }) => {
    await wallet.setMode(page, 'manual');
    const pending = request(page, 'eth_requestAccounts');
    await expect.poll(() => wallet.pendingCount(page)).toBe(1);
    expect(await wallet.settlePending(page, 'approve')).toBe(1);
    expect(await pending).toEqual({ result: [DEV_ACCOUNTS[0]] });
  });

  test('remembers the permitted site across reloads; mode survives reloads', async ({ page, wallet }) => {
    await request(page, 'eth_requestAccounts');
    await wallet.setMode(page, 'reject');
    await page.reload();
    expect(await request(page, 'eth_accounts')).toEqual({ result: [DEV_ACCOUNTS[0]] });
    // already permitted → no prompt, so reject mode does not matter
    expect(await request(page, 'eth_requestAccounts')).toEqual({ result: [DEV_ACCOUNTS[0]] });
    await request(page, 'wallet_revokePermissions', [{ eth_accounts: {} }]);
    await page.reload();
    expect(await request(page, 'eth_accounts')).toEqual({ result: [] });
    expect((await request(page, 'eth_requestAccounts')).error?.code).toBe(4001);
  });

  test('emits events; switch to an unknown chain is 4902', async ({ page, wallet }) => {
    await page.evaluate(() => {
      const w = window as unknown as { events: unknown[] };
      w.events = [];
      const grab = (e: Event) => {
        const p = (e as CustomEvent).detail.provider;
        for (const name of ['accountsChanged', 'chainChanged', 'disconnect'])
          p.on(name, (arg: unknown) => w.events.push([name, arg instanceof Error ? (arg as Error & { code: number }).code : arg]));
      };
      window.addEventListener('eip6963:announceProvider', grab, { once: true });
      window.dispatchEvent(new Event('eip6963:requestProvider'));
    });
    await request(page, 'eth_requestAccounts');
    await wallet.emitAccountsChanged(page, [DEV_ACCOUNTS[1]]);
    await wallet.emitChainChanged(page, '0x1');
    await wallet.emitDisconnect(page);
    expect(await page.evaluate(() => (window as unknown as { events: unknown[] }).events)).toEqual([
      ['accountsChanged', [DEV_ACCOUNTS[0]]],
      ['accountsChanged', [DEV_ACCOUNTS[1]]],
      ['chainChanged', '0x1'],
      ['disconnect', 4900],
    ]);
    expect(await request(page, 'eth_accounts')).toEqual({ result: [DEV_ACCOUNTS[1]] });
    expect(await request(page, 'eth_chainId')).toEqual({ result: '0x1' });
    expect((await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).result).toBeNull();
    expect(await request(page, 'eth_chainId')).toEqual({ result: '0x7a69' });
    expect((await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x539' }])).error?.code).toBe(4902);
  });

  test('signs and sends through anvil (dev accounts are unlocked)', async ({ page, env }) => {
    // Use dev account 9 so the 10,000 ETH of account 0 that product specs assert stays untouched.
    const other = new TestWallet({ rpcUrl: env.rpcUrl, account: DEV_ACCOUNTS[9], name: 'Second Wallet', rdns: 'dev.portico.second', uuid: '0b9e4d8e-1c52-4f7e-9a43-2f8f1d6c7e21' });
    await other.install(page);
    await page.reload();
    const result = await page.evaluate(
      async ({ from, to }) => {
        const providers: Record<string, { request(a: unknown): Promise<unknown> }> = {};
        const grab = (e: Event) => {
          const d = (e as CustomEvent).detail;
          providers[d.info.rdns] = d.provider;
        };
        window.addEventListener('eip6963:announceProvider', grab);
        window.dispatchEvent(new Event('eip6963:requestProvider'));
        const p = providers['dev.portico.second']!;
        const accounts = await p.request({ method: 'eth_requestAccounts' });
        const signature = await p.request({ method: 'personal_sign', params: ['0x68656c6c6f', from] });
        const hash = await p.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x1' }] });
        return { count: Object.keys(providers).length, accounts, signature, hash };
      },
      { from: DEV_ACCOUNTS[9], to: DEV_ACCOUNTS[8] },
    );
    expect(result.count).toBe(2);
    expect(result.accounts).toEqual([DEV_ACCOUNTS[9]]);
    expect(result.signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(result.hash).toMatch(/^0x[0-9a-f]{64}$/);
    // anvil answers eth_sendTransaction once the transaction is in its pool and mines it just after: the receipt
    // can be missing for a moment (seen once in CI), so it is asked for until the block is there.
    await expect
      .poll(async () => (await rpc<{ status: string } | null>(env.rpcUrl, 'eth_getTransactionReceipt', [result.hash]))?.status)
      .toBe('0x1');
  });
});

test.describe('test wallet with window.ethereum', () => {
  test.use({ walletOptions: { injectEthereum: true } });
  test('also injects window.ethereum', async ({ page, env }) => {
    await page.goto(env.blankPage);
    const chainId = await page.evaluate(() =>
      (window as unknown as { ethereum: { request(a: unknown): Promise<string> } }).ethereum.request({ method: 'eth_chainId' }),
    );
    expect(chainId).toBe('0x7a69');
  });
});
