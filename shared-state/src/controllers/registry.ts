import type { Store } from 'jotai/vanilla';
import { visibleWalletName } from '../adapters/wallet-info';
import type { ApiContext } from '../api/client';
import type { RegistryWallet, WalletQuery } from '../api/wallets';
import { registryAtom, type RegistryState } from '../atoms';
import { RECOMMENDED_WALLETS, SEARCH_MIN_WAIT_MS, SEARCH_RESULTS_MAX, WALLET_PAGE_SIZE } from '../constants';
import { errorText } from '../errors';
import { preloadImages } from '../images';
import { recentWallets, type PorticoStorage } from '../storage';
import { withoutWallets, type WalletIdentity } from '../wallet-list';

export interface RegistryController {
  /**
   * Featured (the host's list) and recommended (4) wallets for the Connect view, beside `listed`: the wallets it
   * shows whatever the registry says (installed ones, the host's `customWallets`), which neither list repeats.
   */
  loadConnectViewWallets(listed: readonly WalletIdentity[]): Promise<void>;
  /** The next page of AllWallets (40 a page); concurrent calls share one request. */
  loadNextPage(): Promise<void>;
  /** Search with a minimum wait of 300 ms; a newer query cancels an older one. Empty query clears. */
  search(query: string): Promise<void>;
  /** Wallets the person used recently, newest first, as registry entries when known. */
  recentWallets(): WalletIdentity[];
}

export interface RegistryOptions {
  featuredWalletIds: readonly string[];
  includeWalletIds: readonly string[];
  excludeWalletIds: readonly string[];
  /** CAIP-2 ids of the host's networks: only wallets that list one of them are offered. */
  chains: readonly string[];
}

/** The most wallets the API gives in one page (services/api's `MAX_ENTRIES`); it answers a request for more with a 400. */
export const MAX_WALLET_PAGE_ENTRIES = 100;

/** The registry's wallets with their names as Portico shows every wallet's (`visibleWalletName`); a name with nothing visible is left out. */
const withVisibleNames = (wallets: readonly RegistryWallet[]): RegistryWallet[] =>
  wallets.flatMap((wallet) => {
    const name = visibleWalletName(wallet.name);
    return name ? [{ ...wallet, name }] : [];
  });

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** Paging, search and lists over the wallet registry (spec sections 2, 7, 9). */
export function createRegistryController(deps: {
  store: Store;
  api: ApiContext;
  options: RegistryOptions;
  storage: PorticoStorage;
}): RegistryController {
  const { store, api, options, storage } = deps;
  const patch = (next: Partial<RegistryState>) => store.set(registryAtom, { ...store.get(registryAtom), ...next });
  // The registry client (and its response schema) loads with the first request, not with the page. Every page of
  // wallets enters here: asked for within the API's limit, its names cleaned.
  const fetchWalletPage = async (query: WalletQuery, signal?: AbortSignal) => {
    const { fetchWalletPage: fetchPage } = await import('../api/wallets');
    const reply = await fetchPage(api, { ...query, entries: Math.min(query.entries, MAX_WALLET_PAGE_ENTRIES) }, signal);
    return { ...reply, data: withVisibleNames(reply.data) };
  };
  let pageRequest: Promise<void> | undefined;
  let searchAbort: AbortController | undefined;

  const baseQuery = () => ({
    include: options.includeWalletIds.length ? options.includeWalletIds : undefined,
    exclude: options.excludeWalletIds.length ? options.excludeWalletIds : undefined,
    chains: options.chains.length ? options.chains : undefined,
  });

  return {
    async loadConnectViewWallets(listed) {
      const recent = recentWallets(storage, options.excludeWalletIds);
      try {
        const featured = options.featuredWalletIds.length
          ? (await fetchWalletPage({ page: 1, entries: options.featuredWalletIds.length, include: options.featuredWalletIds })).data
          : [];
        // Ask for a few more than shown: some are already installed, recent or featured (at most the API's page).
        const shown = [...listed, ...recent, ...featured];
        const candidates = await fetchWalletPage({
          page: 1,
          entries: RECOMMENDED_WALLETS + shown.length,
          ...baseQuery(),
          exclude: [...options.excludeWalletIds, ...options.featuredWalletIds],
        });
        // Keep the host's featured order.
        featured.sort((a, b) => options.featuredWalletIds.indexOf(a.id) - options.featuredWalletIds.indexOf(b.id));
        const featuredShown = withoutWallets(featured, [...listed, ...recent]);
        const recommended = withoutWallets(candidates.data, shown).slice(0, RECOMMENDED_WALLETS);
        // The rows arrive with their icons (at most 2 s later, spec §9), not as blanks that fill in.
        await preloadImages([...featuredShown, ...recommended].map((wallet) => wallet.image_url));
        const { count } = store.get(registryAtom);
        patch({
          // The unfiltered total is what AllWallets will page through; keep a larger one if known.
          count: Math.max(count, candidates.count),
          featured: featuredShown,
          recommended,
        });
      } catch {
        // The Connect view works without the registry: installed wallets and WalletConnect remain.
        patch({ featured: [], recommended: [] });
      }
    },

    loadNextPage() {
      const state = store.get(registryAtom);
      if (pageRequest) return pageRequest;
      if (state.page > 0 && state.wallets.length >= state.count) return Promise.resolve();
      patch({ loading: true, error: undefined });
      const page = state.page + 1;
      pageRequest = fetchWalletPage({ page, entries: WALLET_PAGE_SIZE, ...baseQuery() })
        .then((reply) => {
          const current = store.get(registryAtom);
          // The registry may shift between pages: never list a wallet twice.
          const fresh = reply.data.filter((wallet) => !current.wallets.some((known) => known.id === wallet.id));
          patch({ wallets: [...current.wallets, ...fresh], count: reply.count, page, loading: false });
        })
        .catch((error: unknown) => patch({ loading: false, error: errorText(error) }))
        .finally(() => {
          pageRequest = undefined;
        });
      return pageRequest;
    },

    async search(query) {
      searchAbort?.abort();
      const trimmed = query.trim();
      if (!trimmed) {
        patch({ search: { query: '', results: [], loading: false } });
        return;
      }
      const abort = new AbortController();
      searchAbort = abort;
      patch({ search: { ...store.get(registryAtom).search, query: trimmed, loading: true, error: undefined } });
      try {
        const [reply] = await Promise.all([
          fetchWalletPage({ page: 1, entries: SEARCH_RESULTS_MAX, search: trimmed, ...baseQuery() }, abort.signal),
          wait(SEARCH_MIN_WAIT_MS, abort.signal),
        ]);
        patch({ search: { query: trimmed, results: reply.data, loading: false } });
      } catch (error) {
        if (abort.signal.aborted) return; // replaced by a newer query
        patch({ search: { query: trimmed, results: [], loading: false, error: errorText(error) } });
      }
    },

    recentWallets: () => recentWallets(storage, options.excludeWalletIds),
  };
}
