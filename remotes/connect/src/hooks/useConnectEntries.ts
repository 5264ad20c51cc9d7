import { activeNamespaceAtom, CONNECTOR_IDS, connectorsAtom, RECOMMENDED_WALLETS, registryAtom, type ChainNamespace, type Connector, type PorticoCore, type RegistryWallet } from '@portico/shared-state';
import { connectorIdentity, isCertifiedWallet, isInstalledConnector, withoutWallets, type WalletIdentity } from '@portico/shared-state/wallet-list';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { afterNextPaint } from '@portico/ui';
import {
  connectorImage,
  installedConnectorFor,
  isInstalledEntry,
  connectorsShownBy,
  namespaceIcon,
  recentAsRegistryWallet,
  registryWalletsFor,
  solanaBrowseLink,
  uniqueById,
} from '../wallets';
import { useListedConnectors } from './useListedConnectors';

/** Connector ids (`walletConnect`, `injected`, …) that the connection records as recent wallets. */
const connectorIds = new Set<string>(Object.values(CONNECTOR_IDS));

/** The tags a Connect row may carry. */
export type EntryTag = 'installed' | 'recent' | 'qrCode';

/** One row of the Connect list. */
export interface ConnectEntry {
  key: string;
  name: string;
  image?: string | null;
  /** Registry images are URLs: load them lazily. Connector images are data: URIs. */
  lazy: boolean;
  /** What the row's tag says (`WalletEntryItem` shows it in the locale). */
  tag?: EntryTag;
  /** The registry certified the wallet (`badge_type`): the row shows the badge, its name says it. */
  certified?: boolean;
  /**
   * A wallet installed in several namespaces (MULTI_CHAIN): its namespaces with their icons, drawn in the row and its
   * description; `select` asks which.
   */
  namespaces?: { namespace: ChainNamespace; icon?: string }[];
  /** A link the entry is instead of a button: a Solana browse page (spec section 7). */
  href?: string;
  select(): void;
}

/** The Connect list: its rows, and how many placeholder rows stand for the registry's wallets while they load. */
export interface ConnectEntries {
  entries: ConnectEntry[];
  /** Skeleton rows to draw after the rows (0 once the featured and recommended wallets have arrived or failed). */
  placeholders: number;
}

/** Whether the Connect list has wallets installed in this browser (announced or injected): spec section 9's method order. */
export function useInstalledWallets(portico: PorticoCore): boolean {
  const namespace = useAtomValue(portico.modal.namespaceFilter);
  return connectorsShownBy(portico, useAtomValue(connectorsAtom), namespace).some(isInstalledConnector);
}

/**
 * The Connect view's wallets in the spec's order (section 9): walletConnect, recent, injected
 * (announced), featured, custom (the host's `customWallets`), external, recommended. A wallet is listed once: registry
 * and custom entries that are installed or recent are dropped by rdns, id or case-insensitive name, and a wallet
 * installed in several namespaces is one MULTI_CHAIN entry, which opens ConnectingMultiChain to pick the namespace.
 * After `open({ namespace })` only that namespace's wallets. On a phone on Solana, Phantom and Coinbase without their Solana wallet injected
 * link to their browse page. Loads the featured and recommended wallets for what is installed, and warms
 * WalletConnect; until the first answer, when the modal holds none yet, `placeholders` keeps their rows' place.
 */
