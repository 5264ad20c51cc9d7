import { describe, expect, it } from '@rstest/core';
import { createEip155Adapter, type Eip155AdapterEnvironment } from '../src/adapters/eip155';
import type { WalletConnectSource } from '../src/walletconnect/source';
import { walletRequest } from '../src/adapters/wallet-request';
import { SwitchChainError, UserRejectedRequestError, toCaipNetwork } from '../src/index';
import { isUserRejection } from '../src/errors';
import { ACCOUNT, ANVIL_ADDRESS, FakeWallet, RECEIVER, anvil, installWallet, mainnet } from '@portico/test-kit';

const network = toCaipNetwork(anvil);

function setup(wallet = new FakeWallet(), walletConnect?: Eip155AdapterEnvironment['walletConnect']) {
  const target = new EventTarget();
  installWallet(target, wallet);
  const adapter = createEip155Adapter({ eventTarget: target, walletConnect });
  adapter.watchConnectors(() => undefined);
  return { wallet, adapter };
}

/** A wallet that signs and sends: answers eth_sendTransaction with a hash. */
class SendingWallet extends FakeWallet {
  hash = `0x${'12'.repeat(32)}`;
  override async request(args: { method: string; params?: unknown }): Promise<unknown> {
    if (args.method !== 'eth_sendTransaction') return super.request(args);
    this.calls.push(args);
    return this.hash;
  }
}

describe('walletRequest: the one place a wallet decline becomes UserRejectedRequestError', () => {
  it('resolves with what the wallet answered', async () => {
    expect(await walletRequest(async () => '0xsigned')).toBe('0xsigned');
  });

  it('maps EIP-1193 4001 and WalletConnect 5000, also when wrapped, keeping the wallet error as cause', async () => {
    for (const declined of [{ code: 4001, message: 'User denied' }, { code: 5000 }, new Error('relay', { cause: { code: 4001 } })]) {
      const error = await walletRequest(() => Promise.reject(declined)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UserRejectedRequestError);
      expect((error as UserRejectedRequestError).cause).toBe(declined);
      expect((error as UserRejectedRequestError).shortMessage).toBe('User rejected the request.');
    }
  });

  it('passes every other failure through unchanged', async () => {
    const failure = Object.assign(new Error('Internal JSON-RPC error.'), { code: -32603 });
    await expect(walletRequest(() => Promise.reject(failure))).rejects.toBe(failure);
  });
});

describe('eip155 adapter: every wallet prompt goes through walletRequest', () => {
  const prompts: Array<{ method: string; ask(adapter: ReturnType<typeof setup>['adapter']): Promise<unknown> }> = [
    { method: 'eth_requestAccounts', ask: (adapter) => adapter.connect('io.fake') },
    {
      method: 'eth_sendTransaction',
      ask: (adapter) => adapter.sendTransfer('io.fake', { from: ACCOUNT, to: RECEIVER, amount: '1', decimals: 18 }, network),
    },
    {
      method: 'eth_sendTransaction',
      ask: (adapter) => adapter.sendTransaction!('io.fake', { from: ACCOUNT, to: RECEIVER, data: '0x', value: '1' }, network),
    },
    { method: 'personal_sign', ask: (adapter) => adapter.signMessage!('io.fake', ACCOUNT, 'hello') },
  ];

  for (const [index, { method, ask }] of prompts.entries()) {
    it(`prompt ${index + 1} (${method}): a decline rejects with UserRejectedRequestError whose walk() reaches the wallet's error`, async () => {
      const { wallet, adapter } = setup();
      const declined = { code: 4001, message: 'User rejected the request.' };
      wallet.failures.set(method, declined);
      const error = await ask(adapter).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UserRejectedRequestError);
      expect((error as UserRejectedRequestError).walk()).toBe(declined);
      expect(wallet.methods()).toContain(method);
    });

    it(`prompt ${index + 1} (${method}): another wallet failure is not called a decline`, async () => {
      const { wallet, adapter } = setup();
      const failure = { code: -32603, message: 'Internal JSON-RPC error.' };
      wallet.failures.set(method, failure);
      await expect(ask(adapter)).rejects.toBe(failure);
    });
  }

  it('a WalletConnect session proposal the wallet declines (5000) is a decline too', async () => {
    const declined = { code: 5000, message: 'User rejected.' };
    const source = { connect: () => Promise.reject(declined) } as unknown as WalletConnectSource;
    const { adapter } = setup(new FakeWallet(), { source, onUri: () => undefined });
    const error = await adapter.connect('walletConnect').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserRejectedRequestError);
    expect((error as UserRejectedRequestError).walk()).toBe(declined);
  });

  it('a wallet that grants no account has declined', async () => {
    const { wallet, adapter } = setup();
    wallet.accounts = [];
    await expect(adapter.connect('io.fake')).rejects.toBeInstanceOf(UserRejectedRequestError);
  });

  it('sends the transaction with hex value and chain id, and resolves with the hash', async () => {
    const wallet = new SendingWallet();
    const { adapter } = setup(wallet);
    expect(await adapter.sendTransaction!('io.fake', { from: ACCOUNT, to: RECEIVER, value: '255', gas: '21000' }, network)).toBe(wallet.hash);
    expect(wallet.calls.at(-1)).toEqual({
      method: 'eth_sendTransaction',
      params: [{ from: ACCOUNT, to: RECEIVER, value: '0xff', gas: '0x5208', chainId: '0x7a69' }],
    });
  });

  it('a hash that is not 0x + 64 hex digits is refused, never shown or watched (spec §8)', async () => {
    const wallet = new SendingWallet();
    const { adapter } = setup(wallet);
    for (const hash of ['0x1234', `0x${'zz'.repeat(32)}`, `0x${'12'.repeat(33)}`]) {
      wallet.hash = hash;
      await expect(adapter.sendTransaction!('io.fake', { from: ACCOUNT, to: RECEIVER, value: '1' }, network)).rejects.toThrow(
        'The wallet returned no valid transaction hash.',
      );
    }
  });

  it('a declined network switch is a SwitchChainError that still says the person declined', async () => {
    const { wallet, adapter } = setup();
    wallet.failures.set('wallet_switchEthereumChain', { code: 4001 });
    const error = await adapter.switchNetwork('io.fake', toCaipNetwork(mainnet)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SwitchChainError);
    expect(isUserRejection(error)).toBe(true);
  });
});

describe('eip155 adapter: every granted address', () => {
  it('connect reports the other granted addresses too, the active one first', async () => {
    const { wallet, adapter } = setup();
    wallet.accounts = [ANVIL_ADDRESS, RECEIVER];
    expect(await adapter.connect('io.fake')).toEqual({ address: ANVIL_ADDRESS, chainReference: '31337', addresses: [ANVIL_ADDRESS, RECEIVER] });
  });

  it('one granted address: `addresses` stays absent', async () => {
    const { adapter } = setup();
    expect(await adapter.connect('io.fake')).not.toHaveProperty('addresses');
  });
});
