import * as z from 'zod/mini';
import { RECENT_WALLETS_KEPT, STORAGE_PREFIX } from './constants';

/** A map from string keys to values of one schema (what z.record does, without its extra code in every page). */
export function recordOf<T>(value: z.ZodMiniType<T>) {
  return z.custom<Record<string, T>>(
    (input) =>
      typeof input === 'object' &&
      input !== null &&
      !Array.isArray(input) &&
      Object.values(input).every((entry) => value.safeParse(entry).success),
  );
}

/** The subset of Web Storage Portico uses; tests pass a Map-backed one. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Storage keys, all under one prefix (spec section 3). */
export const STORAGE_KEYS = {
  connectedConnectorIds: `${STORAGE_PREFIX}connected_connector_ids`,
  connectedNamespaces: `${STORAGE_PREFIX}connected_namespaces`,
  activeCaipNetworkId: `${STORAGE_PREFIX}active_caip_network_id`,
  recentWallets: `${STORAGE_PREFIX}recent_wallets`,
  connectionStatus: `${STORAGE_PREFIX}connection_status`,
  walletConnectDeepLink: `${STORAGE_PREFIX}wallet_connect_deep_link`,
  portfolioCache: `${STORAGE_PREFIX}portfolio_cache`,
  identityCache: `${STORAGE_PREFIX}identity_cache`,
  nativeBalanceCache: `${STORAGE_PREFIX}native_balance_cache`,
  nameCache: `${STORAGE_PREFIX}name_cache`,
} as const;

/** A cache's entries by id, each with when it was fetched; its user checks `value` with its own schema (caches.ts). */
const timedEntries = recordOf(z.object({ fetchedAt: z.number(), value: z.unknown() }));

const schemas = {
  connectedConnectorIds: recordOf(z.string()),
  connectedNamespaces: z.array(z.string()),
  activeCaipNetworkId: z.string(),
  recentWallets: z.array(z.object({ id: z.string(), name: z.string() })),
  connectionStatus: z.enum(['connected', 'disconnected']),
  walletConnectDeepLink: z.object({ name: z.string(), href: z.string() }),
  /** Token balances per CAIP-10 account, with when they were fetched (30 s lifetime). */
  portfolioCache: recordOf(z.object({ fetchedAt: z.number(), balances: z.array(z.unknown()) })),
  /** Name and avatar per CAIP-10 account (5 min lifetime). */
  identityCache: recordOf(
    z.object({ fetchedAt: z.number(), name: z.optional(z.string()), avatar: z.optional(z.string()) }),
  ),
  /** The native balance per CAIP-10 account (30 s lifetime). */
  nativeBalanceCache: timedEntries,
  /** The names an address holds, per address (5 min lifetime). */
  nameCache: timedEntries,
};
type StoredValues = { [K in keyof typeof schemas]: z.infer<(typeof schemas)[K]> };

/** Storage that never throws: blocked or full storage and corrupt values read as absent. */
export interface PorticoStorage {
  get<K extends keyof StoredValues>(key: K): StoredValues[K] | undefined;
  set<K extends keyof StoredValues>(key: K, value: StoredValues[K]): void;
  remove(key: keyof StoredValues): void;
  addRecentWallet(wallet: { id: string; name: string }): void;
}

/** In-memory storage for environments without Web Storage (and for tests). */
export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

export function createPorticoStorage(backend: KeyValueStorage): PorticoStorage {
  const storage: PorticoStorage = {
    get(key) {
      try {
        const raw = backend.getItem(STORAGE_KEYS[key]);
        if (raw === null) return undefined;
        const parsed = schemas[key].safeParse(JSON.parse(raw));
        return parsed.success ? (parsed.data as StoredValues[typeof key]) : undefined;
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      try {
        backend.setItem(STORAGE_KEYS[key], JSON.stringify(value));
      } catch {
        // Storage full or blocked: the session still works, it just will not survive a reload.
      }
    },
    remove(key) {
      try {
        backend.removeItem(STORAGE_KEYS[key]);
      } catch {
        // As above: nothing to lose.
      }
    },
    addRecentWallet(wallet) {
      const others = (storage.get('recentWallets') ?? []).filter((recent) => recent.id !== wallet.id);
      storage.set('recentWallets', [wallet, ...others].slice(0, RECENT_WALLETS_KEPT));
    },
  };
  return storage;
}

/** Wallets the person connected recently through WalletConnect, newest first, minus excluded ones. */
export function recentWallets(storage: PorticoStorage, excludeWalletIds: readonly string[]): Array<{ id: string; name: string }> {
  return (storage.get('recentWallets') ?? []).filter((recent) => !excludeWalletIds.includes(recent.id));
}
