/** A polite loading line with the spinner: screen readers hear the label once. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="portico-panel" role="status">
      <span className="portico-spinner" aria-hidden="true" />
      <span className="portico-muted">{label}</span>
    </div>
  );
}

/** A muted one-line message for empty and unavailable states. */
export function EmptyState({ children }: { children: string }) {
  return (
    <div className="portico-panel">
      <p className="portico-muted">{children}</p>
    </div>
  );
}
