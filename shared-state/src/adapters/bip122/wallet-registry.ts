import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';

/** The Wallet Standard wallets one adapter speaks to, as the page's registry (`@wallet-standard/app`) holds them. */
export interface WalletRegistry {
  /** The matching wallets by connector id: the wallet's name, the standard's only stable identity (the first registered under a name keeps it). */
  walletsById(): Map<string, Wallet>;
  /** Calls `listener` after every register and unregister; returns a function that stops it. */
  onChange(listener: () => void): () => void;
  /** Resolves true once a matching wallet with this id is registered (after a reload extensions register late), false after `timeoutMs`. */
  waitFor(connectorId: string, timeoutMs: number): Promise<boolean>;
}

/** Namespace-neutral: `isWallet` picks the wallets of one namespace (a bitcoin chain and feature, say). */
export function watchWalletRegistry(isWallet: (wallet: Wallet) => boolean): WalletRegistry {
  const registry = getWallets();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  registry.on('register', notify);
  registry.on('unregister', notify);

  function walletsById(): Map<string, Wallet> {
    const byId = new Map<string, Wallet>();
    for (const wallet of registry.get()) {
      if (isWallet(wallet) && !byId.has(wallet.name)) byId.set(wallet.name, wallet);
    }
    return byId;
  }

  function onChange(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }

  async function waitFor(connectorId: string, timeoutMs: number): Promise<boolean> {
    if (walletsById().has(connectorId)) return true;
    return new Promise((resolve) => {
      const done = (found: boolean) => {
        clearTimeout(timer);
        stop();
        resolve(found);
      };
      const stop = onChange(() => walletsById().has(connectorId) && done(true));
      const timer = setTimeout(() => done(false), timeoutMs);
    });
  }

  return { walletsById, onChange, waitFor };
}
