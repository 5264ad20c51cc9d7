/** Transaction methods: send, simulate, statuses, history, blocks, and (development only) requestAirdrop. */
import { getBase58Encoder } from '@solana/kit';
import { z } from 'zod';
import type { Chain, DecodedTransaction, ExecuteResult } from './chain';
import { encodeTransactionAccounts, encodeTransactionWithMeta, statusOf } from './encode-transaction';
import { BASE64, accountConfig, address, commitment, contextConfig, encodeAccount, signature, slot, withContext } from './params';
import { RpcError, invalidParams, method, type RpcMethod } from './rpc';
import { transactionErrorText } from './tx-error';

/** Solana's packet limit for a wire transaction, and the encoded lengths it allows. */
export const MAX_TRANSACTION_BYTES = 1232;
const MAX_ENCODED = { base58: 1683, base64: 1644 } as const;
export const MAX_SIGNATURE_STATUSES = 256;
export const MAX_SIGNATURES_FOR_ADDRESS = 1000;

const txEncoding = z.enum(['base58', 'base64'], { error: "encoding must be 'base58' or 'base64'" }).optional();

function decodeWire(chain: Chain, encoded: string, encoding: 'base58' | 'base64' = 'base58'): DecodedTransaction {
  const tooLarge = (size: number) =>
    invalidParams(`${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${size} bytes (max: encoded/raw ${MAX_ENCODED[encoding]}/${MAX_TRANSACTION_BYTES})`);
  if (encoded.length > MAX_ENCODED[encoding]) throw tooLarge(encoded.length);
  let wire: Uint8Array;
  if (encoding === 'base64') {
    if (!BASE64.test(encoded)) throw invalidParams('invalid base64 encoding');
    wire = new Uint8Array(Buffer.from(encoded, 'base64'));
  } else {
    try {
      wire = new Uint8Array(getBase58Encoder().encode(encoded));
    } catch {
      throw invalidParams('invalid base58 encoding');
    }
  }
  if (wire.length > MAX_TRANSACTION_BYTES) throw tooLarge(wire.length);
  try {
    return chain.decode(wire);
  } catch (err) {
    throw invalidParams(`failed to deserialize the transaction: ${(err as Error).message}`);
  }
}

function sent(result: ExecuteResult): string {
  switch (result.outcome) {
    case 'bad-signature':
      throw new RpcError(-32003, 'Transaction signature verification failure');
    case 'preflight-failed':
      throw new RpcError(-32002, `Transaction simulation failed: ${transactionErrorText(result.err)}`, {
        accounts: null,
        err: result.err,
        innerInstructions: null,
        logs: result.logs,
        replacementBlockhash: null,
        returnData: null,
        unitsConsumed: result.unitsConsumed,
      });
    default:
      return result.signature;
  }
}

const transactionEncoding = z.enum(['json', 'jsonParsed', 'base58', 'base64'], { error: "encoding must be 'json', 'jsonParsed', 'base58' or 'base64'" }).optional();
/** Only legacy and v0 messages exist here. */
const maxSupportedTransactionVersion = z.number().int().min(0).max(0, 'maxSupportedTransactionVersion is 0 (v1 messages are not supported)').optional();

/** getTransaction and getBlock read only what is at least confirmed (here: everything that landed). */
function checkAtLeastConfirmed(config: { commitment?: string } | undefined): void {
  if (config?.commitment === 'processed') throw new RpcError(-32602, 'Method does not support commitment below `confirmed`');
}

export interface TransactionMethodOptions {
  /** requestAirdrop exists (development mode only). */
  airdrop: boolean;
  airdropMaxLamports: bigint;
}

