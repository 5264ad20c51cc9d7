/**
 * A landed transaction as getTransaction and getBlock write it, in agave's shapes: `json`, `jsonParsed`,
 * `base58`, `base64`, or getBlock's `accounts` list, each with the meta that encoding carries, and `version`
 * only when the client said which versions it reads (a v0 transaction without that is refused, -32015).
 */
import { getBase58Decoder, getBase58Encoder, getTransactionDecoder } from '@solana/kit';
import type { CompiledMessage } from './fees';
import type { LedgerEntry } from './ledger';
import { parseInstruction } from './parse-instruction';
import { RpcError } from './rpc';

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64';

export interface EncodeOptions {
  /** The client's `maxSupportedTransactionVersion` (undefined: legacy transactions only). */
  maxSupportedTransactionVersion: number | undefined;
  /** getBlock's `rewards` (getTransaction: always). */
  showRewards: boolean;
}

/** The message's own instructions are at the bottom of the call stack (agave ≥ 2.3 writes 1 where it wrote null). */
const TRANSACTION_LEVEL_STACK_HEIGHT = 1;

const base58 = getBase58Decoder();
const fromBase58 = getBase58Encoder();

/** The deprecated `status` field beside `err`. */
export const statusOf = (entry: LedgerEntry) => (entry.meta.err === null ? { Ok: null } : { Err: entry.meta.err });

/** Whether the message's static account at `index` is writable, from the header's counts. */
export function isWritable(message: CompiledMessage, index: number): boolean {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  if (index < numSignerAccounts) return index < numSignerAccounts - numReadonlySignerAccounts;
  return index < message.staticAccounts.length - numReadonlyNonSignerAccounts;
}

function versionFor(entry: LedgerEntry, maxSupported: number | undefined): 'legacy' | 0 | undefined {
  const { version } = entry.message;
  if (version !== 'legacy' && (maxSupported === undefined || version > maxSupported)) {
    throw new RpcError(
      -32015,
      `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
    );
  }
  // Clients that did not ask get no `version` field (agave: "old clients can't handle this field").
  return maxSupported === undefined ? undefined : version;
}

function signaturesOf(entry: LedgerEntry): string[] {
  const { signatures } = getTransactionDecoder().decode(entry.wire);
  const { staticAccounts, header } = entry.message;
  return staticAccounts.slice(0, header.numSignerAccounts).map((signer) => base58.decode(signatures[signer] ?? new Uint8Array(64)));
}

/** jsonParsed's (and getBlock accounts') account keys. Address lookup tables are not loaded, so every key is the transaction's own. */
function parsedAccountKeys(message: CompiledMessage) {
  return message.staticAccounts.map((pubkey, index) => ({ pubkey, writable: isWritable(message, index), signer: index < message.header.numSignerAccounts, source: 'transaction' }));
}

function encodeTransaction(entry: LedgerEntry, encoding: TransactionEncoding) {
  if (encoding === 'base64') return [Buffer.from(entry.wire).toString('base64'), 'base64'];
  if (encoding === 'base58') return [base58.decode(entry.wire), 'base58'];
  const { message } = entry;
  const keys = message.staticAccounts;
  const lookups = message.version === 0 && {
    addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
      accountKey: lookup.lookupTableAddress,
      writableIndexes: lookup.writableIndexes,
      readonlyIndexes: lookup.readonlyIndexes,
    })),
  };
  if (encoding === 'jsonParsed') {
    const instructions = message.instructions.map((ix) =>
      parseInstruction({
        programId: keys[ix.programAddressIndex]!,
        accounts: (ix.accountIndices ?? []).map((i) => keys[i]!),
        data: new Uint8Array(ix.data ?? []),
        stackHeight: TRANSACTION_LEVEL_STACK_HEIGHT,
      }),
    );
    return { signatures: signaturesOf(entry), message: { accountKeys: parsedAccountKeys(message), recentBlockhash: message.lifetimeToken, instructions, ...lookups } };
  }
  return {
    signatures: signaturesOf(entry),
    message: {
      accountKeys: keys,
      header: {
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      },
      recentBlockhash: message.lifetimeToken,
      instructions: message.instructions.map((ix) => ({
        programIdIndex: ix.programAddressIndex,
        accounts: ix.accountIndices ?? [],
        data: base58.decode(ix.data ?? new Uint8Array()),
        stackHeight: TRANSACTION_LEVEL_STACK_HEIGHT,
      })),
      ...lookups,
    },
  };
}

/** What every meta starts with. */
const metaHead = (entry: LedgerEntry) => ({
  err: entry.meta.err,
  status: statusOf(entry),
  fee: entry.meta.fee,
  preBalances: entry.meta.preBalances,
  postBalances: entry.meta.postBalances,
});

function encodeMeta(entry: LedgerEntry, encoding: TransactionEncoding, showRewards: boolean) {
  const { meta } = entry;
  const keys = entry.message.staticAccounts;
  const parsed = encoding === 'jsonParsed';
  const innerInstructions = parsed
    ? meta.innerInstructions.map(({ index, instructions }) => ({
        index,
        instructions: instructions.map((ix) =>
          parseInstruction({ programId: keys[ix.programIdIndex]!, accounts: ix.accounts.map((i) => keys[i]!), data: new Uint8Array(fromBase58.encode(ix.data)), stackHeight: ix.stackHeight }),
        ),
      }))
    : meta.innerInstructions;
  return {
    ...metaHead(entry),
    innerInstructions,
    logMessages: meta.logMessages,
    preTokenBalances: meta.preTokenBalances,
    postTokenBalances: meta.postTokenBalances,
    // A getBlock without rewards writes them as null here (agave's OptionSerializer::None).
    rewards: showRewards ? [] : null,
    // jsonParsed's meta has no loadedAddresses (agave skips them there).
    ...(!parsed && { loadedAddresses: { writable: [], readonly: [] } }),
    computeUnitsConsumed: meta.computeUnitsConsumed,
  };
}

/** `{ transaction, meta, version? }`: getBlock's `full` entries, and getTransaction's reply without slot and blockTime. */
export function encodeTransactionWithMeta(entry: LedgerEntry, encoding: TransactionEncoding, options: EncodeOptions) {
  const version = versionFor(entry, options.maxSupportedTransactionVersion);
  return { transaction: encodeTransaction(entry, encoding), meta: encodeMeta(entry, encoding, options.showRewards), ...(version !== undefined && { version }) };
}

/** getBlock's `transactionDetails: 'accounts'`: signatures, account keys and the balances part of the meta. */
export function encodeTransactionAccounts(entry: LedgerEntry, options: EncodeOptions) {
  const version = versionFor(entry, options.maxSupportedTransactionVersion);
  const { meta } = entry;
  return {
    transaction: { signatures: signaturesOf(entry), accountKeys: parsedAccountKeys(entry.message) },
    meta: {
      ...metaHead(entry),
      preTokenBalances: meta.preTokenBalances,
      postTokenBalances: meta.postTokenBalances,
      ...(options.showRewards && { rewards: [] }),
    },
    ...(version !== undefined && { version }),
  };
}
