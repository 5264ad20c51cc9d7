/**
 * Turns a block (with full transactions) and its receipts into rows: transactions (with the function they
 * call, where its ABI is known), transfers (native value, ERC-20 / ERC-721 Transfer, ERC-1155
 * TransferSingle / TransferBatch, the ETH a swap router pays out), ERC-20 approvals, ERC-4337 user
 * operations (with the native value their calls send) and the (account, transaction) activity pairs.
 */
import {
  decodeAbiParameters, decodeEventLog, decodeFunctionData, erc1155Abi, erc20Abi, erc721Abi, getAbiItem, parseAbi, toEventSelector, toFunctionSelector,
  type Abi, type AbiFunction, type Hex,
} from 'viem';
import { entryPoint07Abi, entryPoint07Address } from 'viem/account-abstraction';

export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');
export const TRANSFER_SINGLE_TOPIC = toEventSelector('TransferSingle(address,address,address,uint256,uint256)');
export const TRANSFER_BATCH_TOPIC = toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])');
export const APPROVAL_TOPIC = toEventSelector('Approval(address,address,uint256)');
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

/** A Uniswap-V2-style router's swaps (the devchain exchange's PorticoRouter, Uniswap v2 itself). */
const SWAP_ROUTER_ABI = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapTokensForExactETH(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline)',
]);
/**
 * Functions a transaction (or a user operation's first call) is named by in history when nothing moved
 * ("register", "mint"): the token standards, wrapped ETH, the router's swaps, ERC-4337 and common token admin.
 * Calls to anything else are stored without a name.
 */
const KNOWN_FUNCTIONS: ReadonlyMap<string, AbiFunction> = new Map(
  (<Abi>[
    ...erc20Abi,
    ...erc721Abi,
    ...erc1155Abi,
    ...SWAP_ROUTER_ABI,
    ...ACCOUNT_EXECUTE_ABI,
    getAbiItem({ abi: entryPoint07Abi, name: 'handleOps' }),
    ...parseAbi([
      'function deposit()',
      'function withdraw(uint256 value)',
      'function mint(address to)',
      'function mint(address to, uint256 value)',
      'function mintBatch(address[] to)',
      'function mintBatch(address[] to, uint256 value)',
      'function burn(uint256 value)',
      'function register(address to)',
      'function multicall(bytes[] data)',
    ]),
  ])
    .filter((item): item is AbiFunction => item.type === 'function')
    // By selector: a transaction costs one lookup, not a hash of every known function.
    .map((item) => [toFunctionSelector(item), item]),
);

/** The name of the known function `input` calls (KNOWN_FUNCTIONS, arguments and all decoding), else null. */
export function callMethod(input: string | undefined): string | null {
  const known = input ? KNOWN_FUNCTIONS.get(input.slice(0, 10).toLowerCase()) : undefined;
  if (!known) return null;
  try {
    return decodeFunctionData({ abi: [known], data: input as Hex }).functionName;
  } catch {
    return null;
  }
}

/**
 * The chain's swap router and wrapped native token (lower-case; the API's `swap` chain config). Given, the ETH
 * the router pays out in `swapExactTokensForETH` — an inner call, no log — is read as a native transfer.
 */
export interface SwapRouterConfig {
  router: string;
  wrappedNative: string;
}
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
  /** The known function the transaction calls (callMethod), else null. */
  method: string | null;
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
  /** The known function the first call calls (callMethod), else null. */
  method: string | null;
  blockNumber: number;
  txIndex: number;
}
/** One ERC-20 Approval event: `owner` lets `spender` move `amount` (uint256 as decimal text) of `contract`. */
export interface ApprovalRow {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  txIndex: number;
  contract: string;
  owner: string;
  spender: string;
  amount: string;
}
export interface BlockRows {
  txs: TxRow[];
  transfers: TransferRow[];
  activity: ActivityRow[];
  userOperations: UserOperationRow[];
  approvals: ApprovalRow[];
}

const hexNum = (h: string) => Number(BigInt(h));
const hexDec = (h: string) => BigInt(h === '0x' ? 0 : h).toString();
const topicAddress = (t: string) => `0x${t.slice(-40)}`.toLowerCase();
const isTopicAddress = (t: string | undefined) => typeof t === 'string' && /^0x0{24}[0-9a-fA-F]{40}$/.test(t);