export function useConnectEntries(portico: PorticoCore): ConnectEntries {
  const namespace = useAtomValue(portico.modal.namespaceFilter);
  const activeNamespace = useAtomValue(activeNamespaceAtom);
  const connectors = connectorsShownBy(portico, useAtomValue(connectorsAtom), namespace);
  const listed = useListedConnectors(portico);
  const registry = useAtomValue(registryAtom);
  const installed = listed.filter(isInstalledEntry);
  const installedIdentities = installed.map(connectorIdentity);
  const custom = portico.options.customWallets;
  // The host's wallets are listed whatever the registry says: featured and recommended do not repeat them.
  const listedKey = JSON.stringify([...installedIdentities, ...custom.map(({ id, name }) => ({ id, name }))]);
  const connectorsKey = connectors.map((connector) => connector.id).join('\n');

  // WalletConnect is one click away: warm its client while the person reads the list, once the list is on screen.
  // It is Portico's largest chunk; React runs this effect before the first paint when the open came from a click.
  useEffect(() => afterNextPaint(() => portico.walletConnect.preload()), [portico]);

  // Featured and recommended depend on what is installed: ask again when an extension announces late. Asked after
  // the list is on screen too: the request's code loads first (two chunks), and each chunk's <script> costs the
  // frame a few ms; the answer comes from the network after the first paint anyway.
  const [registryLoading, setRegistryLoading] = useState(() => Boolean(portico.registry));
  useEffect(() => {
    let current = true;
    const cancel = afterNextPaint(() => {
      void portico.registry?.loadConnectViewWallets(JSON.parse(listedKey) as WalletIdentity[]).finally(() => {
        if (current) setRegistryLoading(false);
      });
    });
    return () => {
      current = false;
      cancel();
    };
  }, [portico, listedKey]);

  const recent = useMemo(() => {
    const known = uniqueById([...registry.featured, ...registry.recommended, ...registry.wallets, ...registry.search.results]);
    // A recent wallet that a listed connector stands for (WalletConnect itself, an installed
    // extension) is listed once, as that connector.
    return (portico.registry?.recentWallets() ?? [])
      .filter((wallet) => !connectorIds.has(wallet.id ?? '') && !installedConnectorFor(wallet, connectors))
      .map((wallet) => recentAsRegistryWallet(wallet, known));
    // `connectors` is derived from connectorsKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [portico, registry, connectorsKey]);

  const featured = withoutWallets(registryWalletsFor(registry.featured, namespace), [...installedIdentities, ...recent]);
  // WalletConnect wallets without a chain list: shown after any open({ namespace }), as WalletConnect is.
  const customShown = withoutWallets(custom, [...installedIdentities, ...recent, ...featured]);
  const recommended = withoutWallets(registryWalletsFor(registry.recommended, namespace), [
    ...installedIdentities,
    ...recent,
    ...featured,
    ...customShown,
  ]);

  // Universal links open the wallet's app on a phone; on a computer they would only take the person off the site.
  const browseOnSolana = portico.environment.isMobile && activeNamespace === 'solana';
  const solanaInstalled = connectors.filter((connector) => connector.chain === 'solana' && isInstalledConnector(connector));
  const registryEntry = (wallet: RegistryWallet, tag?: EntryTag): ConnectEntry => ({
    key: `registry:${wallet.id}`,
    name: wallet.name,
    image: wallet.image_url,
    lazy: true,
    tag,
    certified: isCertifiedWallet(wallet),
    href: browseOnSolana && !installedConnectorFor(wallet, solanaInstalled) ? solanaBrowseLink(wallet, window.location.href) : undefined,
    select: () => void portico.connectWalletConnect(wallet),
  });
  const connectorEntry = (connector: Connector, select: () => void, tag: EntryTag | undefined = connector.installed ? 'installed' : undefined): ConnectEntry => {
    const image = connectorImage(connector, portico.options.apiUrl);
    return { key: `connector:${connector.id}`, name: connector.name, image: image.src, lazy: image.lazy, tag, select };
  };
  const external = (connector: Connector) => connectorEntry(connector, () => void portico.connectExternal(connector.id));
  const installedEntry = (connector: Connector): ConnectEntry =>
    connector.connectors
      ? {
          ...connectorEntry(connector, () => portico.router.push('ConnectingMultiChain', { connectorId: connector.id })),
          namespaces: connector.connectors.map(({ chain }) => ({ namespace: chain, icon: namespaceIcon(portico.options.networks, chain) })),
        }
      : external(connector);

  // The rows the registry will add (the host's featured wallets and the recommended ones), while nothing of it is shown.
  const placeholders =
    registryLoading && registry.featured.length === 0 && registry.recommended.length === 0
      ? portico.options.featuredWalletIds.length + RECOMMENDED_WALLETS
      : 0;
  const entries = [
    ...connectors
      .filter((connector) => connector.type === 'WALLET_CONNECT')
      .map((connector) => connectorEntry(connector, () => void portico.connectWalletConnect(), 'qrCode')),
    ...registryWalletsFor(recent, namespace).map((wallet) => registryEntry(wallet, 'recent')),
    ...installed.map(installedEntry),
    ...featured.map((wallet) => registryEntry(wallet)),
    ...customShown.map((wallet) => registryEntry(wallet)),
    ...listed.filter((connector) => connector.type !== 'WALLET_CONNECT' && !isInstalledEntry(connector)).map(external),
    ...recommended.map((wallet) => registryEntry(wallet)),
  ];
  return { entries, placeholders };
}
