// The adapter's one lazily loaded module (one import, so one chunk group): chain reads, transfers, base58.
export { getNativeBalance, normalizeAddress, toBase58, waitForTransaction } from './rpc';
export { estimateTransferFee, sendTransfer } from './transfer';
export { sendTransferOverWalletConnect, signMessageOverWalletConnect } from './walletconnect';
