/**
 * The JSON-RPC methods the public endpoint forwards, per namespace.
 *
 * eip155: an allow-list of reads and
 * `eth_sendRawTransaction` (already signed by the visitor's wallet). Everything else — signing
 * and account methods (eth_sign*, eth_sendTransaction, eth_accounts, personal_*, wallet_*), node
 * administration and tracing (admin_*, debug_*, trace_*, ots_*, txpool_*), dev-chain controls
 * (anvil_*, hardhat_*, evm_*) and any method not listed — is refused.
 */
export const ALLOWED_RPC_METHODS: ReadonlySet<string> = new Set([
  // chain and node state
  'eth_blockNumber',
  'eth_chainId',
  'eth_syncing',
  'eth_protocolVersion',
  'net_version',
  'net_listening',
  'web3_clientVersion',
  'web3_sha3',
  // accounts and contracts
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_getProof',
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  // blocks, transactions, receipts, logs
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  // log and block filters (viem's watchers)
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  // fees
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  // a transaction the wallet has already signed
  'eth_sendRawTransaction',
]);

/**
 * solana: the cluster, account, block, token and transaction reads a dapp or wallet makes,
 * simulateTransaction, and `sendTransaction` (signed by the visitor's wallet). Refused with the rest:
 * `requestAirdrop` (a faucet), scans a public endpoint should not carry (getProgramAccounts,
 * getLargestAccounts), and validator internals (getClusterNodes, getLeaderSchedule, getIdentity,
 * getHighestSnapshotSlot, getMaxRetransmitSlot, getMaxShredInsertSlot).
 */
export const ALLOWED_SOLANA_RPC_METHODS: ReadonlySet<string> = new Set([
  // cluster and node state
  'getHealth',
  'getVersion',
  'getGenesisHash',
  'getSlot',
  'getSlotLeader',
  'getBlockHeight',
  'getEpochInfo',
  'getEpochSchedule',
  'getFirstAvailableBlock',
  'minimumLedgerSlot',
  'getSupply',
  'getInflationGovernor',
  'getInflationRate',
  'getInflationReward',
  'getStakeMinimumDelegation',
  'getVoteAccounts',
  'getRecentPerformanceSamples',
  'getTransactionCount',
  // accounts
  'getBalance',
  'getAccountInfo',
  'getMultipleAccounts',
  'getMinimumBalanceForRentExemption',
  // tokens
  'getTokenAccountsByOwner',
  'getTokenAccountsByDelegate',
  'getTokenAccountBalance',
  'getTokenSupply',
  'getTokenLargestAccounts',
  // blocks
  'getBlock',
  'getBlocks',
  'getBlocksWithLimit',
  'getBlockTime',
  'getBlockCommitment',
  'getBlockProduction',
  // fees and blockhashes
  'getLatestBlockhash',
  'isBlockhashValid',
  'getFeeForMessage',
  'getRecentPrioritizationFees',
  // transactions
  'getTransaction',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'simulateTransaction',
  // a transaction the wallet has already signed
  'sendTransaction',
]);

export type RpcNamespace = 'eip155' | 'solana';

export const isAllowedRpcMethod = (method: string, namespace: RpcNamespace = 'eip155') =>
  (namespace === 'solana' ? ALLOWED_SOLANA_RPC_METHODS : ALLOWED_RPC_METHODS).has(method);
