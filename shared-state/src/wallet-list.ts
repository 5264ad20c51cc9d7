import { isSameWallet, type WalletIdentity } from './connectors';

export {
  configuredNamespaces,
  connectorIdentity,
  isInstalledConnector,
  isSameWallet,
  mergeMultiChainConnectors,
  type MultiChainContext,
  type RegistryIdentity,
  type WalletIdentity,
} from './connectors';

/** Drops wallets that are already shown (installed, recent) or that the host excluded. */
export function withoutWallets<T extends WalletIdentity>(wallets: readonly T[], shown: readonly WalletIdentity[]): T[] {
  return wallets.filter((wallet) => !shown.some((other) => isSameWallet(wallet, other)));
}

/** A registry wallet the registry certified (its `badge_type`); Connect and All Wallets show the badge. */
export const isCertifiedWallet = (wallet: { badge_type?: string | null }): boolean => wallet.badge_type === 'certified';

/** The host's wallets (`customWallets`) whose name contains `query`, any case, in their order. */
export function walletsMatching<T extends WalletIdentity>(wallets: readonly T[], query: string): T[] {
  const lower = query.trim().toLowerCase();
  return wallets.filter((wallet) => wallet.name.toLowerCase().includes(lower));
}

/** Connect's ways in (AppKit's `ConnectMethod`), in spec section 9's default order. */
export const CONNECT_METHODS = ['email', 'social', 'wallet'] as const;
export type ConnectMethod = (typeof CONNECT_METHODS)[number];

/**
 * The order of Connect's methods (spec section 9): the host's `connectMethodsOrder` when given, else email, social,
 * wallet, but wallet, email, social when the person has injected wallets listed. Methods the view does not offer
 * (`offered`) are left out; the wallets are always offered.
 */
export function connectMethodsFor(context: {
  order?: readonly ConnectMethod[];
  injectedWallets: boolean;
  offered: { email: boolean; social: boolean };
}): ConnectMethod[] {
  const order = context.order ?? (context.injectedWallets ? ['wallet', 'email', 'social'] : CONNECT_METHODS);
  return order.filter((method) => method === 'wallet' || context.offered[method]);
}

/**
 * The wallets wait behind "Continue with a wallet" (AppKit: `collapseWallets`, or its older `emailShowWallets: false`)
 * when the view also offers a login.
 */
export const walletsCollapsed = (features: { collapseWallets: boolean; emailShowWallets: boolean }): boolean =>
  features.collapseWallets || !features.emailShowWallets;

/** The legal checkbox's links (feature `legalCheckbox`), or undefined: no checkbox without the feature or a link (as AppKit). */
export function legalConsentLinks(options: {
  features: { legalCheckbox: boolean };
  termsConditionsUrl?: string;
  privacyPolicyUrl?: string;
}): { terms?: string; privacy?: string } | undefined {
  const { termsConditionsUrl: terms, privacyPolicyUrl: privacy } = options;
  return options.features.legalCheckbox && (terms || privacy) ? { terms, privacy } : undefined;
}

export { mobileWalletLink, storeLinksFor, storePlatform, type StoreKind, type StoreLink, type StorePlatform } from './store-links';
