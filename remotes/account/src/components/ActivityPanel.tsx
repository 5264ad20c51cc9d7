import { transactionsAtom, type PorticoCore } from '@portico/shared-state';
import { dayHeading, describeActivity, groupByDay, type ActivityDay } from '@portico/shared-state/activity';
import { EmptyState, ErrorPanel, LoadingPanel, useLocale } from '@portico/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useAccountMessages } from '../messages';
import { ActivityItem } from './ActivityItem';

/**
 * Activity tab: the active network's transactions, newest first, one page (cursor) at a time, under a heading per
 * day (Today, Yesterday, then the date), each day its own list. The next page loads when the end of the list
 * scrolls into view. Pages are small (20), so plain lists are enough; no virtualisation.
 */
export function ActivityPanel({ portico, caipAddress, address }: { portico: PorticoCore; caipAddress: string; address: string }) {
  const t = useAccountMessages();
  const { locale } = useLocale();
  const transactions = useAtomValue(transactionsAtom);
  const { apiUrl } = portico.options;
  const current = transactions.caipAddress === caipAddress;
  const days = useMemo(
    () => (current ? groupByDay(transactions.data.map((transaction) => describeActivity(transaction, address, locale))) : []),
    [current, transactions.data, address, locale],
  );
  const hasMore = current && !transactions.empty;

  useEffect(() => {
    // Each time the tab shows, from the newest: what happened since appears (the old list stays meanwhile).
    void portico.accountData.reloadTransactions();
  }, [portico, caipAddress]);

  if (apiUrl === undefined) return <EmptyState>{t('activity.unavailable')}</EmptyState>;
  if (!current || (transactions.loading && days.length === 0)) return <LoadingPanel label={t('activity.loading')} />;
  if (days.length === 0) {
    // A failed fetch says so (beside the spec's toast), never "No activity yet".
    return transactions.failed ? (
      <ErrorPanel message={t('activity.failed')} onRetry={() => void portico.accountData.reloadTransactions()} />
    ) : (
      <EmptyState>{t('activity.none')}</EmptyState>
    );
  }

  return (
    <div className="portico-stack" aria-busy={transactions.loading}>
      {days.map((day) => (
        <ActivityDayList key={day.day} day={day}>
          {day.entries.map((entry) => (
            <ActivityItem key={entry.id} entry={entry} apiUrl={apiUrl} />
          ))}
        </ActivityDayList>
      ))}
      {transactions.loading ? (
        <LoadingPanel label={t('activity.loadingMore')} />
      ) : (
        hasMore && <LoadMoreTrigger onLoad={() => void portico.accountData.loadMoreTransactions()} count={transactions.data.length} />
      )}
    </div>
  );
}

/** A day's heading and its list, named "Activity, Today" (the tab's name first: the list is found by it). */
function ActivityDayList({ day, children }: { day: ActivityDay; children: ReactNode }) {
  const t = useAccountMessages();
  const { locale } = useLocale();
  const id = useId();
  const heading = dayHeading(day.day, Date.now(), locale);
  const text = heading === 'today' ? t('activity.today') : heading === 'yesterday' ? t('activity.yesterday') : heading.date;
  return (
    <section className="portico-activity-day" aria-labelledby={id}>
      <h3 id={id} className="portico-section-label portico-activity-heading">
        {text}
      </h3>
      <ul className="portico-list" role="list" aria-label={t('activity.dayList', { day: text })}>
        {children}
      </ul>
    </section>
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
