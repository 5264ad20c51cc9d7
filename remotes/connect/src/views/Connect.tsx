import {
  CONNECTOR_IDS,
  connectorsAtom,
  registryAtom,
  withoutWallets,
  type PorticoViewProps,
  type RegistryWallet,
  type WalletIdentity,
} from '@portico/shared-state';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useMemo } from 'react';
import { WalletIcon } from '../components/WalletIcon';
import {
  connectorIdentity,
  installedConnectorFor,
  isInstalledConnector,
  listedConnectors,
  recentAsRegistryWallet,
  uniqueById,
  walletCountLabel,
} from '../wallets';

/** Connector ids (`walletConnect`, `injected`, …) that the connection records as recent wallets. */
const connectorIds = new Set<string>(Object.values(CONNECTOR_IDS));

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

interface Entry {
  key: string;
  name: string;
  image?: string | null;
  /** Registry images are URLs: load them lazily. Connector images are data: URIs. */
  lazy: boolean;
  tag?: string;
  select(): void;
}

/**
 * The first view. Spec section 9 orders the connectors: walletConnect, recent, injected
 * (announced), featured, custom, external, recommended. A wallet is listed once: registry entries
 * that are installed or recent are dropped by rdns, id or case-insensitive name.
 */
export default function Connect({ portico }: PorticoViewProps) {
  const connectors = listedConnectors(portico, useAtomValue(connectorsAtom));
  const registry = useAtomValue(registryAtom);
  const installed = connectors.filter(isInstalledConnector);
  const installedIdentities = installed.map(connectorIdentity);
  const installedKey = JSON.stringify(installedIdentities);
  const connectorsKey = connectors.map((connector) => connector.id).join('\n');
  const countId = useId();

  // WalletConnect is one click away: warm its client while the person reads the list.
  useEffect(() => portico.walletConnect.preload(), [portico]);

  // Featured and recommended depend on what is installed: ask again when an extension announces late.
  useEffect(() => {
    void portico.registry?.loadConnectViewWallets(JSON.parse(installedKey) as WalletIdentity[]);
  }, [portico, installedKey]);

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

  const featured = withoutWallets(registry.featured, [...installedIdentities, ...recent]);
  const recommended = withoutWallets(registry.recommended, [...installedIdentities, ...recent, ...featured]);

  const registryEntry = (wallet: RegistryWallet, tag?: string): Entry => ({
    key: `registry:${wallet.id}`,
    name: wallet.name,
    image: wallet.image_url,
    lazy: true,
    tag,
    select: () => void portico.connectWalletConnect(wallet),
  });
  const connectorEntry = (connector: (typeof connectors)[number], select: () => void): Entry => ({
    key: `connector:${connector.id}`,
    name: connector.name,
    image: connector.imageUrl,
    lazy: false,
    tag: connector.installed ? 'installed' : undefined,
    select,
  });

  const entries: Entry[] = [
    ...connectors
      .filter((connector) => connector.type === 'WALLET_CONNECT')
      .map((connector) => ({
        ...connectorEntry(connector, () => void portico.connectWalletConnect()),
        tag: 'QR code',
      })),
    ...recent.map((wallet) => registryEntry(wallet, 'recent')),
    ...installed.map((connector) => connectorEntry(connector, () => void portico.connectExternal(connector.id))),
    ...featured.map((wallet) => registryEntry(wallet)),
    // custom: the options have no custom wallet list yet.
    ...connectors
      .filter((connector) => connector.type !== 'WALLET_CONNECT' && !isInstalledConnector(connector))
      .map((connector) => connectorEntry(connector, () => void portico.connectExternal(connector.id))),
    ...recommended.map((wallet) => registryEntry(wallet)),
  ];

  const showAllWallets = Boolean(portico.registry) && portico.options.features.allWallets;

  if (entries.length === 0 && !showAllWallets) {
    return (
      <div className="portico-panel">
        <p className="portico-muted">No wallet was found in this browser.</p>
        <p className="portico-muted">Install a browser wallet, then reload this page.</p>
      </div>
    );
  }

  return (
    <ul className="portico-list" aria-label="Wallets">
      {entries.map((entry) => (
        <li key={entry.key}>
          <button type="button" className="portico-list-item" onClick={entry.select}>
            <WalletIcon src={entry.image} lazy={entry.lazy} />
            <span>{entry.name}</span>
            {entry.tag && (
              <span className="portico-tag" aria-hidden="true">
                {entry.tag}
              </span>
            )}
          </button>
        </li>
      ))}
      {showAllWallets && (
        <li>
          <button
            type="button"
            className="portico-list-item"
            aria-describedby={registry.count > 0 ? countId : undefined}
            onClick={() => portico.router.push('AllWallets')}
          >
            <span className="portico-wallet-icon" aria-hidden="true" style={allWalletsIconStyle}>
              ▦
            </span>
            <span>All Wallets</span>
            {registry.count > 0 && (
              <span className="portico-tag" aria-hidden="true" style={{ color: 'var(--portico-text-muted)' }}>
                {walletCountLabel(registry.count)}
              </span>
            )}
          </button>
          {registry.count > 0 && (
            <span id={countId} className="portico-visually-hidden">
              {registry.count} wallets
            </span>
          )}
        </li>
      )}
    </ul>
  );
}

const allWalletsIconStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: '1.4em',
  color: 'var(--portico-text-muted)',
} as const;
