/**
 * The embedded wallet's account type (issue 12; spec sections 3, 5, 8): which of the user's accounts is connected
 * (the key's own EOA or its smart account), whether a smart account exists and is deployed, and the switch
 * between them (SET_PREFERRED_ACCOUNT). The person's choice is kept per namespace in storage, and GET_USER asks
 * for it (else the host's `defaultAccountTypes`). The user's accounts with their types are the connection's
 * `allAccounts`; the chains with smart accounts (GET_SMART_ACCOUNT_ENABLED_NETWORKS) decide the switch as soon as
 * the wallet changes chain; INIT_SMART_ACCOUNT's answer refreshes `smartAccountDeployed` after the first user
 * operation. A framework-free store like the login stores: actions never throw; a failure lands in `error` in
 * the secure site's words.
 */
import * as z from 'zod/mini';
import { STORAGE_PREFIX } from '../constants';
import type { KeyValueStorage } from '../storage';
import type { FrameChannel } from './channel-types';
import { quietStorage } from './email-login';
import { embeddedErrorText } from './errors';
import { accountTypeField, type EmbeddedAccountType, type EmbeddedUser } from './fields';

/** One of the user's accounts (spec section 3): its address and type. */
export type EmbeddedAccount = EmbeddedUser['accounts'][number];

/** Spec section 3's "preferred account types": `{ eip155: 'smartAccount' }`. */
export const PREFERRED_ACCOUNT_TYPES_KEY = `${STORAGE_PREFIX}preferred_account_types`;
const preferredAccountTypesSchema = z.object({ eip155: z.optional(accountTypeField) });

/** Spec section 8: said after switching to a smart account (some applications check signatures as an EOA's). */
export const SMART_ACCOUNT_NOTICE = 'This application might not support Smart Accounts';

export interface AccountTypeState {
  /** The connected account's type. */
  active: EmbeddedAccountType;
  /**
   * The user has a smart account on the current chain (GET_USER listed one, and the chain is among the secure
   * site's smart-account networks once those are known): Account offers the switch.
   */
  smartAccountAvailable: boolean;
  /** The smart account's code is on chain (it deploys with its first user operation). */
  smartAccountDeployed: boolean;
  /** SET_PREFERRED_ACCOUNT is out; another switch meanwhile is ignored. */
  busy: boolean;
  /** The secure site's refusal of the last switch. */
  error?: string;
  /** After a switch to the smart account: spec section 8's notice. */
  notice?: string;
}

export interface AccountTypeOptions {
  channel: Pick<FrameChannel, 'request'>;
  storage: KeyValueStorage;
  /** The host's `defaultAccountTypes.eip155`: asked for while the person has not chosen. */
  defaultType: EmbeddedAccountType;
  /** The switch to `type` was answered: the connection moves to `address` (the AUTH connector's accountsChanged). */
  onSwitched(address: string, type: EmbeddedAccountType): void;
}

export interface AccountTypeStore {
  getSnapshot(): AccountTypeState;
  subscribe(listener: () => void): () => void;
  /** What GET_USER asks for: the stored choice, else the host's default. */
  preferred(): EmbeddedAccountType;
  /** The connected address: the switched-to account's, else the user's. */
  address(): string | undefined;
  /**
   * The user's accounts as GET_USER listed them, `first` (default: the connected address) first: the connection's
   * `allAccounts`. An address GET_USER did not list counts as an EOA (as every other connector's accounts).
   */
  accounts(first?: string): EmbeddedAccount[];
  /** Takes the user the secure site answered (connect, restore, a login). */
  update(user: EmbeddedUser): void;
  /** GET_SMART_ACCOUNT_ENABLED_NETWORKS's answer: the chains where the secure site makes smart accounts. */
  setSmartAccountNetworks(chainIds: readonly (number | string)[]): void;
  /** The wallet is on `chainId` now; before GET_USER answers for it, a chain without smart accounts offers no switch. */
  setChain(chainId: number | string): void;
  /** INIT_SMART_ACCOUNT's answer: whether the user's smart account has code now (another address is ignored). */
  setDeployed(smartAccount: { address: string; isDeployed: boolean }): void;
  /** SET_PREFERRED_ACCOUNT, then the choice is stored and the connection follows the answered address. */
  switchTo(type: EmbeddedAccountType): Promise<void>;
  /** Sign-out: nothing connected (the stored choice stays: it is the person's, not the session's). */
  reset(): void;
}

