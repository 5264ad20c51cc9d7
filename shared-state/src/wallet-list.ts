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

export { mobileWalletLink, storeLinksFor, storePlatform, type StoreKind, type StoreLink, type StorePlatform } from './store-links';
