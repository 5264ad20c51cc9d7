/**
 * The EIP-5792 batches this page sent, kept in this origin's storage (issue 29) so that wallet_getCallsStatus still
 * answers after a reload: under the session's scope (per project and embedding page's origin), at most
 * `MAX_KEPT_BATCHES`, each for `KEPT_BATCH_LIFETIME_MS` from its sending. An EOA batch's record gets each call's
 * transaction hash before that transaction is broadcast (./send-calls.ts), so no transaction this page may have sent
 * is missing from it. Only ids, chains, counts and hashes are kept: nothing that could sign or send anything again.
 *
 * @example
 * const kept = createKeptBatches({ storage: localStorage, key: 'portico.callBatches:<project>:<origin>', now: Date.now });
 * kept.add({ kind: 'transactions', id, chainId: 31337, sentAt: Date.now(), calls: 3, hashes: [first] });
 * kept.addHash(id, second); // false once the batch is no longer kept (signed out, pushed out, too old)
 */
import { MAX_SEND_CALLS } from '@portico/shared-state/embedded';
import { z } from 'zod';

/** Batches kept per session scope (the oldest is forgotten first). */
export const MAX_KEPT_BATCHES = 64;
/** How long a batch's status is kept from its sending (ms): a day. */
export const KEPT_BATCH_LIFETIME_MS = 24 * 60 * 60_000;

export const hash32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte hash');
/** EIP-5792: a batch id is up to 4096 bytes. */
export const batchId = z.string().min(1).max(4096);

const kept = { id: batchId, chainId: z.number().int().positive(), sentAt: z.number() };
const keptBatchSchema = z.discriminatedUnion('kind', [
  // One transaction per call, in order; `hashes` grows as each is signed, before it is sent.
  z.object({ kind: z.literal('transactions'), ...kept, calls: z.number().int().min(1).max(MAX_SEND_CALLS), hashes: z.array(hash32).min(1).max(MAX_SEND_CALLS) }),
  z.object({ kind: z.literal('userOperation'), ...kept, hash: hash32 }),
]);
export type KeptBatch = z.output<typeof keptBatchSchema>;

export interface KeptBatchesDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The scoped key (wallet.ts: `siteScopedKey(STORAGE_KEYS.callBatches, projectId, parentOrigin)`). */
  key: string;
  now(): number;
}

export function createKeptBatches({ storage, key, now }: KeptBatchesDeps) {
  /** The batches still kept, oldest first; an entry that does not parse (another version, a hand edit) is dropped. */
  function read(): KeptBatch[] {
    let stored: unknown;
    try {
      stored = JSON.parse(storage.getItem(key) ?? '[]');
    } catch {
      return [];
    }
    if (!Array.isArray(stored)) return [];
    const oldest = now() - KEPT_BATCH_LIFETIME_MS;
    return stored
      .flatMap((entry) => {
        const parsed = keptBatchSchema.safeParse(entry);
        return parsed.success && parsed.data.sentAt > oldest ? [parsed.data] : [];
      })
      .slice(-MAX_KEPT_BATCHES);
  }

  // A full or blocked storage throws: the send that needed the record then stops before anything more is sent.
  const write = (batches: KeptBatch[]) => storage.setItem(key, JSON.stringify(batches.slice(-MAX_KEPT_BATCHES)));

  return {
    get: (id: string): KeptBatch | undefined => read().find((batch) => batch.id === id),
    /** Keeps a batch as the newest. */
    add(batch: KeptBatch) {
      write([...read().filter((other) => other.id !== batch.id), batch]);
    },
    /** Records the hash of an EOA batch's next transaction: false when the batch is no longer kept. */
    addHash(id: string, hash: string): boolean {
      const batches = read();
      const batch = batches.find((each) => each.id === id);
      if (batch?.kind !== 'transactions') return false;
      write(batches.map((each) => (each === batch ? { ...batch, hashes: [...batch.hashes, hash] } : each)));
      return true;
    },
    /** Forgets every batch of this scope (signed out, or another user signed in). */
    clear() {
      storage.removeItem(key);
    },
  };
}
