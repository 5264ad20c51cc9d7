import { type CallDescription, type PendingApproval } from '@portico/shared-state';
import { formatTokenAmount } from '@portico/shared-state/amounts';
import type { DetailRow } from '@portico/ui';
import type { AccountMessages } from '../messages';

/** 2^256 − 1, the largest ERC-20 allowance: approving it lets the spender move every token of this kind, now and later. */
export const MAX_UINT256 = ((1n << 256n) - 1n).toString();

/** An ERC-20 approve of the largest allowance (the usual "unlimited" approval). */
export const isUnlimitedApproval = (call: CallDescription): boolean => call.data.kind === 'erc20-approve' && call.data.amount === MAX_UINT256;

/**
 * A token amount in whole tokens once the token's symbol and decimals were read; until then (or if not an ERC-20) raw, and
 * said so. Approval amounts keep their exact digits (no locale rounding or grouping): the person approves this value.
 */
const tokenAmount = (amount: string, token: { symbol: string; decimals: number } | undefined, t: AccountMessages): string =>
  token ? `${formatTokenAmount(amount, token.decimals)} ${token.symbol}` : t('approval.rawTokenAmount', { amount });

/**
 * What one call will do, as DetailList rows in `t`'s words: where it goes (or "New contract"), the native amount, and
 * its data decoded (an ERC-20 call names the token contract instead of a bare "To", so the recipient is not mistaken
 * for the contract).
 *
 * @example
 * callRows({ to: bob, value: { raw: '100000000000000000', formatted: '0.1', symbol: 'ETH' }, data: { kind: 'none' } }, {}, t);
 * // To bob, Amount 0.1 ETH, Action Plain transfer
 */
export function callRows(call: CallDescription, tokens: PendingApproval['tokens'], t: AccountMessages): DetailRow[] {
  const { data } = call;
  const token = call.to ? tokens[call.to.toLowerCase()] : undefined;
  const to = call.to ?? t('approval.newContract');
  const amount: DetailRow = {
    term: t('approval.amount'),
    detail: `${call.value.formatted} ${call.value.symbol}`,
    exact: t('approval.smallestUnit', { amount: call.value.raw }),
  };
  const action = (detail: string): DetailRow => ({ term: t('approval.action'), detail });
  const tokenContract: DetailRow = { term: t('approval.tokenContract'), detail: to };
  switch (data.kind) {
    case 'none':
      return [{ term: t('approval.to'), detail: to }, amount, action(t('approval.plainTransfer'))];
    case 'erc20-transfer':
      return [
        tokenContract,
        amount,
        action(t('approval.tokenTransfer')),
        { term: t('approval.recipient'), detail: data.to },
        { term: t('approval.tokenAmount'), detail: tokenAmount(data.amount, token, t) },
      ];
    case 'erc20-transfer-from':
      return [
        tokenContract,
        amount,
        action(t('approval.tokenTransferFrom')),
        { term: t('approval.tokenOwner'), detail: data.from },
        { term: t('approval.recipient'), detail: data.to },
        { term: t('approval.tokenAmount'), detail: tokenAmount(data.amount, token, t) },
      ];
    case 'erc20-approve':
      return [
        tokenContract,
        amount,
        action(t('approval.tokenApproval')),
        { term: t('approval.spender'), detail: data.spender },
        { term: t('approval.allowance'), detail: isUnlimitedApproval(call) ? t('approval.unlimited') : tokenAmount(data.amount, token, t) },
      ];
    case 'call':
      return [
        { term: t('approval.to'), detail: to },
        amount,
        action(t('approval.contractCall')),
        { term: t('approval.function'), detail: data.selector },
        { term: t('approval.data'), detail: t('approval.bytes', { count: data.bytes }) },
      ];
    case 'deploy':
      return [
        { term: t('approval.to'), detail: to },
        amount,
        action(t('approval.deploy')),
        { term: t('approval.code'), detail: t('approval.bytes', { count: data.bytes }) },
      ];
  }
}

/** The network fee row's text. */
export function feeText(fee: PendingApproval['fee'], t: AccountMessages): string {
  switch (fee.status) {
    case 'loading':
      return t('approval.feeEstimating');
    case 'ready':
      return `${fee.amount} ${fee.symbol}`;
    case 'unavailable':
      return t('approval.feeUnavailable');
  }
}
