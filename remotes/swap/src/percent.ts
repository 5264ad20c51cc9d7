import { numberFormat } from '@portico/shared-state/formatters';

/**
 * A percentage (`1` for 1 %) in the locale's form, at most 2 decimals and at least `minimumDecimals`:
 * `"0.5%"`, `"1.20%"` (en), `"1 %"` (de), `"%1"` (tr).
 */
export function formatPercent(percent: number, locale: string, minimumDecimals = 0): string {
  const format = numberFormat(locale, { style: 'percent', minimumFractionDigits: minimumDecimals, maximumFractionDigits: 2 });
  return format.format(percent / 100);
}
