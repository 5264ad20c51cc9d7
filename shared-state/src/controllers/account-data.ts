import type { Store } from 'jotai/vanilla';
import type { BalanceItem } from '../api/blockchain';
import type { ApiContext } from '../api/client';
import {
  accountsAtom,
  activeAccountAtom,
  activeNamespaceAtom,
  activeNetworkAtom,
  nftsAtom,
  portfolioAtom,
  transactionsAtom,
  type AccountState,
} from '../atoms';
import { BALANCE_CACHE_MS, IDENTITY_CACHE_MS, TOKEN_BALANCE_RETRY_COOLDOWN_MS } from '../constants';
import { errorText } from '../errors';
import { logs } from '../log-buffer';
import { namesAtom } from '../names';
import type { PorticoStorage } from '../storage';
import type { ToastController } from './toast';

export interface AccountDataController {
  /** Token balances (Tokens tab): 30 s cache, 30 s retry block after a failure (spec sections 4, 9). */
  refreshTokens(options?: { force?: boolean }): Promise<void>;
  refreshNfts(): Promise<void>;
  /** The next page of Activity; the first call starts from the newest. */
  loadMoreTransactions(): Promise<void>;
  /** Activity from the newest again (the tab was reopened, or the account just sent something). */
  reloadTransactions(): Promise<void>;
  /** Name and avatar (spec section 4, Identity sync): eip155 mainnets only, 5 min cache. */
  syncIdentity(): Promise<void>;
}

