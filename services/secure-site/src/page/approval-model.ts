/**
 * What the approval screen says (./approvals.ts `ApprovalScreen`), built from the frozen copy that will be signed,
 * described by shared-state's `describeRequest`. Plain text only; the screen draws it with `textContent`.
 *
 * The fee shown is the one the signed fields allow: legacy `gas × gasPrice`, EIP-1559 `gas × maxFeePerGas` ("Up to").
 */
import { FEE_WARNING_MULTIPLE, type CallDescription, type RequestDescription } from '@portico/shared-state/embedded';
import { formatEther, formatUnits, type Address } from 'viem';
import { z } from 'zod';
import type { ApprovalScreen, ScreenRow } from './approvals';

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

/** A call's action in words: ERC-20 amounts in the token's units (or raw, said so), anything else by its selector. */
async function actionText(call: CallDescription, readToken: ReadToken): Promise<string | undefined> {
  const { data } = call;
  if (data.kind === 'none') return undefined;
  if (data.kind === 'call') return `Call ${data.selector} with ${data.bytes} bytes of data`;
  if (data.kind === 'deploy') return `Deploy a contract (${data.bytes} bytes of code)`;
  const token = call.to === undefined ? undefined : await readToken(call.to as Address);
  const amount = token
    ? `${formatUnits(BigInt(data.amount), token.decimals)} ${token.symbol}`
    : `${data.amount} raw units of the token at ${call.to} (its symbol and decimals could not be read)`;
  if (data.kind === 'erc20-transfer') return `Send ${amount} to ${data.to}`;
  if (data.kind === 'erc20-approve') return `Allow ${data.spender} to spend ${amount}`;
  return `Move ${amount} from ${data.from} to ${data.to}`;
}

async function callRows(call: CallDescription, readToken: ReadToken): Promise<ScreenRow[]> {
  const action = await actionText(call, readToken);
  return [
    { label: 'To', value: call.to ?? 'New contract' },
    { label: 'Amount', value: `${call.value.formatted} ${call.value.symbol}` },
    ...(action ? [{ label: 'Action', value: action }] : []),
  ];
}

export interface ScreenContext {
  requestedBy: string;
  readToken: ReadToken;
}

/** The fee line of a transaction or batch: a signed amount, or what honestly can be said of it. */
export type FeeLine = { signed: SignedFee; estimateWei?: bigint; dappSet: boolean } | { text: string };

/** The screen for a described request; `fee` for transactions and batches. */
export async function screenOf(description: RequestDescription, context: ScreenContext, fee?: FeeLine): Promise<ApprovalScreen> {
  const base = { method: description.method, heading: SCREEN_HEADINGS[description.method], requestedBy: context.requestedBy };
  const network: ScreenRow = { label: 'Network', value: description.network.name };
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
        rows: [{ label: 'Account', value: description.from }, network, ...(await callRows(description.call, context.readToken)), ...feeRows(fee)],
        ...feeFields(fee),
      };
    case 'calls':
      return {
        ...base,
        rows: [{ label: 'Account', value: description.from }, network, ...feeRows(fee)],
        calls: await Promise.all(description.calls.map((call) => callRows(call, context.readToken))),
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
