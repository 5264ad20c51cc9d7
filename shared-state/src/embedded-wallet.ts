/**
 * The embedded wallet as the core holds it from the start (issue 11): a handle whose code, the secure
 * site's iframe and the frame channel load on first use (`load()`), never with the page. Present on
 * `portico.embedded` when the host configured `embeddedWallet` and the `email` feature is on or `socials` is not empty.
 */
import type { Eip1193Provider } from './adapters/eip155/discovery';
import type { ConnectedAccount, WalletEventHandlers } from './adapters/types';
import type { EmailLogin } from './embedded/email-login';
import type { SocialLogin } from './embedded/social-login';
import { openSocialWindowInPage, type SocialWindow } from './embedded/social-window';
import type { FarcasterLogin } from './embedded/farcaster-login';
import type { RequestDescription } from './embedded/approval';
import type { AccountTypeStore } from './embedded/account-type';
import { lazyLoaded } from './lazy';
import type { CaipNetwork } from './network';

/** The request waiting in ApproveTransaction, with what the view shows about it. */
export interface PendingApproval {
  /** Increases with every request: a view can tell a new request from the one it showed. */
  id: number;
  description: RequestDescription;
  /** The network fee of a transaction: 'loading' until estimated; 'unavailable' when the node could not estimate it. */
  fee: { status: 'loading' } | { status: 'ready'; amount: string; symbol: string } | { status: 'unavailable' };
  /**
   * The ERC-20 tokens the request's calls name, by lowercased contract address, once read from the chain: the
   * view shows token amounts in whole tokens with the symbol. A token missing here shows its raw amount.
   */
  tokens: Readonly<Record<string, { symbol: string; decimals: number }>>;
}

/** The approval gate's queue head, as a store for `useSyncExternalStore`. */
export interface ApprovalStore {
  getSnapshot(): PendingApproval | undefined;
  subscribe(listener: () => void): () => void;
  /** The person approved the shown request: it goes to the secure site to be signed. */
  approve(): void;
  /** The person rejected it: the request fails with UserRejectedRequestError (4001); nothing is signed. */
  reject(): void;
}

/** The loaded embedded wallet: what the email, social, Farcaster and approval views drive. */
export interface EmbeddedWallet {
  /** The email login store (EmailLogin, EmailVerifyDevice, EmailVerifyOtp, UpdateEmail). */
  login: EmailLogin;
  /** The social login store (Connect's provider buttons, ConnectingSocial, the social account in Account). */
  social: SocialLogin;
  /** The Farcaster login store (ConnectingFarcaster's QR code, the Farcaster account in Account). */
  farcaster: FarcasterLogin;
  /** The request waiting for the person's decision (ApproveTransaction). */
  approval: ApprovalStore;
  /** The connected account's type (EOA or smart account) and the switch between them (Account). */
  accountType: AccountTypeStore;
  /** The wallet's EIP-1193 provider: every request goes through the approval gate. */
  provider: Eip1193Provider;
}

/** `portico.embedded`: loads the embedded wallet on demand. */
export interface EmbeddedWalletHandle {
  /**
   * Loads the code, mounts the secure site's hidden iframe and opens the channel (once; later calls share it).
   * @throws the chunk's load error (a later call tries again)
   */
  load(): Promise<EmbeddedWallet>;
  /** Starts `load()` in the background (the Connect view calls it when the person turns to the email or social login). */
  preload(): void;
  /** The wallet once loaded (by `load`, `preload` or a restored session), without loading it. */
  current(): EmbeddedWallet | undefined;
  /**
   * Opens the social login's blank popup now, inside the person's click, for a click made before the wallet
   * loaded: `load()` is awaited, then `social.start(provider, popup)`. `null` when the browser blocked it.
   */
  openSocialWindow(): SocialWindow | null;
}

/** The embedded wallet as the eip155 adapter's AUTH connector (`ID_AUTH`) sees it. */
export interface EmbeddedSource {
  /** The logged-in user's account (GET_USER); the email views log in first. */
  connect(): Promise<ConnectedAccount>;
  /** After a reload: the account when the secure site still has a valid session (IS_CONNECTED), else undefined. */
  restore(): Promise<ConnectedAccount | undefined>;
  /** Signs out (SIGN_OUT) and clears the login cache. */
  disconnect(): Promise<void>;
  switchNetwork(network: CaipNetwork): Promise<void>;
  /** The gated provider once loaded. */
  provider(): Eip1193Provider | undefined;
  watch(handlers: WalletEventHandlers): () => void;
}

/**
 * `portico.embedded` and the adapter's AUTH source in one object over one lazily loaded wallet (`load` imports
 * the controller).
 */
export function createEmbeddedHandle(
  load: () => Promise<EmbeddedWallet & { source: Omit<EmbeddedSource, 'provider'> }>,
): EmbeddedWalletHandle & EmbeddedSource {
  const wallet = lazyLoaded(() => load().then((loaded) => ({ ...loaded.source, loaded })), ['connect', 'restore', 'disconnect', 'switchNetwork']);
  return {
    ...wallet,
    load: async () => (await wallet.load()).loaded,
    preload: () => void wallet.load().catch(() => undefined),
    current: () => wallet.current()?.loaded,
    openSocialWindow: () => openSocialWindowInPage(),
    provider: () => wallet.current()?.loaded.provider,
    // The adapter watches only after connect or restore, which loaded the wallet.
    watch: (handlers) => wallet.current()?.watch(handlers) ?? (() => undefined),
  };
}
