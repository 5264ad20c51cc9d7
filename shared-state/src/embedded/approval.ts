/**
 * The approval gate's reading of a request (spec section 6), used by the secure site for its own approval screen
 * (issue 28): a request that signs or spends is parsed, checked and turned into what the screen shows. A request that
 * does not parse, is for another account or an unknown network, or that Portico cannot show, is refused: the person is
 * never asked to approve something the wallet cannot describe.
 */
import { decodeFunctionData, encodeFunctionData, erc20Abi, formatUnits, hexToBigInt, hexToBytes, stringToHex, validateTypedData, type EncodeFunctionDataParameters, type Hex } from 'viem';
import * as z from 'zod/mini';
import { recordOf } from '../storage';
import { PorticoError } from '../errors';
import { orNull } from '../zod-parts';
import { SWAP_ROUTER_ABI } from '../swap-router-abi';
import type { CaipNetwork } from '../network';
import { MAX_RPC_PARAMS_CHARS } from './constants';
import { jsonLength } from './wire';

/** Portico's own: calls in one wallet_sendCalls request the gate will show. */
export const MAX_SEND_CALLS = 16;

/** Refused before the person is asked: EIP-1193 code -32602 (invalid params). */
export class InvalidApprovalRequestError extends PorticoError {
  override name = 'InvalidApprovalRequestError';
  readonly code = -32602;
  readonly method: string;
  constructor(method: string, reason: string) {
    super(`Invalid ${method.slice(0, 64)} request: ${reason}`);
    this.method = method;
  }
}

export interface ApprovalContext {
  /** The embedded account: every request must come from it. */
  account: string;
  /** The chain the embedded wallet is on (eip155 id). */
  chainId: number;
  /** The host's configured networks: the request's chain must be one of them. */
  networks: readonly CaipNetwork[];
}

/** An amount of the network's native currency: `raw` in the smallest unit (decimal text), `formatted` in whole units. */
export interface NativeAmount {
  raw: string;
  formatted: string;
  symbol: string;
}

/** What a call's data does, decoded where Portico knows the function (ERC-20 transfer, approve, transferFrom, a router's swaps). */
export type CallData =
  | { kind: 'none' }
  | { kind: 'erc20-transfer'; to: string; amount: string }
  | { kind: 'erc20-approve'; spender: string; amount: string }
  | { kind: 'erc20-transfer-from'; from: string; to: string; amount: string }
  /**
   * A Uniswap-V2-style router's swap (`SWAP_ROUTER_ABI`): `amountIn` of `path[0]` for at least `amountOutMin` of the
   * path's last token, paid to `recipient`, valid until `deadline` (unix seconds). swapExactETHForTokens has no
   * `amountIn`: the call's value goes in; swapExactTokensForETH pays out the native currency, not the wrapped token.
   */
  | { kind: 'swap'; functionName: SwapFunctionName; amountIn?: string; amountOutMin: string; path: string[]; recipient: string; deadline: string }
  /** Any other call: its 4-byte selector and the data's length in bytes. */
  | { kind: 'call'; selector: Hex; bytes: number }
  /** No `to`: the data deploys a contract. */
  | { kind: 'deploy'; bytes: number };

export type SwapFunctionName = (typeof SWAP_ROUTER_ABI)[number]['name'];

export interface CallDescription {
  /** Absent for a contract creation. */
  to?: string;
  value: NativeAmount;
  data: CallData;
  /** The data exactly as it will be signed ('0x' for none): for the fee estimate and a "show raw data" view. */
  input: Hex;
}

export interface NetworkLabel {
  chainId: number;
  name: string;
}

/** What ApproveTransaction shows; every value is plain JSON (amounts as decimal text). */
export type RequestDescription =
  | { kind: 'message'; method: 'personal_sign'; signer: string; network: NetworkLabel; text?: string; hex: Hex }
  | {
      kind: 'typed-data';
      method: 'eth_signTypedData_v4';
      signer: string;
      network: NetworkLabel;
      domain: Record<string, unknown>;
      primaryType: string;
      message: Record<string, unknown>;
    }
  | { kind: 'transaction'; method: 'eth_sendTransaction'; from: string; network: NetworkLabel; call: CallDescription }
  | {
      kind: 'calls';
      method: 'wallet_sendCalls';
      from: string;
      network: NetworkLabel;
      calls: CallDescription[];
      /** EIP-5792: all calls or none (only a smart account can promise it). */
      atomicRequired: boolean;
    };

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address'));
const hexData = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes'));
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a 0x hex quantity'));

