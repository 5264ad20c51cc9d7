import { WALLET_PAGE_SIZE, registryAtom, type Connector, type PorticoCore, type RegistryWallet } from '@portico/shared-state';
import { connectorIdentity, isCertifiedWallet, isSameWallet, walletsMatching, withoutWallets } from '@portico/shared-state/wallet-list';
import { NAMESPACE_TITLES } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { connectorImage, isInstalledEntry, registryWalletsFor, uniqueById } from '../wallets';
import { useListedConnectors } from './useListedConnectors';

/** One wallet in the All Wallets grid. */
export interface WalletTileEntry {
  key: string;
  name: string;
  image?: string | null;
  installed: boolean;
  /** The registry certified the wallet (`badge_type`): the tile's tag says so. */
  certified?: boolean;
  /** The namespaces of a wallet installed in several ('EVM, Solana'), its tile's description. */
  namespaces?: string;
  select(): void;
}

/**
 * What the All Wallets grid shows. Without a query: installed wallets first, then featured, the host's
 * `customWallets`, recommended and the registry's pages (the first page loads on mount; `loadMore` fetches the next
 * while there is one). With a query: the registry's search results (300 ms minimum wait, up to 100),
 * installed and then custom wallets that match first. Also the loading and error state of whichever is shown. After
 * `open({ namespace })` only that namespace's wallets. A wallet installed in several namespaces is one tile
 * (MULTI_CHAIN, described by its namespaces) that opens ConnectingMultiChain to pick the namespace.
 */
export function useWalletTiles(portico: PorticoCore) {
  const namespace = useAtomValue(portico.modal.namespaceFilter);
  const registry = useAtomValue(registryAtom);
  const installed = useListedConnectors(portico).filter(isInstalledEntry);
  const [query, setQuery] = useState(registry.search.query);
  const trimmed = query.trim();
  const searching = trimmed !== '';

  useEffect(() => {
    if (portico.registry && portico.store.get(registryAtom).page === 0) void portico.registry.loadNextPage();
  }, [portico]);

  const connectorTile = (connector: Connector): WalletTileEntry => ({
    key: `connector:${connector.id}`,
    name: connector.name,
    image: connectorImage(connector, portico.options.apiUrl).src,
    installed: true,
    namespaces: connector.connectors?.map((child) => NAMESPACE_TITLES[child.chain]).join(', '),
    select: connector.connectors
      ? () => portico.router.push('ConnectingMultiChain', { connectorId: connector.id })
      : () => void portico.connectExternal(connector.id),
  });
  const registryTile = (wallet: RegistryWallet): WalletTileEntry => ({
    key: `registry:${wallet.id}`,
    name: wallet.name,
    image: wallet.image_url,
    installed: false,
    certified: isCertifiedWallet(wallet),
    select: () => void portico.connectWalletConnect(wallet),
  });

  const installedIdentities = installed.map(connectorIdentity);
  // The host's wallets list no chains: shown after any open({ namespace }), as WalletConnect is.
  const custom = withoutWallets(portico.options.customWallets, installedIdentities);
  let tiles: WalletTileEntry[];
  if (searching) {
    const lower = trimmed.toLowerCase();
    const results = registryWalletsFor(registry.search.results, namespace);
    const installedMatches = installed.filter(
      (connector) => connector.name.toLowerCase().includes(lower) || results.some((wallet) => isSameWallet(wallet, connectorIdentity(connector))),
    );
    const customMatches = walletsMatching(custom, trimmed);
    tiles = [
      ...installedMatches.map(connectorTile),
      ...[...customMatches, ...withoutWallets(results, [...installedIdentities, ...customMatches])].map(registryTile),
    ];
  } else {
    const featured = withoutWallets(registryWalletsFor(registry.featured, namespace), installedIdentities);
    const rest = registryWalletsFor(uniqueById([...registry.recommended, ...registry.wallets]), namespace);
    const customShown = withoutWallets(custom, featured);
    tiles = [
      ...installed.map(connectorTile),
      ...[...featured, ...customShown, ...withoutWallets(rest, [...installedIdentities, ...featured, ...customShown])].map(registryTile),
    ];
  }

  const hasMorePages =
    !searching &&
    (registry.page === 0 || (registry.wallets.length < registry.count && registry.page * WALLET_PAGE_SIZE < registry.count));
  const loading = searching ? registry.search.loading : registry.loading;
  const error = searching ? registry.search.error : registry.error;

  return {
    tiles,
    query,
    /** The trimmed query; '' when not searching. */
    searchTerm: trimmed,
    loading,
    error,
    /** A search that finished and found nothing. */
    noneFound: searching && !loading && !error && registry.search.query === trimmed && tiles.length === 0,
    /** Another page can be asked for now (none in flight, none failed). */
    canLoadMore: hasMorePages && !registry.loading && !registry.error,
    loadMore: () => void portico.registry?.loadNextPage(),
    search: (value: string) => {
      setQuery(value);
      void portico.registry?.search(value);
    },
    retry: () => void (searching ? portico.registry?.search(trimmed) : portico.registry?.loadNextPage()),
  };
}
