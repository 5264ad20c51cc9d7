import { afterEach, describe, expect, it } from '@rstest/core';
import { sendAtom, toCaipNetwork, type BalanceItem } from '../src/index';
import { initialSendState } from '../src/atoms';
import type { SendState } from '../src/atoms';
import { preselectedToken } from '../src/controllers/send';
import { PUSD_ADDRESS, RECEIVER, anvil, mainnet, stopTestCores, testCore } from '@portico/test-kit';

const network = toCaipNetwork(anvil);
const ETH: BalanceItem = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', quantity: { decimals: '18', numeric: '10' } };
const PUSD: BalanceItem = {
  name: 'Portico USD',
  symbol: 'PUSD',
  chainId: 'eip155:31337',
  address: `eip155:31337:${PUSD_ADDRESS}`,
  quantity: { decimals: '6', numeric: '250' },
};
const form = (patch: Partial<SendState> = {}): SendState => ({ ...initialSendState, ...patch });

describe('preselectedToken: the token Send starts with', () => {
  it('the network’s native token when the account holds some', () => {
    expect(preselectedToken(form(), [PUSD, ETH], network)).toBe(ETH);
    expect(preselectedToken(form(), [{ ...ETH, quantity: { decimals: '18', numeric: '0.000000000000000001' } }], network)).toBeDefined();
  });

  it('nothing when the native balance is zero or absent from the list', () => {
    expect(preselectedToken(form(), [{ ...ETH, quantity: { decimals: '18', numeric: '0' } }, PUSD], network)).toBeUndefined();
    expect(preselectedToken(form(), [{ ...ETH, quantity: { decimals: '18', numeric: '0.0' } }], network)).toBeUndefined();
    expect(preselectedToken(form(), [PUSD], network)).toBeUndefined();
    expect(preselectedToken(form(), [], network)).toBeUndefined();
  });

  it('only the native token of the active network', () => {
    const mainnetEth = { ...ETH, chainId: 'eip155:1' };
    expect(preselectedToken(form(), [mainnetEth], network)).toBeUndefined();
    expect(preselectedToken(form(), [mainnetEth, ETH], toCaipNetwork(mainnet))).toBe(mainnetEth);
    expect(preselectedToken(form(), [ETH], undefined)).toBeUndefined();
  });

  it('never replaces a token chosen, nor touches a form past editing', () => {
    expect(preselectedToken(form({ token: PUSD }), [ETH, PUSD], network)).toBeUndefined();
    expect(preselectedToken(form({ status: 'preview' }), [ETH], network)).toBeUndefined();
    expect(preselectedToken(form({ status: 'pending' }), [ETH], network)).toBeUndefined();
  });
});

describe('send.preselectToken (core, lazily loaded with the send flow)', () => {
  afterEach(stopTestCores);

  it('selects the native token, so an amount can be typed and previewed without picking one', async () => {
    const { core } = await testCore({ connect: true });
    expect(await core.send.preselectToken([PUSD, ETH])).toBe(true);
    expect(core.store.get(sendAtom).token).toBe(ETH);
    core.send.setAmount('1.5');
    core.send.setReceiver(RECEIVER);
    expect(await core.send.preview()).toBe(true);
    expect(core.store.get(sendAtom)).toMatchObject({ status: 'preview', token: ETH, sendTokenAmount: '1.5' });
  });

  it('keeps the token the person chose, and says it selected nothing', async () => {
    const { core } = await testCore({ connect: true });
    core.send.setToken(PUSD);
    expect(await core.send.preselectToken([PUSD, ETH])).toBe(false);
    expect(core.store.get(sendAtom).token).toBe(PUSD);
  });

  it('selects nothing when the account holds no native token', async () => {
    const { core } = await testCore({ connect: true });
    expect(await core.send.preselectToken([{ ...ETH, quantity: { decimals: '18', numeric: '0' } }, PUSD])).toBe(false);
    expect(core.store.get(sendAtom).token).toBeUndefined();
  });
});
