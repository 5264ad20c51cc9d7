import { describe, expect, it } from '@rstest/core';
import { DisconnectError, SwitchChainError, UserRejectedRequestError } from '../src/index';
import { PorticoError, isUserRejection } from '../src/errors';

const walletError = (code: number, cause?: unknown) => Object.assign(new Error(`wallet said ${code}`), { code, cause });

describe('PorticoError.walk (viem BaseError.walk semantics)', () => {
  it('without a test: the deepest cause', () => {
    const root = walletError(-32603);
    const error = new SwitchChainError(1, walletError(4001, root));
    expect(error.walk()).toBe(root);
  });

  it('without a cause: the error itself', () => {
    const error = new PorticoError('Network not found');
    expect(error.walk()).toBe(error);
  });

  it('with a test: the first error on the chain it accepts, this one first', () => {
    const inner = new UserRejectedRequestError(walletError(4001));
    const error = new DisconnectError(inner);
    expect(error.walk((cause) => cause instanceof PorticoError)).toBe(error);
    expect(error.walk((cause): cause is UserRejectedRequestError => cause instanceof UserRejectedRequestError)).toBe(inner);
    expect(error.walk((cause) => (cause as { code?: number }).code === 4001)).toBe(inner);
  });

  it('with a test nothing accepts: null', () => {
    const error = new DisconnectError(walletError(-32603));
    expect(error.walk((cause) => (cause as { code?: number }).code === 4001)).toBeNull();
  });

  it('walks plain objects and stops on a cause chain that loops', () => {
    const looping: { code: number; cause?: unknown } = { code: -1 };
    looping.cause = looping;
    const error = new PorticoError('wrapped', { cause: looping });
    expect(error.walk((cause) => (cause as { code?: number }).code === 4001)).toBeNull();
    expect(error.walk()).toBe(looping);
  });
});

describe('isUserRejection', () => {
  it('finds a decline anywhere on the cause chain: EIP-1193 4001 and WalletConnect 5000', () => {
    expect(isUserRejection({ code: 4001 })).toBe(true);
    expect(isUserRejection(new SwitchChainError(1, walletError(4001)))).toBe(true);
    expect(isUserRejection(new Error('outer', { cause: new Error('middle', { cause: { code: 5000 } }) }))).toBe(true);
    expect(isUserRejection(new UserRejectedRequestError())).toBe(true);
  });

  it('anything else is not a decline', () => {
    for (const error of [undefined, null, 'User rejected', 4001, new Error('boom'), { code: 4902 }, new DisconnectError(walletError(-32603))]) {
      expect(isUserRejection(error)).toBe(false);
    }
  });
});
