import {
  WALLET_PAGE_SIZE,
  connectorsAtom,
  isSameWallet,
  registryAtom,
  withoutWallets,
  type Connector,
  type PorticoViewProps,
  type RegistryWallet,
} from '@portico/shared-state';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { WalletIcon } from '../components/WalletIcon';
import { connectorIdentity, isInstalledConnector, listedConnectors, uniqueById } from '../wallets';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

const COLUMNS = 4;
const ROW_HEIGHT = 96;
const ROW_GAP = 8;
const MAX_LIST_HEIGHT = 360;
/** Load the next page when the last rendered row is this close to the end of the list. */
const LOAD_AHEAD_ROWS = 3;

interface Tile {
  key: string;
  name: string;
  image?: string | null;
  installed: boolean;
  select(): void;
}

/**
 * Every wallet in the registry: installed wallets first, then featured, recommended and the pages
 * (40 at a time, loaded as the person scrolls). Search asks the registry (300 ms minimum wait, up to
 * 100 results). The grid is virtualised (rows of 4) and moves focus with the arrow keys, Home and End;
 * it is one tab stop.
 */
export default function AllWallets({ portico }: PorticoViewProps) {
  const registry = useAtomValue(registryAtom);
  const connectors = listedConnectors(portico, useAtomValue(connectorsAtom));
  const installed = connectors.filter(isInstalledConnector);
  const [query, setQuery] = useState(registry.search.query);
  const trimmed = query.trim();
  const searching = trimmed !== '';

  useEffect(() => {
    const controller = portico.registry;
    if (controller && portico.store.get(registryAtom).page === 0) void controller.loadNextPage();
  }, [portico]);

  const connectorTile = (connector: Connector): Tile => ({
    key: `connector:${connector.id}`,
    name: connector.name,
    image: connector.imageUrl,
    installed: true,
    select: () => void portico.connectExternal(connector.id),
  });
  const registryTile = (wallet: RegistryWallet): Tile => ({
    key: `registry:${wallet.id}`,
    name: wallet.name,
    image: wallet.image_url,
    installed: false,
    select: () => void portico.connectWalletConnect(wallet),
  });

  const installedIdentities = installed.map(connectorIdentity);
  let tiles: Tile[];
  if (searching) {
    const lower = trimmed.toLowerCase();
    const results = registry.search.results;
    const installedMatches = installed.filter(
      (connector) =>
        connector.name.toLowerCase().includes(lower) ||
        results.some((wallet) => isSameWallet(wallet, connectorIdentity(connector))),
    );
    tiles = [...installedMatches.map(connectorTile), ...withoutWallets(results, installedIdentities).map(registryTile)];
  } else {
    const listed = uniqueById([...registry.featured, ...registry.recommended, ...registry.wallets]);
    tiles = [...installed.map(connectorTile), ...withoutWallets(listed, installedIdentities).map(registryTile)];
  }

  const hasMorePages =
    !searching &&
    (registry.page === 0 || (registry.wallets.length < registry.count && registry.page * WALLET_PAGE_SIZE < registry.count));

  const rowCount = Math.ceil(tiles.length / COLUMNS);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT + ROW_GAP,
    overscan: 3,
    initialRect: { width: 328, height: MAX_LIST_HEIGHT },
  });
  const rows = virtualizer.getVirtualItems();
  const lastRenderedRow = rows.at(-1)?.index ?? -1;

  // Infinite scroll: fetch the next page before the person reaches the end.
  useEffect(() => {
    if (!hasMorePages || registry.loading || registry.error) return;
    if (lastRenderedRow >= rowCount - LOAD_AHEAD_ROWS) void portico.registry?.loadNextPage();
  }, [portico, hasMorePages, registry.loading, registry.error, lastRenderedRow, rowCount]);

  // Roving focus: one tile is the grid's tab stop; arrow keys move it.
  const [active, setActive] = useState(0);
  const pendingFocus = useRef<number | undefined>(undefined);
  useEffect(() => setActive(0), [trimmed]);

  useLayoutEffect(() => {
    if (pendingFocus.current === undefined) return;
    const target = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${pendingFocus.current}"]`);
    if (target) {
      pendingFocus.current = undefined;
      target.focus({ preventScroll: true });
    }
  });

  const moveFocus = (index: number) => {
    setActive(index);
    pendingFocus.current = index;
    virtualizer.scrollToIndex(Math.floor(index / COLUMNS), { align: 'auto' });
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest('[data-index]');
    if (!cell || tiles.length === 0) return;
    const index = Number(cell.getAttribute('data-index'));
    const last = tiles.length - 1;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = Math.min(index + 1, last);
        break;
      case 'ArrowLeft':
        next = Math.max(index - 1, 0);
        break;
      case 'ArrowDown':
        // The last row may be short: go to its last wallet rather than nowhere.
        next = Math.floor(index / COLUMNS) < rowCount - 1 ? Math.min(index + COLUMNS, last) : index;
        break;
      case 'ArrowUp':
        next = index >= COLUMNS ? index - COLUMNS : index;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      default:
        return;
    }
    event.preventDefault();
    moveFocus(next);
  };

  const renderedIndexes = rows.flatMap((row) =>
    Array.from({ length: COLUMNS }, (_, column) => row.index * COLUMNS + column).filter((index) => index < tiles.length),
  );
  const tabStop = renderedIndexes.includes(active) ? active : renderedIndexes[0];

  if (!portico.registry) {
    return (
      <div className="portico-panel" role="alert">
        <p className="portico-error-text">The wallet list is not available: this site has no Portico API configured.</p>
      </div>
    );
  }

  const onSearch = (value: string) => {
    setQuery(value);
    void portico.registry?.search(value);
  };

  const loading = searching ? registry.search.loading : registry.loading;
  const error = searching ? registry.search.error : registry.error;
  const retry = () => void (searching ? portico.registry?.search(trimmed) : portico.registry?.loadNextPage());
  const noneFound = searching && !loading && !error && registry.search.query === trimmed && tiles.length === 0;

  return (
    <div className="portico-stack">
      <input
        type="search"
        aria-label="Search wallet"
        placeholder="Search wallet"
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => onSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && tiles.length > 0) {
            event.preventDefault();
            moveFocus(0);
          }
        }}
        style={searchStyle}
      />
      <div
        ref={scrollRef}
        style={{
          height: Math.min(MAX_LIST_HEIGHT, virtualizer.getTotalSize()),
          maxHeight: MAX_LIST_HEIGHT,
          overflowY: 'auto',
          overscrollBehavior: 'contain',
        }}
      >
        <div
          role="grid"
          aria-label={searching ? `Wallets matching ${trimmed}` : 'All wallets'}
          aria-rowcount={rowCount}
          aria-colcount={COLUMNS}
          onKeyDown={onGridKeyDown}
          style={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
        >
          {rows.map((row) => (
            <div
              key={row.key}
              role="row"
              aria-rowindex={row.index + 1}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: ROW_HEIGHT,
                transform: `translateY(${row.start}px)`,
                display: 'grid',
                gridTemplateColumns: `repeat(${COLUMNS}, minmax(0, 1fr))`,
                gap: ROW_GAP,
              }}
            >
              {tiles.slice(row.index * COLUMNS, row.index * COLUMNS + COLUMNS).map((tile, column) => {
                const index = row.index * COLUMNS + column;
                return (
                  <div key={tile.key} role="gridcell" aria-colindex={column + 1}>
                    <button
                      type="button"
                      className="portico-list-item"
                      data-index={index}
                      tabIndex={index === tabStop ? 0 : -1}
                      onFocus={() => setActive(index)}
                      onClick={tile.select}
                      style={tileStyle}
                    >
                      <WalletIcon src={tile.image} lazy={!tile.installed} />
                      <span style={tileNameStyle}>{tile.name}</span>
                      {tile.installed && (
                        <span className="portico-tag" aria-hidden="true" style={{ margin: 0 }}>
                          installed
                        </span>
                      )}
                    </button>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
      {loading && (
        <p className="portico-row portico-muted" role="status">
          <span className="portico-spinner" aria-hidden="true" />
          {searching ? 'Searching…' : 'Loading wallets…'}
        </p>
      )}
      {noneFound && <p className="portico-muted portico-center">No wallet found</p>}
      {error && !loading && (
        <div className="portico-panel" role="alert">
          <p className="portico-error-text">{error}</p>
          <button type="button" className="portico-button" onClick={retry}>
            Retry
          </button>
        </div>
      )}
    </div>
  );
}

const searchStyle = {
  width: '100%',
  minHeight: 40,
  padding: '0 12px',
  border: '1px solid var(--portico-border)',
  borderRadius: 'var(--portico-radius)',
  background: 'var(--portico-surface)',
  color: 'var(--portico-text)',
  font: 'inherit',
} as const;

const tileStyle = {
  height: ROW_HEIGHT,
  flexDirection: 'column',
  justifyContent: 'center',
  gap: 6,
  padding: '8px 4px',
  textAlign: 'center',
  fontSize: '0.85em',
} as const;

const tileNameStyle = {
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;
