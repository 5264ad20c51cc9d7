/**
 * One muted line with the spinner for work in progress inside a view (`role="status"`), where a
 * whole `LoadingPanel` would be too much.
 *
 * @example
 * {loading && <StatusLine>Loading wallets…</StatusLine>}
 */
export function StatusLine({ children }: { children: string }) {
  return (
    <p className="portico-status-line" role="status">
      <span className="portico-spinner" aria-hidden="true" />
      {children}
    </p>
  );
}

/**
 * A muted one-line message for empty and unavailable states.
 *
 * @example
 * if (items.length === 0) return <EmptyState>No NFTs yet</EmptyState>;
 */
export function EmptyState({ children }: { children: string }) {
  return (
    <div className="portico-panel">
      <p className="portico-muted">{children}</p>
    </div>
  );
}
