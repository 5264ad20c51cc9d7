/** Cluster and blockhash methods: health, version, slots, epoch, blockhashes, rent, fees. */
import { getBase64Encoder, getCompiledTransactionMessageDecoder } from '@solana/kit';
import { z } from 'zod';
import { SOLANA_LOCAL_GENESIS_HASH } from './accounts';
import { SLOTS_PER_EPOCH, type Chain } from './chain';
import { feeForMessage, type CompiledMessage } from './fees';
import { API_VERSION, checkMinContextSlot, commitment, contextConfig, withContext } from './params';
import { invalidParams, method, type RpcMethod } from './rpc';

/** Solana's data-size limit for an account (10 MiB). */
const MAX_ACCOUNT_SIZE = 10 * 1024 * 1024;

export function chainMethods(chain: Chain): Record<string, RpcMethod> {
  const slotMethod = method(z.tuple([contextConfig]), ([config]) => {
    checkMinContextSlot(chain, config);
    return chain.currentSlot;
  });
  return {
    getHealth: method(z.tuple([]), () => 'ok'),
    getVersion: method(z.tuple([]), () => ({ 'solana-core': API_VERSION, 'feature-set': 0 })),
    getGenesisHash: method(z.tuple([]), () => SOLANA_LOCAL_GENESIS_HASH),
    getSlot: slotMethod,
    getBlockHeight: slotMethod,
    getEpochInfo: method(z.tuple([contextConfig]), ([config]) => {
      checkMinContextSlot(chain, config);
      const slot = chain.currentSlot;
      return { absoluteSlot: slot, blockHeight: slot, epoch: slot / SLOTS_PER_EPOCH, slotIndex: slot % SLOTS_PER_EPOCH, slotsInEpoch: SLOTS_PER_EPOCH, transactionCount: chain.ledger.total };
    }),
    getLatestBlockhash: method(z.tuple([contextConfig]), ([config]) => withContext(chain, chain.latestBlockhash(), config)),
    isBlockhashValid: method(z.tuple([z.string().max(64), contextConfig]), ([blockhash, config]) => withContext(chain, chain.isBlockhashValid(blockhash), config)),
    getMinimumBalanceForRentExemption: method(
      z.tuple([z.number().int().min(0).max(MAX_ACCOUNT_SIZE, `the size is at most ${MAX_ACCOUNT_SIZE} bytes`), z.object({ commitment }).optional()]),
      ([size]) => chain.minimumBalanceForRentExemption(size),
    ),
    getFeeForMessage: method(z.tuple([z.string().max(2048), contextConfig]), ([encoded, config]) => {
      let message: CompiledMessage & { lifetimeToken: string };
      try {
        const decoded = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(encoded));
        if (decoded.version === 1) throw new Error('version 1');
        message = decoded as typeof message;
      } catch {
        throw invalidParams('the message is not a base64 transaction message');
      }
      return withContext(chain, chain.isBlockhashValid(message.lifetimeToken) ? feeForMessage(message) : null, config);
    }),
  };
}
