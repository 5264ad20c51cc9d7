import { shortenAddress, type Transaction } from '@portico/shared-state';
import { formatBalance } from '@portico/shared-state/amounts';
import type { AccountMessages } from '../messages';

/** The API's operation types that have a word of their own (`operation.<type>` in the catalogue). */
const KNOWN_OPERATIONS = [
  'send', 'receive', 'mint', 'burn', 'trade', 'approve', 'deploy', 'deposit',
  'withdraw', 'stake', 'unstake', 'claim', 'borrow', 'repay', 'cancel',
] as const;
type KnownOperation = (typeof KNOWN_OPERATIONS)[number];
const isKnownOperation = (type: string): type is KnownOperation => (KNOWN_OPERATIONS as readonly string[]).includes(type);

export interface ActivityRow {
  id: string;
  /** "Sent", "Received", "Minted", … */
  operation: string;
  /** "1.5 ETH", "Portico Punk #3", or undefined when the transaction moved nothing. */
  amount?: string;
  direction?: 'in' | 'out' | 'self';
  /** "to 0x7099…79C8" / "from 0x7099…79C8" (in the modal's locale). */
  counterparty?: string;
  minedAt: string;
  failed: boolean;
}

type Transfer = Transaction['transfers'][number];

function transferAmount(transfer: Transfer, locale: string): string | undefined {
  const numeric = transfer.quantity?.numeric;
  if (transfer.nft_info) {
    const name = transfer.nft_info.name ?? 'NFT';
    return numeric && numeric !== '1' ? `${formatBalance(numeric, locale)} × ${name}` : name;
  }
  const symbol = transfer.fungible_info?.symbol ?? '';
  if (numeric === undefined) return symbol || undefined;
  return `${formatBalance(numeric, locale)} ${symbol}`.trim();
}

function asDirection(value: string | undefined): ActivityRow['direction'] {
  return value === 'in' || value === 'out' || value === 'self' ? value : undefined;
}

/**
 * One Activity row from an API transaction: operation, amount, counterparty (spec section 3), in `t`'s
 * words and locale. An operation type without a word of its own shows as the API names it, capitalised.
 */
export function describeTransaction(transaction: Transaction, ownAddress: string, t: AccountMessages): ActivityRow {
  const { metadata, transfers } = transaction;
  const transfer = transfers.find((candidate) => candidate.nft_info?.flags.is_spam !== true) ?? transfers[0];
  const direction = asDirection(transfer?.direction);
  const type = metadata.operationType?.toLowerCase();
  let operation: string;
  if (type && isKnownOperation(type)) operation = t(`operation.${type}`);
  else if (direction === 'in') operation = t('operation.receive');
  else if (direction === 'out') operation = t('operation.send');
  else if (direction === 'self') operation = t('operation.self');
  else if (type && type !== 'execute') operation = type.charAt(0).toUpperCase() + type.slice(1);
  else operation = t('operation.contractCall');

  const own = ownAddress.toLowerCase();
  const incoming = direction === 'in' || type === 'receive';
  const other = incoming ? metadata.sentFrom : metadata.sentTo;
  const counterparty =
    other && other.toLowerCase() !== own ? t(incoming ? 'activity.from' : 'activity.to', { address: shortenAddress(other) }) : undefined;

  const amount = transfer ? transferAmount(transfer, t.locale) : undefined;
  return {
    id: transaction.id,
    operation,
    amount: amount && transfers.length > 1 ? t('activity.andMore', { amount, count: transfers.length - 1 }) : amount,
    direction,
    counterparty,
    minedAt: metadata.minedAt,
    failed: metadata.status?.toLowerCase() === 'failed',
  };
}
