import { afterEach, describe, expect, it } from '@rstest/core';
import { UserRejectedRequestError, sendAtom } from '../src/index';
import { initialSendState } from '../src/atoms';
import type { SendState } from '../src/atoms';
import { problemField, validateSend } from '../src/controllers/send';
import { amountProblem, RECEIVER_CHECK_DEBOUNCE_MS } from '../src/controllers/send-form';
import {
  ACCOUNT,
  EXPLORER,
  PUSD_ADDRESS as TOKEN_CONTRACT,
  RECEIVER,
  anvil,
  apiStub,
  devchainBalance,
  profileRoutes,
  stopTestCores,
  testCore,
} from '@portico/test-kit';

const ETH = devchainBalance('ETH', '10');
const USDC = devchainBalance('PUSD', '250.5', { name: 'USD Coin', symbol: 'USDC' });

const form = (patch: Partial<SendState>): SendState => ({ ...initialSendState, ...patch });

describe('validateSend', () => {
  const valid = form({ token: USDC, sendTokenAmount: '1.5', receiverAddress: RECEIVER });

  it('accepts a complete form', () => {
    expect(validateSend(valid, 'eip155')).toBeUndefined();
    expect(validateSend({ ...valid, receiverAddress: `  ${RECEIVER} ` }, 'eip155')).toBeUndefined();
    expect(validateSend({ ...valid, sendTokenAmount: '250.5' }, 'eip155')).toBeUndefined();
    expect(validateSend({ ...valid, sendTokenAmount: '.5' }, 'eip155')).toBeUndefined();
  });

  it('requires an amount and a receiver', () => {
    expect(validateSend(form({ token: USDC, receiverAddress: RECEIVER }), 'eip155')).toBe('An amount and receiver address are required');
    expect(validateSend(form({ token: USDC, sendTokenAmount: '1' }), 'eip155')).toBe('An amount and receiver address are required');
    // Checked before the token.
    expect(validateSend(form({}), 'eip155')).toBe('An amount and receiver address are required');
  });

  it('requires a token on eip155 (not on solana)', () => {
    expect(validateSend(form({ sendTokenAmount: '1', receiverAddress: RECEIVER }), 'eip155')).toBe('A token is required');
    expect(
      validateSend(form({ sendTokenAmount: '1', receiverAddress: 'So11111111111111111111111111111111111111112' }), 'solana'),
    ).toBeUndefined();
  });

  it('checks the address for the namespace', () => {
    expect(validateSend({ ...valid, receiverAddress: '0x1234' }, 'eip155')).toBe('Invalid address');
    expect(validateSend({ ...valid, receiverAddress: 'vitalik.eth' }, 'eip155')).toBe('Invalid address');
    expect(validateSend(form({ sendTokenAmount: '1', receiverAddress: RECEIVER }), 'solana')).toBe('Invalid address');
    // Checked before the amount.
    expect(validateSend({ ...valid, receiverAddress: '0x1234', sendTokenAmount: 'abc' }, 'eip155')).toBe('Invalid address');
  });

  it('checks the amount: not a number, or not above zero', () => {
    for (const amount of ['abc', '-1', '1e3', '1.2.3', '1,5', ' ']) {
      expect(validateSend({ ...valid, sendTokenAmount: amount }, 'eip155')).toBe('Not a number');
    }
    for (const amount of ['0', '0.0', '.0']) expect(validateSend({ ...valid, sendTokenAmount: amount }, 'eip155')).toBe('Invalid amount');
  });

  it('puts each problem where the person fixes it', () => {
    expect(problemField('Insufficient funds')).toBe('amountError');
    expect(problemField('Too many decimals: USDC has 6')).toBe('amountError');
    expect(problemField('Name not found')).toBe('receiverError');
    expect(problemField('An amount and receiver address are required')).toBe('error');
  });

  it('refuses more decimals than the token has', () => {
    expect(validateSend({ ...valid, sendTokenAmount: '1.1234567' }, 'eip155')).toBe('Too many decimals: USDC has 6');
    expect(validateSend({ ...valid, sendTokenAmount: '1.123456' }, 'eip155')).toBeUndefined();
    // Checked before the balance.
    expect(validateSend({ ...valid, sendTokenAmount: '999.1234567' }, 'eip155')).toBe('Too many decimals: USDC has 6');
  });

  it('refuses more than the balance', () => {
    expect(validateSend({ ...valid, sendTokenAmount: '250.51' }, 'eip155')).toBe('Insufficient funds');
    expect(validateSend({ ...valid, token: ETH, sendTokenAmount: '10.000001' }, 'eip155')).toBe('Insufficient funds');
  });

  it('sends only on eip155 and solana', () => {
    expect(validateSend(valid, 'polkadot')).toBe('Send is not supported on polkadot');
    expect(validateSend(form({}), 'bip122')).toBe('Send is not supported on bip122');
  });
});

