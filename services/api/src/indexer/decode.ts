/**
 * Turns a block (with full transactions) and its receipts into rows: transactions, transfers
 * (native value, ERC-20 / ERC-721 Transfer, ERC-1155 TransferSingle / TransferBatch), ERC-4337 user
 * operations (with the native value their calls send) and the (account, transaction) activity pairs.
 */
import { decodeAbiParameters, decodeEventLog, decodeFunctionData, getAbiItem, parseAbi, toEventSelector, type Hex } from 'viem';
import { entryPoint07Abi, entryPoint07Address } from 'viem/account-abstraction';

export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');
export const TRANSFER_SINGLE_TOPIC = toEventSelector('TransferSingle(address,address,address,uint256,uint256)');
export const TRANSFER_BATCH_TOPIC = toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])');
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** EntryPoints whose user operations are read: ERC-4337 v0.7 at its canonical address (lower-case). */
export const ENTRY_POINTS: ReadonlySet<string> = new Set([entryPoint07Address.toLowerCase()]);
export const USER_OPERATION_EVENT_TOPIC = toEventSelector(getAbiItem({ abi: entryPoint07Abi, name: 'UserOperationEvent' }));
/**
 * Account call data whose calls are read (by selector): `execute(address,uint256,bytes)` (Solady,
 * SimpleAccount), `executeBatch((address,uint256,bytes)[])` (Solady, Portico's account) and
 * `executeBatch(address[],uint256[],bytes[])` (SimpleAccount). Any other call data: the operation is
 * stored without its inner transfers.
 */
export const ACCOUNT_EXECUTE_ABI = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
]);
/** An operation with more calls than this is stored without its inner transfers (bounds the rows one operation adds). */
export const MAX_CALLS_PER_OPERATION = 100;

export interface RawTx {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  nonce: string;
  transactionIndex: string;
  /** Call data (full-transaction blocks carry it); read for the EntryPoint's handleOps. */
  input?: string;
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
/** One UserOperationEvent of an allow-listed EntryPoint. */
export interface UserOperationRow {
  txHash: string;
  logIndex: number;
  userOpHash: string;
  sender: string;
  /** uint256 as decimal text: key (upper 192 bits) and sequence (lower 64). */
  nonce: string;
  success: boolean;
  /** The first call's target when the call data was read, else null. */
  target: string | null;
  blockNumber: number;
  txIndex: number;
}
export interface BlockRows {
  txs: TxRow[];
  transfers: TransferRow[];
  activity: ActivityRow[];
  userOperations: UserOperationRow[];
}

const hexNum = (h: string) => Number(BigInt(h));
const hexDec = (h: string) => BigInt(h === '0x' ? 0 : h).toString();
const topicAddress = (t: string) => `0x${t.slice(-40)}`.toLowerCase();
const isTopicAddress = (t: string | undefined) => typeof t === 'string' && /^0x0{24}[0-9a-fA-F]{40}$/.test(t);

export function decodeBlock(block: RawBlock, receipts: RawReceipt[]): BlockRows {
  const blockNumber = hexNum(block.number);
  const blockTime = new Date(hexNum(block.timestamp) * 1000).toISOString();
  const receiptByHash = new Map(receipts.map((r) => [r.transactionHash.toLowerCase(), r]));
  const rows: BlockRows = { txs: [], transfers: [], activity: [], userOperations: [] };
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
    // ERC-4337: the account (not the bundler) acts, and its ETH moves in inner calls that leave no log.
    const events = (receipt?.logs ?? []).flatMap((log) => (log.removed ? [] : decodeUserOperationEvent(log)));
    if (events.length === 0) continue;
    // The calls are read from the transaction's input when it calls the EntryPoint that emitted the event.
    const called = tx.to?.toLowerCase();
    const calls = events.some((e) => e.entryPoint === called) ? handleOpsCalls(tx.input) : new Map<string, AccountCall[]>();
    for (const event of events) {
      const opCalls = event.entryPoint === called ? calls.get(`${event.sender}|${event.nonce}`) : undefined;
      rows.userOperations.push({
        txHash: hash, logIndex: event.logIndex, userOpHash: event.userOpHash, sender: event.sender, nonce: event.nonce, success: event.success,
        target: opCalls?.[0]?.to ?? null, blockNumber, txIndex,
      });
      involve(event.sender, hash, txIndex);
      if (!event.success || !opCalls) continue;
      opCalls.forEach((call, i) => {
        if (call.value === 0n) return;
        rows.transfers.push({
          txHash: hash, logIndex: event.logIndex, batchIndex: i, blockNumber, txIndex, standard: 'native', contract: null, from: event.sender, to: call.to, tokenId: null, amount: call.value.toString(),
        });
        involve(call.to, hash, txIndex);
      });
    }
  }
  return rows;
}

