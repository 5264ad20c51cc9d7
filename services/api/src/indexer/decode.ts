/**
 * Turns a block (with full transactions) and its receipts into rows: transactions, transfers
 * (native value, ERC-20 / ERC-721 Transfer, ERC-1155 TransferSingle / TransferBatch) and the
 * (account, transaction) activity pairs.
 */
import { decodeAbiParameters, toEventSelector } from 'viem';

export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');
export const TRANSFER_SINGLE_TOPIC = toEventSelector('TransferSingle(address,address,address,uint256,uint256)');
export const TRANSFER_BATCH_TOPIC = toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])');
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export interface RawTx {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  nonce: string;
  transactionIndex: string;
}
export interface RawBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  transactions: RawTx[];
}
export interface RawLog {
  address: string;
  topics: string[];
  data: string;
  logIndex: string;
  transactionHash: string;
  removed?: boolean;
}
export interface RawReceipt {
  transactionHash: string;
  status?: string;
  contractAddress?: string | null;
  logs: RawLog[];
}

export interface TxRow {
  hash: string;
  blockNumber: number;
  txIndex: number;
  blockTime: string;
  from: string;
  to: string | null;
  value: string;
  nonce: number;
  status: number;
}
export interface TransferRow {
  txHash: string;
  logIndex: number;
  batchIndex: number;
  blockNumber: number;
  txIndex: number;
  standard: 'native' | 'erc20' | 'erc721' | 'erc1155';
  contract: string | null;
  from: string;
  to: string;
  tokenId: string | null;
  amount: string;
}
export interface ActivityRow {
  address: string;
  txHash: string;
  blockNumber: number;
  txIndex: number;
}
export interface BlockRows {
  txs: TxRow[];
  transfers: TransferRow[];
  activity: ActivityRow[];
}

const hexNum = (h: string) => Number(BigInt(h));
const hexDec = (h: string) => BigInt(h === '0x' ? 0 : h).toString();
const topicAddress = (t: string) => `0x${t.slice(-40)}`.toLowerCase();
const isTopicAddress = (t: string | undefined) => typeof t === 'string' && /^0x0{24}[0-9a-fA-F]{40}$/.test(t);

export function decodeBlock(block: RawBlock, receipts: RawReceipt[]): BlockRows {
  const blockNumber = hexNum(block.number);
  const blockTime = new Date(hexNum(block.timestamp) * 1000).toISOString();
  const receiptByHash = new Map(receipts.map((r) => [r.transactionHash.toLowerCase(), r]));
  const rows: BlockRows = { txs: [], transfers: [], activity: [] };
  const seen = new Set<string>();
  const involve = (address: string, txHash: string, txIndex: number) => {
    if (address === ZERO_ADDRESS) return;
    const key = `${address}|${txHash}`;
    if (seen.has(key)) return;
    seen.add(key);
    rows.activity.push({ address, txHash, blockNumber, txIndex });
  };

  for (const tx of block.transactions) {
    const hash = tx.hash.toLowerCase();
    const txIndex = hexNum(tx.transactionIndex);
    const receipt = receiptByHash.get(hash);
    const status = receipt?.status === undefined ? 1 : hexNum(receipt.status);
    const from = tx.from.toLowerCase();
    const to = (tx.to ?? receipt?.contractAddress ?? null)?.toLowerCase() ?? null;
    const value = hexDec(tx.value);
    rows.txs.push({ hash, blockNumber, txIndex, blockTime, from, to: tx.to ? tx.to.toLowerCase() : null, value, nonce: hexNum(tx.nonce), status });
    involve(from, hash, txIndex);
    if (value !== '0' && to) {
      rows.transfers.push({ txHash: hash, logIndex: -1, batchIndex: 0, blockNumber, txIndex, standard: 'native', contract: null, from, to, tokenId: null, amount: value });
      involve(to, hash, txIndex);
    }
    for (const log of receipt?.logs ?? []) {
      if (log.removed) continue;
      for (const t of decodeLog(log)) {
        rows.transfers.push({ txHash: hash, blockNumber, txIndex, ...t });
        involve(t.from, hash, txIndex);
        involve(t.to, hash, txIndex);
      }
    }
  }
  return rows;
}

type LogTransfer = Omit<TransferRow, 'txHash' | 'blockNumber' | 'txIndex'>;

/** Transfers in one log; [] for other events and for malformed ones. */
export function decodeLog(log: RawLog): LogTransfer[] {
  const [t0, t1, t2, t3] = log.topics;
  const contract = log.address.toLowerCase();
  const logIndex = hexNum(log.logIndex);
  try {
    if (t0 === TRANSFER_TOPIC && log.topics.length === 3 && isTopicAddress(t1) && isTopicAddress(t2)) {
      if (!/^0x[0-9a-fA-F]{64}$/.test(log.data)) return [];
      return [{ logIndex, batchIndex: 0, standard: 'erc20', contract, from: topicAddress(t1!), to: topicAddress(t2!), tokenId: null, amount: hexDec(log.data) }];
    }
    if (t0 === TRANSFER_TOPIC && log.topics.length === 4 && isTopicAddress(t1) && isTopicAddress(t2)) {
      return [{ logIndex, batchIndex: 0, standard: 'erc721', contract, from: topicAddress(t1!), to: topicAddress(t2!), tokenId: hexDec(t3!), amount: '1' }];
    }
    if (t0 === TRANSFER_SINGLE_TOPIC && log.topics.length === 4 && isTopicAddress(t2) && isTopicAddress(t3)) {
      const [id, value] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data as `0x${string}`);
      return [{ logIndex, batchIndex: 0, standard: 'erc1155', contract, from: topicAddress(t2!), to: topicAddress(t3!), tokenId: id.toString(), amount: value.toString() }];
    }
    if (t0 === TRANSFER_BATCH_TOPIC && log.topics.length === 4 && isTopicAddress(t2) && isTopicAddress(t3)) {
      const [ids, values] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data as `0x${string}`);
      if (ids.length !== values.length) return [];
      return ids.map((id, i) => ({
        logIndex, batchIndex: i, standard: 'erc1155' as const, contract, from: topicAddress(t2!), to: topicAddress(t3!), tokenId: id.toString(), amount: values[i]!.toString(),
      }));
    }
  } catch {
    return [];
  }
  return [];
}
