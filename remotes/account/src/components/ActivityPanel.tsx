import { transactionsAtom, type PorticoCore } from '@portico/shared-state';
import { formatRelativeTime } from '@portico/shared-state/formatters';
import { EmptyState, LoadingPanel, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef } from 'react';
import { describeTransaction, type ActivityRow } from '../lib/transaction';
import { useAccountMessages } from '../messages';

/**
 * Activity tab: the active network's transactions, newest first, one page (cursor) at a time.
 * The next page loads when the end of the list scrolls into view. Pages are small (20), so a
 * plain list is enough; no virtualisation.
 */
export function ActivityPanel({ portico, caipAddress, address }: { portico: PorticoCore; caipAddress: string; address: string }) {
  const t = useAccountMessages();
  const transactions = useAtomValue(transactionsAtom);
  const available = portico.options.apiUrl !== undefined;
  const current = transactions.caipAddress === caipAddress;
  const rows = useMemo(
    () => (current ? transactions.data.map((transaction) => describeTransaction(transaction, address, t)) : []),
    [current, transactions.data, address, t],
  );
  const hasMore = current && !transactions.empty;

  useEffect(() => {
    // Each time the tab shows, from the newest: what happened since appears (the old list stays meanwhile).
    void portico.accountData.reloadTransactions();
  }, [portico, caipAddress]);

  if (!available) return <EmptyState>{t('activity.unavailable')}</EmptyState>;
  if (!current || (transactions.loading && rows.length === 0)) return <LoadingPanel label={t('activity.loading')} />;
  if (rows.length === 0) return <EmptyState>{t('activity.none')}</EmptyState>;

  return (
    <div className="portico-stack">
      <ul className="portico-list" role="list" aria-label={t('tab.activity')} aria-busy={transactions.loading}>
        {rows.map((row) => (
          <ActivityItem key={row.id} row={row} />
        ))}
      </ul>
      {transactions.loading ? (
        <LoadingPanel label={t('activity.loadingMore')} />
      ) : (
        hasMore && <LoadMoreTrigger onLoad={() => void portico.accountData.loadMoreTransactions()} count={rows.length} />
      )}
    </div>
  );
}

function ActivityItem({ row }: { row: ActivityRow }) {
  const t = useAccountMessages();
  const { locale } = useLocale();
  const minedAt = Date.parse(row.minedAt);
  return (
    <li className="portico-list-item portico-list-item-static">
      <span className="portico-item-text">
        <span>
          {row.operation}
          {row.failed && <span className="portico-error-text"> {t('activity.failed')}</span>}
        </span>
        {row.counterparty && (
          <span className="portico-muted portico-item-secondary">{row.counterparty}</span>
        )}
      </span>
      <span className="portico-item-meta">
        {row.amount && <span>{row.amount}</span>}
        {Number.isFinite(minedAt) && (
          <time className="portico-muted portico-item-secondary" dateTime={row.minedAt}>
            {formatRelativeTime(minedAt, Date.now(), locale)}
          </time>
        )}
      </span>
    </li>
  );
}

/**
 * Loads the next page when it scrolls into view (whichever ancestor scrolls: the dialog or the
 * page). Without IntersectionObserver it is a plain button.
 */
function LoadMoreTrigger({ onLoad, count }: { onLoad: () => void; count: number }) {
  const t = useAccountMessages();
  const ref = useRef<HTMLDivElement>(null);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;
  const observable = typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    const element = ref.current;
    if (!element || !observable) return;
    // Re-created per page: observing fires at once, so a list shorter than the view keeps filling.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadRef.current();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [observable, count]);

  if (!observable) {
    return (
      <button type="button" className="portico-button portico-button-secondary portico-button-block" onClick={onLoad}>
        {t('activity.loadMore')}
      </button>
    );
  }
  return <div ref={ref} data-testid="activity-end" className="portico-scroll-sentinel" />;
}
