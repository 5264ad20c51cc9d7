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
import type { AccountTypeStore } from './embedded/account-type';
import type { CallBatchStore } from './embedded/call-batches';
import { lazyLoaded } from './lazy';
import type { CaipNetwork } from './network';

/** An approval screen the secure site is showing in its frame: the height it asked for (CSS pixels). */
export interface ShownApproval {
  height: number;
  /** An approval, or the key export: the view showing the frame is ApproveTransaction or ExportPrivateKey. */
  screen: 'approval' | 'keyExport';
}

/**
 * The approval gate (issue 28): the secure site draws the request and takes the decision in its own frame; the modal
 * shows that frame in ApproveTransaction and can only ask it to reject.
 */
export interface ApprovalFrame {
  /** The screen the frame is showing, or undefined when nothing waits. */
  getSnapshot(): ShownApproval | undefined;
  subscribe(listener: () => void): () => void;
  /** Shows the secure site's frame over `slot` (the view's placeholder) until the returned function is called. */
  show(slot: Element): () => void;
  /** Asks the frame to reject what it shows (CANCEL_APPROVAL): the request fails with 4001, nothing is signed. */
  reject(): void;
  /**
   * Asks the frame for its key export screen (SHOW_EXPORT): it mails the account a fresh code and draws the screen in
   * its own frame (APPROVAL_SHOWN: ApproveTransaction shows it); the code, the confirmation and the key stay there.
   * Resolves once the screen is up.
   * @throws the frame's refusal in the API's words (an account without an email address, a code asked for too soon)
   */
  showKeyExport(): Promise<void>;
}

/** The loaded embedded wallet: what the email, social, Farcaster and approval views drive. */
export interface EmbeddedWallet {
  /** The email login store (EmailLogin, EmailVerifyDevice, EmailVerifyOtp, UpdateEmail). */
  login: EmailLogin;
  /** The social login store (Connect's provider buttons, ConnectingSocial, the social account in Account). */
  social: SocialLogin;
  /** The Farcaster login store (ConnectingFarcaster's QR code, the Farcaster account in Account). */
  farcaster: FarcasterLogin;
  /** The secure site's approval screen, shown by ApproveTransaction. */
  approval: ApprovalFrame;
  /** The connected account's type (EOA or smart account) and the switch between them (Account). */
  accountType: AccountTypeStore;
  /** The EIP-5792 batches sent for this site, and which of them stopped short (Account says so). */
  callBatches: CallBatchStore;
  /** The wallet's EIP-1193 provider: a request that signs or spends waits for the secure site's approval screen. */
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
  /**
   * The logged-in user's account (GET_USER); the email views log in first. With `network`, on that network: the
   * AUTH connector's reconnect that switches it (spec section 4), told to the watchers as the frame's switch is.
   */
  connect(network?: CaipNetwork): Promise<ConnectedAccount>;
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
