/**
 * Spec section 6: which RPC methods the embedded wallet answers. Two allow-lists: safe methods (reads,
 * capabilities, raw-transaction broadcast and similar) pass without approval; unsafe ones (signatures,
 * transactions, calls, permissions, user operations) need the person's explicit approval. Anything on
 * neither list is refused with 'Requested RPC call is not allowed'. There is no deny-list.
 */
import { RpcMethodNotAllowedError } from './errors';

/** Answered without asking the person: nothing here signs or spends. */
export const SAFE_RPC_METHODS: ReadonlySet<string> = new Set([
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  // Broadcasts a transaction someone already signed: the wallet's key is not involved.
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_listening',
  'net_version',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_estimateUserOperationGas',
  'eth_supportedEntryPoints',
]);

/** Signs, spends or grants: the frame shows what will happen and waits for an explicit approve. */
export const APPROVAL_RPC_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
]);

export type RpcMethodClass = 'safe' | 'needs-approval' | 'disallowed';

/**
 * Classifies an RPC method by the allow-lists.
 *
 * @example
 * classifyRpcMethod('eth_getBalance'); // 'safe'
 * classifyRpcMethod('eth_sendTransaction'); // 'needs-approval'
 * classifyRpcMethod('eth_sign'); // 'disallowed' (on neither list)
 */
export function classifyRpcMethod(method: string): RpcMethodClass {
  if (SAFE_RPC_METHODS.has(method)) return 'safe';
  if (APPROVAL_RPC_METHODS.has(method)) return 'needs-approval';
  return 'disallowed';
}

/**
 * Classifies an RPC method, throwing for one on neither allow-list.
 *
 * @throws {RpcMethodNotAllowedError} 'Requested RPC call is not allowed' (the UI shows 'Action not allowed' after 300 ms).
 * @example
 * if (assertRpcMethodAllowed(request.method) === 'needs-approval') await approvalGate(request);
 */
export function assertRpcMethodAllowed(method: string): Exclude<RpcMethodClass, 'disallowed'> {
  const methodClass = classifyRpcMethod(method);
  if (methodClass === 'disallowed') throw new RpcMethodNotAllowedError(method);
  return methodClass;
}
