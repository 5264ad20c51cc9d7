import type { EmbeddedWallet, PorticoCore } from '@portico/shared-state';
import { useEffect, useState, useSyncExternalStore } from 'react';

/** What `useEmbeddedWallet` reports: the loaded wallet, or why there is none yet. */
export type EmbeddedWalletStatus =
  | { status: 'loading' }
  | { status: 'ready'; wallet: EmbeddedWallet }
  | { status: 'failed'; message: string }
  | { status: 'off' };

/**
 * Loads the embedded wallet (`portico.embedded.load()`) for a view; 'off' when the site has none.
 *
 * @example
 * const embedded = useEmbeddedWallet(portico);
 * if (embedded.status !== 'ready') return <LoadingPanel />;
 * const login = useStoreSnapshot(embedded.wallet.login);
 */
export function useEmbeddedWallet(portico: PorticoCore): EmbeddedWalletStatus {
  const [state, setState] = useState<EmbeddedWalletStatus>(() => (portico.embedded ? { status: 'loading' } : { status: 'off' }));
  useEffect(() => {
    if (!portico.embedded) return;
    let current = true;
    portico.embedded.load().then(
      (wallet) => current && setState({ status: 'ready', wallet }),
      (error: unknown) => current && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [portico]);
  return state;
}

/** A framework-free store's current snapshot (the login store, the approval queue), re-rendering on change. */
export function useStoreSnapshot<T>(store: { getSnapshot(): T; subscribe(listener: () => void): () => void }): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
