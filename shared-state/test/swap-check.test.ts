import { describe, expect, it } from '@rstest/core';
import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem';
import {
  SWAP_DEADLINE_MAX_SECONDS,
  UnexpectedTransactionError,
  checkApproveTransaction,
  checkSwapTransaction,
  type BuiltTransaction,
  type ExpectedSwap,
} from '../src/controllers/swap-check';
import { PTK_ADDRESS as PTK, PUSD_ADDRESS as PUSD, ROUTER, ROUTER_ABI, WETH, approveData } from '@portico/test-kit';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const NOW = 1_800_000_000;
/** The message the check throws, or undefined when it accepts the transaction. */
function problem(check: () => void): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(UnexpectedTransactionError);
    return (error as UnexpectedTransactionError).shortMessage;
  }
}

describe('checkApproveTransaction', () => {
  const approve = (spender: `0x${string}`, amount: bigint, overrides: Partial<BuiltTransaction> = {}): BuiltTransaction => ({
    from: ACCOUNT,
    to: PUSD,
    data: approveData(spender, amount),
    value: '0',
    ...overrides,
  });
  const expected = { account: ACCOUNT, token: PUSD, router: ROUTER, amount: 100n, unlimited: false };
  const check = (tx: BuiltTransaction, overrides: Partial<typeof expected> = {}) => problem(() => checkApproveTransaction(tx, { ...expected, ...overrides }));

  it('accepts approve(router, the swap amount) on the token, from the account (any address case)', () => {
    expect(check(approve(ROUTER, 100n, { to: PUSD.toLowerCase(), from: ACCOUNT.toUpperCase().replace('0X', '0x') }))).toBeUndefined();
    expect(check(approve(ROUTER, 100n, { from: undefined }))).toBeUndefined();
  });

  it('target: another contract than the token is refused', () => {
    expect(check(approve(ROUTER, 100n, { to: PTK }))).toBe(
      `Portico refused to send this transaction to your wallet: it is addressed to ${PTK}, not the token you are approving. Nothing was signed.`,
    );
  });

  it('spender: anyone but the router is refused', () => {
    expect(check(approve(OTHER, 100n))).toContain(`it lets ${OTHER} spend your tokens, not the exchange`);
  });

  it('amount: exactly the swap amount; unlimited only when asked', () => {
    expect(check(approve(ROUTER, 101n))).toContain('it approves 101 instead of 100');
    expect(check(approve(ROUTER, maxUint256))).toContain('it asks for an unlimited approval you did not choose');
    expect(check(approve(ROUTER, maxUint256), { unlimited: true })).toBeUndefined();
    expect(check(approve(ROUTER, 100n), { unlimited: true })).toContain(`it approves 100 instead of ${maxUint256}`);
  });

  it('sender, value, function and undecodable data are refused', () => {
    expect(check(approve(ROUTER, 100n, { from: OTHER }))).toContain(`it would be sent from ${OTHER}, not your account`);
    expect(check(approve(ROUTER, 100n, { value: '1' }))).toContain('an approval must not send any native currency');
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ROUTER, 100n] });
    expect(check(approve(ROUTER, 100n, { data: transfer }))).toContain('it calls transfer, not approve');
    expect(check(approve(ROUTER, 100n, { data: '0x095ea7b3' }))).toContain('its data is not a call Portico knows');
  });
});

