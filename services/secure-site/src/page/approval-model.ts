/**
 * What the approval screen says (./approvals.ts `ApprovalScreen`), built from the frozen copy that will be signed,
 * described by shared-state's `describeRequest`. Plain text only; the screen draws it with `textContent`.
 *
 * The network is named from this page's own table (./chain-names.ts), never by the host. Addresses that receive
 * funds or an allowance carry their name where one resolves (./recipient-names.ts), always beside the full address.
 * ERC-20 amounts and swaps are in the token's units, its symbol and decimals read on chain (`readToken`).
 * The fee shown is the one the signed fields allow: legacy `gas × gasPrice`, EIP-1559 `gas × maxFeePerGas` ("Up to").
 */
import { FEE_WARNING_MULTIPLE, type CallData, type CallDescription, type RequestDescription } from '@portico/shared-state/embedded';
import { formatEther, formatUnits, maxUint256, type Address } from 'viem';
import { z } from 'zod';
import type { ApprovalScreen, ScreenRow } from './approvals';
import { networkText } from './chain-names';
import type { LookupName } from './recipient-names';

export const SCREEN_HEADINGS = {
  personal_sign: 'Sign message',
  eth_signTypedData_v4: 'Sign typed data',
  eth_sendTransaction: 'Review transaction',
  wallet_sendCalls: 'Review calls',
} as const;
export const requestedByText = (origin: string) => `Requested by ${origin}`;
export const FEE_PAID_BY_SMART_ACCOUNT = 'Paid by the smart account (the bundler sets it when the operation is sent)';
export const FEE_SET_PER_CALL = 'Set by the network when each call is sent (one transaction per call)';
export const feeWarningText = (feeWei: bigint, estimateWei: bigint) =>
  `This site set a network fee of ${formatEther(feeWei)} ETH, over ${FEE_WARNING_MULTIPLE}× the network's estimate of ${formatEther(estimateWei)} ETH.`;

/** An ERC-20's symbol and decimals as its contract answers them. */
export interface TokenInfo {
  symbol: string;
  decimals: number;
}
/** Reads a token's symbol and decimals from chain; undefined when they cannot be read. */
export type ReadToken = (token: Address) => Promise<TokenInfo | undefined>;

/** A token's own answers are untrusted: control and format characters (bidi overrides) would hide what is shown. */
export const tokenInfoSchema = z.object({
  symbol: z.string().regex(/^[^\p{C}]{1,32}$/u),
  decimals: z.number().int().min(0).max(77),
});

/** The fee the signed transaction allows at most, in wei. */
export interface SignedFee {
  wei: bigint;
  /** EIP-1559: the base fee may take less. */
  upTo: boolean;
}

const ethText = (wei: bigint) => `${formatEther(wei)} ETH`;
export const feeText = ({ wei, upTo }: SignedFee) => `${upTo ? 'Up to ' : ''}${ethText(wei)}`;

/** 'alice.portico.eth (0x…)', or the address alone: the name is extra, the address always shown whole. */
const addressText = (address: string, name: string | undefined) => (name === undefined ? address : `${name} (${address})`);

const UNREADABLE_TOKEN = 'its symbol and decimals could not be read';
/** An amount in the token's units, or in raw units (said so) when the token could not be read. */
const tokenAmountText = (token: string, amount: bigint, info: TokenInfo | undefined) =>
  info ? `${formatUnits(amount, info.decimals)} ${info.symbol}` : `${amount} raw units of the token at ${token} (${UNREADABLE_TOKEN})`;
/** An allowance: the maximum uint256 is the conventional "no limit". */
const allowanceText = (token: string, amount: bigint, info: TokenInfo | undefined) => {
  if (amount !== maxUint256) return tokenAmountText(token, amount, info);
  return info ? `unlimited ${info.symbol}` : `unlimited units of the token at ${token} (${UNREADABLE_TOKEN})`;
};

/** A swap's deadline in UTC; one past any date (a "never" maximum) by its number. */
function deadlineText(unixSeconds: bigint): string {
  // A Date reaches 8.64e15 ms.
  if (unixSeconds > 8_640_000_000_000n) return `No expiry (unix time ${unixSeconds})`;
  return new Date(Number(unixSeconds) * 1000).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
}

/** What one screen reads from outside, each token and address once (a batch often repeats them). */
interface ScreenReads {
  token(token: string): Promise<TokenInfo | undefined>;
  /** The address with its name where one resolves (`addressText`). */
  named(address: string): Promise<string>;
}

function screenReads(context: ScreenContext, chainId: number): ScreenReads {
  const once = <T>(read: (address: Address) => Promise<T>) => {
    const asked = new Map<string, Promise<T>>();
    return (address: string) => {
      const key = address.toLowerCase();
      const answer = asked.get(key) ?? read(address as Address);
      asked.set(key, answer);
      return answer;
    };
  };
  const nameOf = once((address) => context.lookupName(address, chainId));
  return { token: once(context.readToken), named: async (address) => addressText(address, await nameOf(address)) };
}

