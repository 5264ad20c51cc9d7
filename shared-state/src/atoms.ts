import { atom } from 'jotai/vanilla';
import type { Connector } from './adapters/types';
import type { BalanceItem, Nft, Transaction } from './api/blockchain';
import type { RegistryWallet } from './api/wallets';
import type { CaipAddress } from './caip';
import type { ChainNamespace } from './constants';
import type { CaipNetwork } from './network';
import type { PorticoOptions, ThemeMode, ThemeVariables } from './options';
import type { SIWXSession } from './siwx/types';
import type { ViewName } from './views';

/**
 * The state every part of Portico reads. Atoms are module-level singletons (shared-state is a
 * Module Federation singleton), values live in a store per Portico instance.
 */

export interface RouterState {
  view: ViewName;
  history: ViewName[];
  direction: 'next' | 'prev';
  /** Data the view needs, e.g. which wallet ConnectingExternal talks to. */
  data?: {
    connectorId?: string;
    network?: CaipNetwork;
    wallet?: RegistryWallet;
    /** ConnectingSocial: the provider's display name for the title ('Log in with GitHub'). */
    socialProviderName?: string;
  };
}
export const routerAtom = atom<RouterState>({ view: 'Connect', history: ['Connect'], direction: 'next' });

export interface ModalFlags {
  open: boolean;
  loading: boolean;
  shake: boolean;
}
export const modalFlagsAtom = atom<ModalFlags>({ open: false, loading: false, shake: false });
export type ModalState = 'closed' | 'open' | 'loading';
export const modalStateAtom = atom<ModalState>((get) => {
  const flags = get(modalFlagsAtom);
  if (!flags.open) return 'closed';
  return flags.loading ? 'loading' : 'open';
});

export type ToastVariant = 'loading' | 'success' | 'error';
export interface ToastState {
  open: boolean;
  message: string;
  variant: ToastVariant;
}
export const toastAtom = atom<ToastState>({ open: false, message: '', variant: 'success' });

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected';
/** Spec section 3, Account in a list. */
export interface ListedAccount {
  namespace: ChainNamespace;
  address: string;
  type: 'eoa' | 'smartAccount' | 'payment';
  publicKey?: string;
  path?: string;
}

/** The embedded wallet's user behind an account (spec §3 account state `user` and `socialProvider`). */
export interface EmbeddedAccountUser {
  email?: string;
  username?: string;
  /** How the person logged in: 'email', a social provider, or 'farcaster'. */
  authProvider: string;
  smartAccountDeployed: boolean;
}

export interface AccountState {
  status: ConnectionStatus;
  address?: string;
  caipAddress?: CaipAddress;
  /** Every account the wallet granted in this namespace, `address` first (AppKit's allAccounts). */
  allAccounts?: ListedAccount[];
  connectorId?: string;
  connectedWalletInfo?: { name: string; icon?: string };
  /** Set when the embedded wallet holds the account. */
  user?: EmbeddedAccountUser;
  /** Native balance as exact decimal text, and its symbol. */
  balance?: string;
  balanceSymbol?: string;
  balanceLoading: boolean;
  /** Time of the last failed balance fetch; retries wait 30 s after it. */
  lastRetry?: number;
  addressExplorerUrl?: string;
  /** Identity (spec section 4): only fetched on eip155 mainnets. */
  profileName?: string;
  profileImage?: string;
  currentTab?: AccountTab;
}
export type AccountTab = 'Tokens' | 'NFTs' | 'Activity';
export const disconnectedAccount: AccountState = { status: 'disconnected', balanceLoading: false };
export const accountsAtom = atom<Partial<Record<ChainNamespace, AccountState>>>({});

/** True once the connection controller's start() has restored (or dropped) the sessions stored before a reload. */
export const initializedAtom = atom(false);

export const activeNamespaceAtom = atom<ChainNamespace>('eip155');
export const activeNetworkAtom = atom<CaipNetwork | undefined>(undefined);
export const activeAccountAtom = atom<AccountState>(
  (get) => get(accountsAtom)[get(activeNamespaceAtom)] ?? disconnectedAccount,
);

/** Every wallet the adapters discovered, across namespaces. */
export const connectorsAtom = atom<Connector[]>([]);

/** The wallet connection in progress in ConnectingExternal. */
export interface ConnectAttempt {
  connectorId?: string;
  status: 'idle' | 'pending' | 'rejected' | 'failed';
  errorMessage?: string;
}
export const connectAttemptAtom = atom<ConnectAttempt>({ status: 'idle' });

export const themeAtom = atom<{ themeMode: ThemeMode; themeVariables: ThemeVariables }>({
  themeMode: 'dark',
  themeVariables: {},
});

/** The validated host options, for views that read features, networks or wallet lists. */
export const optionsAtom = atom<PorticoOptions | undefined>(undefined);

/** Polite status line for screen readers (connections, copies, loading). */
export const announcementAtom = atom<string>('');