describe('checkSwapTransaction', () => {
  const expected: ExpectedSwap = { account: ACCOUNT, router: ROUTER, fromToken: PUSD, toToken: PTK, amountIn: 100n, minimumOut: 990n, nowSeconds: NOW };
  const deadline = BigInt(NOW + 1200);
  const tokensForTokens = (args: { amountIn?: bigint; min?: bigint; path?: `0x${string}`[]; to?: `0x${string}`; deadline?: bigint }, overrides: Partial<BuiltTransaction> = {}) => ({
    from: ACCOUNT,
    to: ROUTER,
    value: '0',
    data: encodeFunctionData({
      abi: ROUTER_ABI,
      functionName: 'swapExactTokensForTokens',
      args: [args.amountIn ?? 100n, args.min ?? 990n, args.path ?? [PUSD, PTK], args.to ?? ACCOUNT, args.deadline ?? deadline],
    }),
    ...overrides,
  });
  const check = (tx: BuiltTransaction, overrides: Partial<ExpectedSwap> = {}) => problem(() => checkSwapTransaction(tx, { ...expected, ...overrides }));

  it('accepts the swap the person chose (a better minimum and a route through WETH too)', () => {
    expect(check(tokensForTokens({}))).toBeUndefined();
    expect(check(tokensForTokens({ min: 1000n, path: [PUSD, WETH, PTK] }))).toBeUndefined();
  });

  it('target: anything but the configured router is refused', () => {
    expect(check(tokensForTokens({}, { to: OTHER }))).toContain(`it is addressed to ${OTHER}, not the exchange's router`);
  });

  it('recipient: the tokens go to the connected account only', () => {
    expect(check(tokensForTokens({ to: OTHER }))).toContain(`it sends the tokens to ${OTHER}, not your account`);
  });

  it('amounts: amountIn is the entered amount; amountOutMin not below quote × (1 − slippage)', () => {
    expect(check(tokensForTokens({ amountIn: 1000n }))).toContain('it swaps 1000 instead of the 100 you entered');
    expect(check(tokensForTokens({ min: 989n }))).toContain('it accepts as little as 989, below the 990 your slippage tolerance allows');
    expect(check(tokensForTokens({ min: 0n }))).toContain('it accepts as little as 0');
  });

  it('path: starts and ends with the chosen tokens, at most 4 long', () => {
    expect(check(tokensForTokens({ path: [PTK, PUSD] }))).toContain('it does not swap the token you chose');
    expect(check(tokensForTokens({ path: [PUSD, WETH] }))).toContain('it does not buy the token you chose');
    expect(check(tokensForTokens({ path: [PUSD, WETH, OTHER, WETH, PTK] }))).toContain('its route has 5 tokens');
  });

  it('deadline: in the future and at most an hour away', () => {
    expect(check(tokensForTokens({ deadline: BigInt(NOW) }))).toContain('its deadline has already passed');
    expect(check(tokensForTokens({ deadline: BigInt(NOW + SWAP_DEADLINE_MAX_SECONDS) }))).toBeUndefined();
    expect(check(tokensForTokens({ deadline: BigInt(NOW + SWAP_DEADLINE_MAX_SECONDS + 1) }))).toContain('its deadline is more than an hour away');
  });

  it('value: the amount for native in, 0 otherwise; the function must match the tokens', () => {
    const ethIn = (value: string, min = 990n) => ({
      from: ACCOUNT,
      to: ROUTER,
      value,
      data: encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactETHForTokens', args: [min, [WETH, PTK], ACCOUNT, deadline] }),
    });
    const native = { fromToken: undefined };
    expect(check(ethIn('100'), native)).toBeUndefined();
    expect(check(ethIn('101'), native)).toContain('it sends 101 wei of native currency');
    expect(check(tokensForTokens({}, { value: '5' }))).toContain('it sends 5 wei of native currency');
    expect(check(ethIn('100'))).toContain('it calls swapExactETHForTokens, not swapExactTokensForTokens');
    const ethOut = encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactTokensForETH', args: [100n, 990n, [PUSD, WETH], ACCOUNT, deadline] });
    expect(check({ from: ACCOUNT, to: ROUTER, value: '0', data: ethOut }, { toToken: undefined })).toBeUndefined();
  });

  it('sender and undecodable data are refused', () => {
    expect(check(tokensForTokens({}, { from: OTHER }))).toContain(`it would be sent from ${OTHER}, not your account`);
    expect(check(tokensForTokens({}, { data: '0x38ed1739' }))).toContain('its data is not a call Portico knows');
  });
});
