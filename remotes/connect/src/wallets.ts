import {
  connectWalletList,
  isSameWallet,
  type Connector,
  type PorticoCore,
  type RegistryWallet,
  type WalletIdentity,
} from '@portico/shared-state';

/** Connectors for wallets present in this browser (EIP-6963 announced, legacy injected). */
export const isInstalledConnector = (connector: Connector) =>
  connector.type === 'ANNOUNCED' || connector.type === 'INJECTED';

/**
 * How an installed connector is compared with registry entries: rdns and name only. Connector ids
 * (`injected`, uuids) live in another namespace than registry ids and must never match one.
 */
export const connectorIdentity = (connector: Connector): WalletIdentity => ({
  rdns: connector.info?.rdns,
  name: connector.name,
});

/** The connectors the Connect view may list, after the spec's Browser Wallet and exclude rules. */
export function listedConnectors(portico: PorticoCore, connectors: readonly Connector[]): Connector[] {
  return connectWalletList(connectors, {
    isMobile: portico.environment.isMobile,
    excludeWalletIds: portico.options.excludeWalletIds,
  });
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
