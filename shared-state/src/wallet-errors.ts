/**
 * A wallet's or a node's error in words a person reads (spec §8: the RPC error codes and the node transaction
 * messages). The codes are viem's RPC error classes (EIP-1474, EIP-1193, EIP-5792: -32700 … -32006, 4001 … 4902,
 * 5700 … 5760) and their messages; the node messages are recognised by viem's own patterns (`nodeMessage`) and said in
 * plain words here. Loaded with the flows that send (viem is lazy): send, swap and the wallet actions.
 */
import {
  AtomicityNotSupportedError,
  AtomicReadyWalletRejectedUpgradeError,
  BundleTooLargeError,
  ChainDisconnectedError,
  DuplicateIdError,
  ExecutionRevertedError,
  FeeCapTooHighError,
  FeeCapTooLowError,
  InsufficientFundsError,
  InternalRpcError,
  IntrinsicGasTooHighError,
  IntrinsicGasTooLowError,
  InvalidInputRpcError,
  InvalidParamsRpcError,
  InvalidRequestRpcError,
  JsonRpcVersionUnsupportedError,
  LimitExceededRpcError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  NonceMaxValueError,
  NonceTooHighError,
  NonceTooLowError,
  ParseRpcError,
  ProviderDisconnectedError,
  ResourceNotFoundRpcError,
  ResourceUnavailableRpcError,
  SwitchChainError,
  TipAboveFeeCapError,
  TransactionRejectedRpcError,
  TransactionTypeNotSupportedError,
  UnauthorizedProviderError,
  UnknownBundleIdError,
  UnsupportedChainIdError,
  UnsupportedNonOptionalCapabilityError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from 'viem';

type RpcErrorClass = { code: number; new (cause: Error): { shortMessage: string } };

/** Every code of spec §8, as viem's error classes. */
const RPC_ERRORS: readonly RpcErrorClass[] = [
  ParseRpcError,
  InvalidRequestRpcError,
  MethodNotFoundRpcError,
  InvalidParamsRpcError,
  InternalRpcError,
  InvalidInputRpcError,
  ResourceNotFoundRpcError,
  ResourceUnavailableRpcError,
  TransactionRejectedRpcError,
  MethodNotSupportedRpcError,
  LimitExceededRpcError,
  JsonRpcVersionUnsupportedError,
  UserRejectedRequestError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  ProviderDisconnectedError,
  ChainDisconnectedError,
  SwitchChainError,
  UnsupportedNonOptionalCapabilityError,
  UnsupportedChainIdError,
  DuplicateIdError,
  UnknownBundleIdError,
  BundleTooLargeError,
  AtomicReadyWalletRejectedUpgradeError,
  AtomicityNotSupportedError,
];

/** The node's transaction messages (spec §8), in plain words; matched with viem's patterns. */
const NODE_ERRORS: readonly [{ nodeMessage: RegExp }, string][] = [
  [InsufficientFundsError, 'Not enough funds to pay for this transaction and its network fee.'],
  [FeeCapTooHighError, 'The network fee set for this transaction is higher than the network allows.'],
  [FeeCapTooLowError, "The network fee set for this transaction is below the network's current fee. Try again."],
  [TipAboveFeeCapError, 'The priority fee set for this transaction is above its maximum fee. Try again.'],
  [NonceTooHighError, "The wallet's transaction count is ahead of the network: wait for its earlier transactions, or reset the account in the wallet."],
  [NonceTooLowError, 'A transaction with this number was already sent from this account. Try again.'],
  [NonceMaxValueError, 'This account cannot send more transactions.'],
  [IntrinsicGasTooHighError, 'This transaction needs more gas than a block allows.'],
  [IntrinsicGasTooLowError, 'The gas limit set for this transaction is too low.'],
  [TransactionTypeNotSupportedError, 'This network does not support this kind of transaction.'],
];

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 16; depth++) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * What a wallet's or node's error means for the person, or undefined when it is neither a known code nor a known node
 * message (the caller then shows its own text).
 *
 * @example
 * walletErrorText({ code: 4001, message: 'User denied' }); // 'User rejected the request.'
 * walletErrorText(new Error('insufficient funds for gas * price + value')); // 'Not enough funds to pay for …'
 */
export function walletErrorText(error: unknown): string | undefined {
  const chain = causes(error);
  for (const cause of chain) {
    const message = typeof cause === 'string' ? cause : (cause as { details?: unknown; message?: unknown }).details ?? (cause as { message?: unknown }).message;
    if (typeof message !== 'string') continue;
    const reverted = ExecutionRevertedError.nodeMessage.exec(message);
    if (reverted) {
      const reason = message.slice(reverted.index + reverted[0].length).replace(/^[:\s]+/, '').trim();
      return reason ? `The transaction would fail: ${reason}.` : 'The transaction would fail (the contract refused it).';
    }
    const known = NODE_ERRORS.find(([kind]) => kind.nodeMessage.test(message));
    if (known) return known[1];
  }
  for (const cause of chain) {
    const code = (cause as { code?: unknown } | null)?.code;
    const kind = typeof code === 'number' ? RPC_ERRORS.find((candidate) => candidate.code === code) : undefined;
    if (kind) {
      const { shortMessage } = new kind(cause instanceof Error ? cause : new Error(String((cause as { message?: unknown }).message ?? code)));
      return shortMessage.replace(/\s*\n\s*/g, ' ');
    }
  }
  return undefined;
}
