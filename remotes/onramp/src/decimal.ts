import { numberFormat } from '@portico/shared-state/formatters';

/**
 * Decimal text as the API or the host wrote it ("7500.00", "0.03283"), with the locale's decimal mark and
 * digits and the same decimals: `"25000.00"` → `"25000.00"` (en), `"25000,00"` (de). No grouping, so the
 * English text is the API's own. Anything that is not a plain decimal comes back as it is.
 */
export function formatDecimal(text: string, locale: string): string {
  const match = /^\d+(?:\.(\d{1,100}))?$/.exec(text);
  if (!match) return text;
  const decimals = match[1]?.length ?? 0;
  const format = numberFormat(locale, { useGrouping: false, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  // Intl.NumberFormat accepts decimal strings and formats them exactly (no float rounding).
  return format.format(text as unknown as number);
}
