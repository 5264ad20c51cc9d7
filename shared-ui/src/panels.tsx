/**
 * The panels the shell draws before any remote has loaded (`@portico/ui/panels`). This file
 * imports nothing else from the kit: the shell bundles it into its eager code without the rest of
 * the kit, and its classes are in the shell's eager stylesheet — except the skeletons (`Skeleton`, `SkeletonRow`,
 * `SkeletonRows`), which only views draw (the shell does not import them, so its eager code leaves them out): their
 * classes are the kit's (styles/base.ts).
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

export interface SkeletonProps {
  /** `icon`: a 40 px square (a wallet's or token's picture); `line`: a line of text; `short`: a short one (a value). */
  shape?: 'icon' | 'line' | 'short';
  /** A round icon (a token's) instead of a square one (a wallet's). */
  round?: boolean;
}

/**
 * One shimmering placeholder shape, drawn, not read (`aria-hidden`). Under reduced motion it stays still.
 *
 * @example
 * <Skeleton shape="icon" round />
 */
export function Skeleton({ shape = 'line', round = false }: SkeletonProps) {
  const classes = ['portico-skeleton', `portico-skeleton-${shape}`];
  if (round) classes.push('portico-skeleton-round');
  return <span className={classes.join(' ')} aria-hidden="true" />;
}

export interface SkeletonRowProps {
  /** The list's rows have two lines (a token's name over its quantity). */
  detail?: boolean;
  /** The rows end with a value (a token's fiat value). */
  end?: boolean;
  /** Round icons (tokens) instead of square ones (wallets). */
  round?: boolean;
}

/**
 * A placeholder `<li>` of a list item's size (40 px icon, its text) for a `.portico-list` that is still loading,
 * hidden from screen readers: the list says it is busy (`aria-busy`) and a status says what loads.
 *
 * @example
 * <ul className="portico-list" aria-label="Wallets" aria-busy="true">{rows}<SkeletonRow /><SkeletonRow /></ul>
 */
export function SkeletonRow({ detail = false, end = false, round = false }: SkeletonRowProps) {
  return (
    <li className="portico-list-item portico-list-item-static portico-skeleton-row" aria-hidden="true">
      <Skeleton shape="icon" round={round} />
      <span className="portico-skeleton-text">
        <Skeleton />
        {detail && <Skeleton shape="short" />}
      </span>
      {end && <Skeleton shape="short" />}
    </li>
  );
}

export interface SkeletonRowsProps extends SkeletonRowProps {
  /** How many rows the list will have (or fill the view with); 4 unless given. */
  rows?: number;
  /** What is loading, read once by screen readers (`role="status"`); `Loading…` unless given. */
  label?: string;
  /** The name the list will have once loaded ("Tokens"): the busy list is announced under it. */
  listLabel?: string;
}

/**
 * Placeholder rows of a list's final size (`SkeletonRow`s in a busy `.portico-list`) while the list loads, so the
 * view opens at its size instead of growing from a spinner to the list, or from two rows to six. The rows are
 * drawn, not read: the list is `aria-busy` and the label is its status (`role="status"`).
 *
 * @example
 * if (tokens.loading) return <SkeletonRows rows={3} label="Loading tokens…" listLabel="Tokens" detail end round />;
 */
export function SkeletonRows({ rows = 4, label = 'Loading…', listLabel, ...row }: SkeletonRowsProps) {
  return (
    <div className="portico-stack">
      <p className="portico-visually-hidden" role="status">
        {label}
      </p>
      <ul className="portico-list" aria-label={listLabel} aria-busy="true">
        {Array.from({ length: rows }, (_, index) => (
          <SkeletonRow key={index} {...row} />
        ))}
      </ul>
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
