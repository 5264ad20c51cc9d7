/**
 * The modal signs only what it meant to sign: a transaction the API built (swap approve, swap)
 * is decoded against the ERC-20 and router ABIs and checked against what the person chose before
 * the wallet sees it. Loaded with the swap flow only (viem's decoder stays out of the page).
 */
import { decodeFunctionData, erc20Abi, maxUint256, type Hex } from 'viem';
import { PorticoError } from '../errors';
import { SWAP_ROUTER_ABI } from '../swap-router-abi';

/** The API sets 20 minutes; a deadline further away than this leaves a signed swap usable too long. */
export const SWAP_DEADLINE_MAX_SECONDS = 60 * 60;
/** Direct, or through one or two intermediate pools. */
const SWAP_PATH_MAX_LENGTH = 4;

/** A built transaction that is not the one the person asked for. Nothing was sent to the wallet. */
export class UnexpectedTransactionError extends PorticoError {
  override name = 'UnexpectedTransactionError';
  constructor(problem: string) {
    super(`Portico refused to send this transaction to your wallet: ${problem}. Nothing was signed.`);
  }
}

export interface BuiltTransaction {
  from?: string;
  to: string;
  data: string;
  value: string;
}

const sameAddress = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

function checkSender(tx: BuiltTransaction, account: string) {
  if (tx.from !== undefined && !sameAddress(tx.from, account)) throw new UnexpectedTransactionError(`it would be sent from ${tx.from}, not your account`);
}

function decode<const Abi extends typeof erc20Abi | typeof SWAP_ROUTER_ABI>(abi: Abi, data: string) {
  try {
    return decodeFunctionData({ abi, data: data as Hex });
  } catch {
    throw new UnexpectedTransactionError('its data is not a call Portico knows');
  }
}

/**
 * approve(router, amount) on the token being swapped, from the account: exactly the swap amount,
 * or the unlimited maximum only when the person asked for it.
 */
export function checkApproveTransaction(
  tx: BuiltTransaction,
  expected: { account: string; token: string; router: string; amount: bigint; unlimited: boolean },
): void {
  checkSender(tx, expected.account);
  if (!sameAddress(tx.to, expected.token)) throw new UnexpectedTransactionError(`it is addressed to ${tx.to}, not the token you are approving`);
  if (BigInt(tx.value) !== 0n) throw new UnexpectedTransactionError('an approval must not send any native currency');
  const call = decode(erc20Abi, tx.data);
  if (call.functionName !== 'approve') throw new UnexpectedTransactionError(`it calls ${call.functionName}, not approve`);
  const [spender, amount] = call.args;
  if (!sameAddress(spender, expected.router)) throw new UnexpectedTransactionError(`it lets ${spender} spend your tokens, not the exchange`);
  const wanted = expected.unlimited ? maxUint256 : expected.amount;
  if (amount !== wanted) {
    throw new UnexpectedTransactionError(
      amount === maxUint256 ? 'it asks for an unlimited approval you did not choose' : `it approves ${amount} instead of ${wanted}`,
    );
  }
}

export interface ExpectedSwap {
  account: string;
  router: string;
  /** 0x token address, or undefined for the native currency. */
  fromToken?: string;
  toToken?: string;
  amountIn: bigint;
  /** quote × (1 − slippage): the least the transaction may accept. */
  minimumOut: bigint;
  nowSeconds: number;
}

/** The router call, with the native currency's value as its amountIn for swapExactETHForTokens. */
function swapCall(tx: BuiltTransaction, expected: ExpectedSwap) {
  const call = decode(SWAP_ROUTER_ABI, tx.data);
  const wanted = !expected.fromToken ? 'swapExactETHForTokens' : !expected.toToken ? 'swapExactTokensForETH' : 'swapExactTokensForTokens';
  if (call.functionName !== wanted) throw new UnexpectedTransactionError(`it calls ${call.functionName}, not ${wanted}`);
  if (call.functionName === 'swapExactETHForTokens') {
    const [amountOutMin, path, recipient, deadline] = call.args;
    return { amountIn: BigInt(tx.value), amountOutMin, path, recipient, deadline };
  }
  const [amountIn, amountOutMin, path, recipient, deadline] = call.args;
  return { amountIn, amountOutMin, path, recipient, deadline };
}

/**
 * A swap on the configured router: the entered amount in (and as value only when the native
 * currency goes in), at least quote × (1 − slippage) out, from and to the chosen tokens, to the
 * connected account, with a deadline soon. Native legs go through the wrapped token, which the
 * router itself enforces.
 */
export function checkSwapTransaction(tx: BuiltTransaction, expected: ExpectedSwap): void {
  checkSender(tx, expected.account);
  if (!sameAddress(tx.to, expected.router)) throw new UnexpectedTransactionError(`it is addressed to ${tx.to}, not the exchange's router`);
  const call = swapCall(tx, expected);
  const value = BigInt(tx.value);
  if (value !== (expected.fromToken ? 0n : expected.amountIn)) throw new UnexpectedTransactionError(`it sends ${value} wei of native currency`);
  if (call.amountIn !== expected.amountIn) throw new UnexpectedTransactionError(`it swaps ${call.amountIn} instead of the ${expected.amountIn} you entered`);
  if (call.amountOutMin < expected.minimumOut) {
    throw new UnexpectedTransactionError(`it accepts as little as ${call.amountOutMin}, below the ${expected.minimumOut} your slippage tolerance allows`);
  }
  const { path } = call;
  if (path.length < 2 || path.length > SWAP_PATH_MAX_LENGTH) throw new UnexpectedTransactionError(`its route has ${path.length} tokens`);
  if (expected.fromToken && !sameAddress(path[0], expected.fromToken)) throw new UnexpectedTransactionError('it does not swap the token you chose');
  if (expected.toToken && !sameAddress(path[path.length - 1], expected.toToken)) throw new UnexpectedTransactionError('it does not buy the token you chose');
  if (!sameAddress(call.recipient, expected.account)) throw new UnexpectedTransactionError(`it sends the tokens to ${call.recipient}, not your account`);
  if (call.deadline <= BigInt(expected.nowSeconds)) throw new UnexpectedTransactionError('its deadline has already passed');
  if (call.deadline > BigInt(expected.nowSeconds + SWAP_DEADLINE_MAX_SECONDS)) throw new UnexpectedTransactionError('its deadline is more than an hour away');
}