const transactionSchema = z.object({
  from: address,
  to: z.optional(orNull(address)),
  value: z.optional(quantity),
  data: z.optional(hexData),
  input: z.optional(hexData),
  chainId: z.optional(quantity),
});
/** Spec section 5: each call has `to` starting 0x, optional data starting 0x, optional value text. */
const sendCallsSchema = z.object({
  chainId: quantity,
  from: z.optional(address),
  atomicRequired: z.optional(z.boolean()),
  calls: z
    .array(z.object({ to: address, data: z.optional(hexData), value: z.optional(quantity) }))
    .check(z.minLength(1, 'must have at least one call'), z.maxLength(MAX_SEND_CALLS, `must have at most ${MAX_SEND_CALLS} calls`)),
});
const typedDataSchema = z.object({
  types: recordOf(z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string().check(z.minLength(1)),
  domain: recordOf(z.unknown()),
  message: recordOf(z.unknown()),
});

/**
 * Parses, checks and describes a request that needs approval, before the secure site sees it.
 *
 * @throws {InvalidApprovalRequestError} params that do not parse, another signer, an unknown or other chain,
 *   params over `MAX_RPC_PARAMS_CHARS`, or a method the gate cannot show (solana, permissions, user operations)
 * @example
 * describeRequest(
 *   { method: 'eth_sendTransaction', params: [{ from: account, to: bob, value: '0x16345785d8a0000' }] },
 *   { account, chainId: 31337, networks },
 * ); // { kind: 'transaction', call: { to: bob, value: { formatted: '0.1', symbol: 'ETH', … }, data: { kind: 'none' } }, … }
 */
export function describeRequest(request: { method: string; params?: unknown }, context: ApprovalContext): RequestDescription {
  const { method, params } = request;
  const refuse = (reason: string): never => {
    throw new InvalidApprovalRequestError(method, reason);
  };
  if ((jsonLength(params) ?? Infinity) > MAX_RPC_PARAMS_CHARS) refuse(`params must be JSON of at most ${MAX_RPC_PARAMS_CHARS} characters`);
  const { network, nativeCurrency } = networkOf(context, refuse);
  const positional = Array.isArray(params) ? params : refuse('params must be an array');
  const checkSigner = (value: unknown, field: string): string => {
    const parsed = address.safeParse(value);
    if (!parsed.success) return refuse(`${field} must be a 0x address`);
    // Compared case-insensitively: a checksum is a spelling, not a different account.
    if (parsed.data.toLowerCase() !== context.account.toLowerCase()) refuse(`${field} is not the embedded account`);
    return parsed.data;
  };

  switch (method) {
    case 'personal_sign': {
      const [message, signer] = positional;
      if (typeof message !== 'string') return refuse('the message must be text or 0x hex');
      return { kind: 'message', method, signer: checkSigner(signer, 'the signer'), network, ...readMessage(message) };
    }
    case 'eth_signTypedData_v4': {
      const [signer, raw] = positional;
      const typedData = parseWith(typedDataSchema, typeof raw === 'string' ? parseJson(raw, refuse) : raw, 'typed data', refuse);
      try {
        validateTypedData(typedData as Parameters<typeof validateTypedData>[0]);
      } catch (error) {
        refuse(`typed data does not match its types (${(error as { shortMessage?: string }).shortMessage ?? 'invalid'})`);
      }
      const domainChain = typedData.domain.chainId;
      if (domainChain !== undefined && Number(domainChain) !== context.chainId) {
        refuse(`typed data is for chain ${String(domainChain)}, the wallet is on ${context.chainId}`);
      }
      const { domain, primaryType, message } = typedData;
      return { kind: 'typed-data', method, signer: checkSigner(signer, 'the signer'), network, domain, primaryType, message };
    }
    case 'eth_sendTransaction': {
      const transaction = parseWith(transactionSchema, positional[0], 'transaction', refuse);
      if (transaction.chainId !== undefined) checkChain(hexToNumberSafe(transaction.chainId), context, refuse);
      const data = transaction.data ?? transaction.input;
      return {
        kind: 'transaction',
        method,
        from: checkSigner(transaction.from, 'from'),
        network,
        call: describeCall({ to: transaction.to ?? undefined, value: transaction.value, data }, nativeCurrency, refuse),
      };
    }
    case 'wallet_sendCalls': {
      const batch = parseWith(sendCallsSchema, positional[0], 'calls', refuse);
      checkChain(hexToNumberSafe(batch.chainId), context, refuse);
      return {
        kind: 'calls',
        method,
        from: batch.from === undefined ? context.account : checkSigner(batch.from, 'from'),
        network,
        calls: batch.calls.map((call) => describeCall(call, nativeCurrency, refuse)),
        atomicRequired: batch.atomicRequired ?? false,
      };
    }
    default:
      return refuse('Portico cannot show this request for approval');
  }
}

type Refuse = (reason: string) => never;

type NativeCurrency = CaipNetwork['nativeCurrency'];

function networkOf({ networks, chainId }: ApprovalContext, refuse: Refuse): { network: NetworkLabel; nativeCurrency: NativeCurrency } {
  const found = networks.find((candidate) => candidate.chainNamespace === 'eip155' && Number(candidate.id) === chainId);
  if (!found) return refuse(`chain ${chainId} is not one of the configured networks`);
  return { network: { chainId, name: found.name }, nativeCurrency: found.nativeCurrency };
}

function checkChain(chainId: number, context: ApprovalContext, refuse: Refuse): void {
  if (chainId !== context.chainId) refuse(`the request is for chain ${chainId}, the wallet is on ${context.chainId}`);
}

function hexToNumberSafe(value: string): number {
  const parsed = hexToBigInt(value as Hex);
  return parsed <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(parsed) : Number.NaN;
}

function describeCall(call: { to?: string; value?: string; data?: string }, { decimals, symbol }: NativeCurrency, refuse: Refuse): CallDescription {
  const raw = call.value === undefined ? 0n : hexToBigInt(call.value as Hex);
  const value = { raw: raw.toString(), formatted: formatUnits(raw, decimals), symbol };
  const data = (call.data ?? '0x') as Hex;
  if (call.to === undefined) {
    if (data === '0x') refuse('a transaction without `to` must carry contract code');
    return { value, data: { kind: 'deploy', bytes: (data.length - 2) / 2 }, input: data };
  }
  return { to: call.to, value, data: decodeCallData(data), input: data };
}

/**
 * The call's data as Portico can show it: ERC-20 transfer, approve and transferFrom, and a router's swaps decoded
 * (amounts in the token's smallest unit; the view knows the token's decimals), anything else by its selector.
 *
 * @example
 * decodeCallData('0xa9059cbb…'); // { kind: 'erc20-transfer', to: '0x…', amount: '1000000' }
 */
export function decodeCallData(data: Hex): CallData {
  if (data === '0x') return { kind: 'none' };
  const bytes = (data.length - 2) / 2;
  const known = decodeErc20Call(data, bytes) ?? decodeSwapCall(data);
  if (known) return known;
  return bytes >= 4 ? { kind: 'call', selector: data.slice(0, 10) as Hex, bytes } : { kind: 'call', selector: data, bytes };
}

function decodeErc20Call(data: Hex, bytes: number): CallData | undefined {
  try {
    const decoded = decodeFunctionData({ abi: erc20Abi, data });
    // Only exact encodings: trailing bytes would go to the contract unseen.
    if (bytes !== 4 + 32 * decoded.args.length) return undefined;
    if (decoded.functionName === 'transfer') return { kind: 'erc20-transfer', to: decoded.args[0], amount: decoded.args[1].toString() };
    if (decoded.functionName === 'approve') return { kind: 'erc20-approve', spender: decoded.args[0], amount: decoded.args[1].toString() };
    if (decoded.functionName === 'transferFrom') {
      const [from, to, amount] = decoded.args;
      return { kind: 'erc20-transfer-from', from, to, amount: amount.toString() };
    }
  } catch {
    // Not an ERC-20 call (or malformed arguments).
  }
  return undefined;
}

function decodeSwapCall(data: Hex): CallData | undefined {
  try {
    const decoded = decodeFunctionData({ abi: SWAP_ROUTER_ABI, data });
    // Only the canonical encoding: trailing bytes, or arguments laid out another way, would reach the router unseen.
    if (encodeFunctionData({ abi: SWAP_ROUTER_ABI, ...decoded } as EncodeFunctionDataParameters<typeof SWAP_ROUTER_ABI>) !== data.toLowerCase()) return undefined;
    const { functionName, args } = decoded;
    const [amountIn, amountOutMin, path, recipient, deadline] = functionName === 'swapExactETHForTokens' ? ([undefined, ...args] as const) : args;
    // The router refuses a path without two tokens: nothing to word.
    if (path.length < 2) return undefined;
    return {
      kind: 'swap',
      functionName,
      ...(amountIn !== undefined && { amountIn: amountIn.toString() }),
      amountOutMin: amountOutMin.toString(),
      path: [...path],
      recipient,
      deadline: deadline.toString(),
    };
  } catch {
    // Not a router swap (or malformed arguments).
    return undefined;
  }
}

/** A personal_sign message: 0x hex decoded to text when it is printable UTF-8, else shown as hex; plain text as is. */
function readMessage(message: string): { text?: string; hex: Hex } {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) return { text: message, hex: stringToHex(message) };
  const hex = message as Hex;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(hex));
    // Control characters other than tab and line breaks would hide what is signed.
    return /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/.test(text) || text.length === 0 ? { hex } : { text, hex };
  } catch {
    return { hex };
  }
}

function parseJson(text: string, refuse: Refuse): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return refuse('typed data is not valid JSON');
  }
}

function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown, what: string, refuse: Refuse): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return refuse(`${what} ${where}${issue?.message ?? 'is invalid'}`);
}
