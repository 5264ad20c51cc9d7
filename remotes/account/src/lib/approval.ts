import { type CallDescription, type PendingApproval } from '@portico/shared-state';
import { formatTokenAmount } from '@portico/shared-state/amounts';
import type { DetailRow } from '@portico/ui';

/** 2^256 − 1, the largest ERC-20 allowance: approving it lets the spender move every token of this kind, now and later. */
export const MAX_UINT256 = ((1n << 256n) - 1n).toString();

/** An ERC-20 approve of the largest allowance (the usual "unlimited" approval). */
export const isUnlimitedApproval = (call: CallDescription): boolean => call.data.kind === 'erc20-approve' && call.data.amount === MAX_UINT256;

/** A token amount in whole tokens once the token's symbol and decimals were read; until then (or if not an ERC-20) raw, and said so. */
const tokenAmount = (amount: string, token: { symbol: string; decimals: number } | undefined): string =>
  token ? `${formatTokenAmount(amount, token.decimals)} ${token.symbol}` : `${amount} (raw, before the token's decimals)`;

/**
 * What one call will do, as DetailList rows: where it goes (or "New contract"), the native amount, and its
 * data decoded (an ERC-20 call names the token contract instead of a bare "To", so the recipient is not
 * mistaken for the contract).
 *
 * @example
 * callRows({ to: bob, value: { raw: '100000000000000000', formatted: '0.1', symbol: 'ETH' }, data: { kind: 'none' } });
 * // To bob, Amount 0.1 ETH, Action Plain transfer
 */
export function callRows(call: CallDescription, tokens: PendingApproval['tokens'] = {}): DetailRow[] {
  const { data } = call;
  const token = call.to ? tokens[call.to.toLowerCase()] : undefined;
  const to = call.to ?? 'New contract';
  const amount: DetailRow = { term: 'Amount', detail: `${call.value.formatted} ${call.value.symbol}`, exact: `${call.value.raw} (smallest unit)` };
  switch (data.kind) {
    case 'none':
      return [{ term: 'To', detail: to }, amount, { term: 'Action', detail: 'Plain transfer' }];
    case 'erc20-transfer':
      return [
        { term: 'Token contract', detail: to },
        amount,
        { term: 'Action', detail: 'Token transfer (ERC-20)' },
        { term: 'Recipient', detail: data.to },
        { term: 'Token amount', detail: tokenAmount(data.amount, token) },
      ];
    case 'erc20-transfer-from':
      return [
        { term: 'Token contract', detail: to },
        amount,
        { term: 'Action', detail: 'Token transfer from another account (ERC-20)' },
        { term: 'Token owner', detail: data.from },
        { term: 'Recipient', detail: data.to },
        { term: 'Token amount', detail: tokenAmount(data.amount, token) },
      ];
    case 'erc20-approve':
      return [
        { term: 'Token contract', detail: to },
        amount,
        { term: 'Action', detail: 'Token approval (ERC-20)' },
        { term: 'Spender', detail: data.spender },
        { term: 'Allowance', detail: isUnlimitedApproval(call) ? 'Unlimited' : tokenAmount(data.amount, token) },
      ];
    case 'call':
      return [
        { term: 'To', detail: to },
        amount,
        { term: 'Action', detail: 'Contract call' },
        { term: 'Function', detail: data.selector },
        { term: 'Data', detail: `${data.bytes} bytes` },
      ];
    case 'deploy':
      return [{ term: 'To', detail: to }, amount, { term: 'Action', detail: 'Deploy a contract' }, { term: 'Code', detail: `${data.bytes} bytes` }];
  }
}

/** The network fee row's text. */
export function feeText(fee: PendingApproval['fee']): string {
  switch (fee.status) {
    case 'loading':
      return 'Estimating…';
    case 'ready':
      return `${fee.amount} ${fee.symbol}`;
    case 'unavailable':
      return 'Could not be estimated';
  }
}
