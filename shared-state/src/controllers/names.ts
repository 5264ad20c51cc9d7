import type { Store } from 'jotai/vanilla';
import type { ChainAdapter } from '../adapters/types';
import type { ApiContext } from '../api/client';
import { fetchNameProfile, fetchNameSuggestions, fetchNamesForAddress, NameServiceError, registerName } from '../api/names';
import { accountsAtom, activeAccountAtom, activeNamespaceAtom, activeNetworkAtom } from '../atoms';
import type { ChainNamespace } from '../constants';
import { nameCache } from '../caches';
import { errorText, isUserRejection, PorticoError } from '../errors';
import { nameRuleProblem } from '../name-rules';
import { fullName, namesAtom, type NameAvailability, type NamesState } from '../names';
import type { PorticoStorage } from '../storage';
import type { AccountDataController } from './account-data';
import type { NamesFlow } from './names-form';
import type { RouterController } from './router';

export type { NamesController, NamesFlow } from './names-form';

/** ENSIP-11: an EVM chain's coin type is 0x80000000 | chainId; Ethereum mainnet keeps 60. */
export function coinTypeForChain(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId <= 0 || chainId >= 2 ** 31) {
    throw new PorticoError('Chain id for name registration must be below 2^31', { details: `chain id ${chainId}` });
  }
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0;
}

/**
 * The registration message: JSON text, signed as is (see services/api/README.md). The coin type
 * is inside it, so a signature for one chain's address cannot be replayed for another's.
 */
export function registrationMessage(name: string, chainId: number, nowMs: number): string {
  return JSON.stringify({ name, attributes: {}, timestamp: Math.floor(nowMs / 1000), chainId, coinType: coinTypeForChain(chainId) });
}

/** The half of name registration that talks to the API and the wallet; loaded on the first check. */
export function createNamesFlow(deps: {
  store: Store;
  api?: ApiContext;
  adapters: Partial<Record<ChainNamespace, ChainAdapter>>;
  router: RouterController;
  accountData: Pick<AccountDataController, 'syncIdentity'>;
  storage: PorticoStorage;
  now?: () => number;
}): NamesFlow {
  const { store, api, router, storage } = deps;
  const now = deps.now ?? Date.now;
  const state = () => store.get(namesAtom);
  const patch = (next: Partial<NamesState>) => store.set(namesAtom, { ...state(), ...next });
  /** Still the label on screen? Older answers are dropped. */
  const current = (label: string) => state().label.trim() === label;
  const namesByAddress = nameCache(storage, now);

  function requireApi(shortMessage: string): ApiContext {
    if (!api) throw new NameServiceError(shortMessage, new PorticoError('No apiUrl is configured'));
    return api;
  }

  return {
    async checkAvailability(label) {
      const problem = nameRuleProblem(label);
      const suggestionsFor = async () => {
        if (!api) return;
        try {
          const suggestions = await fetchNameSuggestions(api, label);
          if (current(label)) patch({ suggestions, suggestionsError: undefined });
        } catch (error) {
          if (current(label)) patch({ suggestions: [], suggestionsError: problem ? undefined : errorText(error) });
        }
      };
      if (problem) {
        if (current(label)) patch({ availability: 'invalid', availabilityMessage: problem });
        // A name that breaks a rule still gets valid variants ('my name' → 'my-name').
        await suggestionsFor();
        return 'invalid';
      }
      if (current(label)) patch({ availability: 'checking', availabilityMessage: undefined });
      const [lookup] = await Promise.allSettled([
        fetchNameProfile(requireApi('Error resolving name'), fullName(label)),
        suggestionsFor(),
      ]);
      let availability: NameAvailability;
      let availabilityMessage: string | undefined;
      if (lookup.status === 'fulfilled') {
        availability = lookup.value ? 'taken' : 'available';
        availabilityMessage = lookup.value ? 'Name is taken' : undefined;
      } else {
        availability = 'error';
        availabilityMessage = errorText(lookup.reason);
      }
      if (current(label)) patch({ availability, availabilityMessage });
      return availability;
    },

    async register() {
      const label = state().label.trim();
      const name = fullName(label);
      const fail = (reason: string) => {
        patch({ registration: 'failed', registrationError: `Error registering name ${name}: ${reason}` });
        // Spec section 4: on failure return to RegisterAccountName.
        if (router.current().view !== 'RegisterAccountName') router.replace('RegisterAccountName');
        return false;
      };
      const problem = nameRuleProblem(label);
      if (problem) {
        patch({ availability: 'invalid', availabilityMessage: problem });
        return fail(problem);
      }
      const account = store.get(activeAccountAtom);
      const network = store.get(activeNetworkAtom);
      if (account.status !== 'connected' || !account.address || !account.connectorId || !network) {
        return fail('Connect a wallet first');
      }
      // Spec section 9: names only on eip155.
      if (network.chainNamespace !== 'eip155') return fail(`Names are not supported on ${network.chainNamespace}`);
      const adapter = deps.adapters[network.chainNamespace];
      if (!adapter?.signMessage) return fail('This wallet cannot sign messages');
      const caipAddress = `${network.caipNetworkId}:${account.address}`;

      try {
        const context = requireApi(`Error registering name ${name}`);
        const chainId = Number(network.id);
        const coinType = coinTypeForChain(chainId);
        const message = registrationMessage(name, chainId, now());
        patch({ registration: 'signing', registrationError: undefined });
        let signature: string;
        try {
          signature = await adapter.signMessage(account.connectorId, account.address, message);
        } catch (error) {
          return fail(isUserRejection(error) ? 'Signature declined' : errorText(error));
        }
        patch({ registration: 'submitting' });
        const profile = await registerName(context, { coin_type: coinType, address: account.address, message, signature }, name);

        patch({
          registration: 'idle',
          registeredName: profile.name,
          availability: 'taken',
          availabilityMessage: 'Name is taken',
          accountNames: { ...state().accountNames, [caipAddress]: profile.name },
        });
        // The header shows the name at once (identity sync skips test networks, spec section 4)…
        const namespace = store.get(activeNamespaceAtom);
        const accounts = store.get(accountsAtom);
        const active = accounts[namespace];
        if (active && active.address === account.address) {
          store.set(accountsAtom, { ...accounts, [namespace]: { ...active, profileName: profile.name } });
        }
        // …and a cached "no name" from before does not hide it for 5 minutes on mainnets.
        storage.set('identityCache', { ...storage.get('identityCache'), [caipAddress]: { fetchedAt: now(), name: profile.name } });
        namesByAddress.delete(account.address.toLowerCase());
        if (router.current().view === 'RegisterAccountName') router.replace('RegisterAccountNameSuccess');
        else router.push('RegisterAccountNameSuccess');
        void deps.accountData.syncIdentity().catch(() => undefined);
        return true;
      } catch (error) {
        return fail(error instanceof NameServiceError && error.reason ? error.reason : errorText(error));
      }
    },

    async namesForAddress(address) {
      const target = address ?? store.get(activeAccountAtom).address;
      if (!target) return [];
      const cached = namesByAddress.get(target.toLowerCase());
      if (cached) return cached;
      const names = await fetchNamesForAddress(requireApi('Error fetching names for address'), target);
      namesByAddress.set(target.toLowerCase(), names);
      return names;
    },
  };
}
