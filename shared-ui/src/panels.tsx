/**
 * The panels the shell draws before any remote has loaded (`@portico/ui/panels`). This file
 * imports nothing else from the kit: the shell bundles it into its eager code without the rest of
 * the kit, and its classes are in the shell's eager stylesheet — except `SkeletonRows`, which only views
 * draw (the shell does not import it, so its eager code leaves it out): its classes are the kit's (styles/base.ts).
 */

/**
 * A polite loading line with the spinner (`role="status"`): screen readers hear the label once.
 *
 * @example
 * if (tokens.loading) return <LoadingPanel label="Loading tokens…" />;
 */
export function LoadingPanel({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="portico-panel" role="status">
      <span className="portico-spinner" aria-hidden="true" />
      <span className="portico-muted">{label}</span>
    </div>
  );
}

export interface SkeletonRowsProps {
  /** How many rows the list will have (or fill the view with); 4 unless given. */
  rows?: number;
  /** What is loading, read once by screen readers (`role="status"`); `Loading…` unless given. */
  label?: string;
}

/**
 * Placeholder rows of a list's final size (a `.portico-list` of list items with a 40 px icon) while the list
 * loads, so the view opens at its size instead of growing from a spinner to the list, or from two rows to six.
 * Only the label is exposed (`role="status"`); the rows are drawn, not read.
 *
 * @example
 * if (tokens.loading) return <SkeletonRows rows={3} label="Loading tokens…" />;
 */
export function SkeletonRows({ rows = 4, label = 'Loading…' }: SkeletonRowsProps) {
  return (
    <div className="portico-skeleton" role="status">
      <span className="portico-visually-hidden">{label}</span>
      <div className="portico-list" aria-hidden="true">
        {Array.from({ length: rows }, (_, row) => (
          <div key={row} className="portico-list-item portico-list-item-static">
            <span className="portico-wallet-icon portico-skeleton-bone" />
            <span className="portico-skeleton-bone portico-skeleton-line" />
          </div>
        ))}
      </div>
    </div>
  );
}

export interface ErrorPanelProps {
  /** The error, in the spec's wording; announced (`role="alert"`). */
  message: string;
  /** A muted second line under the message (e.g. the reason behind a title). */
  detail?: string;
  /** Shows a button that calls this. */
  onRetry?: () => void;
  /** The button's text; `Retry` unless given. */
  retryLabel?: string;
}

/**
 * A visible error with an optional Retry button; only the message (and detail) are in the alert,
 * so a screen reader hears the error, not the button's name.
 *
 * @example
 * <ErrorPanel message="Could not load NFTs" detail={nfts.error} onRetry={() => void portico.accountData.refreshNfts()} />
 */
export function ErrorPanel({ message, detail, onRetry, retryLabel = 'Retry' }: ErrorPanelProps) {
  return (
    <div className="portico-panel">
      <div role="alert">
        <p className="portico-error-text">{message}</p>
        {detail && <p className="portico-muted">{detail}</p>}
      </div>
      {onRetry && (
        <button type="button" className="portico-button" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}
