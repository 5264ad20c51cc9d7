/**
 * A form's full-width submit button. While `busy` it is disabled with a spinner and `aria-busy`,
 * and keeps its text: its accessible name stays the same while the request is out.
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <button type="submit" className="portico-button portico-button-block" disabled={busy} aria-busy={busy || undefined}>
      {busy && <span className="portico-spinner portico-button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