export function decodeBlock(block: RawBlock, receipts: RawReceipt[], swapRouter?: SwapRouterConfig): BlockRows {
  const blockNumber = hexNum(block.number);
  const blockTime = new Date(hexNum(block.timestamp) * 1000).toISOString();
  const receiptByHash = new Map(receipts.map((r) => [r.transactionHash.toLowerCase(), r]));
  const rows: BlockRows = { txs: [], transfers: [], activity: [], userOperations: [], approvals: [] };
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
    rows.txs.push({
      hash, blockNumber, txIndex, blockTime, from, to: tx.to ? tx.to.toLowerCase() : null, value, nonce: hexNum(tx.nonce), status, method: callMethod(tx.input),
    });
    involve(from, hash, txIndex);
    // A reverted transaction moved no value.
    if (value !== '0' && to && status === 1) {
      rows.transfers.push({ txHash: hash, logIndex: -1, batchIndex: 0, blockNumber, txIndex, standard: 'native', contract: null, from, to, tokenId: null, amount: value });
      involve(to, hash, txIndex);
    }
    const logs = (receipt?.logs ?? []).filter((log) => !log.removed);
    for (const log of logs) {
      for (const t of decodeLog(log)) {
        rows.transfers.push({ txHash: hash, blockNumber, txIndex, ...t });
        involve(t.from, hash, txIndex);
        involve(t.to, hash, txIndex);
      }
      const approval = decodeApproval(log);
      // The owner acted (or its account did): it is already involved; the spender is not, nothing of its moved.
      if (approval) rows.approvals.push({ txHash: hash, blockNumber, txIndex, ...approval });
    }
    const payouts = (calls: { to: string | null; data: string | undefined }[]) => {
      for (const t of swapRouter ? routerPayouts(calls, logs, swapRouter) : []) {
        rows.transfers.push({ txHash: hash, blockNumber, txIndex, ...t });
        involve(t.to, hash, txIndex);
      }
    };
    if (status === 1) payouts([{ to: tx.to?.toLowerCase() ?? null, data: tx.input }]);
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
        target: opCalls?.[0]?.to ?? null, method: callMethod(opCalls?.[0]?.data), blockNumber, txIndex,
      });
      involve(event.sender, hash, txIndex);
      if (!event.success || !opCalls) continue;
      payouts(opCalls);
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

type UserOperationEvent = Omit<UserOperationRow, 'txHash' | 'blockNumber' | 'txIndex' | 'target' | 'method'> & { entryPoint: string };

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
  data: string;
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
      const [target, value, data] = decoded.args;
      calls = [{ to: target, value, data }];
    } else if (decoded.args.length === 1) {
      calls = decoded.args[0].map((call) => ({ to: call.target, value: call.value, data: call.data }));
    } else {
      // SimpleAccount: an empty value array means no value on any call; other lengths revert on chain.
      const [targets, values, datas] = decoded.args;
      if (values.length !== 0 && values.length !== targets.length) return null;
      calls = targets.map((target, i) => ({ to: target, value: values[i] ?? 0n, data: datas[i] ?? '0x' }));
    }
  } catch {
    return null;
  }
  if (calls.length > MAX_CALLS_PER_OPERATION) return null;
  return calls.map((call) => ({ ...call, to: call.to.toLowerCase() }));
}

type LogApproval = Omit<ApprovalRow, 'txHash' | 'blockNumber' | 'txIndex'>;

/** An ERC-20 Approval (owner and spender indexed, the amount in data); null for anything else (an ERC-721 Approval indexes its token id). */
export function decodeApproval(log: RawLog): LogApproval | null {
  if (log.topics[0] !== APPROVAL_TOPIC || log.topics.length !== 3) return null;
  try {
    const { args } = decodeEventLog({ abi: erc20Abi, eventName: 'Approval', topics: log.topics as [Hex, ...Hex[]], data: log.data as Hex, strict: true });
    return {
      logIndex: hexNum(log.logIndex),
      contract: log.address.toLowerCase(),
      owner: args.owner.toLowerCase(),
      spender: args.spender.toLowerCase(),
      amount: args.value.toString(),
    };
  } catch {
    return null;
  }
}

const WETH9_WITHDRAWAL_TOPIC = toEventSelector('Withdrawal(address,uint256)');

/**
 * The ETH a swap router pays out of `swapExactTokensForETH` / `swapTokensForExactETH` calls (of one
 * successful transaction or user operation): an inner call that leaves no log. It is what the router unwrapped
 * just before — the wrapped token's burn from the router (PorticoWETH) or WETH9's Withdrawal — paid to the
 * call's `to`. Stored at the unwrap's log index, batch index 1 (the burn itself is a transfer at batch index 0).
 */
function routerPayouts(calls: { to: string | null; data: string | undefined }[], logs: RawLog[], swap: SwapRouterConfig): LogTransfer[] {
  const recipients = calls.flatMap((call) => {
    if (call.to !== swap.router || !call.data) return [];
    try {
      const decoded = decodeFunctionData({ abi: SWAP_ROUTER_ABI, data: call.data as Hex });
      return decoded.functionName === 'swapExactTokensForETH' || decoded.functionName === 'swapTokensForExactETH' ? [decoded.args[3].toLowerCase()] : [];
    } catch {
      return [];
    }
  });
  if (recipients.length === 0) return [];
  const unwraps = logs.flatMap((log) => {
    if (log.address.toLowerCase() !== swap.wrappedNative) return [];
    if (log.topics[0] === WETH9_WITHDRAWAL_TOPIC && log.topics.length === 2 && isTopicAddress(log.topics[1]) && /^0x[0-9a-fA-F]{64}$/.test(log.data)) {
      return topicAddress(log.topics[1]!) === swap.router ? [{ logIndex: hexNum(log.logIndex), amount: hexDec(log.data) }] : [];
    }
    return decodeLog(log).filter((t) => t.from === swap.router && t.to === ZERO_ADDRESS).map((t) => ({ logIndex: t.logIndex, amount: t.amount }));
  });
  // One unwrap per such call, in order (a batch may swap more than once).
  return recipients.slice(0, unwraps.length).map((to, i) => ({
    logIndex: unwraps[i]!.logIndex, batchIndex: 1, standard: 'native' as const, contract: null, from: swap.router, to, tokenId: null, amount: unwraps[i]!.amount,
  }));
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