/** Sign in with the wallet (issue 10), written by the sign-in controller (loaded only when the host enabled sign-in). */
export interface SignInState {
  /** idle: waiting for the person; signing: the wallet shows the message; error: the last try failed. */
  status: 'idle' | 'signing' | 'error';
  /** While `error`: the spec's words ('Signature declined', …) or the server's reason ('Message expired'). */
  error?: string;
  /** The session covering the connected account on its network, once known. */
  session?: SIWXSession;
  /** Sign-in is required, a wallet is connected and no session covers it: the modal must not close. */
  closeDisabled: boolean;
}
export const signInAtom = atom<SignInState>({ status: 'idle', closeDisabled: false });

/** Wallet-connect state (spec section 3): pairing URI and its expiry, deep link in use, errors. */
export interface WalletConnectState {
  status: 'idle' | 'pairing' | 'connected' | 'error';
  wcUri?: string;
  /** Epoch ms after which the URI must not be shown (spec: 240 s lifetime, 10 s margin). */
  wcPairingExpiry?: number;
  /** The deep link chosen on mobile, kept so the next pairing opens the same wallet. */
  wcLinking?: { name: string; href: string };
  /** The registry wallet the person picked, when they came from a wallet list. */
  recentWallet?: RegistryWallet;
  wcError: boolean;
  errorMessage?: string;
  /** Waiting for the relay to hand out a URI. */
  buffering: boolean;
}
export const walletConnectAtom = atom<WalletConnectState>({ status: 'idle', wcError: false, buffering: false });

/** The wallet registry as AllWallets pages through it. */
export interface RegistryState {
  wallets: RegistryWallet[];
  count: number;
  /** Last page fetched (1-based); 0 before the first. */
  page: number;
  loading: boolean;
  error?: string;
  /** Wallets shown on the Connect view beside the installed ones (spec: 4). */
  recommended: RegistryWallet[];
  featured: RegistryWallet[];
  search: { query: string; results: RegistryWallet[]; loading: boolean; error?: string };
}
export const registryAtom = atom<RegistryState>({
  wallets: [],
  count: 0,
  page: 0,
  loading: false,
  recommended: [],
  featured: [],
  search: { query: '', results: [], loading: false },
});

/** A problem with the site's setup (spec section 8, Alerts), shown at the top of the modal. */
export interface AlertState {
  title: string;
  message: string;
}
export const alertAtom = atom<AlertState | undefined>(undefined);

/** The active account's token balances (spec: tokenBalance list), from the blockchain API. */
export interface PortfolioState {
  balances: BalanceItem[];
  loading: boolean;
  /** The account and network these balances belong to (CAIP-10). */
  caipAddress?: string;
  /** Time of the last failure; fetching again waits 30 s. */
  lastFailure?: number;
  unavailable: boolean;
}
export const portfolioAtom = atom<PortfolioState>({ balances: [], loading: false, unavailable: false });

export interface NftState {
  items: Nft[];
  loading: boolean;
  caipAddress?: string;
  error?: string;
}
export const nftsAtom = atom<NftState>({ items: [], loading: false });

/** Activity (spec section 4, Transactions list): only the active network's, spam filtered. */
export interface TransactionsState {
  data: Transaction[];
  next?: string;
  loading: boolean;
  /** Nothing more to load: either the end was reached or a fetch failed. */
  empty: boolean;
  /** The last fetch failed (the list says so, with Retry, rather than "No activity yet" under the toast). */
  failed?: boolean;
  caipAddress?: string;
}
export const transactionsAtom = atom<TransactionsState>({ data: [], loading: false, empty: false });

/** Send state (spec section 3) plus where the flow stands. */
export interface SendState {
  token?: BalanceItem;
  sendTokenAmount: string;
  receiverAddress: string;
  /** 'unconfirmed': the wallet sent it (`pendingHash`) but its receipt could not be read yet; only a check of that hash may follow, never a second send. */
  status: 'editing' | 'estimating' | 'preview' | 'awaiting-signature' | 'pending' | 'unconfirmed' | 'success' | 'failed';
  /** The problem that stopped a preview or send, in the spec's wording. */
  error?: string;
  /** As-you-type problems shown at each field (the spec's wording): 'Invalid amount', 'Insufficient funds', 'Invalid address', 'Name not found'. */
  amountError?: string;
  receiverError?: string;
  /** A name typed as the receiver (`alice.portico.eth`), while it resolves and what it resolved to (spec: receiverProfileName, receiverProfileImageUrl). */
  receiverResolving?: boolean;
  resolvedReceiver?: string;
  receiverProfileName?: string;
  receiverProfileImageUrl?: string;
  /** Network fee in the native token, as decimal text. */
  fee?: string;
  /** The hash of the transaction being mined ('pending', 'unconfirmed') or reverted ('failed'), and its page on the network's explorer. */
  pendingHash?: string;
  explorerUrl?: string;
  /** The transaction sent last (kept after the form resets, for the success screen). */
  lastTransaction?: { hash: string; explorerUrl?: string; amount: string; symbol: string; receiver: string; receiverName?: string };
}
export const initialSendState: SendState = { sendTokenAmount: '', receiverAddress: '', status: 'editing' };
export const sendAtom = atom<SendState>(initialSendState);
