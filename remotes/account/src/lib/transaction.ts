import { shortenAddress, type Transaction } from '@portico/shared-state';
import { formatBalance } from '@portico/shared-state/amounts';

const OPERATION_LABELS: Record<string, string> = {
  send: 'Sent',
  receive: 'Received',
  mint: 'Minted',
  burn: 'Burned',
  trade: 'Swapped',
  approve: 'Approved',
  deploy: 'Deployed',
  deposit: 'Deposited',
  withdraw: 'Withdrew',
  stake: 'Staked',
  unstake: 'Unstaked',
  claim: 'Claimed',
  borrow: 'Borrowed',
  repay: 'Repaid',
  cancel: 'Cancelled',
};

export interface ActivityRow {
  id: string;
  /** "Sent", "Received", "Minted", … */
  operation: string;
  /** "1.5 ETH", "Portico Punk #3", or undefined when the transaction moved nothing. */
  amount?: string;
  direction?: 'in' | 'out' | 'self';
  /** "to 0x7099…79C8" / "from 0x7099…79C8". */
  counterparty?: string;
  minedAt: string;
  failed: boolean;
}

type Transfer = Transaction['transfers'][number];

function transferAmount(transfer: Transfer): string | undefined {
  const numeric = transfer.quantity?.numeric;
  if (transfer.nft_info) {
    const name = transfer.nft_info.name ?? 'NFT';
    return numeric && numeric !== '1' ? `${formatBalance(numeric)} × ${name}` : name;
  }
  const symbol = transfer.fungible_info?.symbol ?? '';
  if (numeric === undefined) return symbol || undefined;
  return `${formatBalance(numeric)} ${symbol}`.trim();
}

function asDirection(value: string | undefined): ActivityRow['direction'] {
  return value === 'in' || value === 'out' || value === 'self' ? value : undefined;
}

/** One Activity row from an API transaction: operation, amount, counterparty (spec section 3). */
export function describeTransaction(transaction: Transaction, ownAddress: string): ActivityRow {
  const { metadata, transfers } = transaction;
  const transfer = transfers.find((candidate) => candidate.nft_info?.flags.is_spam !== true) ?? transfers[0];
  const direction = asDirection(transfer?.direction);
  const type = metadata.operationType?.toLowerCase();
  let operation = type ? OPERATION_LABELS[type] : undefined;
  if (!operation) {
    if (direction === 'in') operation = 'Received';
    else if (direction === 'out') operation = 'Sent';
    else if (direction === 'self') operation = 'Self transfer';
    else if (type && type !== 'execute') operation = type.charAt(0).toUpperCase() + type.slice(1);
    else operation = 'Contract call';
  }

  const own = ownAddress.toLowerCase();
  const incoming = direction === 'in' || type === 'receive';
  const other = incoming ? metadata.sentFrom : metadata.sentTo;
  const counterparty =
    other && other.toLowerCase() !== own ? `${incoming ? 'from' : 'to'} ${shortenAddress(other)}` : undefined;

  const amount = transfer ? transferAmount(transfer) : undefined;
  const more = transfers.length > 1 ? ` +${transfers.length - 1} more` : '';
  return {
    id: transaction.id,
    operation,
    amount: amount ? `${amount}${more}` : undefined,
    direction,
    counterparty,
    minedAt: metadata.minedAt,
    failed: metadata.status?.toLowerCase() === 'failed',
  };
}
