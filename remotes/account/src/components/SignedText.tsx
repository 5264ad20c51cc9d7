/**
 * The text that will be signed, in a scrollable region that keyboard users can focus and scroll
 * (a long message must be readable in full before approving).
 */
export function SignedText({ label, children }: { label: string; children: string }) {
  return (
    <pre className="portico-approval-text" role="region" aria-label={label} tabIndex={0}>
      {children}
    </pre>
  );
}