const INITIAL: AccountTypeState = { active: 'eoa', smartAccountAvailable: false, smartAccountDeployed: false, busy: false };

/**
 * @example
 * const accountType = createAccountTypeStore({ channel, storage, defaultType: options.defaultAccountTypes.eip155,
 *   onSwitched: (address) => provider.handleNotification({ name: 'ACCOUNTS_CHANGED', payload: { accounts: [address] } }) });
 * await channel.request('GET_USER', { chainId, preferredAccountType: accountType.preferred() }).then(accountType.update);
 * await accountType.switchTo('smartAccount'); // getSnapshot().active === 'smartAccount', notice set
 */
export function createAccountTypeStore({ channel, storage, defaultType, onSwitched }: AccountTypeOptions): AccountTypeStore {
  let state = INITIAL;
  let address: string | undefined;
  let listed: EmbeddedAccount[] = [];
  let chainId: number | string | undefined;
  /** Unknown until GET_SMART_ACCOUNT_ENABLED_NETWORKS answers: GET_USER's list alone decides meanwhile. */
  let smartAccountChains: readonly (number | string)[] | undefined;
  const listeners = new Set<() => void>();
  const set = (next: Partial<AccountTypeState>): void => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };
  const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const smartAccountAvailable = () =>
    listed.some((account) => account.type === 'smartAccount') && (!smartAccountChains || (chainId !== undefined && smartAccountChains.includes(chainId)));
  const stored = quietStorage(storage);

  /** The stored choice; a corrupt or foreign value reads as none. */
  const storedChoice = (): EmbeddedAccountType | undefined => {
    try {
      const parsed = preferredAccountTypesSchema.safeParse(JSON.parse(stored.get(PREFERRED_ACCOUNT_TYPES_KEY) ?? 'null'));
      return parsed.success ? parsed.data.eip155 : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    preferred: () => storedChoice() ?? defaultType,
    address: () => address,
    accounts(first = address) {
      if (!first) return [];
      const own = listed.find((account) => sameAddress(account.address, first));
      return [own ?? { address: first, type: 'eoa' }, ...listed.filter((account) => account !== own)];
    },
    update(user) {
      address = user.address;
      listed = user.accounts;
      chainId = user.chainId;
      const own = user.accounts.find((account) => sameAddress(account.address, user.address));
      set({
        active: own?.type ?? user.preferredAccountType ?? 'eoa',
        smartAccountAvailable: smartAccountAvailable(),
        smartAccountDeployed: user.smartAccountDeployed ?? false,
        error: undefined,
      });
    },
    setSmartAccountNetworks(chainIds) {
      smartAccountChains = chainIds;
      set({ smartAccountAvailable: smartAccountAvailable() });
    },
    setChain(id) {
      if (id === chainId) return;
      chainId = id;
      set({ smartAccountAvailable: smartAccountAvailable() });
    },
    setDeployed({ address: smartAccount, isDeployed }) {
      if (listed.some((account) => account.type === 'smartAccount' && sameAddress(account.address, smartAccount))) set({ smartAccountDeployed: isDeployed });
    },
    async switchTo(type) {
      if (state.busy || type === state.active) return;
      set({ busy: true, error: undefined, notice: undefined });
      try {
        const reply = await channel.request('SET_PREFERRED_ACCOUNT', { type });
        stored.set(PREFERRED_ACCOUNT_TYPES_KEY, JSON.stringify({ eip155: reply.type }));
        address = reply.address;
        set({ busy: false, active: reply.type, notice: reply.type === 'smartAccount' ? SMART_ACCOUNT_NOTICE : undefined });
        onSwitched(reply.address, reply.type);
      } catch (error) {
        set({ busy: false, error: embeddedErrorText(error) });
      }
    },
    reset() {
      address = undefined;
      listed = [];
      smartAccountChains = undefined;
      set(INITIAL);
    },
  };
}