describe('amountProblem (as you type)', () => {
  it('says what is wrong so far; empty and zero are not problems yet', () => {
    expect(amountProblem('', USDC)).toBeUndefined();
    expect(amountProblem('0.', USDC)).toBeUndefined();
    expect(amountProblem('0.0', USDC)).toBeUndefined();
    expect(amountProblem('12,5', USDC)).toBe('Not a number');
    expect(amountProblem('abc', USDC)).toBe('Not a number');
    expect(amountProblem('1.1234567', USDC)).toBe('Too many decimals: USDC has 6');
    expect(amountProblem('250.51', USDC)).toBe('Insufficient funds');
    expect(amountProblem('250.5', USDC)).toBeUndefined();
  });
});

describe('send controller (core with a fake adapter)', () => {
  afterEach(stopTestCores);

  async function connected(networkOverrides: Record<string, unknown> = {}) {
    const { core, adapter, events } = await testCore({ options: { networks: [{ ...anvil, ...networkOverrides }] }, connect: true });
    return { core, adapter, tracked: events, state: () => core.store.get(sendAtom) };
  }

  it('a send before connecting fails with a message', async () => {
    const { core } = await testCore({ start: false });
    expect(await core.send.preview()).toBe(false);
    expect(core.store.get(sendAtom)).toMatchObject({ status: 'editing', error: 'Connect a wallet before sending.' });
  });

  it('preview validates first, then estimates the fee', async () => {
    const { core, adapter, state } = await connected();
    core.send.setAmount('1');
    expect(await core.send.preview()).toBe(false);
    expect(state()).toMatchObject({ status: 'editing', error: 'An amount and receiver address are required' });
    expect(adapter.estimates).toHaveLength(0);

    core.send.setToken(ETH);
    core.send.setReceiver(RECEIVER);
    expect(state().error).toBeUndefined();
    expect(await core.send.preview()).toBe(true);
    expect(state()).toMatchObject({ status: 'preview', fee: '0.000021', error: undefined });
    expect(adapter.estimates).toEqual([
      { from: ACCOUNT, to: RECEIVER, amount: '1', decimals: 18, tokenAddress: undefined },
    ]);

    core.send.edit();
    expect(state()).toMatchObject({ status: 'editing', sendTokenAmount: '1', receiverAddress: RECEIVER });
  });

  it("a failing estimate stays on the form with the node's message in words (spec §8)", async () => {
    const { core, adapter, state } = await connected();
    adapter.estimateTransferFee = async () => {
      throw new Error('execution reverted');
    };
    core.send.setToken(ETH);
    core.send.setAmount('1');
    core.send.setReceiver(RECEIVER);
    expect(await core.send.preview()).toBe(false);
    expect(state()).toMatchObject({ status: 'editing', error: 'The transaction would fail (the contract refused it).' });
    adapter.estimateTransferFee = async () => {
      throw new Error('RPC Request failed.', { cause: { code: -32000, message: 'insufficient funds for gas * price + value' } });
    };
    expect(await core.send.preview()).toBe(false);
    expect(state().error).toBe('Not enough funds to pay for this transaction and its network fee.');
  });

  it('checks the amount as it is typed, and again when the token changes', async () => {
    const { core, state } = await connected();
    core.send.setToken(USDC);
    core.send.setAmount('300');
    expect(state().amountError).toBe('Insufficient funds');
    core.send.setAmount('3x');
    expect(state().amountError).toBe('Not a number');
    core.send.setAmount('3');
    expect(state().amountError).toBeUndefined();
    core.send.setAmount('20');
    core.send.setToken(ETH);
    expect(state().amountError).toBe('Insufficient funds');
  });

  it('checks a typed address after the debounce, with the full decoder', async () => {
    const { core, state } = await connected();
    core.send.setReceiver('0x1234');
    expect(state().receiverError).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, RECEIVER_CHECK_DEBOUNCE_MS + 100));
    expect(state().receiverError).toBe('Invalid address');
    core.send.setReceiver(RECEIVER);
    expect(state().receiverError).toBeUndefined();
    await core.send.checkReceiver();
    expect(state().receiverError).toBeUndefined();
  });

  it('resolves a name through the name service and sends to its address', async () => {
    const api = await apiStub(profileRoutes(new Map([['alice.portico.eth', RECEIVER]])));
    try {
      const { core, adapter } = await testCore({ api, options: { networks: [anvil] }, connect: true });
      const send = () => core.store.get(sendAtom);
      core.send.setToken(ETH);
      core.send.setAmount('1');
      core.send.setReceiver('Alice.portico.eth');
      await core.send.checkReceiver();
      expect(send()).toMatchObject({ resolvedReceiver: RECEIVER, receiverProfileName: 'alice.portico.eth', receiverError: undefined, receiverResolving: false });
      expect(await core.send.preview()).toBe(true);
      expect(adapter.estimates[0]).toMatchObject({ to: RECEIVER });

      core.send.setReceiver('nobody.portico.eth');
      expect(send().resolvedReceiver).toBeUndefined();
      await core.send.checkReceiver();
      expect(send().receiverError).toBe('Name not found');
      expect(await core.send.preview()).toBe(false);
      expect(send()).toMatchObject({ receiverError: 'Name not found', error: 'Name not found' });
    } finally {
      await api.close();
    }
  });

  it('setMax keeps the fee aside for the native token only', async () => {
    const { core, state } = await connected();
    core.send.setToken(USDC);
    core.send.setMax();
    expect(state().sendTokenAmount).toBe('250.5');
    core.send.setToken(ETH);
    core.send.setReceiver(RECEIVER);
    core.send.setMax();
    expect(state().sendTokenAmount).toBe('10'); // no fee known yet
    core.send.setToken({ ...ETH, quantity: { ...ETH.quantity, numeric: '25000.0' } });
    core.send.setMax();
    expect(state().sendTokenAmount).toBe('25000'); // clean, as a person would type it
    core.send.setToken(ETH);
    core.send.setAmount('1');
    await core.send.preview();
    core.send.setMax();
    expect(Number(state().sendTokenAmount)).toBeCloseTo(10 - 0.000021 * 1.2, 6);
  });

  it('sends the native token: value transfer, no token address; success resets and keeps lastTransaction', async () => {
    const { core, adapter, state, tracked } = await connected();
    core.send.setToken(ETH);
    core.send.setAmount(' 1.25 ');
    core.send.setReceiver(` ${RECEIVER}`);
    expect(await core.send.send()).toBe(true);
    expect(adapter.transfers).toHaveLength(1);
    const [sent] = adapter.walletRequests.filter((request) => request.method === 'sendTransfer');
    expect(sent!.connectorId).toBe('io.fake');
    expect(sent!.network!.caipNetworkId).toBe('eip155:31337');
    expect(adapter.transfers[0]).toEqual({
      from: ACCOUNT,
      to: RECEIVER,
      amount: '1.25',
      decimals: 18,
      tokenAddress: undefined,
    });
    expect(state()).toEqual({
      ...initialSendState,
      status: 'success',
      lastTransaction: {
        hash: adapter.hash,
        explorerUrl: `${EXPLORER}/tx/${adapter.hash}`,
        amount: '1.25',
        symbol: 'ETH',
        receiver: RECEIVER,
      },
    });
    expect(tracked.map((event) => event.data.event)).toEqual(
      expect.arrayContaining(['SEND_INITIATED', 'SEND_SUCCESS']),
    );
    expect(tracked.find((event) => event.data.event === 'SEND_SUCCESS')?.data.properties).toMatchObject({ hash: adapter.hash });
  });

  it('sends an ERC-20: token contract from the CAIP-10 address and the token decimals', async () => {
    const { core, adapter, state } = await connected();
    core.send.setToken(USDC);
    core.send.setAmount('12.5');
    core.send.setReceiver(RECEIVER);
    expect(await core.send.send()).toBe(true);
    expect(adapter.transfers[0]).toEqual({
      from: ACCOUNT,
      to: RECEIVER,
      amount: '12.5',
      decimals: 6,
      tokenAddress: TOKEN_CONTRACT,
    });
    expect(state().lastTransaction).toMatchObject({ amount: '12.5', symbol: 'USDC' });
  });

  it('without an explorer the last transaction has no explorer URL', async () => {
    const { core, state } = await connected({ blockExplorers: undefined });
    core.send.setToken(ETH);
    core.send.setAmount('1');
    core.send.setReceiver(RECEIVER);
    expect(await core.send.send()).toBe(true);
    expect(state().status).toBe('success');
    expect(state().lastTransaction?.hash).toBeDefined();
    expect(state().lastTransaction?.explorerUrl).toBeUndefined();
  });

  it('a declined signature (4001): "Signature declined", the form keeps its values', async () => {
    const { core, adapter, state, tracked } = await connected();
    adapter.sendError = new UserRejectedRequestError(Object.assign(new Error('User denied'), { code: 4001 }));
    core.send.setToken(USDC);
    core.send.setAmount('3');
    core.send.setReceiver(RECEIVER);
    expect(await core.send.send()).toBe(false);
    expect(state()).toMatchObject({
      status: 'failed',
      error: 'Signature declined',
      token: USDC,
      sendTokenAmount: '3',
      receiverAddress: RECEIVER,
    });
    expect(state().lastTransaction).toBeUndefined();
    expect(tracked.at(-1)?.data).toMatchObject({ event: 'SEND_ERROR', properties: { message: 'Signature declined' } });
  });

  it('a raw provider error with code 4001 is a declined signature too', async () => {
    const { core, adapter, state } = await connected();
    adapter.sendError = { code: 4001, message: 'User rejected the request.' };
    core.send.setToken(ETH);
    core.send.setAmount('1');
    core.send.setReceiver(RECEIVER);
    expect(await core.send.send()).toBe(false);
    expect(state().error).toBe('Signature declined');
  });

  it('a reverted receipt fails the send and keeps the form', async () => {
    const { core, adapter, state } = await connected();
    adapter.outcome = 'reverted';
    core.send.setToken(ETH);
    core.send.setAmount('1');
    core.send.setReceiver(RECEIVER);
    expect(await core.send.send()).toBe(false);
    expect(state()).toMatchObject({ status: 'failed', sendTokenAmount: '1', receiverAddress: RECEIVER });
    expect(state().error).toContain('reverted');
    // It is on chain: the failure screen links it.
    expect(state().pendingHash).toMatch(/^0x/);
    expect(state().explorerUrl).toBe(`${EXPLORER}/tx/${state().pendingHash}`);
  });

  it('a receipt that cannot be read: unconfirmed, never sent twice; Check again reads the same hash', async () => {
    const { core, adapter, state } = await connected();
    adapter.receiptError = new Error('HTTP request failed.');
    core.send.setToken(ETH);
    core.send.setAmount('1');
    core.send.setReceiver(RECEIVER);
    expect(await core.send.send()).toBe(false);
    expect(state()).toMatchObject({ status: 'unconfirmed', pendingHash: adapter.hash });
    expect(state().error).toBe('The transaction was sent, but its confirmation could not be read: HTTP request failed.');

    // Neither a second send nor a new preview starts while the first transaction is unconfirmed.
    expect(await core.send.send()).toBe(false);
    expect(await core.send.preview()).toBe(false);
    expect(adapter.transfers).toHaveLength(1);

    adapter.receiptError = undefined;
    expect(await core.send.checkAgain()).toBe(true);
    expect(state()).toMatchObject({ status: 'success', lastTransaction: { hash: adapter.hash, amount: '1', symbol: 'ETH' } });
    expect(adapter.receiptChecks).toEqual([adapter.hash, adapter.hash]);
    expect(adapter.transfers).toHaveLength(1);
  });

  it('Check again does nothing unless a sent transaction is unconfirmed', async () => {
    const { core, adapter } = await connected();
    expect(await core.send.checkAgain()).toBe(false);
    expect(adapter.receiptChecks).toHaveLength(0);
  });

  it('an invalid form never reaches the wallet', async () => {
    const { core, adapter, state } = await connected();
    core.send.setToken(ETH);
    core.send.setAmount('11');
    core.send.setReceiver(RECEIVER);
    expect(await core.send.send()).toBe(false);
    expect(state()).toMatchObject({ status: 'editing', amountError: 'Insufficient funds', error: 'Insufficient funds' });
    expect(adapter.transfers).toHaveLength(0);
  });

  it('reset empties the form', async () => {
    const { core, state } = await connected();
    core.send.setToken(ETH);
    core.send.setAmount('1');
    core.send.reset();
    expect(state()).toEqual(initialSendState);
  });
});
