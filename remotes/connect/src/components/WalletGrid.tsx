import { WalletTile } from '@portico/ui';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useGridFocus } from '../hooks/useGridFocus';
import type { WalletTileEntry } from '../hooks/useWalletTiles';
import { useConnectMessages } from '../messages';

const COLUMNS = 4;
/** Row height and gap; `.portico-wallet-row` in shared-ui/src/styles/connect.ts draws the same. */
const ROW_HEIGHT = 96;
const ROW_GAP = 8;
const MAX_LIST_HEIGHT = 360;
/** Load the next page when the last rendered row is this close to the end of the list. */
const LOAD_AHEAD_ROWS = 3;

/** What the view may do to the grid from outside (the search field's ArrowDown). */
export interface WalletGridHandle {
  focusFirst(): void;
}

export interface WalletGridProps {
  tiles: readonly WalletTileEntry[];
  label: string;
  /** Another page exists and may be asked for now. */
  canLoadMore: boolean;
  loadMore(): void;
  /** A new search: the tab stop goes back to the first wallet. */
  resetKey: string;
  ref?: Ref<WalletGridHandle>;
}

/**
 * The wallets as an ARIA grid, virtualised with `@tanstack/react-virtual` (rows of 4, only the rows
 * near the view rendered); the next page is asked for before the person reaches the end. One tab
 * stop; arrow keys, Home and End move focus (`useGridFocus`).
 */
export function WalletGrid({ tiles, label, canLoadMore, loadMore, resetKey, ref }: WalletGridProps) {
  const t = useConnectMessages();
  // Installed tiles are the browser's connectors, certified ones registry wallets: a tile has one tag at most.
  const tagOf = (tile: WalletTileEntry) => (tile.installed ? t('tag.installed') : tile.certified ? t('tag.certified') : undefined);
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
  const totalSize = virtualizer.getTotalSize();

  useEffect(() => {
    if (canLoadMore && lastRenderedRow >= rowCount - LOAD_AHEAD_ROWS) loadMore();
    // loadMore is a new function every render; what matters is where the person is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canLoadMore, lastRenderedRow, rowCount]);

  const focus = useGridFocus({
    count: tiles.length,
    columns: COLUMNS,
    containerRef: scrollRef,
    renderedIndexes: rows.flatMap((row) => cellsOf(row.index, tiles.length)),
    scrollToRow: (row) => virtualizer.scrollToIndex(row, { align: 'auto' }),
    resetKey,
  });
  useImperativeHandle(ref, () => ({ focusFirst: () => tiles.length > 0 && focus.moveFocus(0) }));

  return (
    <div ref={scrollRef} className="portico-wallet-scroller" style={{ height: Math.min(MAX_LIST_HEIGHT, totalSize) }}>
      <div
        role="grid"
        aria-label={label}
        aria-rowcount={rowCount}
        aria-colcount={COLUMNS}
        onKeyDown={focus.onKeyDown}
        className="portico-wallet-rows"
        style={{ height: totalSize }}
      >
        {rows.map((row) => (
          <div key={row.key} role="row" aria-rowindex={row.index + 1} className="portico-wallet-row" style={{ transform: `translateY(${row.start}px)` }}>
            {cellsOf(row.index, tiles.length).map((index, column) => {
              const tile = tiles[index]!;
              const tag = tagOf(tile);
              return (
                <div key={tile.key} role="gridcell" aria-colindex={column + 1}>
                  <WalletTile
                    // The kit hides the tile's tag from screen readers: the label says it ("MetaMask, installed",
                    // "Rainbow, certified"). The name's trailing space keeps the visible text "MetaMask installed", which
                    // the label contains.
                    name={tag ? `${tile.name} ` : tile.name}
                    image={tile.image}
                    lazyImage={!tile.installed}
                    tag={tag}
                    aria-label={tag && t('tag.named', { name: tile.name, tag })}
                    title={tile.namespaces}
                    data-index={index}
                    tabIndex={index === focus.tabStop ? 0 : -1}
                    onFocus={() => focus.setActive(index)}
                    onClick={tile.select}
                  />
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The indexes of the tiles in one row (the last row may be short). */
function cellsOf(row: number, count: number): number[] {
  return Array.from({ length: COLUMNS }, (_, column) => row * COLUMNS + column).filter((index) => index < count);
}
