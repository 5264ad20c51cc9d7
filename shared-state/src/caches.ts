import * as z from 'zod/mini';
import type { NameProfile } from './api/names';
import { NAME_CACHE_MS, NATIVE_BALANCE_CACHE_MS } from './constants';
import { recordOf, type PorticoStorage } from './storage';

/** The storage keys whose entries are `{ fetchedAt, value }` by id (storage.ts). */
export type TimedCacheKey = 'nativeBalanceCache' | 'nameCache';

/** Values kept in the page's storage for a while (spec §9 cache lifetimes), one per id. */
export interface TimedCache<T> {
  /** The value stored for `id` less than the lifetime ago; undefined when absent, expired or not of the schema. */
  get(id: string): T | undefined;
  /** Stores `value` for `id` as fetched now, and forgets the entries that have expired. */
  set(id: string, value: T): void;
  delete(id: string): void;
}

/**
 * A cache under one storage key. Stored values cross a boundary (another tab, another version, a person's edits), so
 * each is checked with `schema` when read: one that does not match is as good as absent, never an error.
 */
export function timedCache<T>(deps: {
  storage: PorticoStorage;
  key: TimedCacheKey;
  lifetimeMs: number;
  schema: z.ZodMiniType<T>;
  now?: () => number;
}): TimedCache<T> {
  const { storage, key, lifetimeMs, schema } = deps;
  const now = deps.now ?? Date.now;
  // A time ahead of the clock (a changed clock, an edited value) is not fresh either.
  const fresh = (fetchedAt: number) => fetchedAt <= now() && now() - fetchedAt < lifetimeMs;
  const freshEntries = () => Object.fromEntries(Object.entries(storage.get(key) ?? {}).filter(([, entry]) => fresh(entry.fetchedAt)));
  return {
    get(id) {
      const entry = storage.get(key)?.[id];
      if (!entry || !fresh(entry.fetchedAt)) return undefined;
      const parsed = schema.safeParse(entry.value);
      return parsed.success ? parsed.data : undefined;
    },
    set(id, value) {
      storage.set(key, { ...freshEntries(), [id]: { fetchedAt: now(), value } });
    },
    delete(id) {
      const { [id]: _gone, ...rest } = freshEntries();
      storage.set(key, rest);
    },
  };
}

/** The native balance an account showed, per CAIP-10 account, for 30 s (spec §9): as `getNativeBalance` answers it. */
export function nativeBalanceCache(storage: PorticoStorage, now?: () => number): TimedCache<{ decimalText: string; symbol: string }> {
  return timedCache({
    storage,
    key: 'nativeBalanceCache',
    lifetimeMs: NATIVE_BALANCE_CACHE_MS,
    schema: z.object({ decimalText: z.string(), symbol: z.string() }),
    now,
  });
}

/**
 * The names an address holds (the reverse lookup's answer, newest first), for 5 min (spec §9). Its ids are lower-case
 * addresses: an EVM address in any spelling is one entry. Stored answers are checked as the API's reply is
 * (api/names.ts).
 */
export function nameCache(storage: PorticoStorage, now?: () => number): TimedCache<NameProfile[]> {
  const profiles = z.array(
    z.object({
      name: z.string(),
      addresses: recordOf(z.object({ address: z.string() })),
      attributes: z.optional(recordOf(z.string())),
      registeredAt: z.optional(z.string()),
    }),
  );
  return timedCache({ storage, key: 'nameCache', lifetimeMs: NAME_CACHE_MS, schema: profiles, now });
}