/** A router swap: what goes in, the least that comes out, who gets it and until when the router takes it. */
async function swapRows(call: CallDescription, swap: Extract<CallData, { kind: 'swap' }>, reads: ScreenReads): Promise<ScreenRow[]> {
  const sold = swap.path[0]!;
  const bought = swap.path[swap.path.length - 1]!;
  const [soldInfo, boughtInfo, recipient] = await Promise.all([
    swap.amountIn === undefined ? undefined : reads.token(sold),
    swap.functionName === 'swapExactTokensForETH' ? undefined : reads.token(bought),
    reads.named(swap.recipient),
  ]);
  // swapExactETHForTokens sells the call's value; swapExactTokensForETH pays out ETH, not the wrapped token.
  const paid = swap.amountIn === undefined ? ethText(BigInt(call.value.raw)) : tokenAmountText(sold, BigInt(swap.amountIn), soldInfo);
  const atLeast = swap.functionName === 'swapExactTokensForETH' ? ethText(BigInt(swap.amountOutMin)) : tokenAmountText(bought, BigInt(swap.amountOutMin), boughtInfo);
  return [
    { label: 'Action', value: `Swap ${paid} for at least ${atLeast}` },
    { label: 'Recipient', value: recipient },
    { label: 'Deadline', value: deadlineText(BigInt(swap.deadline)) },
  ];
}

/** A call's action in words: ERC-20 calls and swaps in the token's units (or raw, said so), anything else by its selector. */
async function actionRows(call: CallDescription, reads: ScreenReads): Promise<ScreenRow[]> {
  const { data } = call;
  const action = (value: string): ScreenRow[] => [{ label: 'Action', value }];
  switch (data.kind) {
    case 'none':
      return [];
    case 'call':
      return action(`Call ${data.selector} with ${data.bytes} bytes of data`);
    case 'deploy':
      return action(`Deploy a contract (${data.bytes} bytes of code)`);
    case 'swap':
      return swapRows(call, data, reads);
  }
  // An ERC-20 call: the called contract is the token (describeRequest decodes calls only where there is a `to`).
  const token = call.to!;
  const amount = BigInt(data.amount);
  if (data.kind === 'erc20-transfer') {
    const [info, to] = await Promise.all([reads.token(token), reads.named(data.to)]);
    return action(`Send ${tokenAmountText(token, amount, info)} to ${to}`);
  }
  if (data.kind === 'erc20-approve') {
    const [info, spender] = await Promise.all([reads.token(token), reads.named(data.spender)]);
    return action(`Allow ${spender} to spend ${allowanceText(token, amount, info)}`);
  }
  const [info, from, to] = await Promise.all([reads.token(token), reads.named(data.from), reads.named(data.to)]);
  return action(`Move ${tokenAmountText(token, amount, info)} from ${from} to ${to}`);
}

async function callRows(call: CallDescription, reads: ScreenReads): Promise<ScreenRow[]> {
  const [to, action] = await Promise.all([call.to === undefined ? 'New contract' : reads.named(call.to), actionRows(call, reads)]);
  return [{ label: 'To', value: to }, { label: 'Amount', value: `${call.value.formatted} ${call.value.symbol}` }, ...action];
}

export interface ScreenContext {
  requestedBy: string;
  readToken: ReadToken;
  /** Names for the addresses that receive funds or an allowance; at most a short wait, then none (./recipient-names.ts). */
  lookupName: LookupName;
}

/** The fee line of a transaction or batch: a signed amount, or what honestly can be said of it. */
export type FeeLine = { signed: SignedFee; estimateWei?: bigint; dappSet: boolean } | { text: string };

/** The screen for a described request; `fee` for transactions and batches. */
export async function screenOf(description: RequestDescription, context: ScreenContext, fee?: FeeLine): Promise<ApprovalScreen> {
  const base = { method: description.method, heading: SCREEN_HEADINGS[description.method], requestedBy: context.requestedBy };
  // The chain id only: the description's network name is the host's.
  const network: ScreenRow = { label: 'Network', value: networkText(description.network.chainId) };
  const reads = screenReads(context, description.network.chainId);
  switch (description.kind) {
    case 'message':
      return { ...base, rows: [{ label: 'Account', value: description.signer }, network], message: description.text ?? description.hex };
    case 'typed-data': {
      const { domain } = description;
      return {
        ...base,
        rows: [
          { label: 'Account', value: description.signer },
          network,
          { label: 'Domain', value: typeof domain.name === 'string' ? domain.name : '(no name)' },
          ...(typeof domain.verifyingContract === 'string' ? [{ label: 'Contract', value: domain.verifyingContract }] : []),
          { label: 'Type', value: description.primaryType },
        ],
        message: JSON.stringify(description.message, null, 2),
      };
    }
    case 'transaction':
      return {
        ...base,
        rows: [{ label: 'Account', value: description.from }, network, ...(await callRows(description.call, reads)), ...feeRows(fee)],
        ...feeFields(fee),
      };
    case 'calls':
      return {
        ...base,
        rows: [{ label: 'Account', value: description.from }, network, ...feeRows(fee)],
        calls: await Promise.all(description.calls.map((call) => callRows(call, reads))),
        ...feeFields(fee),
      };
  }
}

const feeRows = (fee: FeeLine | undefined): ScreenRow[] => (fee ? [{ label: 'Network fee', value: 'text' in fee ? fee.text : feeText(fee.signed) }] : []);

/** The shown fee in wei, and the warning when the dapp set a fee over `FEE_WARNING_MULTIPLE` × the network's estimate. */
function feeFields(fee: FeeLine | undefined): Pick<ApprovalScreen, 'feeWei' | 'feeWarning'> {
  if (!fee || 'text' in fee) return {};
  const { signed, estimateWei, dappSet } = fee;
  const overEstimate = dappSet && estimateWei !== undefined && signed.wei > BigInt(FEE_WARNING_MULTIPLE) * estimateWei;
  return {
    feeWei: signed.wei,
    ...(overEstimate && { feeWarning: { text: feeWarningText(signed.wei, estimateWei), feeWei: signed.wei, estimateWei } }),
  };
}