type UserOperationEvent = Omit<UserOperationRow, 'txHash' | 'blockNumber' | 'txIndex' | 'target'> & { entryPoint: string };

/** A UserOperationEvent emitted by an allow-listed EntryPoint; [] for anything else or a malformed one. */
export function decodeUserOperationEvent(log: RawLog): UserOperationEvent[] {
  const entryPoint = log.address.toLowerCase();
  if (!ENTRY_POINTS.has(entryPoint) || log.topics[0] !== USER_OPERATION_EVENT_TOPIC) return [];
  try {
    const { args } = decodeEventLog({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', topics: log.topics as [Hex, ...Hex[]], data: log.data as Hex, strict: true });
    return [{
      entryPoint,
      logIndex: hexNum(log.logIndex),
      userOpHash: args.userOpHash.toLowerCase(),
      sender: args.sender.toLowerCase(),
      nonce: args.nonce.toString(),
      success: args.success,
    }];
  } catch {
    return [];
  }
}

export interface AccountCall {
  to: string;
  value: bigint;
}

/**
 * The calls of each user operation in a `handleOps(PackedUserOperation[],address)` input, keyed by
 * `sender|nonce` (lower-case sender, decimal nonce); operations whose call data is not an allow-listed
 * account call are left out. Anything that is not handleOps: an empty map.
 */
export function handleOpsCalls(input: string | undefined): Map<string, AccountCall[]> {
  const byOperation = new Map<string, AccountCall[]>();
  if (!input) return byOperation;
  try {
    const decoded = decodeFunctionData({ abi: entryPoint07Abi, data: input as Hex });
    if (decoded.functionName !== 'handleOps') return byOperation;
    for (const op of decoded.args[0]) {
      const calls = accountCalls(op.callData);
      if (calls) byOperation.set(`${op.sender.toLowerCase()}|${op.nonce}`, calls);
    }
  } catch {
    return new Map();
  }
  return byOperation;
}

/** The calls in an account's call data (ACCOUNT_EXECUTE_ABI); null when it is something else or too long. */
export function accountCalls(callData: string): AccountCall[] | null {
  let calls: AccountCall[];
  try {
    const decoded = decodeFunctionData({ abi: ACCOUNT_EXECUTE_ABI, data: callData as Hex });
    if (decoded.functionName === 'execute') {
      const [target, value] = decoded.args;
      calls = [{ to: target, value }];
    } else if (decoded.args.length === 1) {
      calls = decoded.args[0].map((call) => ({ to: call.target, value: call.value }));
    } else {
      // SimpleAccount: an empty value array means no value on any call; other lengths revert on chain.
      const [targets, values] = decoded.args;
      if (values.length !== 0 && values.length !== targets.length) return null;
      calls = targets.map((target, i) => ({ to: target, value: values[i] ?? 0n }));
    }
  } catch {
    return null;
  }
  if (calls.length > MAX_CALLS_PER_OPERATION) return null;
  return calls.map((call) => ({ to: call.to.toLowerCase(), value: call.value }));
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
