import { afterEach, describe, expect, it } from '@rstest/core';
import {
  SwitchChainError,
  UserRejectedRequestError,
  accountsAtom,
  activeNamespaceAtom,
  describeSwitchFailure,
  disconnectedAccount,
  modalStateAtom,
  toCaipNetwork,
  walletNeededFor,
  type AccountState,
} from '../src/index';
import { anvil, deferred, eventually, fakeWalletConnector, resetTestKit, solanaLocalnet, testCore } from '@portico/test-kit';

afterEach(resetTestKit);

const wallet = (code: number, message = 'wallet error') => Object.assign(new Error(message), { code });

describe('describeSwitchFailure (issue 31: errors in human words)', () => {
  it('a decline (4001) is the wallet declining, however deep the wallet put it', async () => {
    expect(await describeSwitchFailure(new SwitchChainError(11155111, wallet(4001)))).toEqual({ reason: 'declined' });
    expect(await describeSwitchFailure(new UserRejectedRequestError(wallet(4001)))).toEqual({ reason: 'declined' });
    // WalletConnect's decline.
    expect(await describeSwitchFailure(wallet(5000))).toEqual({ reason: 'declined' });
  });

  it('a wallet that does not know the chain and cannot add it: Chain is not supported (spec §8)', async () => {
    expect(await describeSwitchFailure(new SwitchChainError(1, wallet(4902)))).toEqual({ reason: 'unsupported' });
    expect(await describeSwitchFailure(new SwitchChainError(1, wallet(4200)))).toEqual({ reason: 'unsupported' });
    expect(await describeSwitchFailure(wallet(5710))).toEqual({ reason: 'unsupported' });
  });

  it('anything else failed, with the wallet’s known code in plain words (walletErrorText), never the method name', async () => {
    const failure = await describeSwitchFailure(new SwitchChainError(1, wallet(-32603, 'boom')));
    expect(failure).toEqual({ reason: 'failed', detail: 'An internal error was received.' });
    expect(failure.detail).not.toContain('wallet_switchEthereumChain');
    expect(await describeSwitchFailure(new Error('socket closed'))).toEqual({ reason: 'failed', detail: undefined });
  });
});

describe('walletNeededFor (issue 31: a network in another namespace)', () => {
  const connected: AccountState = { ...disconnectedAccount, status: 'connected', address: '0xabc' };
  const solana = toCaipNetwork(solanaLocalnet);
  const evm = toCaipNetwork(anvil);

  it('names the namespace when switching there would leave the page without its wallet', () => {
    expect(walletNeededFor({ eip155: connected }, 'eip155', solana)).toBe('solana');
    expect(walletNeededFor({ eip155: connected, solana: disconnectedAccount }, 'eip155', solana)).toBe('solana');
  });

  it('switches at once in the same namespace, where a wallet is connected, or when none is connected at all', () => {
    expect(walletNeededFor({ eip155: connected }, 'eip155', evm)).toBeUndefined();
    expect(walletNeededFor({ eip155: connected, solana: connected }, 'eip155', solana)).toBeUndefined();
    expect(walletNeededFor({}, 'eip155', solana)).toBeUndefined();
    expect(walletNeededFor({ solana: connected }, 'eip155', solana)).toBeUndefined();
  });
});

describe('disconnect sets the modal loading (spec §4)', () => {
  it('loading while the wallet lets go, then not, also when it fails', async () => {
    const { core, adapter } = await testCore({ connect: true });
    core.modal.open();
    const letGo = deferred<void>();
    adapter.disconnect = () => letGo.promise;
    const disconnecting = core.connection.disconnect();
    expect(core.store.get(modalStateAtom)).toBe('loading');
    letGo.resolve();
    await disconnecting;
    expect(core.store.get(modalStateAtom)).toBe('open');
    expect(core.store.get(accountsAtom)[core.store.get(activeNamespaceAtom)]?.status).toBe('disconnected');

    await core.connection.connect(fakeWalletConnector.id);
    await eventually(() => expect(core.store.get(accountsAtom).eip155?.status).toBe('connected'));
    adapter.disconnect = () => Promise.reject(new Error('wallet gone'));
    await expect(core.connection.disconnect()).rejects.toThrow('Failed to disconnect');
    expect(core.store.get(modalStateAtom)).toBe('open');
  });
});
