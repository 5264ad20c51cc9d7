/**
 * The EIP-5792 batches the embedded wallet sent for this site, and how they ended (issue 29): Account says so when
 * one stopped short — its page was reloaded midway, or a call reverted — so the person knows which calls were never
 * sent. The secure site is the authority: this store keeps only what it needs to ask (the id and the number of calls,
 * in the page's storage, so a reload keeps them) and asks `wallet_getCallsStatus` through the wallet's provider when
 * Account shows. A framework-free store like the login stores: actions never throw.
 *
 * What a status says: 100 (still sending, or a transaction not mined yet) nothing yet; 200 every call landed, nothing
 * to say (no longer followed); 400 / 500 / 600 (not atomic: one transaction per call, so its receipts are the calls
 * that landed, in order) a report; an atomic batch (one user operation) ran all its calls or none, and is no longer
 * followed once it ended; an id the wallet does not know (5730: signed out elsewhere, or too old) is dropped.
 */
import * as z from 'zod/mini';
import { STORAGE_PREFIX } from '../constants';
import type { KeyValueStorage } from '../storage';
import { safeInteger } from '../zod-parts';
import { quietStorage } from './email-login';

export const CALL_BATCHES_KEY = `${STORAGE_PREFIX}embedded_call_batches`;
/** Batches followed at once (the oldest is dropped first). */
export const MAX_FOLLOWED_CALL_BATCHES = 16;
/** How long a batch is followed from its sending (ms): the secure site keeps its status for a day. */
export const CALL_BATCH_FOLLOW_MS = 24 * 60 * 60_000;
/** EIP-5792: a batch id is at most 4096 characters. */
export const MAX_CALL_BATCH_ID_LENGTH = 4096;
/** EIP-5792's error for an id the wallet does not know. */
const UNKNOWN_BATCH_CODE = 5730;

/** How a batch that stopped short ended. */
export interface CallBatchReport {
  id: string;
  /** The calls the batch asked for. */
  calls: number;
  /** Calls whose transaction landed on chain, in order (each has a receipt). */
  landed: number;
  /** The first landed call that reverted (from 1), if one did; the calls after `landed` were never sent. */
  failedCall?: number;
}

export interface CallBatchesState {
  /** Newest batch first. */
  reports: readonly CallBatchReport[];
}

export interface CallBatchStore {
  getSnapshot(): CallBatchesState;
  subscribe(listener: () => void): () => void;
  /** wallet_sendCalls was answered: the batch is followed (its calls from the request, its id from the answer). */
  follow(params: unknown, result: unknown): void;
  /** Asks the wallet how each followed batch is doing (one round at a time); Account calls it when it shows. */
  refresh(): Promise<void>;
  /** The person read the report: the batch is no longer followed. */
  dismiss(id: string): void;
  /** Sign-out: nothing is followed. */
  reset(): void;
}

export interface CallBatchStoreOptions {
  /** The embedded wallet's provider: wallet_getCallsStatus is a safe method, answered without any approval. */
  request(args: { method: string; params: unknown[] }): Promise<unknown>;
  storage: KeyValueStorage;
  now?: () => number;
}

const batchIdField = z.string().check(z.minLength(1), z.maxLength(MAX_CALL_BATCH_ID_LENGTH));
const followedSchema = z.array(z.object({ id: batchIdField, calls: z.number().check(safeInteger, z.gte(1)), sentAt: z.number() }));
type Followed = z.infer<typeof followedSchema>[number];
const sendCallsParams = z.array(z.object({ calls: z.array(z.unknown()).check(z.minLength(1)) })).check(z.minLength(1));
const sendCallsResult = z.object({ id: batchIdField });
const callsStatus = z.object({ atomic: z.boolean(), status: z.number(), receipts: z.array(z.object({ status: z.enum(['0x1', '0x0']) })) });

const INITIAL: CallBatchesState = { reports: [] };

/**
 * @example
 * const callBatches = createCallBatchStore({ request: (args) => provider.request(args), storage });
 * callBatches.follow(params, await provider.request({ method: 'wallet_sendCalls', params })); // the controller does this
 * await callBatches.refresh(); // getSnapshot().reports: [{ id, calls: 3, landed: 1 }] after a reload midway
 */
export function createCallBatchStore({ request, storage, now = Date.now }: CallBatchStoreOptions): CallBatchStore {
  let state = INITIAL;
  const listeners = new Set<() => void>();
  const set = (reports: readonly CallBatchReport[]) => {
    state = { reports };
    for (const listener of [...listeners]) listener();
  };
  const stored = quietStorage(storage);
  /** Generation of the followed list: a refresh that began before a reset reports nothing. */
  let generation = 0;
  let refreshing: Promise<void> | undefined;

  /** The batches followed now, oldest first; a corrupt or foreign value reads as none. */
  const followed = (): Followed[] => {
    try {
      const parsed = followedSchema.safeParse(JSON.parse(stored.get(CALL_BATCHES_KEY) ?? '[]'));
      return parsed.success ? parsed.data.filter((batch) => batch.sentAt > now() - CALL_BATCH_FOLLOW_MS).slice(-MAX_FOLLOWED_CALL_BATCHES) : [];
    } catch {
      return [];
    }
  };
  const keep = (batches: Followed[]) => stored.set(CALL_BATCHES_KEY, JSON.stringify(batches.slice(-MAX_FOLLOWED_CALL_BATCHES)));
  const unfollow = (ids: ReadonlySet<string>) => {
    if (ids.size === 0) return;
    keep(followed().filter((batch) => !ids.has(batch.id)));
    set(state.reports.filter((report) => !ids.has(report.id)));
  };

  /** What the wallet says of one batch: a report, `'done'` (no longer followed) or undefined (ask again later). */
  async function ask(batch: Followed): Promise<CallBatchReport | 'done' | undefined> {
    let reply: unknown;
    try {
      reply = await request({ method: 'wallet_getCallsStatus', params: [batch.id] });
    } catch (error) {
      return (error as { code?: unknown }).code === UNKNOWN_BATCH_CODE ? 'done' : undefined;
    }
    const parsed = callsStatus.safeParse(reply);
    if (!parsed.success || parsed.data.status < 200) return undefined;
    const { atomic, status, receipts } = parsed.data;
    if (atomic || status < 300) return 'done';
    const reverted = receipts.findIndex((receipt) => receipt.status === '0x0');
    return { id: batch.id, calls: batch.calls, landed: receipts.length, ...(reverted >= 0 && { failedCall: reverted + 1 }) };
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    follow(params, result) {
      const sent = sendCallsParams.safeParse(params);
      const answer = sendCallsResult.safeParse(result);
      if (!sent.success || !answer.success) return;
      const { id } = answer.data;
      keep([...followed().filter((batch) => batch.id !== id), { id, calls: sent.data[0]!.calls.length, sentAt: now() }]);
    },
    refresh() {
      refreshing ??= (async () => {
        const asked = generation;
        const batches = followed();
        const answers = await Promise.all(batches.map(ask));
        if (asked !== generation) return;
        const done = new Set(batches.filter((_, index) => answers[index] === 'done').map((batch) => batch.id));
        set(answers.filter((answer): answer is CallBatchReport => typeof answer === 'object').reverse());
        unfollow(done);
      })().finally(() => (refreshing = undefined));
      return refreshing;
    },
    dismiss(id) {
      unfollow(new Set([id]));
    },
    reset() {
      generation += 1;
      stored.remove(CALL_BATCHES_KEY);
      set([]);
    },
  };
}
