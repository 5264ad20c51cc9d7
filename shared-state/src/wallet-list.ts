import type { Connector } from './adapters/types';
import { CONNECTOR_IDS } from './constants';

/** Anything that names a wallet: a connector, a registry entry, a recent wallet. */
export interface WalletIdentity {
  id?: string | null;
  rdns?: string | null;
  name: string;
}

/** Spec section 2: wallets match by rdns, id or case-insensitive name. */
export function isSameWallet(a: WalletIdentity, b: WalletIdentity): boolean {
  if (a.rdns && b.rdns && a.rdns === b.rdns) return true;
  if (a.id && b.id && a.id === b.id) return true;
  return a.name.toLowerCase() === b.name.toLowerCase();
}

/** Drops wallets that are already shown (installed, recent) or that the host excluded. */
export function withoutWallets<T extends WalletIdentity>(wallets: readonly T[], shown: readonly WalletIdentity[]): T[] {
  return wallets.filter((wallet) => !shown.some((other) => isSameWallet(wallet, other)));
}

const identityOf = (connector: Connector): WalletIdentity => ({
  id: connector.id,
  rdns: connector.info?.rdns,
  name: connector.name,
});

/**
 * The wallets the Connect view lists, in order. A generic Browser Wallet is hidden on desktop
 * when announced wallets exist, and on mobile when it has no rdns and is not installed.
 */
export function connectWalletList(
  connectors: readonly Connector[],
  context: { isMobile: boolean; excludeWalletIds?: readonly string[] },
): Connector[] {
  const announced = connectors.some((connector) => connector.type === 'ANNOUNCED');
  const excluded = context.excludeWalletIds ?? [];
  return connectors.filter((connector) => {
    if (connector.id === CONNECTOR_IDS.injected) {
      if (!context.isMobile && announced) return false;
      if (context.isMobile && !connector.info?.rdns && !connector.installed) return false;
    }
    const identity = identityOf(connector);
    return !excluded.some((id) => identity.id === id || identity.rdns === id);
  });
}
