import type { PorticoViewProps } from '@portico/shared-state';
import { ErrorPanel, StatusLine } from '@portico/ui';
import { useRef } from 'react';
import { WalletGrid, type WalletGridHandle } from '../components/WalletGrid';
import { useWalletTiles } from '../hooks/useWalletTiles';
import { useConnectMessages } from '../messages';

declare const __PORTICO_CONTRACT__: number;
export const porticoContract = __PORTICO_CONTRACT__;
declare const __PORTICO_UI_CONTRACT__: number;
export const porticoUiContract = __PORTICO_UI_CONTRACT__;

/**
 * Every wallet in the registry: installed wallets first, then featured, recommended and the pages
 * (40 at a time, loaded as the person scrolls). Search asks the registry (300 ms minimum wait, up to
 * 100 results). The grid is virtualised (rows of 4) and moves focus with the arrow keys, Home and End;
 * it is one tab stop. ArrowDown in the search field moves into the grid.
 */
export default function AllWallets({ portico }: PorticoViewProps) {
  const t = useConnectMessages();
  const wallets = useWalletTiles(portico);
  const grid = useRef<WalletGridHandle>(null);
  const { searchTerm, loading, error } = wallets;

  if (!portico.registry) {
    return <ErrorPanel message={t('allWallets.noApi')} />;
  }

  return (
    <div className="portico-stack">
      <input
        type="search"
        className="portico-search"
        aria-label={t('allWallets.search')}
        placeholder={t('allWallets.search')}
        autoComplete="off"
        spellCheck={false}
        value={wallets.query}
        onChange={(event) => wallets.search(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && wallets.tiles.length > 0) {
            event.preventDefault();
            grid.current?.focusFirst();
          }
        }}
      />
      <WalletGrid
        ref={grid}
        tiles={wallets.tiles}
        label={searchTerm ? t('allWallets.matching', { term: searchTerm }) : t('allWallets.all')}
        canLoadMore={wallets.canLoadMore}
        loadMore={wallets.loadMore}
        resetKey={searchTerm}
      />
      {loading && <StatusLine>{searchTerm ? t('allWallets.searching') : t('allWallets.loading')}</StatusLine>}
      {wallets.noneFound && <p className="portico-muted portico-center">{t('allWallets.noneFound')}</p>}
      {error && !loading && <ErrorPanel message={error} onRetry={wallets.retry} />}
    </div>
  );
}
