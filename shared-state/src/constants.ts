/** Business constants from spec section 9. Names say the unit. */

export const SDK_TYPE = 'portico';
export const SDK_VERSION = '1.7.4';
/** The secure site's SDK version, in its iframe URL (spec §9: default 4). */
export const SECURE_SITE_SDK_VERSION = '4';

export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const;
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number];

export const SHAKE_RESET_MS = 500;
export const TOAST_REOPEN_MS = 150;
export const TOAST_VISIBLE_MS = 2200;
export const SEARCH_MIN_WAIT_MS = 300;
export const DEBOUNCE_DEFAULT_MS = 500;
export const PAIRING_LIFETIME_MS = 240_000;
export const PAIRING_EXPIRY_MARGIN_MS = 10_000;
export const TOKEN_BALANCE_RETRY_COOLDOWN_MS = 30_000;
/** Cache lifetimes (spec §9): portfolio and native balance 30 s; name and identity 5 min. */
export const BALANCE_CACHE_MS = 30_000;
export const NATIVE_BALANCE_CACHE_MS = 30_000;
export const IDENTITY_CACHE_MS = 5 * 60_000;
export const NAME_CACHE_MS = 5 * 60_000;
/** How long the modal waits for images to preload before it shows without them (spec §9 "image preload wait"). */
export const IMAGE_PRELOAD_WAIT_MS = 2_000;

export const RPC_TIMEOUT_MS = 10_000;
export const RPC_RETRY_COUNT = 3;
export const RPC_RETRY_DELAY_MS = 150;
/** A network's RPC URLs form a ranked fallback (spec §9): each pinged every 4 s (1 s timeout), scored over 10 samples. */
export const RPC_FALLBACK_RANK = {
  interval: 4_000,
  timeout: 1_000,
  sampleCount: 10,
  weights: { stability: 0.7, latency: 0.3 },
} as const;
/** Identical reads in flight share one request; at most this many are remembered (spec §9 "request dedupe cache"). */
export const RPC_DEDUPE_CACHE_SIZE = 8192;

export const BALANCE_FRACTION_DIGITS = 3;
export const RECENT_WALLETS_KEPT = 2;
export const WALLET_PAGE_SIZE = 40;
export const RECOMMENDED_WALLETS = 4;
export const SEARCH_RESULTS_MAX = 100;
/** Transactions the modal follows until mined at once (spec §9 "pending transactions"); beyond, the oldest is let go. */
export const PENDING_TRANSACTIONS_MAX = 99;
/** The log buffer's size (spec §9 "about 1,024,000 bytes", WalletConnect's 1000 × 1024): the oldest entries go first. */
export const LOG_BUFFER_MAX_BYTES = 1_024_000;
/** Entries at this level and above also reach the console (spec §9 "log level default error"). */
export const DEFAULT_LOG_LEVEL = 'error';

export const THEME_DEFAULTS = {
  themeMode: 'dark',
  lightBackground: '#fff',
  darkBackground: '#121313',
  modalWidthPx: 360,
  zIndex: 999,
  fontSizeMasterPx: 10,
  borderRadiusMasterPx: 4,
} as const;

/** Feature flags and their defaults (spec section 9, "Defaults"). */
export const FEATURE_DEFAULTS = {
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  emailShowWallets: true,
  history: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  /** Accepted for AppKit's options; the embedded wallet refuses ERC-7715 permissions with 5700 either way (no session-key module). */
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  /** Portico's own: name registration (remotes/names). Not in the spec's list; on like its siblings. */
  names: true,
} as const;
export type FeatureName = keyof typeof FEATURE_DEFAULTS;
/** The account's wallet features, in spec section 9's order (Buy, Swap, Receive, Send), each behind its flag. */
export const WALLET_FEATURE_ORDER = ['onramp', 'swaps', 'receive', 'send'] as const satisfies readonly FeatureName[];
export type Features = { [K in FeatureName]: boolean };

/**
 * The social logins Connect offers, in spec section 9's default order: the host's `socials` option picks from
 * these. Farcaster is one of them on Connect, but signs in with a QR code (ConnectingFarcaster), not a popup.
 */
export const SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const;
export type Social = (typeof SOCIALS)[number];
/** The socials that sign in through the provider's OAuth popup (ConnectingSocial): all but Farcaster. */
export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The embedded wallet's account types (spec section 6: eoa and smartAccount). */
export const ACCOUNT_TYPES = ['eoa', 'smartAccount'] as const;
export type EmbeddedAccountType = (typeof ACCOUNT_TYPES)[number];
/** Spec section 5's default account type of the namespaces the embedded wallet serves (eip155: a smart account). */
export const DEFAULT_ACCOUNT_TYPES = { eip155: 'smartAccount' } as const satisfies Record<string, EmbeddedAccountType>;

/** Every remote the shell can federate, each deployed on its own. */
export const REMOTE_NAMES = ['connect', 'account', 'swap', 'send', 'onramp', 'names'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Prefix of every key Portico writes to the host page's storage. */
export const STORAGE_PREFIX = '@portico/';

/** The Safe web app (app.safe.global), where Safe Apps open: the host option `safeAppOrigins`' default. */
export const SAFE_APP_ORIGINS = ['https://app.safe.global'] as const;

/** Connector ids (spec section 3). */
export const CONNECTOR_IDS = {
  walletConnect: 'walletConnect',
  injected: 'injected',
  announced: 'announced',
  coinbaseWallet: 'coinbaseWallet',
  coinbaseWalletSDK: 'coinbaseWalletSDK',
  safe: 'safe',
  ledger: 'ledger',
  okx: 'okx',
  eip6963: 'eip6963',
  auth: 'ID_AUTH',
} as const;

/** AppKit's marker for the native token in CAIP-10 (`eip155:N:0xeeee…eeee`). */
export const NATIVE_TOKEN_MARKER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** Marks the secure site's iframe while it shows an approval screen (issue 28): the dialog's focus trap lets focus into it. */
export const REVEALED_FRAME_ATTRIBUTE = 'data-portico-approval-frame';
/**
 * The `<portico-modal>` slot the secure site's iframe is rendered through. The iframe is the element's light-DOM
 * child, so it is one of the page's `window.frames`: the social callback popup finds it there (issue 28).
 */
export const WALLET_FRAME_SLOT = 'portico-wallet-frame';
