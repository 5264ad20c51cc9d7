/**
 * litesvm's transaction errors in Solana's JSON form (`"BlockhashNotFound"`, `{ InstructionError: [0, { Custom: 1 }] }`)
 * and the text Solana's RPC puts after "Transaction simulation failed: ".
 */
import type { FailedTransactionMetadata } from 'litesvm';

// litesvm's TransactionErrorFieldless / InstructionErrorFieldless, in declaration order (const enums: no runtime names).
const TRANSACTION_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee', 'InvalidAccountForFee',
  'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee', 'InvalidAccountIndex', 'SignatureFailure',
  'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance', 'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion', 'InvalidWritableAccount', 'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData', 'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit', 'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded', 'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const;
const INSTRUCTION_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall', 'InsufficientFunds',
  'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized', 'UninitializedAccount', 'UnbalancedInstruction',
  'ModifiedProgramId', 'ExternalAccountLamportSpend', 'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified',
  'DuplicateAccountIndex', 'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged', 'AccountNotExecutable',
  'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError', 'ExecutableDataModified',
  'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId', 'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded', 'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable', 'IncorrectAuthority',
  'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const;

export type TransactionErrorName = (typeof TRANSACTION_ERRORS)[number];
/** Solana's JSON form of a TransactionError. */
export type UiTransactionError = TransactionErrorName | Record<string, unknown>;

type InnerError = ReturnType<FailedTransactionMetadata['err']>;

function instructionError(err: unknown): unknown {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? 'GenericError';
  const e = err as { code?: number; msg?: string };
  if (typeof e.code === 'number') return { Custom: e.code };
  return { BorshIoError: e.msg ?? '' };
}

export function uiTransactionError(err: InnerError): UiTransactionError {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? 'SanitizeFailure';
  const e = err as unknown as { index?: number; accountIndex?: number; err?: () => unknown; constructor: { name: string } };
  if (typeof e.err === 'function') return { InstructionError: [e.index, instructionError(e.err())] };
  if (e.constructor.name.endsWith('DuplicateInstruction')) return { DuplicateInstruction: e.index };
  const name = e.constructor.name.endsWith('InsufficientFundsForRent') ? 'InsufficientFundsForRent' : 'ProgramExecutionTemporarilyRestricted';
  return { [name]: { account_index: e.accountIndex } };
}

const MESSAGES: Partial<Record<TransactionErrorName, string>> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
};

/** Solana's Display text of the error (used in "Transaction simulation failed: …"). */
export function transactionErrorText(err: UiTransactionError): string {
  if (typeof err === 'string') return MESSAGES[err] ?? err;
  const [index, inner] = (err.InstructionError as [number, unknown] | undefined) ?? [];
  if (index === undefined) return JSON.stringify(err);
  const detail =
    typeof inner === 'string'
      ? inner
      : 'Custom' in (inner as object)
        ? `custom program error: 0x${(inner as { Custom: number }).Custom.toString(16)}`
        : JSON.stringify(inner);
  return `Error processing Instruction ${index}: ${detail}`;
}
