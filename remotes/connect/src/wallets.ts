import { CONNECTOR_IDS, type CaipNetwork, type ChainNamespace, type Connector, type PorticoCore, type RegistryState, type RegistryWallet } from '@portico/shared-state';
import { walletImageUrl } from '@portico/shared-state/images';
import { connectorIdentity, isInstalledConnector, isSameWallet, type WalletIdentity } from '@portico/shared-state/wallet-list';

/** Connect's installed rows: wallets present in this browser, one of them a MULTI_CHAIN wallet's several namespaces. */
export const isInstalledEntry = (connector: Connector) => connector.type === 'MULTI_CHAIN' || isInstalledConnector(connector);

/**
 * A connector's picture: its own image, else the registry's by `imageId` (spec §7: wallet images by id, on the API).
 * Announced images are data: URIs; the registry's are URLs, to load lazily.
 */
export function connectorImage(connector: Connector, apiUrl: string | undefined): { src?: string; lazy: boolean } {
  if (connector.imageUrl) return { src: connector.imageUrl, lazy: false };
  const src = connector.imageId ? walletImageUrl(apiUrl, connector.imageId) : undefined;
  return src ? { src, lazy: true } : { lazy: false };
}

/** A namespace's picture: the icon of the host's first network in it (Ethereum's on an EVM site, Solana's on Solana). */
export const namespaceIcon = (networks: readonly CaipNetwork[], namespace: ChainNamespace): string | undefined =>
  networks.find((network) => network.chainNamespace === namespace)?.assets?.imageUrl;

/**
 * The connectors the Connect view may list, in the order given. Spec section 2: a generic Browser Wallet is hidden
 * on desktop (as AppKit: a computer's extensions announce themselves), and on mobile when it has no rdns and is not installed; the host's
 * `excludeWalletIds` drop wallets by id or rdns. After `open({ namespace })` only that namespace's connectors
 * (WalletConnect stays: one session spans namespaces).
 */
export function listedConnectors(
  connectors: readonly Connector[],
  context: { isMobile: boolean; excludeWalletIds?: readonly string[]; namespace?: ChainNamespace },
): Connector[] {
  const excluded = context.excludeWalletIds ?? [];
  return connectors.filter((connector) => {
    if (connector.id === CONNECTOR_IDS.injected && (!context.isMobile || (!connector.info?.rdns && !connector.installed))) return false;
    if (context.namespace && connector.type !== 'WALLET_CONNECT' && connector.chain !== context.namespace) return false;
    return !excluded.some((id) => connector.id === id || connector.info?.rdns === id);
  });
}

/** `listedConnectors` with the host's options and the namespace `open({ namespace })` asked for. */
export const connectorsShownBy = (portico: PorticoCore, connectors: readonly Connector[], namespace?: ChainNamespace) =>
  listedConnectors(connectors, { isMobile: portico.environment.isMobile, excludeWalletIds: portico.options.excludeWalletIds, namespace });

/** Registry wallets that list a chain of `namespace` (all of them without a namespace). */
export function registryWalletsFor<T extends RegistryWallet>(wallets: readonly T[], namespace?: ChainNamespace): T[] {
  return namespace ? wallets.filter((wallet) => wallet.chains?.some((chain) => chain.startsWith(`${namespace}:`))) : [...wallets];
}

/** The wallets whose Solana browse page opens the site inside their app (spec section 7), by registry rdns. */
const SOLANA_BROWSE_LINKS: Record<string, (page: URL) => string> = {
  // AppKit's forms (@reown/appkit-controllers MobileWalletUtil): the page, and the site's origin as `ref`.
  'app.phantom': (page) => `https://phantom.app/ul/browse/${encodeURIComponent(page.href)}?ref=${encodeURIComponent(page.origin)}`,
  'com.coinbase.wallet': (page) => `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page.href)}`,
};

/**
 * Spec section 7: on Solana, Phantom and Coinbase are reached through a deep link to their browse page when the
 * wallet is not injected. The link for `wallet` on the page `pageUrl`, or undefined (another wallet, a page that
 * is not http(s)).
 */
export function solanaBrowseLink(wallet: Pick<RegistryWallet, 'rdns'>, pageUrl: string): string | undefined {
  const link = wallet.rdns ? SOLANA_BROWSE_LINKS[wallet.rdns] : undefined;
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return undefined;
  }
  return link && (page.protocol === 'https:' || page.protocol === 'http:') ? link(page) : undefined;
}

/** The connector that is the same wallet as a registry entry or recent wallet, if any. */
export function installedConnectorFor(wallet: WalletIdentity, connectors: readonly Connector[]): Connector | undefined {
  return connectors.find((connector) => isSameWallet(connectorIdentity(connector), wallet));
}

/** A recent wallet as a registry entry: the full entry when some list holds it, else id and name. */
export function recentAsRegistryWallet(recent: WalletIdentity, known: readonly RegistryWallet[]): RegistryWallet {
  return known.find((wallet) => isSameWallet(wallet, recent)) ?? { id: recent.id ?? recent.name, name: recent.name };
}

/** Drops later duplicates (same registry id). */
export function uniqueById<T extends { id: string }>(wallets: readonly T[]): T[] {
  const seen = new Set<string>();
  return wallets.filter((wallet) => (seen.has(wallet.id) ? false : (seen.add(wallet.id), true)));
}

/** Spec-style rounded count for the All Wallets badge: 646 → "640+". */
export function walletCountLabel(count: number): string {
  return count > 10 ? `${Math.floor(count / 10) * 10}+` : String(count);
}

/**
 * The All Wallets entry's picture: the icons of the first four registry wallets with artwork that the modal holds,
 * in registry order (the Connect view's recommended wallets, then featured, then AllWallets' pages), once each.
 */
export function allWalletsPreview(registry: Pick<RegistryState, 'recommended' | 'featured' | 'wallets'>): string[] {
  return uniqueById([...registry.recommended, ...registry.featured, ...registry.wallets])
    .flatMap((wallet) => (wallet.image_url ? [wallet.image_url] : []))
    .slice(0, 4);
}