export function transactionMethods(chain: Chain, options: TransactionMethodOptions): Record<string, RpcMethod> {
  const methods: Record<string, RpcMethod> = {
    sendTransaction: method(
      z.tuple([
        z.string(),
        z.object({ encoding: txEncoding, skipPreflight: z.boolean().optional(), preflightCommitment: commitment, maxRetries: z.number().int().nonnegative().optional(), minContextSlot: slot.optional() }).optional(),
      ]),
      ([encoded, config]) => {
        withContext(chain, null, config);
        return sent(chain.execute(decodeWire(chain, encoded, config?.encoding), !config?.skipPreflight));
      },
    ),
    simulateTransaction: method(
      z.tuple([
        z.string(),
        z
          .object({
            encoding: txEncoding,
            sigVerify: z.boolean().optional(),
            replaceRecentBlockhash: z.boolean().optional(),
            commitment,
            minContextSlot: slot.optional(),
            innerInstructions: z.boolean().optional(),
            accounts: z.object({ addresses: z.array(address).max(100), encoding: z.enum(['base64', 'jsonParsed']).optional() }).optional(),
          })
          .refine((c) => !(c.sigVerify && c.replaceRecentBlockhash), 'sigVerify may not be used with replaceRecentBlockhash')
          .optional(),
      ]),
      ([encoded, config]) => {
        const tx = decodeWire(chain, encoded, config?.encoding);
        const replace = config?.replaceRecentBlockhash ?? false;
        const result = chain.simulate(tx, { sigVerify: config?.sigVerify ?? false, replaceRecentBlockhash: replace });
        const accounts = config?.accounts?.addresses.map((at) => {
          const account = result.postAccounts.find((post) => post.address === at) ?? chain.getAccount(at);
          return account && encodeAccount(chain, account, { encoding: config.accounts!.encoding ?? 'base64' });
        });
        return withContext(
          chain,
          {
            err: result.err,
            logs: result.logs,
            accounts: accounts ?? null,
            unitsConsumed: result.unitsConsumed,
            returnData: result.returnData,
            innerInstructions: null,
            replacementBlockhash: replace ? chain.latestBlockhash() : null,
          },
          config,
        );
      },
    ),
    getSignatureStatuses: method(
      z.tuple([
        z.array(signature).max(MAX_SIGNATURE_STATUSES, `Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`),
        z.object({ searchTransactionHistory: z.boolean().optional() }).optional(),
      ]),
      ([signatures]) =>
        withContext(
          chain,
          signatures.map((sig) => {
            const entry = chain.ledger.get(sig);
            return entry ? { slot: entry.slot, confirmations: null, err: entry.meta.err, confirmationStatus: 'finalized', status: statusOf(entry) } : null;
          }),
        ),
    ),
    getTransaction: method(
      z.tuple([
        signature,
        z.object({ encoding: transactionEncoding, commitment, maxSupportedTransactionVersion }).optional(),
      ]),
      ([sig, config]) => {
        checkAtLeastConfirmed(config);
        const entry = chain.ledger.get(sig);
        if (!entry) return null;
        const options = { maxSupportedTransactionVersion: config?.maxSupportedTransactionVersion, showRewards: true };
        const { transaction, meta, ...version } = encodeTransactionWithMeta(entry, config?.encoding ?? 'json', options);
        return { slot: entry.slot, transaction, meta, ...version, blockTime: entry.blockTime };
      },
    ),
    getBlock: method(
      z.tuple([
        slot,
        z
          .object({
            encoding: transactionEncoding,
            transactionDetails: z.enum(['full', 'accounts', 'signatures', 'none'], { error: "transactionDetails must be 'full', 'accounts', 'signatures' or 'none'" }).optional(),
            rewards: z.boolean().optional(),
            commitment,
            maxSupportedTransactionVersion,
          })
          .optional(),
      ]),
      ([at, config]) => {
        checkAtLeastConfirmed(config);
        const blockSlot = BigInt(at);
        if (blockSlot > chain.currentSlot) throw new RpcError(-32004, `Block not available for slot ${at}`);
        const first = chain.firstAvailableBlock();
        if (blockSlot < first) throw new RpcError(-32001, `Block ${at} cleaned up, does not exist on node. First available block: ${first}`);
        const block = chain.blocks.get(blockSlot)!;
        const options = { maxSupportedTransactionVersion: config?.maxSupportedTransactionVersion, showRewards: config?.rewards ?? true };
        const entries = block.signatures.map((sig) => chain.ledger.get(sig)!);
        const details = config?.transactionDetails ?? 'full';
        return {
          blockHeight: block.slot,
          blockTime: block.blockTime,
          blockhash: block.blockhash,
          parentSlot: block.slot === 0n ? 0n : block.slot - 1n,
          previousBlockhash: block.previousBlockhash,
          ...(details === 'full' && { transactions: entries.map((entry) => encodeTransactionWithMeta(entry, config?.encoding ?? 'json', options)) }),
          ...(details === 'accounts' && { transactions: entries.map((entry) => encodeTransactionAccounts(entry, options)) }),
          ...(details === 'signatures' && { signatures: block.signatures }),
          ...(options.showRewards && { rewards: [] }),
        };
      },
    ),
    getSignaturesForAddress: method(
      z.tuple([
        address,
        z
          .object({
            limit: z.number().int().min(1).max(MAX_SIGNATURES_FOR_ADDRESS, `limit is 1–${MAX_SIGNATURES_FOR_ADDRESS}`).optional(),
            before: signature.optional(),
            until: signature.optional(),
            commitment,
            minContextSlot: slot.optional(),
          })
          .optional(),
      ]),
      ([at, config]) => {
        withContext(chain, null, config);
        return chain.ledger
          .signaturesFor(at, { limit: config?.limit ?? MAX_SIGNATURES_FOR_ADDRESS, before: config?.before, until: config?.until })
          .map((entry) => ({ signature: entry.signature, slot: entry.slot, err: entry.meta.err, memo: null, blockTime: entry.blockTime, confirmationStatus: 'finalized' }));
      },
    ),
  };
  if (options.airdrop) {
    methods.requestAirdrop = method(z.tuple([address, z.number().int().min(1), contextConfig]), async ([to, lamports]) => {
      if (BigInt(lamports) > options.airdropMaxLamports) {
        throw invalidParams(`an airdrop is at most ${options.airdropMaxLamports} lamports per request, not ${lamports}`);
      }
      return sent(await chain.airdrop(to, BigInt(lamports)));
    });
  }
  return methods;
}
