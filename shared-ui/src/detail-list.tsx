import type { ReactNode } from 'react';

/** One row: the term, what is shown, and optionally the exact value (shown as a tooltip where the text is rounded). */
export interface DetailRow {
  term: string;
  detail: ReactNode;
  exact?: string;
}

/**
 * Terms and values as a description list of static rows (a send preview, a quote, a payment).
 *
 * @example
 * <DetailList label="Quote" rows={[{ term: 'You receive', detail: '1.234 PUSD', exact: '1.23456' }, { term: 'Fee', detail: '0.3 PTK' }]} />
 */
export function DetailList({ rows, label }: { rows: ReadonlyArray<DetailRow>; label?: string }) {
  return (
    <dl className="portico-list portico-details" aria-label={label}>
      {rows.map((row) => (
        <div key={row.term} className="portico-list-item portico-list-item-static">
          <dt className="portico-muted">{row.term}</dt>
          <dd title={row.exact}>{row.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
