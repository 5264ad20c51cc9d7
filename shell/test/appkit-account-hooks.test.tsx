import { ACCOUNT, testCore } from '@portico/test-kit';
import { describe, expect, it, rs } from '@rstest/core';
import { act } from 'react';
import { useAppKitBalance, useAppKitConnection } from '../src/appkit/react';
import { createInstance } from '../src/instance';
import { setCurrentInstance } from '../src/react/current';
import { renderHook, unmountRootsAfterEach } from './react-roots';

unmountRootsAfterEach();

/** A connected test core made current, whose network answers the balance read with `answer`. */
async function connectedWallet(answer: () => Promise<string>) {
  const { core, adapter } = await testCore({ connect: true });
  const getNativeBalance = rs
    .spyOn(adapter, 'getNativeBalance')
    .mockImplementation(async (_address, network) => ({ decimalText: await answer(), symbol: network.nativeCurrency.symbol }));
  const instance = createInstance(core, () => undefined);
  setCurrentInstance(instance);
  return { core, getNativeBalance };
}

describe('useAppKitBalance', () => {
  it("resolves the connected account's native balance on the active network, in AppKit's shape", async () => {
    const { getNativeBalance } = await connectedWallet(async () => '10000');
    const read = renderHook(useAppKitBalance);
    getNativeBalance.mockClear();
    await expect(read().fetchBalance()).resolves.toEqual({ data: { balance: '10000', symbol: 'ETH' }, error: null, isSuccess: true, isError: false });
    // Read again from the network, not the figure already on the account.
    expect(getNativeBalance).toHaveBeenCalledWith(ACCOUNT, expect.objectContaining({ caipNetworkId: 'eip155:31337' }));
  });

  it("reports AppKit's errors while disconnected and when the wallet cannot answer", async () => {
    const { core } = await connectedWallet(async () => {
      throw new Error('rpc down');
    });
    const read = renderHook(useAppKitBalance);
    await expect(read().fetchBalance()).resolves.toEqual({ data: undefined, error: 'No balance found', isSuccess: false, isError: true });
    await act(() => core.connection.disconnect());
    await expect(read().fetchBalance()).resolves.toEqual({ data: undefined, error: 'Not able to retrieve balance', isSuccess: false, isError: true });
  });
});

describe('useAppKitConnection', () => {
  it('describes the active connection: wallet, granted accounts and network; switching changes nothing', async () => {
    const { core } = await testCore();
    setCurrentInstance(createInstance(core, () => undefined));
    const read = renderHook(() => useAppKitConnection());
    expect(read()).toMatchObject({ connection: undefined, isPending: false });

    await act(() => core.connection.connect('io.fake'));
    expect(read().connection).toMatchObject({
      name: 'Fake Wallet',
      accounts: [{ address: ACCOUNT, type: 'eoa' }],
      caipNetwork: { caipNetworkId: 'eip155:31337', name: 'Anvil Local' },
    });
    const { connection } = read();
    await act(() => read().switchConnection({ connection: connection!, address: ACCOUNT }));
    expect(read().connection).toBe(connection);
  });

  it('has no connection for a namespace without a wallet', async () => {
    const { core } = await testCore({ connect: true });
    setCurrentInstance(createInstance(core, () => undefined));
    const read = renderHook(() => useAppKitConnection({ namespace: 'solana' }));
    expect(read().connection).toBeUndefined();
  });
});