/** Reads the blockchain API for the active account. Without an `apiUrl` every list is "unavailable". */
export function createAccountDataController(deps: {
  store: Store;
  api?: ApiContext;
  storage: PorticoStorage;
  toast: ToastController;
  now?: () => number;
}): AccountDataController {
  const { store, api, storage, toast } = deps;
  const now = deps.now ?? Date.now;
  // The blockchain API client (and its response schemas) loads when an account view first needs it.
  const blockchain = () => import('../api/blockchain');

  /** The active account as CAIP-10 plus its parts, when connected. */
  function active() {
    const account = store.get(activeAccountAtom);
    const network = store.get(activeNetworkAtom);
    if (account.status !== 'connected' || !account.address || !network) return undefined;
    return { account, network, caipAddress: `${network.caipNetworkId}:${account.address}` };
  }

  function patchActiveAccount(patch: Partial<AccountState>) {
    const namespace = store.get(activeNamespaceAtom);
    const accounts = store.get(accountsAtom);
    const current = accounts[namespace];
    if (current) store.set(accountsAtom, { ...accounts, [namespace]: { ...current, ...patch } });
  }

  let moreRequested = false;
  /** A page of Activity: the next one, or the newest again (replacing the list once it arrives). */
  async function loadTransactions({ fromNewest }: { fromNewest: boolean }) {
    const target = active();
    if (!target || !api) return;
    let state = store.get(transactionsAtom);
    if (state.caipAddress !== target.caipAddress) {
      state = { data: [], loading: false, empty: false, caipAddress: target.caipAddress };
      store.set(transactionsAtom, state);
    }
    if (state.loading) {
      // Scrolled to the end while the newest page is reloading: fetch the next page right after.
      if (!fromNewest) moreRequested = true;
      return;
    }
    if (state.empty && !fromNewest) return;
    // The list on screen stays while the page loads.
    store.set(transactionsAtom, { ...state, loading: true });
    try {
      const cursor = fromNewest ? undefined : state.next;
      const page = await (await blockchain()).fetchHistory(api, target.account.address!, target.network.caipNetworkId, cursor);
      if (active()?.caipAddress !== target.caipAddress) return;
      // Spec section 4: only the active network's transactions; spam-only transfers filtered (section 5).
      const { isSpamTransaction } = await blockchain();
      const kept = page.data.filter(
        (transaction) => transaction.metadata.chain === target.network.caipNetworkId && !isSpamTransaction(transaction),
      );
      const previous = fromNewest ? [] : state.data;
      const known = new Set(previous.map((transaction) => transaction.id));
      store.set(transactionsAtom, {
        data: [...previous, ...kept.filter((transaction) => !known.has(transaction.id))],
        next: page.next,
        loading: false,
        empty: !page.next,
        caipAddress: target.caipAddress,
      });
      if (moreRequested) {
        moreRequested = false;
        void loadTransactions({ fromNewest: false });
      }
    } catch {
      moreRequested = false;
      // Spec section 4: on fetch failure the list is emptied and marked empty.
      store.set(transactionsAtom, { data: [], loading: false, empty: true, failed: true, caipAddress: target.caipAddress });
      toast.show('error', 'Failed to fetch transactions');
    }
  }

  return {
    async refreshTokens({ force = false } = {}) {
      const target = active();
      if (!target) return;
      if (!api) {
        store.set(portfolioAtom, { balances: [], loading: false, unavailable: true, caipAddress: target.caipAddress });
        return;
      }
      const state = store.get(portfolioAtom);
      const sameAccount = state.caipAddress === target.caipAddress;
      if (!force && sameAccount && state.lastFailure && now() - state.lastFailure < TOKEN_BALANCE_RETRY_COOLDOWN_MS) return;
      const cached = storage.get('portfolioCache')?.[target.caipAddress];
      if (!force && cached && now() - cached.fetchedAt < BALANCE_CACHE_MS) {
        store.set(portfolioAtom, { balances: cached.balances as BalanceItem[], loading: false, unavailable: false, caipAddress: target.caipAddress });
        return;
      }
      store.set(portfolioAtom, { ...(sameAccount ? state : { balances: [] }), loading: true, unavailable: false, caipAddress: target.caipAddress });
      try {
        const balances = await (await blockchain()).fetchBalances(api, target.account.address!, target.network.caipNetworkId, { forceUpdate: force });
        if (active()?.caipAddress !== target.caipAddress) return;
        store.set(portfolioAtom, { balances, loading: false, unavailable: false, caipAddress: target.caipAddress });
        storage.set('portfolioCache', { ...storage.get('portfolioCache'), [target.caipAddress]: { fetchedAt: now(), balances } });
      } catch (error) {
        logs.warn('token balances could not be read', error);
        store.set(portfolioAtom, { ...store.get(portfolioAtom), loading: false, lastFailure: now() });
        toast.show('error', 'Token Balance Unavailable');
      }
    },

    async refreshNfts() {
      const target = active();
      if (!target || !api) return;
      store.set(nftsAtom, { ...store.get(nftsAtom), loading: true, caipAddress: target.caipAddress, error: undefined });
      try {
        const items = await (await blockchain()).fetchNfts(api, target.account.address!, target.network.caipNetworkId);
        if (active()?.caipAddress !== target.caipAddress) return;
        store.set(nftsAtom, { items: items.filter((item) => !item.isSpam), loading: false, caipAddress: target.caipAddress });
      } catch (error) {
        store.set(nftsAtom, { items: [], loading: false, caipAddress: target.caipAddress, error: errorText(error) });
      }
    },

    loadMoreTransactions: () => loadTransactions({ fromNewest: false }),
    reloadTransactions: () => loadTransactions({ fromNewest: true }),

    async syncIdentity() {
      const target = active();
      if (!target) return;
      const { network, caipAddress } = target;
      if (network.chainNamespace !== 'eip155' || network.testnet || !api) {
        // No lookup here (spec section 4); a name the person registered in this session still shows.
        patchActiveAccount({ profileName: store.get(namesAtom).accountNames[caipAddress], profileImage: undefined });
        return;
      }
      const cached = storage.get('identityCache')?.[caipAddress];
      if (cached && now() - cached.fetchedAt < IDENTITY_CACHE_MS) {
        patchActiveAccount({ profileName: cached.name, profileImage: cached.avatar });
        return;
      }
      try {
        const identity = await (await blockchain()).fetchIdentity(api, target.account.address!, network.caipNetworkId);
        storage.set('identityCache', { ...storage.get('identityCache'), [caipAddress]: { fetchedAt: now(), ...identity } });
        // The account or network changed meanwhile: this answer belongs to another one.
        if (active()?.caipAddress !== caipAddress) return;
        patchActiveAccount({ profileName: identity.name, profileImage: identity.avatar });
      } catch {
        if (active()?.caipAddress !== caipAddress) return;
        // Spec section 4: on failure a name lookup stands in (a failed lookup keeps the name shown), and the avatar
        // is cleared unless the chain id is 1.
        const names = await (await import('../api/names')).fetchNamesForAddress(api, target.account.address!).catch(() => undefined);
        if (active()?.caipAddress !== caipAddress) return;
        patchActiveAccount({
          ...(names ? { profileName: names[0]?.name } : {}),
          ...(String(network.id) !== '1' ? { profileImage: undefined } : {}),
        });
      }
    },
  };
}
